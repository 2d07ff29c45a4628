import type { I18n } from '@pac/i18n/server';

/** A rendered email: a one-line subject, a plain-text part that stands alone, and an HTML part. */
export type EmailContent = { subject: string; text: string; html: string };

/**
 * Whoever reads the mail's messages (`i18nFor(language)` from '@pac/i18n/server'): a template writes
 * its words, and its dates, in their language.
 */
export type Localized = { i18n: I18n };

/** The event and person a volunteer email is about. */
export type VolunteerEmailDetails = {
  schoolName: string;
  sheetTitle: string;
  slotTitle: string;
  eventDate: Date;
  startTime: Date | null;
  endTime: Date | null;
  /** Where the slot happens (its own location, else its sheet's); the 'Where' row is left out without one. */
  location?: string | null;
  volunteerName: string;
  organizerName: string;
  organizerEmail: string;
  sheetUrl: string;
  /** IANA time zone for dates and times; defaults to the process time zone. */
  timeZone?: string;
};

/** A signup's extra lines: what the volunteer brings, their answers to the sheet's questions. */
export type SignupExtras = {
  /** An item slot's quantity ("Bringing: 12"); left out for a task slot. */
  quantity?: number | null;
  /** The sheet's questions and the volunteer's answers, as label and answer text. */
  answers?: readonly (readonly [string, string])[];
};

export type SignupConfirmationInput = Localized &
  VolunteerEmailDetails &
  SignupExtras & {
    /** The page that changes or cancels this signup without an account ('Change or cancel'). */
    cancelUrl: string;
    /** After a move: the slot and time this signup replaces. */
    replaced?: { slotTitle: string; when: string } | null;
    /** Stops reminder emails; the link is left out when not given. */
    unsubscribeUrl?: string | null;
    /**
     * For an address that unsubscribed earlier: this signup gets no reminders either, and this link
     * (mailed to the address, so only its owner can use it) turns them back on.
     */
    remindersOnUrl?: string | null;
  };

const remindersStopped = (i18n: I18n) =>
  i18n._('You asked us earlier to stop reminder emails to this address, so none will come for this signup either.');

export type ReminderType = 'week' | 'day' | 'hour';

export type ReminderInput = Localized &
  VolunteerEmailDetails & {
    type: ReminderType;
    /**
     * When the reminder is sent: it says 'today' or 'tomorrow' only when the shift falls on that
     * day in `timeZone` as of this instant, whatever the reminder's type.
     */
    now: Date;
    unsubscribeUrl: string;
    /** When given, the reminder also offers to cancel the signup. */
    cancelUrl?: string | null;
  };

export type TestEmailInput = Localized & { schoolName: string; recipient: string; sentAt: Date; timeZone?: string };

export type ChangeSeverity = 'low' | 'medium' | 'high';

export type ChangeNotificationInput = Localized & {
  schoolName: string;
  monitorName: string;
  url: string;
  summary: string;
  severity: ChangeSeverity;
  /** The stored unified diff; read for its added and removed lines when those are not given. */
  diffExcerpt?: string | null;
  /** The lines the page gained, as readable text (no diff markers). */
  added?: readonly string[] | null;
  /** The lines the page lost, as readable text (no diff markers). */
  removed?: readonly string[] | null;
  detectedAt: Date;
  timeZone?: string;
};

// ---------------------------------------------------------------------------------------------
// HTML building: every interpolated value is escaped unless it is already SafeHtml.

/** HTML that is already safe to insert (built by `html`). Shared with this folder's other templates. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | null | undefined | readonly HtmlValue[];

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** What a message's `<0>…</0>` becomes in HTML: its words (already escaped) inside a link or emphasis. */
export type HtmlElement = (inner: SafeHtml) => SafeHtml;

/** Stands in for a value while a message's own tags are read (no message or value holds it). */
const mark = '\u0000';
const marked = new RegExp(`${mark}([^${mark}]*)${mark}`);
const tagged = /<(\d+)>([\s\S]*?)<\/\1>/g;

/**
 * A message with a link (or emphasis) inside, as HTML: for 'Plans changed? <0>Change or cancel</0>
 * (no account needed).', `elements[0]` is the link around the translator's words for 'Change or
 * cancel'. The translator's words and every value are escaped; a value that is SafeHtml (a link)
 * goes in as it is. The values stand aside while the tags are read, so a name that looks like a tag
 * stays text. At the call, the message's text carries an `i18n` comment (@pac/i18n's README) so
 * that the extractor finds it.
 */
export function messageHtml(
  i18n: I18n,
  message: string,
  values: Readonly<Record<string, string | number | SafeHtml>> = {},
  elements: readonly HtmlElement[] = [],
): SafeHtml {
  const standIns = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'number' ? value : `${mark}${key}${mark}`]),
  );
  const text = i18n._(message, standIns);
  const withValues = (part: string): SafeHtml =>
    html`${part.split(marked).map((piece, i) => (i % 2 === 0 ? piece : values[piece]))}`;
  const out: SafeHtml[] = [];
  let last = 0;
  for (const match of text.matchAll(tagged)) {
    out.push(withValues(text.slice(last, match.index)));
    const inner = withValues(match[2] ?? '');
    const element = elements[Number(match[1])];
    out.push(element ? element(inner) : inner);
    last = match.index + match[0].length;
  }
  out.push(withValues(text.slice(last)));
  return html`${out}`;
}

/** Only web and mail links become clickable; anything else (javascript:, data:) is dropped. */
function safeHref(url: string): string | null {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:' ? url : null;
  } catch {
    return null;
  }
}

export function link(url: string, label: string | SafeHtml): SafeHtml {
  const href = safeHref(url);
  return href ? html`<a href="${href}" style="color:#1c7ed6;">${label}</a>` : html`${label}`;
}

/** A message's `<0>…</0>` as a link to `url` (see messageHtml). */
export function linkTo(url: string): HtmlElement {
  return (inner) => link(url, inner);
}

function button(url: string, label: string): SafeHtml {
  const href = safeHref(url);
  if (!href) return html`<p>${label}: ${url}</p>`;
  return html`<p style="margin:24px 0;">
    <a
      href="${href}"
      style="background:#1c7ed6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:600;"
      >${label}</a
    >
  </p>`;
}

function detailsTable(rows: readonly (readonly [string, HtmlValue])[]): SafeHtml {
  return html`<table
    role="presentation"
    cellpadding="0"
    cellspacing="0"
    style="border-collapse:collapse;margin:16px 0;"
  >
    ${rows.map(
      ([label, value]) =>
        html`<tr>
          <td style="padding:4px 16px 4px 0;color:#555555;vertical-align:top;">${label}</td>
          <td style="padding:4px 0;font-weight:600;">${value}</td>
        </tr>`,
    )}
  </table>`;
}

/** Languages written right to left (of ours, Farsi), by their primary subtag. */
const rightToLeft = new Set(['ar', 'fa', 'he', 'ps', 'ur']);

/** ` dir="rtl"` for a language written right to left; nothing for the others. */
function dirAttribute(language: string): SafeHtml | null {
  return rightToLeft.has(language.split('-')[0] ?? '') ? html` dir="rtl"` : null;
}

export function layout(options: {
  title: string;
  body: SafeHtml;
  footer: SafeHtml;
  /** The reader's language (its tag), which the page declares; English when not given. */
  language?: string;
}): string {
  const language = options.language ?? 'en';
  const dir = dirAttribute(language);
  return html`<!DOCTYPE html>
    <html lang="${language}"${dir}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title}</title>
      </head>
      <body style="margin:0;padding:0;background:#f4f5f7;">
        <div${dir}
          style="max-width:600px;margin:0 auto;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#212529;background:#ffffff;"
        >
          ${options.body}
          <hr style="border:none;border-top:1px solid #dee2e6;margin:32px 0 16px;" />
          <div style="font-size:13px;color:#6c757d;">${options.footer}</div>
        </div>
      </body>
    </html> `.value;
}

// ---------------------------------------------------------------------------------------------
// Dates: in the reader's language (English as it always was, the others as Intl writes them), on
// the school's clock.

/** English keeps its US wording ('Saturday, May 3, 2025 at 9:00 AM'); every other language is its own. */
const intlLocale = (language: string) => (language === 'en' ? 'en-US' : language);

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language, zone and options, made once (a digest writes many dates). */
function formatter(
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
  language = 'en',
): Intl.DateTimeFormat {
  const key = `${language} ${timeZone ?? ''} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone });
    } catch {
      // An unknown time zone should not stop the email; fall back to the process's zone.
      format = new Intl.DateTimeFormat(intlLocale(language), options);
    }
    formatters.set(key, format);
  }
  return format;
}

/**
 * For example 'Saturday, May 3, 2025 at 9:00 AM', or as `language` (a language tag of ours, the
 * reader's) writes it: 'ਸ਼ਨੀਵਾਰ, 3 ਮਈ 2025 9:00 AM'.
 */
export function formatDateTime(date: Date, timeZone?: string, language = 'en'): string {
  return formatter({ dateStyle: 'full', timeStyle: 'short' }, timeZone, language).format(date);
}

/** When a slot happens: its start (or the event date) and, when known, its end; in `language`. */
export function formatWhen(
  details: Pick<VolunteerEmailDetails, 'eventDate' | 'startTime' | 'endTime' | 'timeZone'>,
  language = 'en',
): string {
  const { startTime, endTime, timeZone } = details;
  if (!startTime) return formatDateTime(details.eventDate, timeZone, language);
  const start = formatDateTime(startTime, timeZone, language);
  if (!endTime || endTime.getTime() <= startTime.getTime()) return start;
  const day = formatter({ dateStyle: 'full' }, timeZone);
  const sameDay = day.format(startTime) === day.format(endTime);
  const end = sameDay
    ? formatter({ timeStyle: 'short' }, timeZone, language).format(endTime)
    : formatDateTime(endTime, timeZone, language);
  return `${start} – ${end}`;
}

/** A list of counts ('2 signups, 1 cancellation'): English as always, the others as they join a list. */
function countList(items: readonly string[], language: string): string {
  return language === 'en' ? items.join(', ') : new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Subjects are one header line. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** A map search for a place or an address (Google Maps' documented search URL; any phone opens it). */
export function mapUrl(location: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;
}

/** The labels of a volunteer email's event details. */
function eventLabels(i18n: I18n) {
  return {
    event: i18n._('Event', undefined, { comment: "Label of the event's name in a volunteer email" }),
    role: i18n._('Role', undefined, { comment: 'Label of the volunteer slot (the job) someone signed up for' }),
    when: i18n._('When', undefined, { comment: 'Label of the date and time of a volunteer slot' }),
    where: i18n._('Where', undefined, { comment: 'Label of the place of a volunteer slot' }),
    map: i18n._('Map', undefined, { comment: 'Label of the address of a map of the place, in a plain-text email' }),
  };
}

/** The plain-text part's 'Where' and 'Map' rows; none without a location. */
function whereRows(i18n: I18n, location: string | null | undefined): [string, string][] {
  const labels = eventLabels(i18n);
  return location
    ? [
        [labels.where, location],
        [labels.map, mapUrl(location)],
      ]
    : [];
}

/** The HTML part's 'Where' row: the location and its map link; none without a location. */
function whereRowHtml(i18n: I18n, location: string | null | undefined): [string, HtmlValue][] {
  const map = i18n._('map', undefined, { comment: 'Link to a map, in parentheses after a place: "Gym (map)"' });
  return location ? [[eventLabels(i18n).where, html`${location} (${link(mapUrl(location), map)})`]] : [];
}

function eventRows(i18n: I18n, d: VolunteerEmailDetails): [string, string][] {
  const labels = eventLabels(i18n);
  return [
    [labels.event, d.sheetTitle],
    [labels.role, d.slotTitle],
    [labels.when, formatWhen(d, i18n.locale)],
    ...whereRows(i18n, d.location),
  ];
}

function eventRowsHtml(i18n: I18n, d: VolunteerEmailDetails): [string, HtmlValue][] {
  const labels = eventLabels(i18n);
  return [
    [labels.event, d.sheetTitle],
    [labels.role, d.slotTitle],
    [labels.when, formatWhen(d, i18n.locale)],
    ...whereRowHtml(i18n, d.location),
  ];
}

function eventText(i18n: I18n, d: VolunteerEmailDetails): string[] {
  return rowsText(eventRows(i18n, d));
}

function greeting(i18n: I18n, name: string): string {
  return i18n._('Hi {name},', { name });
}

function contactText(i18n: I18n, d: Pick<VolunteerEmailDetails, 'organizerName' | 'organizerEmail'>): string {
  return i18n._('Questions? Contact {name} at {email}.', { name: d.organizerName, email: d.organizerEmail });
}

function contactHtml(i18n: I18n, d: Pick<VolunteerEmailDetails, 'organizerName' | 'organizerEmail'>): SafeHtml {
  const email = link(`mailto:${d.organizerEmail}`, d.organizerEmail);
  const contact = messageHtml(i18n, /*i18n*/ 'Questions? Contact {name} at {email}.', { name: d.organizerName, email });
  return html`<p>${contact}</p>`;
}

function cancelText(i18n: I18n, cancelUrl: string): string[] {
  return [i18n._('Change or cancel this signup (no account needed):'), cancelUrl];
}

function cancelHtml(i18n: I18n, cancelUrl: string): SafeHtml {
  const plans = messageHtml(i18n, /*i18n*/ 'Plans changed? <0>Change or cancel</0> (no account needed).', {}, [
    linkTo(cancelUrl),
  ]);
  return html`<p>${plans}</p>`;
}

function signups(i18n: I18n, schoolName: string): string {
  return i18n._('{schoolName} volunteer signups', { schoolName });
}

function footerText(i18n: I18n, schoolName: string, unsubscribeUrl: string | null | undefined): string[] {
  const lines = ['--', signups(i18n, schoolName)];
  if (unsubscribeUrl) lines.push(i18n._('Stop reminder emails: {url}', { url: unsubscribeUrl }));
  return lines;
}

function footerHtml(i18n: I18n, schoolName: string, unsubscribeUrl: string | null | undefined): SafeHtml {
  const stop = unsubscribeUrl ? html`<br />${link(unsubscribeUrl, i18n._('Stop reminder emails'))}` : null;
  return html`${signups(i18n, schoolName)}${stop}`;
}

function extraRows(i18n: I18n, d: SignupExtras): [string, string][] {
  const bringing = i18n._('Bringing', undefined, { comment: 'Label of how many of an item a volunteer brings' });
  return [
    ...(d.quantity ? [[bringing, String(d.quantity)] as [string, string]] : []),
    ...(d.answers ?? []).map(([label, value]) => [label, value] as [string, string]),
  ];
}

/** Label and value rows of a plain-text part, the values lined up. */
function rowsText(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(7, ...rows.map(([label]) => label.length + 2));
  return rows.map(([label, value]) => `  ${`${label}:`.padEnd(width)}${value}`);
}

/** How a confirmation ends: the way back to reminders (for an address that stopped them), who to ask, the footer. */
function closingText(
  i18n: I18n,
  d: Pick<VolunteerEmailDetails, 'organizerName' | 'organizerEmail' | 'schoolName'> & {
    remindersOnUrl?: string | null;
    unsubscribeUrl?: string | null;
  },
): string[] {
  return [
    ...(d.remindersOnUrl
      ? [remindersStopped(i18n), i18n._('To get reminders again: {url}', { url: d.remindersOnUrl }), '']
      : []),
    contactText(i18n, d),
    '',
    ...footerText(i18n, d.schoolName, d.unsubscribeUrl),
    '',
  ];
}

function remindersOnHtml(i18n: I18n, remindersOnUrl: string | null | undefined): SafeHtml | null {
  return remindersOnUrl
    ? html`<p>${remindersStopped(i18n)} ${link(remindersOnUrl, i18n._('Turn reminders back on'))}</p>`
    : null;
}

const viewSheet = (i18n: I18n) => i18n._('View the signup sheet');
const viewSheetText = (i18n: I18n, url: string) => i18n._('View the signup sheet: {url}', { url });

// ---------------------------------------------------------------------------------------------
// Templates

/** Sent right after someone signs up for a slot, and after a move (with what it replaced). */
export function signupConfirmation(input: SignupConfirmationInput): EmailContent {
  const { i18n, ...d } = input;
  const moved = d.replaced ?? null;
  const titles = { slotTitle: d.slotTitle, sheetTitle: d.sheetTitle };
  const subject = oneLine(
    moved
      ? i18n._('Your signup has moved: {slotTitle} – {sheetTitle}', titles)
      : i18n._("You're signed up: {slotTitle} – {sheetTitle}", titles),
  );
  const lead = moved
    ? i18n._("Your signup has moved. You're now signed up for:")
    : i18n._("Thank you for volunteering with {schoolName}! You're signed up for:", { schoolName: d.schoolName });
  const replacedLine = moved
    ? i18n._('This replaces your signup for {slotTitle} ({when}).', { slotTitle: moved.slotTitle, when: moved.when })
    : null;
  const rows = [...eventRows(i18n, d), ...extraRows(i18n, d)];
  const rowsHtml = [...eventRowsHtml(i18n, d), ...extraRows(i18n, d)];
  const text = [
    greeting(i18n, d.volunteerName),
    '',
    lead,
    '',
    ...rowsText(rows),
    '',
    ...(replacedLine ? [replacedLine, ''] : []),
    viewSheetText(i18n, d.sheetUrl),
    '',
    ...cancelText(i18n, d.cancelUrl),
    '',
    ...closingText(i18n, d),
  ].join('\n');
  const remindersOn = remindersOnHtml(i18n, d.remindersOnUrl);
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">
      ${moved ? i18n._('Your signup has moved') : i18n._('Thanks for volunteering!')}
    </h1>
    <p>${greeting(i18n, d.volunteerName)}</p>
    <p>${lead}</p>
    ${detailsTable(rowsHtml)} ${replacedLine ? html`<p>${replacedLine}</p>` : null}
    ${button(d.sheetUrl, viewSheet(i18n))} ${cancelHtml(i18n, d.cancelUrl)} ${remindersOn} ${contactHtml(i18n, d)}`;
  const footer = footerHtml(i18n, d.schoolName, d.unsubscribeUrl);
  return { subject, text, html: layout({ title: subject, body, footer, language: i18n.locale }) };
}

/** One slot of a signup for several: its time, what the volunteer brings, and its own manage link. */
export type SignupsConfirmationSlot = Pick<
  VolunteerEmailDetails,
  'slotTitle' | 'eventDate' | 'startTime' | 'endTime' | 'location'
> & {
  status: 'confirmed' | 'waitlisted';
  /** 1 is next in line; for a waitlisted slot. */
  waitlistPosition?: number | null;
  quantity?: number | null;
  cancelUrl: string;
};

export type SignupsConfirmationInput = Localized &
  Omit<VolunteerEmailDetails, 'slotTitle' | 'eventDate' | 'startTime' | 'endTime' | 'location'> & {
    slots: readonly SignupsConfirmationSlot[];
    answers?: readonly (readonly [string, string])[];
    unsubscribeUrl?: string | null;
    remindersOnUrl?: string | null;
  };

/**
 * Sent once for a signup of several slots: every slot with its time and its own 'Change or cancel'
 * link, the waitlisted ones apart with their place in line (the calendar attachment holds an event
 * per confirmed slot).
 */
export function signupsConfirmation(input: SignupsConfirmationInput): EmailContent {
  const { i18n, ...d } = input;
  const confirmed = d.slots.filter((s) => s.status === 'confirmed');
  const waiting = d.slots.filter((s) => s.status === 'waitlisted');
  const subject = oneLine(
    confirmed.length > 0
      ? i18n._(
          "{count, plural, one {You're signed up for # slot: {sheetTitle}} other {You're signed up for # slots: {sheetTitle}}}",
          { count: confirmed.length, sheetTitle: d.sheetTitle },
        )
      : i18n._("You're on the waitlist: {sheetTitle}", { sheetTitle: d.sheetTitle }),
  );
  const when = (s: SignupsConfirmationSlot) => formatWhen({ ...s, timeZone: d.timeZone }, i18n.locale);
  const slotLine = (s: SignupsConfirmationSlot) =>
    s.quantity
      ? i18n._('{slotTitle}, {when} (bringing {quantity})', {
          slotTitle: s.slotTitle,
          when: when(s),
          quantity: s.quantity,
        })
      : i18n._('{slotTitle}, {when}', { slotTitle: s.slotTitle, when: when(s) });
  const place = (s: SignupsConfirmationSlot) =>
    s.waitlistPosition ? ` ${i18n._('(number {position} in line)', { position: s.waitlistPosition })}` : '';
  const whereText = (s: SignupsConfirmationSlot) =>
    whereRows(i18n, s.location).map(([label, value]) => `  ${label}: ${value}`);
  const changeOrCancel = (s: SignupsConfirmationSlot) => `  ${i18n._('Change or cancel: {url}', { url: s.cancelUrl })}`;
  const signedUpFor = i18n._("You're signed up for {sheetTitle}:", { sheetTitle: d.sheetTitle });
  const onWaitlist = i18n._("You're on the waitlist for (we'll email you if a spot opens up):");
  const thanks = i18n._('Thank you for volunteering with {schoolName}!', { schoolName: d.schoolName });
  const yourAnswers = i18n._('Your answers:');
  const text = [
    greeting(i18n, d.volunteerName),
    '',
    thanks,
    '',
    ...(confirmed.length > 0
      ? [signedUpFor, '', ...confirmed.flatMap((s) => [`- ${slotLine(s)}`, ...whereText(s), changeOrCancel(s)]), '']
      : []),
    ...(waiting.length > 0
      ? [
          onWaitlist,
          '',
          ...waiting.flatMap((s) => [`- ${slotLine(s)}${place(s)}`, ...whereText(s), changeOrCancel(s)]),
          '',
        ]
      : []),
    ...(d.answers && d.answers.length > 0 ? [yourAnswers, ...rowsText(d.answers), ''] : []),
    viewSheetText(i18n, d.sheetUrl),
    '',
    ...closingText(i18n, d),
  ].join('\n');
  const list = (slots: readonly SignupsConfirmationSlot[], withPlace: boolean) =>
    html`<ul style="padding-left:20px;">
      ${slots.map(
        (s) =>
          html`<li style="margin:0 0 12px;">
            <strong>${s.slotTitle}</strong><br />${when(s)}${
              s.quantity ? html`<br />${i18n._('Bringing {quantity}', { quantity: s.quantity })}` : null
            }${withPlace ? place(s) : null}${whereRowHtml(i18n, s.location).map(
              ([label, value]) => html`<br />${label}: ${value}`,
            )}<br />${link(s.cancelUrl, i18n._('Change or cancel'))}
          </li>`,
      )}
    </ul>`;
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">${i18n._('Thanks for volunteering!')}</h1>
    <p>${greeting(i18n, d.volunteerName)}</p>
    <p>${thanks}</p>
    ${
      confirmed.length > 0
        ? html`<p>${signedUpFor}</p>
            ${list(confirmed, false)}`
        : null
    }
    ${
      waiting.length > 0
        ? html`<p>${onWaitlist}</p>
            ${list(waiting, true)}`
        : null
    }
    ${
      d.answers && d.answers.length > 0
        ? html`<p>${yourAnswers}</p>
            ${detailsTable(d.answers)}`
        : null
    }
    ${button(d.sheetUrl, viewSheet(i18n))} ${remindersOnHtml(i18n, d.remindersOnUrl)} ${contactHtml(i18n, d)}`;
  const footer = footerHtml(i18n, d.schoolName, d.unsubscribeUrl);
  return { subject, text, html: layout({ title: subject, body, footer, language: i18n.locale }) };
}

export type SignupCancelledInput = Localized &
  VolunteerEmailDetails & {
    /** Who cancelled: the volunteer themself, or whoever runs the sheet. */
    by: 'volunteer' | 'organizer';
  };

/** Sent when a signup is cancelled, by its volunteer (link or account) or by whoever runs the sheet. */
export function signupCancelled(input: SignupCancelledInput): EmailContent {
  const { i18n, ...d } = input;
  const subject = oneLine(
    i18n._('Signup cancelled: {slotTitle} – {sheetTitle}', { slotTitle: d.slotTitle, sheetTitle: d.sheetTitle }),
  );
  const lead =
    d.by === 'organizer'
      ? i18n._('{organizerName} has removed you from this volunteer slot, so your signup is cancelled:', {
          organizerName: d.organizerName,
        })
      : i18n._('Your signup is cancelled:');
  const text = [
    greeting(i18n, d.volunteerName),
    '',
    lead,
    '',
    ...eventText(i18n, d),
    '',
    i18n._('Changed your mind? Sign up again on the sheet: {url}', { url: d.sheetUrl }),
    '',
    contactText(i18n, d),
    '',
    ...footerText(i18n, d.schoolName, null),
    '',
  ].join('\n');
  const again = messageHtml(i18n, /*i18n*/ 'Changed your mind? <0>Sign up again on the sheet</0>.', {}, [
    linkTo(d.sheetUrl),
  ]);
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">${i18n._('Signup cancelled')}</h1>
    <p>${greeting(i18n, d.volunteerName)}</p>
    <p>${lead}</p>
    ${detailsTable(eventRowsHtml(i18n, d))}
    <p>${again}</p>
    ${contactHtml(i18n, d)}`;
  const footer = footerHtml(i18n, d.schoolName, null);
  return { subject, text, html: layout({ title: subject, body, footer, language: i18n.locale }) };
}

/** The calendar date on the clocks of `timeZone`, as a day count (for differences in whole days). */
function dayNumber(date: Date, timeZone: string | undefined): number {
  const parts = formatter({ year: 'numeric', month: 'numeric', day: 'numeric' }, timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
}

/** ICU writes a narrow no-break space before AM/PM; a subject line reads better with a plain one. */
const plainSpaces = (value: string) => value.replace(/[\u202f\u00a0]/g, ' ');

/**
 * When the shift is, relative to `now` on the school's clock: 'today, on Saturday, November 28 at
 * 10:00 AM', 'tomorrow, on …', 'in one week, on …', 'in 3 days, on …' (the year only when it is not
 * this year's), in the reader's language. 'today' and 'tomorrow' are said only when true in
 * `timeZone` at `now`: a day reminder sent by hand three days ahead says 'in 3 days'.
 */
export function reminderWhen(start: Date, now: Date, timeZone: string | undefined, i18n: I18n): string {
  const language = i18n.locale;
  const year = formatter({ year: 'numeric' }, timeZone, language);
  const sameYear = year.format(start) === year.format(now);
  const day = formatter(
    { weekday: 'long', month: 'long', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) },
    timeZone,
    language,
  ).format(start);
  const time = formatter({ hour: 'numeric', minute: '2-digit' }, timeZone, language).format(start);
  const at = { day: plainSpaces(day), time: plainSpaces(time) };
  const days = dayNumber(start, timeZone) - dayNumber(now, timeZone);
  if (days === 0)
    return i18n._('today, on {day} at {time}', at, {
      comment: 'Completes "Reminder: {sheetTitle} is {when}"; day is like "Saturday, May 3", time like "9:00 AM"',
    });
  if (days === 1)
    return i18n._('tomorrow, on {day} at {time}', at, {
      comment: 'Completes "Reminder: {sheetTitle} is {when}"; day is like "Saturday, May 3", time like "9:00 AM"',
    });
  if (days === 7)
    return i18n._('in one week, on {day} at {time}', at, {
      comment: 'Completes "Reminder: {sheetTitle} is {when}"; day is like "Saturday, May 3", time like "9:00 AM"',
    });
  if (days > 1)
    return i18n._(
      '{days, plural, one {in # day, on {day} at {time}} other {in # days, on {day} at {time}}}',
      { day: at.day, time: at.time, days },
      { comment: 'Completes "Reminder: {sheetTitle} is {when}"; day is like "Saturday, May 3", time like "9:00 AM"' },
    );
  return i18n._('on {day} at {time}', at, {
    comment: 'Completes "Reminder: {sheetTitle} is {when}"; day is like "Saturday, May 3", time like "9:00 AM"',
  });
}

const weatherTips = (i18n: I18n) => [
  i18n._('Check the forecast and dress for the weather; layers help.'),
  i18n._('Bring a water bottle and stay hydrated.'),
  i18n._('Sunny? Bring sunscreen and a hat. Rain on the way? Bring rain gear or an umbrella.'),
  i18n._('Wear comfortable shoes.'),
];

/**
 * Sent a week before, a day before, and on the morning of ('hour') the volunteer's slot, or by
 * hand: the subject and intro name the shift's day and time (see reminderWhen); the day-of one
 * adds weather tips.
 */
export function reminder(input: ReminderInput): EmailContent {
  const { i18n, ...d } = input;
  const when = reminderWhen(d.startTime ?? d.eventDate, d.now, d.timeZone, i18n);
  const subject = oneLine(
    i18n._(
      'Reminder: {sheetTitle} is {when}',
      { sheetTitle: d.sheetTitle, when },
      { comment: 'when is like "tomorrow, on Saturday, May 3 at 9:00 AM"' },
    ),
  );
  const intro = i18n._(
    'This is a friendly reminder that {sheetTitle} is {when}. Thank you for volunteering with {schoolName}! Your signup:',
    { sheetTitle: d.sheetTitle, when, schoolName: d.schoolName },
    { comment: 'when is like "tomorrow, on Saturday, May 3 at 9:00 AM"' },
  );
  const tips = d.type === 'hour' ? weatherTips(i18n) : [];
  const text = [
    greeting(i18n, d.volunteerName),
    '',
    intro,
    '',
    ...eventText(i18n, d),
    '',
    ...(tips.length > 0 ? [i18n._('A few tips for the day:'), ...tips.map((tip) => `  - ${tip}`), ''] : []),
    viewSheetText(i18n, d.sheetUrl),
    '',
    ...(d.cancelUrl ? [...cancelText(i18n, d.cancelUrl), ''] : []),
    contactText(i18n, d),
    '',
    ...footerText(i18n, d.schoolName, d.unsubscribeUrl),
    '',
  ].join('\n');
  const tipsHtml =
    tips.length > 0
      ? html`<h2 style="font-size:18px;margin:24px 0 8px;">${i18n._('A few tips for the day')}</h2>
          <ul>
            ${tips.map((tip) => html`<li>${tip}</li>`)}
          </ul>`
      : null;
  const heading = i18n._(
    '{sheetTitle} is {when}',
    { sheetTitle: d.sheetTitle, when },
    { comment: 'when is like "tomorrow, on Saturday, May 3 at 9:00 AM"' },
  );
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">${heading}</h1>
    <p>${greeting(i18n, d.volunteerName)}</p>
    <p>${intro}</p>
    ${detailsTable(eventRowsHtml(i18n, d))} ${tipsHtml} ${button(d.sheetUrl, viewSheet(i18n))}
    ${d.cancelUrl ? cancelHtml(i18n, d.cancelUrl) : null} ${contactHtml(i18n, d)}`;
  const footer = footerHtml(i18n, d.schoolName, d.unsubscribeUrl);
  return { subject, text, html: layout({ title: subject, body, footer, language: i18n.locale }) };
}

/** The admin's "send a test email" button. */
export function testEmail(input: TestEmailInput): EmailContent {
  const { i18n } = input;
  const subject = oneLine(i18n._('Test email from {schoolName}', { schoolName: input.schoolName }));
  const sentAt = formatDateTime(input.sentAt, input.timeZone, i18n.locale);
  const lead = i18n._(
    'This is a test email from {schoolName}. If you can read it, email sending is set up correctly.',
    { schoolName: input.schoolName },
  );
  const rows: [string, string][] = [
    [i18n._('Sent to', undefined, { comment: 'Label of the address a test email went to' }), input.recipient],
    [i18n._('Sent at', undefined, { comment: 'Label of when a test email was sent' }), sentAt],
  ];
  const noAction = i18n._('No action is needed.');
  const text = [
    lead,
    '',
    ...rows.map(([label, value]) => `  ${label}: ${value}`),
    '',
    noAction,
    '',
    '--',
    signups(i18n, input.schoolName),
    '',
  ].join('\n');
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">${i18n._('Email is working')}</h1>
    <p>${lead}</p>
    ${detailsTable(rows)}
    <p>${noAction}</p>`;
  const footer = html`${signups(i18n, input.schoolName)}`;
  return { subject, text, html: layout({ title: subject, body, footer, language: i18n.locale }) };
}

function severityLabel(i18n: I18n, severity: ChangeSeverity): string {
  switch (severity) {
    case 'low':
      return i18n._('Low', undefined, { comment: 'How much a change to a watched school web page matters' });
    case 'medium':
      return i18n._('Medium', undefined, { comment: 'How much a change to a watched school web page matters' });
    case 'high':
      return i18n._('High', undefined, { comment: 'How much a change to a watched school web page matters' });
  }
}

const SEVERITY_COLOR: Record<ChangeSeverity, string> = { low: '#868e96', medium: '#f59f00', high: '#e03131' };
const MAX_DIFF_CHARS = 4000;
const MAX_CHANGE_LINES = 25;
const MAX_SUBJECT_SUMMARY = 120;
/** Long addresses and unbroken words wrap instead of widening a phone's screen. */
const WRAP = 'word-break:break-word;overflow-wrap:anywhere;';

function truncate(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The added and removed lines of a unified diff excerpt ('@@' headers and context skipped, '+ '
 * and '- ' markers dropped), for callers that pass only the stored diff text. The same reading as
 * @pac/monitor's `diffLines`, which this package does not depend on.
 */
function readDiffExcerpt(excerpt: string): { added: string[]; removed: string[] } {
  const added: string[] = [];
  const removed: string[] = [];
  for (const raw of excerpt.replace(/\r\n?/g, '\n').split('\n')) {
    const marker = raw[0];
    if ((marker !== '+' && marker !== '-') || raw.startsWith('+++ ') || raw.startsWith('--- ')) continue;
    (marker === '+' ? added : removed).push(raw.slice(raw[1] === ' ' ? 2 : 1));
  }
  return { added, removed };
}

type ChangeList = { shown: string[]; more: number };

/** Non-blank lines, one line each, within the line and character budget; the rest is counted. */
function changeList(lines: readonly string[], budget: { chars: number }): ChangeList {
  const all = lines.map(oneLine).filter((line) => line !== '');
  const shown: string[] = [];
  for (const line of all.slice(0, MAX_CHANGE_LINES)) {
    if (budget.chars <= 0) break;
    const kept = truncate(line, Math.max(budget.chars, 2));
    budget.chars -= Array.from(kept).length;
    shown.push(kept);
  }
  return { shown, more: all.length - shown.length };
}

function changeLists(input: ChangeNotificationInput): { added: ChangeList; removed: ChangeList } {
  const given = input.added || input.removed;
  const lines = given
    ? { added: input.added ?? [], removed: input.removed ?? [] }
    : readDiffExcerpt(input.diffExcerpt ?? '');
  const budget = { chars: MAX_DIFF_CHARS };
  return { added: changeList(lines.added, budget), removed: changeList(lines.removed, budget) };
}

const moreLines = (i18n: I18n, more: number): string =>
  i18n._('{count, plural, one {…and # more line (see the page)} other {…and # more lines (see the page)}}', {
    count: more,
  });

type ChangeSide = 'added' | 'removed';

function changeLabel(i18n: I18n, side: ChangeSide): string {
  return side === 'added'
    ? i18n._('Added', undefined, { comment: 'Heading of the lines a watched web page gained' })
    : i18n._('Removed', undefined, { comment: 'Heading of the lines a watched web page lost' });
}

function changeListText(i18n: I18n, side: ChangeSide, list: ChangeList): string[] {
  if (list.shown.length === 0) return [];
  return [
    `${changeLabel(i18n, side)}:`,
    ...list.shown.map((line) => `  • ${line}`),
    ...(list.more > 0 ? [`  ${moreLines(i18n, list.more)}`] : []),
    '',
  ];
}

const CHANGE_STYLE = {
  added: { color: '#2b8a3e', border: '#2f9e44', background: '#ebfbee' },
  removed: { color: '#c92a2a', border: '#e03131', background: '#fff5f5' },
} as const;

/** A labelled list: the label is words ('Added', 'Removed'), the colour only repeats it. */
function changeListHtml(i18n: I18n, side: ChangeSide, list: ChangeList): SafeHtml | null {
  if (list.shown.length === 0) return null;
  const style = CHANGE_STYLE[side];
  return html`<p style="margin:16px 0 4px;font-weight:700;color:${style.color};">${changeLabel(i18n, side)}</p>
    <ul style="margin:0;padding:0;list-style:none;">
      ${list.shown.map(
        (line) =>
          html`<li
            style="margin:0 0 4px;padding:6px 10px;border-left:4px solid ${style.border};background:${style.background};${WRAP}"
          >
            ${line}
          </li>`,
      )}
    </ul>
    ${
      list.more > 0
        ? html`<p style="margin:4px 0;font-size:14px;color:#555555;">${moreLines(i18n, list.more)}</p>`
        : null
    }`;
}

function wrappingLink(url: string): SafeHtml {
  const href = safeHref(url);
  return href ? html`<a href="${href}" style="color:#1c7ed6;${WRAP}">${url}</a>` : html`${url}`;
}

/** Label and value rows that stay within a phone's width: fixed layout, values wrap anywhere. */
function changeDetailsTable(rows: readonly (readonly [string, HtmlValue])[]): SafeHtml {
  return html`<table
    role="presentation"
    cellpadding="0"
    cellspacing="0"
    style="border-collapse:collapse;margin:16px 0;width:100%;table-layout:fixed;"
  >
    ${rows.map(
      ([label, value]) =>
        html`<tr>
          <td style="width:88px;padding:4px 12px 4px 0;color:#555555;vertical-align:top;${WRAP}">${label}</td>
          <td style="padding:4px 0;font-weight:600;${WRAP}">${value}</td>
        </tr>`,
    )}
  </table>`;
}

/**
 * Tells admins that a watched school web page changed: the page, its severity and what it gained
 * and lost, as 'Added' and 'Removed' lists (from `added`/`removed`, else read from `diffExcerpt`).
 * The HTML fits a 390 px phone: long addresses and words wrap.
 */
export function changeNotification(input: ChangeNotificationInput): EmailContent {
  const { i18n } = input;
  const severity = severityLabel(i18n, input.severity);
  const detectedAt = formatDateTime(input.detectedAt, input.timeZone, i18n.locale);
  const subject = oneLine(
    i18n._('[{severity}] {monitorName} changed: {summary}', {
      severity,
      monitorName: input.monitorName,
      summary: truncate(oneLine(input.summary), MAX_SUBJECT_SUMMARY),
    }),
  );
  const { added, removed } = changeLists(input);
  const anyChange = added.shown.length + removed.shown.length > 0;
  const lead = i18n._('The {schoolName} website watch noticed a change on a school web page.', {
    schoolName: input.schoolName,
  });
  const labels = {
    page: i18n._('Page', undefined, { comment: 'Label of the name of a watched web page' }),
    address: i18n._('Address', undefined, { comment: 'Label of the web address of a watched page' }),
    severity: i18n._('Severity', undefined, { comment: 'Label of how much a change to a web page matters' }),
    detected: i18n._('Detected', undefined, { comment: 'Label of when a change to a web page was noticed' }),
  };
  const rows: [string, string][] = [
    [labels.page, input.monitorName],
    [labels.address, input.url],
    [labels.severity, severity],
    [labels.detected, detectedAt],
  ];
  const width = Math.max(10, ...rows.map(([label]) => label.length + 2));
  const whatChanged = i18n._('What changed:');
  const watch = i18n._('{schoolName} website watch', { schoolName: input.schoolName });
  const text = [
    lead,
    '',
    ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(width)}${value}`),
    '',
    i18n._('Summary: {summary}', { summary: input.summary }),
    '',
    ...(anyChange
      ? [whatChanged, '', ...changeListText(i18n, 'added', added), ...changeListText(i18n, 'removed', removed)]
      : []),
    i18n._('Open the page: {url}', { url: input.url }),
    '',
    '--',
    watch,
    '',
  ].join('\n');
  const summary = messageHtml(i18n, /*i18n*/ '<0>Summary:</0> {summary}', { summary: input.summary }, [
    (inner) => html`<strong>${inner}</strong>`,
  ]);
  const body = html`<div style="${WRAP}">
    <h1 style="font-size:22px;margin:0 0 16px;">${i18n._('Website change detected')}</h1>
    <p>${lead}</p>
    <p>
      <span
        style="display:inline-block;padding:2px 10px;border-radius:10px;color:#ffffff;font-size:13px;font-weight:600;background:${
          SEVERITY_COLOR[input.severity]
        };"
        >${severity}</span
      >
    </p>
    ${changeDetailsTable([
      [labels.page, input.monitorName],
      [labels.address, wrappingLink(input.url)],
      [labels.severity, severity],
      [labels.detected, detectedAt],
    ])}
    <p>${summary}</p>
    ${
      anyChange
        ? html`<p style="margin:24px 0 0;"><strong>${whatChanged}</strong></p>
            ${changeListHtml(i18n, 'added', added)} ${changeListHtml(i18n, 'removed', removed)}`
        : null
    }
    ${button(input.url, i18n._('Open the page'))}
  </div>`;
  return { subject, text, html: layout({ title: subject, body, footer: html`${watch}`, language: i18n.locale }) };
}

export type AccountLinkInput = Localized & {
  schoolName: string;
  name: string;
  /** The single-use link. */
  url: string;
};

function accountLinkEmail(
  input: AccountLinkInput,
  wording: { subject: string; heading: string; lead: string; action: string; validity: string; ignore: string },
): EmailContent {
  const { i18n } = input;
  const subject = oneLine(wording.subject);
  const text = [
    greeting(i18n, input.name),
    '',
    wording.lead,
    '',
    `${wording.action}:`,
    input.url,
    '',
    wording.validity,
    wording.ignore,
    '',
    '--',
    signups(i18n, input.schoolName),
    '',
  ].join('\n');
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">${wording.heading}</h1>
    <p>${greeting(i18n, input.name)}</p>
    <p>${wording.lead}</p>
    ${button(input.url, wording.action)}
    <p>${wording.validity} ${wording.ignore}</p>`;
  const footer = html`${signups(i18n, input.schoolName)}`;
  return { subject, text, html: layout({ title: subject, body, footer, language: i18n.locale }) };
}

/** Sent on registration and on an email change: proves the account's owner reads this address. */
export function emailVerification(input: AccountLinkInput): EmailContent {
  const { i18n, schoolName } = input;
  return accountLinkEmail(input, {
    subject: i18n._('Confirm your email address for {schoolName}', { schoolName }),
    heading: i18n._('Confirm your email address'),
    lead: i18n._(
      'Please confirm that this is your email address, so that your {schoolName} account can show the volunteer signups made with it.',
      { schoolName },
    ),
    action: i18n._('Confirm my email address'),
    validity: i18n._('This link works once and expires in 48 hours.'),
    ignore: i18n._("If you didn't create an account, you can ignore this email."),
  });
}

/** Sent when someone asks to reset the password of the account with this address. */
export function passwordReset(input: AccountLinkInput): EmailContent {
  const { i18n, schoolName } = input;
  return accountLinkEmail(input, {
    subject: i18n._('Reset your {schoolName} password', { schoolName }),
    heading: i18n._('Reset your password'),
    lead: i18n._('Someone (hopefully you) asked to reset the password of your {schoolName} account.', { schoolName }),
    action: i18n._('Choose a new password'),
    validity: i18n._('This link works once and expires in 1 hour.'),
    ignore: i18n._("If you didn't ask for this, you can ignore this email: your password stays as it is."),
  });
}

// ---------------------------------------------------------------------------------------------
// The sheet's organizer: a change as it happens, or the day's changes in one digest

/** What happened to a signup, as its organizer hears of it. */
export type OrganizerChangeKind = 'signup' | 'waitlisted' | 'cancellation' | 'move' | 'promotion';

export type OrganizerChange = {
  kind: OrganizerChangeKind;
  volunteerName: string;
  slotTitle: string;
  /** The slot's time, as formatWhen says it (in the organizer's language); null when the slot has none. */
  when: string | null;
  /** A move: the slot it left. */
  fromSlotTitle?: string | null;
  /** A cancellation: the volunteer's own, or whoever runs the sheet removed them. */
  by?: 'volunteer' | 'organizer' | null;
  /** Spots (items, on an item slot) still open on the slot after the change. */
  spotsLeft: number;
  /** What the slot needs in all, when known ("2 of 5 spots open"). */
  maxVolunteers?: number | null;
  itemSlot: boolean;
  /** When it happened (the digest lists the time). */
  at?: Date;
};

export type OrganizerNoticeInput = Localized & {
  schoolName: string;
  sheetTitle: string;
  organizerName: string;
  sheetUrl: string;
  rosterUrl: string;
  /** Where the organizer changes what they hear (the dashboard). */
  settingsUrl: string;
  timeZone?: string;
  changes: readonly OrganizerChange[];
};

export type OrganizerDigestInput = OrganizerNoticeInput & {
  /** The school day the digest reports. */
  day: Date;
};

function spotsSentence(i18n: I18n, c: OrganizerChange): string {
  const { slotTitle, spotsLeft: left } = c;
  if (left <= 0) return i18n._('{slotTitle} is now full.', { slotTitle });
  const max = c.maxVolunteers;
  if (c.itemSlot)
    return max
      ? i18n._('{left} of {max} still needed for {slotTitle}.', { left, max, slotTitle })
      : i18n._('{left} still needed for {slotTitle}.', { left, slotTitle });
  return max
    ? i18n._(
        '{max, plural, one {{left} of # spot open on {slotTitle}.} other {{left} of # spots open on {slotTitle}.}}',
        {
          left,
          max,
          slotTitle,
        },
      )
    : i18n._('{left, plural, one {# spot open on {slotTitle}.} other {# spots open on {slotTitle}.}}', {
        left,
        slotTitle,
      });
}

/** What happened to one signup, as a sentence. */
function changeSentence(i18n: I18n, c: OrganizerChange): string {
  const name = c.volunteerName;
  const slot = c.when
    ? i18n._('{slotTitle} ({when})', { slotTitle: c.slotTitle, when: c.when }, { comment: 'A slot and its time' })
    : c.slotTitle;
  switch (c.kind) {
    case 'signup':
      return i18n._('{name} signed up for {slot}.', { name, slot });
    case 'waitlisted':
      return i18n._('{name} joined the waitlist for {slot}.', { name, slot });
    case 'cancellation':
      return c.by === 'organizer'
        ? i18n._('An organizer removed {name} from {slot}.', { name, slot })
        : i18n._('{name} cancelled their signup for {slot}.', { name, slot });
    case 'move':
      return i18n._('{name} moved from {fromSlot} to {slot}.', {
        name,
        slot,
        fromSlot: c.fromSlotTitle ?? i18n._('another slot'),
      });
    case 'promotion':
      return i18n._('{name} moved up from the waitlist into {slot}.', { name, slot });
  }
}

/** One change as a sentence: who, which slot (and when), spots left; in the organizer's language. */
export function organizerChangeLine(c: OrganizerChange, i18n: I18n): string {
  return `${changeSentence(i18n, c)} ${spotsSentence(i18n, c)}`;
}

function changeSubject(i18n: I18n, kind: OrganizerChangeKind): string {
  switch (kind) {
    case 'signup':
      return i18n._('New signup', undefined, {
        comment: "Starts the subject of an organizer's email: what happened to a signup",
      });
    case 'waitlisted':
      return i18n._('Joined the waitlist', undefined, {
        comment: "Starts the subject of an organizer's email: what happened to a signup",
      });
    case 'cancellation':
      return i18n._('Cancelled', undefined, {
        comment: "Starts the subject of an organizer's email: what happened to a signup",
      });
    case 'move':
      return i18n._('Moved', undefined, {
        comment: "Starts the subject of an organizer's email: what happened to a signup",
      });
    case 'promotion':
      return i18n._('Off the waitlist', undefined, {
        comment: "Starts the subject of an organizer's email: what happened to a signup",
      });
  }
}

/**
 * The organizer's emails, as-it-happens and digest alike: a greeting, what happened (`lead`, then a
 * line per change), the roster and the sheet, and why this mail came with where to change it.
 */
function organizerMail(
  i18n: I18n,
  d: Omit<OrganizerNoticeInput, 'i18n'>,
  parts: { subject: string; heading: string; lead: string; lines: readonly string[]; why: string },
): EmailContent {
  const { subject, heading, lead, lines, why } = parts;
  const text = [
    greeting(i18n, d.organizerName),
    '',
    lead,
    '',
    ...lines.map((l) => `  - ${l}`),
    '',
    i18n._('Roster: {url}', { url: d.rosterUrl }),
    i18n._('Signup sheet: {url}', { url: d.sheetUrl }),
    '',
    '--',
    why,
    i18n._('Change what you receive: {url}', { url: d.settingsUrl }),
    signups(i18n, d.schoolName),
    '',
  ].join('\n');
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">${heading}</h1>
    <p>${greeting(i18n, d.organizerName)}</p>
    <p>${lead}</p>
    <ul style="padding-left:20px;">
      ${lines.map((l) => html`<li style="margin:4px 0;">${l}</li>`)}
    </ul>
    ${button(d.rosterUrl, i18n._('Open the roster'))}
    <p>${link(d.sheetUrl, viewSheet(i18n))}</p>`;
  const change = messageHtml(i18n, /*i18n*/ '<0>Change what you receive</0>.', {}, [linkTo(d.settingsUrl)]);
  const footer = html`${why} ${change}<br />${signups(i18n, d.schoolName)}`;
  return { subject, text, html: layout({ title: subject, body, footer, language: i18n.locale }) };
}

/**
 * To a sheet's organizer, as it happens: a signup, a cancellation, a move or a promotion off the
 * waitlist (several, when one action made them: the slots of one signup). Names only: contact
 * details stay on the roster, behind the organizer's sign-in.
 */
export function organizerNotice(input: OrganizerNoticeInput): EmailContent {
  const { i18n, ...d } = input;
  const [first] = d.changes;
  const { sheetTitle } = d;
  const more = d.changes.length - 1;
  const what = first && {
    change: changeSubject(i18n, first.kind),
    volunteerName: first.volunteerName,
    slotTitle: first.slotTitle,
    sheetTitle,
  };
  const subject = !what
    ? i18n._('Signup changes ({sheetTitle})', { sheetTitle })
    : more > 0
      ? i18n._(
          '{more, plural, one {{change}: {volunteerName} – {slotTitle} and # more ({sheetTitle})} other {{change}: {volunteerName} – {slotTitle} and # more ({sheetTitle})}}',
          {
            change: what.change,
            volunteerName: what.volunteerName,
            slotTitle: what.slotTitle,
            sheetTitle,
            more,
          },
        )
      : i18n._('{change}: {volunteerName} – {slotTitle} ({sheetTitle})', what);
  return organizerMail(i18n, d, {
    subject: oneLine(subject),
    heading: sheetTitle,
    lead: i18n._('On {sheetTitle}:', { sheetTitle }),
    lines: d.changes.map((c) => organizerChangeLine(c, i18n)),
    why: i18n._('You get an email for each change to {sheetTitle}.', { sheetTitle }),
  });
}

/** How many changes of one kind, in words ('2 signups'). */
function countPhrase(i18n: I18n, kind: OrganizerChangeKind, count: number): string {
  switch (kind) {
    case 'signup':
      return i18n._('{count, plural, one {# signup} other {# signups}}', { count });
    case 'waitlisted':
      return i18n._('{count, plural, one {# on the waitlist} other {# on the waitlist}}', { count });
    case 'cancellation':
      return i18n._('{count, plural, one {# cancellation} other {# cancellations}}', { count });
    case 'move':
      return i18n._('{count, plural, one {# move} other {# moves}}', { count });
    case 'promotion':
      return i18n._('{count, plural, one {# promotion off the waitlist} other {# promotions off the waitlist}}', {
        count,
      });
  }
}

const digestOrder: readonly OrganizerChangeKind[] = ['signup', 'waitlisted', 'cancellation', 'move', 'promotion'];

/** To a sheet's organizer at 07:00: the day before's changes, in the order they happened. */
export function organizerDigest(input: OrganizerDigestInput): EmailContent {
  const { i18n, ...d } = input;
  const language = i18n.locale;
  const counts = digestOrder.map((kind) => [kind, d.changes.filter((c) => c.kind === kind).length] as const);
  const summary = countList(
    counts.filter(([, n]) => n > 0).map(([kind, n]) => countPhrase(i18n, kind, n)),
    language,
  );
  const day = formatter({ weekday: 'long', month: 'long', day: 'numeric' }, d.timeZone, language).format(d.day);
  const time = formatter({ timeStyle: 'short' }, d.timeZone, language);
  const { sheetTitle } = d;
  return organizerMail(i18n, d, {
    subject: oneLine(i18n._('{sheetTitle}: {summary} on {day}', { sheetTitle, summary, day })),
    heading: i18n._('{sheetTitle}: {day}', { sheetTitle, day }),
    lead: i18n._('What happened on {sheetTitle} on {day}: {summary}.', { sheetTitle, day, summary }),
    lines: d.changes.map((c) =>
      c.at
        ? i18n._('{time}: {change}', { time: time.format(c.at), change: organizerChangeLine(c, i18n) })
        : organizerChangeLine(c, i18n),
    ),
    why: i18n._('You get a daily summary of the changes to {sheetTitle}.', { sheetTitle }),
  });
}
