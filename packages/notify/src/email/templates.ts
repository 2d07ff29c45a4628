/** A rendered email: a one-line subject, a plain-text part that stands alone, and an HTML part. */
export type EmailContent = { subject: string; text: string; html: string };

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

export type SignupConfirmationInput = VolunteerEmailDetails &
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

const remindersStopped =
  'You asked us earlier to stop reminder emails to this address, so none will come for this signup either.';

export type ReminderType = 'week' | 'day' | 'hour';

export type ReminderInput = VolunteerEmailDetails & {
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

export type TestEmailInput = { schoolName: string; recipient: string; sentAt: Date; timeZone?: string };

export type ChangeSeverity = 'low' | 'medium' | 'high';

export type ChangeNotificationInput = {
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

/** Only web and mail links become clickable; anything else (javascript:, data:) is dropped. */
function safeHref(url: string): string | null {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:' ? url : null;
  } catch {
    return null;
  }
}

export function link(url: string, label: string): SafeHtml {
  const href = safeHref(url);
  return href ? html`<a href="${href}" style="color:#1c7ed6;">${label}</a>` : html`${label}`;
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

export function layout(options: { title: string; body: SafeHtml; footer: SafeHtml }): string {
  return html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title}</title>
      </head>
      <body style="margin:0;padding:0;background:#f4f5f7;">
        <div
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
// Dates

function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    // An unknown time zone should not stop the email; fall back to the process's zone.
    return new Intl.DateTimeFormat('en-US', options);
  }
}

/** For example 'Saturday, May 3, 2025 at 9:00 AM'. */
export function formatDateTime(date: Date, timeZone?: string): string {
  return formatter({ dateStyle: 'full', timeStyle: 'short' }, timeZone).format(date);
}

/** When a slot happens: its start (or the event date) and, when known, its end. */
export function formatWhen(
  details: Pick<VolunteerEmailDetails, 'eventDate' | 'startTime' | 'endTime' | 'timeZone'>,
): string {
  const { startTime, endTime, timeZone } = details;
  if (!startTime) return formatDateTime(details.eventDate, timeZone);
  const start = formatDateTime(startTime, timeZone);
  if (!endTime || endTime.getTime() <= startTime.getTime()) return start;
  const day = formatter({ dateStyle: 'full' }, timeZone);
  const sameDay = day.format(startTime) === day.format(endTime);
  const end = sameDay ? formatter({ timeStyle: 'short' }, timeZone).format(endTime) : formatDateTime(endTime, timeZone);
  return `${start} – ${end}`;
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

/** The plain-text part's 'Where' and 'Map' rows; none without a location. */
function whereRows(location: string | null | undefined): [string, string][] {
  return location
    ? [
        ['Where', location],
        ['Map', mapUrl(location)],
      ]
    : [];
}

/** The HTML part's 'Where' row: the location and its map link; none without a location. */
function whereRowHtml(location: string | null | undefined): [string, HtmlValue][] {
  return location ? [['Where', html`${location} (${link(mapUrl(location), 'map')})`]] : [];
}

function eventRows(d: VolunteerEmailDetails): [string, string][] {
  return [['Event', d.sheetTitle], ['Role', d.slotTitle], ['When', formatWhen(d)], ...whereRows(d.location)];
}

function eventRowsHtml(d: VolunteerEmailDetails): [string, HtmlValue][] {
  return [['Event', d.sheetTitle], ['Role', d.slotTitle], ['When', formatWhen(d)], ...whereRowHtml(d.location)];
}

function eventText(d: VolunteerEmailDetails): string[] {
  return eventRows(d).map(([label, value]) => `  ${`${label}:`.padEnd(7)}${value}`);
}

function contactText(d: Pick<VolunteerEmailDetails, 'organizerName' | 'organizerEmail'>): string {
  return `Questions? Contact ${d.organizerName} at ${d.organizerEmail}.`;
}

function contactHtml(d: Pick<VolunteerEmailDetails, 'organizerName' | 'organizerEmail'>): SafeHtml {
  return html`<p>Questions? Contact ${d.organizerName} at ${link(`mailto:${d.organizerEmail}`, d.organizerEmail)}.</p>`;
}

function cancelText(cancelUrl: string): string[] {
  return ['Change or cancel this signup (no account needed):', cancelUrl];
}

function cancelHtml(cancelUrl: string): SafeHtml {
  return html`<p>Plans changed? ${link(cancelUrl, 'Change or cancel')} (no account needed).</p>`;
}

function footerText(schoolName: string, unsubscribeUrl: string | null | undefined): string[] {
  const lines = ['--', `${schoolName} volunteer signups`];
  if (unsubscribeUrl) lines.push(`Stop reminder emails: ${unsubscribeUrl}`);
  return lines;
}

function footerHtml(schoolName: string, unsubscribeUrl: string | null | undefined): SafeHtml {
  const stop = unsubscribeUrl ? html`<br />${link(unsubscribeUrl, 'Stop reminder emails')}` : null;
  return html`${schoolName} volunteer signups${stop}`;
}

function extraRows(d: SignupExtras): [string, string][] {
  return [
    ...(d.quantity ? [['Bringing', String(d.quantity)] as [string, string]] : []),
    ...(d.answers ?? []).map(([label, value]) => [label, value] as [string, string]),
  ];
}

function rowsText(rows: [string, string][]): string[] {
  const width = Math.max(7, ...rows.map(([label]) => label.length + 2));
  return rows.map(([label, value]) => `  ${`${label}:`.padEnd(width)}${value}`);
}

/** How a confirmation ends: the way back to reminders (for an address that stopped them), who to ask, the footer. */
function closingText(
  d: Pick<VolunteerEmailDetails, 'organizerName' | 'organizerEmail' | 'schoolName'> & {
    remindersOnUrl?: string | null;
    unsubscribeUrl?: string | null;
  },
): string[] {
  return [
    ...(d.remindersOnUrl ? [remindersStopped, `To get reminders again: ${d.remindersOnUrl}`, ''] : []),
    contactText(d),
    '',
    ...footerText(d.schoolName, d.unsubscribeUrl),
    '',
  ];
}

// ---------------------------------------------------------------------------------------------
// Templates

/** Sent right after someone signs up for a slot, and after a move (with what it replaced). */
export function signupConfirmation(input: SignupConfirmationInput): EmailContent {
  const d = input;
  const moved = d.replaced ?? null;
  const subject = oneLine(
    moved
      ? `Your signup has moved: ${d.slotTitle} – ${d.sheetTitle}`
      : `You're signed up: ${d.slotTitle} – ${d.sheetTitle}`,
  );
  const lead = moved
    ? `Your signup has moved. You're now signed up for:`
    : `Thank you for volunteering with ${d.schoolName}! You're signed up for:`;
  const replacedLine = moved ? `This replaces your signup for ${moved.slotTitle} (${moved.when}).` : null;
  const rows = [...eventRows(d), ...extraRows(d)];
  const rowsHtml = [...eventRowsHtml(d), ...extraRows(d)];
  const text = [
    `Hi ${d.volunteerName},`,
    '',
    lead,
    '',
    ...rowsText(rows),
    '',
    ...(replacedLine ? [replacedLine, ''] : []),
    `View the signup sheet: ${d.sheetUrl}`,
    '',
    ...cancelText(d.cancelUrl),
    '',
    ...closingText(d),
  ].join('\n');
  const remindersOn = d.remindersOnUrl
    ? html`<p>${remindersStopped} ${link(d.remindersOnUrl, 'Turn reminders back on')}</p>`
    : null;
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">
      ${moved ? 'Your signup has moved' : 'Thanks for volunteering!'}
    </h1>
    <p>Hi ${d.volunteerName},</p>
    <p>${lead}</p>
    ${detailsTable(rowsHtml)} ${replacedLine ? html`<p>${replacedLine}</p>` : null}
    ${button(d.sheetUrl, 'View the signup sheet')} ${cancelHtml(d.cancelUrl)} ${remindersOn} ${contactHtml(d)}`;
  return { subject, text, html: layout({ title: subject, body, footer: footerHtml(d.schoolName, d.unsubscribeUrl) }) };
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

export type SignupsConfirmationInput = Omit<
  VolunteerEmailDetails,
  'slotTitle' | 'eventDate' | 'startTime' | 'endTime' | 'location'
> & {
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
  const d = input;
  const confirmed = d.slots.filter((s) => s.status === 'confirmed');
  const waiting = d.slots.filter((s) => s.status === 'waitlisted');
  const subject = oneLine(
    confirmed.length > 0
      ? `You're signed up for ${confirmed.length === 1 ? '1 slot' : `${confirmed.length} slots`}: ${d.sheetTitle}`
      : `You're on the waitlist: ${d.sheetTitle}`,
  );
  const when = (s: SignupsConfirmationSlot) => formatWhen({ ...s, timeZone: d.timeZone });
  const slotLine = (s: SignupsConfirmationSlot) =>
    `${s.slotTitle}, ${when(s)}${s.quantity ? ` (bringing ${s.quantity})` : ''}`;
  const place = (s: SignupsConfirmationSlot) => (s.waitlistPosition ? ` (number ${s.waitlistPosition} in line)` : '');
  const whereText = (s: SignupsConfirmationSlot) =>
    whereRows(s.location).map(([label, value]) => `  ${label}: ${value}`);
  const text = [
    `Hi ${d.volunteerName},`,
    '',
    `Thank you for volunteering with ${d.schoolName}!`,
    '',
    ...(confirmed.length > 0
      ? [
          `You're signed up for ${d.sheetTitle}:`,
          '',
          ...confirmed.flatMap((s) => [`- ${slotLine(s)}`, ...whereText(s), `  Change or cancel: ${s.cancelUrl}`]),
          '',
        ]
      : []),
    ...(waiting.length > 0
      ? [
          `You're on the waitlist for (we'll email you if a spot opens up):`,
          '',
          ...waiting.flatMap((s) => [
            `- ${slotLine(s)}${place(s)}`,
            ...whereText(s),
            `  Change or cancel: ${s.cancelUrl}`,
          ]),
          '',
        ]
      : []),
    ...(d.answers && d.answers.length > 0 ? ['Your answers:', ...rowsText(d.answers.map(([l, v]) => [l, v])), ''] : []),
    `View the signup sheet: ${d.sheetUrl}`,
    '',
    ...closingText(d),
  ].join('\n');
  const list = (slots: readonly SignupsConfirmationSlot[], withPlace: boolean) =>
    html`<ul style="padding-left:20px;">
      ${slots.map(
        (s) =>
          html`<li style="margin:0 0 12px;">
            <strong>${s.slotTitle}</strong><br />${when(s)}${s.quantity ? html`<br />Bringing ${s.quantity}` : null}${
              withPlace ? place(s) : null
            }${whereRowHtml(s.location).map(([label, value]) => html`<br />${label}: ${value}`)}<br />${link(
              s.cancelUrl,
              'Change or cancel',
            )}
          </li>`,
      )}
    </ul>`;
  const remindersOn = d.remindersOnUrl
    ? html`<p>${remindersStopped} ${link(d.remindersOnUrl, 'Turn reminders back on')}</p>`
    : null;
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">Thanks for volunteering!</h1>
    <p>Hi ${d.volunteerName},</p>
    <p>Thank you for volunteering with ${d.schoolName}!</p>
    ${
      confirmed.length > 0
        ? html`<p>You're signed up for ${d.sheetTitle}:</p>
            ${list(confirmed, false)}`
        : null
    }
    ${
      waiting.length > 0
        ? html`<p>You're on the waitlist for (we'll email you if a spot opens up):</p>
            ${list(waiting, true)}`
        : null
    }
    ${
      d.answers && d.answers.length > 0
        ? html`<p>Your answers:</p>
            ${detailsTable(d.answers.map(([l, v]) => [l, v]))}`
        : null
    }
    ${button(d.sheetUrl, 'View the signup sheet')} ${remindersOn} ${contactHtml(d)}`;
  return { subject, text, html: layout({ title: subject, body, footer: footerHtml(d.schoolName, d.unsubscribeUrl) }) };
}

export type SignupCancelledInput = VolunteerEmailDetails & {
  /** Who cancelled: the volunteer themself, or whoever runs the sheet. */
  by: 'volunteer' | 'organizer';
};

/** Sent when a signup is cancelled, by its volunteer (link or account) or by whoever runs the sheet. */
export function signupCancelled(input: SignupCancelledInput): EmailContent {
  const d = input;
  const subject = oneLine(`Signup cancelled: ${d.slotTitle} – ${d.sheetTitle}`);
  const lead =
    d.by === 'organizer'
      ? `${d.organizerName} has removed you from this volunteer slot, so your signup is cancelled:`
      : 'Your signup is cancelled:';
  const text = [
    `Hi ${d.volunteerName},`,
    '',
    lead,
    '',
    ...eventText(d),
    '',
    `Changed your mind? Sign up again on the sheet: ${d.sheetUrl}`,
    '',
    contactText(d),
    '',
    ...footerText(d.schoolName, null),
    '',
  ].join('\n');
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">Signup cancelled</h1>
    <p>Hi ${d.volunteerName},</p>
    <p>${lead}</p>
    ${detailsTable(eventRowsHtml(d))}
    <p>Changed your mind? ${link(d.sheetUrl, 'Sign up again on the sheet')}.</p>
    ${contactHtml(d)}`;
  return { subject, text, html: layout({ title: subject, body, footer: footerHtml(d.schoolName, null) }) };
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
 * this year's). 'today' and 'tomorrow' are said only when true in `timeZone` at `now`: a day
 * reminder sent by hand three days ahead says 'in 3 days'.
 */
export function reminderWhen(start: Date, now: Date, timeZone?: string): string {
  const sameYear =
    formatter({ year: 'numeric' }, timeZone).format(start) === formatter({ year: 'numeric' }, timeZone).format(now);
  const day = formatter(
    { weekday: 'long', month: 'long', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) },
    timeZone,
  ).format(start);
  const time = formatter({ hour: 'numeric', minute: '2-digit' }, timeZone).format(start);
  const on = plainSpaces(`on ${day} at ${time}`);
  const days = dayNumber(start, timeZone) - dayNumber(now, timeZone);
  if (days === 0) return `today, ${on}`;
  if (days === 1) return `tomorrow, ${on}`;
  if (days === 7) return `in one week, ${on}`;
  if (days > 1) return `in ${days} days, ${on}`;
  return on;
}

const WEATHER_TIPS = [
  'Check the forecast and dress for the weather; layers help.',
  'Bring a water bottle and stay hydrated.',
  'Sunny? Bring sunscreen and a hat. Rain on the way? Bring rain gear or an umbrella.',
  'Wear comfortable shoes.',
];

/**
 * Sent a week before, a day before, and on the morning of ('hour') the volunteer's slot, or by
 * hand: the subject and intro name the shift's day and time (see reminderWhen); the day-of one
 * adds weather tips.
 */
export function reminder(input: ReminderInput): EmailContent {
  const d = input;
  const when = reminderWhen(d.startTime ?? d.eventDate, d.now, d.timeZone);
  const subject = oneLine(`Reminder: ${d.sheetTitle} is ${when}`);
  const intro = `This is a friendly reminder that ${d.sheetTitle} is ${when}. Thank you for volunteering with ${d.schoolName}! Your signup:`;
  const tips = d.type === 'hour' ? WEATHER_TIPS : [];
  const text = [
    `Hi ${d.volunteerName},`,
    '',
    intro,
    '',
    ...eventText(d),
    '',
    ...(tips.length > 0 ? ['A few tips for the day:', ...tips.map((tip) => `  - ${tip}`), ''] : []),
    `View the signup sheet: ${d.sheetUrl}`,
    '',
    ...(d.cancelUrl ? [...cancelText(d.cancelUrl), ''] : []),
    contactText(d),
    '',
    ...footerText(d.schoolName, d.unsubscribeUrl),
    '',
  ].join('\n');
  const tipsHtml =
    tips.length > 0
      ? html`<h2 style="font-size:18px;margin:24px 0 8px;">A few tips for the day</h2>
          <ul>
            ${tips.map((tip) => html`<li>${tip}</li>`)}
          </ul>`
      : null;
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">${`${d.sheetTitle} is ${when}`}</h1>
    <p>Hi ${d.volunteerName},</p>
    <p>${intro}</p>
    ${detailsTable(eventRowsHtml(d))} ${tipsHtml} ${button(d.sheetUrl, 'View the signup sheet')}
    ${d.cancelUrl ? cancelHtml(d.cancelUrl) : null} ${contactHtml(d)}`;
  return { subject, text, html: layout({ title: subject, body, footer: footerHtml(d.schoolName, d.unsubscribeUrl) }) };
}

/** The admin's "send a test email" button. */
export function testEmail(input: TestEmailInput): EmailContent {
  const subject = oneLine(`Test email from ${input.schoolName}`);
  const sentAt = formatDateTime(input.sentAt, input.timeZone);
  const lead = `This is a test email from ${input.schoolName}. If you can read it, email sending is set up correctly.`;
  const text = [
    lead,
    '',
    `  Sent to: ${input.recipient}`,
    `  Sent at: ${sentAt}`,
    '',
    'No action is needed.',
    '',
    '--',
    `${input.schoolName} volunteer signups`,
    '',
  ].join('\n');
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">Email is working</h1>
    <p>${lead}</p>
    ${detailsTable([
      ['Sent to', input.recipient],
      ['Sent at', sentAt],
    ])}
    <p>No action is needed.</p>`;
  return { subject, text, html: layout({ title: subject, body, footer: html`${input.schoolName} volunteer signups` }) };
}

const SEVERITY_LABEL: Record<ChangeSeverity, string> = { low: 'Low', medium: 'Medium', high: 'High' };
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

const moreLines = (more: number): string => `…and ${String(more)} more line${more === 1 ? '' : 's'} (see the page)`;

function changeListText(label: string, list: ChangeList): string[] {
  if (list.shown.length === 0) return [];
  return [
    `${label}:`,
    ...list.shown.map((line) => `  • ${line}`),
    ...(list.more > 0 ? [`  ${moreLines(list.more)}`] : []),
    '',
  ];
}

const CHANGE_STYLE = {
  Added: { color: '#2b8a3e', border: '#2f9e44', background: '#ebfbee' },
  Removed: { color: '#c92a2a', border: '#e03131', background: '#fff5f5' },
} as const;

/** A labelled list: the label is words ('Added', 'Removed'), the colour only repeats it. */
function changeListHtml(label: keyof typeof CHANGE_STYLE, list: ChangeList): SafeHtml | null {
  if (list.shown.length === 0) return null;
  const style = CHANGE_STYLE[label];
  return html`<p style="margin:16px 0 4px;font-weight:700;color:${style.color};">${label}</p>
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
    ${list.more > 0 ? html`<p style="margin:4px 0;font-size:14px;color:#555555;">${moreLines(list.more)}</p>` : null}`;
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
  const severity = SEVERITY_LABEL[input.severity];
  const detectedAt = formatDateTime(input.detectedAt, input.timeZone);
  const subject = oneLine(
    `[${severity}] ${input.monitorName} changed: ${truncate(oneLine(input.summary), MAX_SUBJECT_SUMMARY)}`,
  );
  const { added, removed } = changeLists(input);
  const anyChange = added.shown.length + removed.shown.length > 0;
  const lead = `The ${input.schoolName} website watch noticed a change on a school web page.`;
  const rows: [string, string][] = [
    ['Page', input.monitorName],
    ['Address', input.url],
    ['Severity', severity],
    ['Detected', detectedAt],
  ];
  const text = [
    lead,
    '',
    ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(10)}${value}`),
    '',
    `Summary: ${input.summary}`,
    '',
    ...(anyChange
      ? ['What changed:', '', ...changeListText('Added', added), ...changeListText('Removed', removed)]
      : []),
    `Open the page: ${input.url}`,
    '',
    '--',
    `${input.schoolName} website watch`,
    '',
  ].join('\n');
  const body = html`<div style="${WRAP}">
    <h1 style="font-size:22px;margin:0 0 16px;">Website change detected</h1>
    <p>${lead}</p>
    <p>
      <span
        style="display:inline-block;padding:2px 10px;border-radius:10px;color:#ffffff;font-size:13px;font-weight:600;background:${SEVERITY_COLOR[input.severity]};"
        >${severity}</span
      >
    </p>
    ${changeDetailsTable([
      ['Page', input.monitorName],
      ['Address', wrappingLink(input.url)],
      ['Severity', severity],
      ['Detected', detectedAt],
    ])}
    <p><strong>Summary:</strong> ${input.summary}</p>
    ${
      anyChange
        ? html`<p style="margin:24px 0 0;"><strong>What changed:</strong></p>
            ${changeListHtml('Added', added)} ${changeListHtml('Removed', removed)}`
        : null
    }
    ${button(input.url, 'Open the page')}
  </div>`;
  return { subject, text, html: layout({ title: subject, body, footer: html`${input.schoolName} website watch` }) };
}

export type AccountLinkInput = {
  schoolName: string;
  name: string;
  /** The single-use link. */
  url: string;
};

function accountLinkEmail(
  input: AccountLinkInput,
  wording: { subject: string; heading: string; lead: string; action: string; validity: string; ignore: string },
): EmailContent {
  const subject = oneLine(wording.subject);
  const text = [
    `Hi ${input.name},`,
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
    `${input.schoolName} volunteer signups`,
    '',
  ].join('\n');
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">${wording.heading}</h1>
    <p>Hi ${input.name},</p>
    <p>${wording.lead}</p>
    ${button(input.url, wording.action)}
    <p>${wording.validity} ${wording.ignore}</p>`;
  return { subject, text, html: layout({ title: subject, body, footer: html`${input.schoolName} volunteer signups` }) };
}

/** Sent on registration and on an email change: proves the account's owner reads this address. */
export function emailVerification(input: AccountLinkInput): EmailContent {
  return accountLinkEmail(input, {
    subject: `Confirm your email address for ${input.schoolName}`,
    heading: 'Confirm your email address',
    lead: `Please confirm that this is your email address, so that your ${input.schoolName} account can show the volunteer signups made with it.`,
    action: 'Confirm my email address',
    validity: 'This link works once and expires in 48 hours.',
    ignore: "If you didn't create an account, you can ignore this email.",
  });
}

/** Sent when someone asks to reset the password of the account with this address. */
export function passwordReset(input: AccountLinkInput): EmailContent {
  return accountLinkEmail(input, {
    subject: `Reset your ${input.schoolName} password`,
    heading: 'Reset your password',
    lead: `Someone (hopefully you) asked to reset the password of your ${input.schoolName} account.`,
    action: 'Choose a new password',
    validity: 'This link works once and expires in 1 hour.',
    ignore: "If you didn't ask for this, you can ignore this email: your password stays as it is.",
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
  /** The slot's time, as formatWhen says it; null when the slot has none. */
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

export type OrganizerNoticeInput = {
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

function spotsSentence(c: OrganizerChange): string {
  if (c.spotsLeft <= 0) return `${c.slotTitle} is now full.`;
  const of = c.maxVolunteers ? ` of ${c.maxVolunteers}` : '';
  if (c.itemSlot) return `${c.spotsLeft}${of} still needed for ${c.slotTitle}.`;
  const spots = (c.maxVolunteers ?? c.spotsLeft) === 1 ? 'spot' : 'spots';
  return `${c.spotsLeft}${of} ${spots} open on ${c.slotTitle}.`;
}

/** One change as a sentence: who, which slot (and when), spots left. */
export function organizerChangeLine(c: OrganizerChange): string {
  const slot = c.when ? `${c.slotTitle} (${c.when})` : c.slotTitle;
  const what = {
    signup: `${c.volunteerName} signed up for ${slot}.`,
    waitlisted: `${c.volunteerName} joined the waitlist for ${slot}.`,
    cancellation:
      c.by === 'organizer'
        ? `An organizer removed ${c.volunteerName} from ${slot}.`
        : `${c.volunteerName} cancelled their signup for ${slot}.`,
    move: `${c.volunteerName} moved from ${c.fromSlotTitle ?? 'another slot'} to ${slot}.`,
    promotion: `${c.volunteerName} moved up from the waitlist into ${slot}.`,
  }[c.kind];
  return `${what} ${spotsSentence(c)}`;
}

const changeSubject: Record<OrganizerChangeKind, string> = {
  signup: 'New signup',
  waitlisted: 'Joined the waitlist',
  cancellation: 'Cancelled',
  move: 'Moved',
  promotion: 'Off the waitlist',
};

/**
 * The organizer's emails, as-it-happens and digest alike: a greeting, what happened (`lead`, then a
 * line per change), the roster and the sheet, and why this mail came with where to change it.
 */
function organizerMail(
  d: OrganizerNoticeInput,
  parts: { subject: string; heading: string; lead: string; lines: readonly string[]; why: string },
): EmailContent {
  const { subject, heading, lead, lines, why } = parts;
  const text = [
    `Hi ${d.organizerName},`,
    '',
    lead,
    '',
    ...lines.map((l) => `  - ${l}`),
    '',
    `Roster: ${d.rosterUrl}`,
    `Signup sheet: ${d.sheetUrl}`,
    '',
    '--',
    why,
    `Change what you receive: ${d.settingsUrl}`,
    `${d.schoolName} volunteer signups`,
    '',
  ].join('\n');
  const body = html`<h1 style="font-size:22px;margin:0 0 16px;">${heading}</h1>
    <p>Hi ${d.organizerName},</p>
    <p>${lead}</p>
    <ul style="padding-left:20px;">
      ${lines.map((l) => html`<li style="margin:4px 0;">${l}</li>`)}
    </ul>
    ${button(d.rosterUrl, 'Open the roster')}
    <p>${link(d.sheetUrl, 'View the signup sheet')}</p>`;
  const footer = html`${why} ${link(d.settingsUrl, 'Change what you receive')}.<br />${d.schoolName} volunteer signups`;
  return { subject, text, html: layout({ title: subject, body, footer }) };
}

/**
 * To a sheet's organizer, as it happens: a signup, a cancellation, a move or a promotion off the
 * waitlist (several, when one action made them: the slots of one signup). Names only: contact
 * details stay on the roster, behind the organizer's sign-in.
 */
export function organizerNotice(input: OrganizerNoticeInput): EmailContent {
  const d = input;
  const [first] = d.changes;
  const head = first ? `${changeSubject[first.kind]}: ${first.volunteerName} – ${first.slotTitle}` : 'Signup changes';
  const more = d.changes.length > 1 ? ` and ${d.changes.length - 1} more` : '';
  return organizerMail(d, {
    subject: oneLine(`${head}${more} (${d.sheetTitle})`),
    heading: d.sheetTitle,
    lead: `On ${d.sheetTitle}:`,
    lines: d.changes.map(organizerChangeLine),
    why: `You get an email for each change to ${d.sheetTitle}.`,
  });
}

function countPhrase(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** To a sheet's organizer at 07:00: the day before's changes, in the order they happened. */
export function organizerDigest(input: OrganizerDigestInput): EmailContent {
  const d = input;
  const count = (kind: OrganizerChangeKind) => d.changes.filter((c) => c.kind === kind).length;
  const tally = [
    [count('signup'), 'signup', 'signups'],
    [count('waitlisted'), 'on the waitlist', 'on the waitlist'],
    [count('cancellation'), 'cancellation', 'cancellations'],
    [count('move'), 'move', 'moves'],
    [count('promotion'), 'promotion off the waitlist', 'promotions off the waitlist'],
  ] as const;
  const summary = tally
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => countPhrase(n, one, many))
    .join(', ');
  const day = formatter({ weekday: 'long', month: 'long', day: 'numeric' }, d.timeZone).format(d.day);
  const time = formatter({ timeStyle: 'short' }, d.timeZone);
  return organizerMail(d, {
    subject: oneLine(`${d.sheetTitle}: ${summary} on ${day}`),
    heading: `${d.sheetTitle}: ${day}`,
    lead: `What happened on ${d.sheetTitle} on ${day}: ${summary}.`,
    lines: d.changes.map((c) => `${c.at ? `${time.format(c.at)}: ` : ''}${organizerChangeLine(c)}`),
    why: `You get a daily summary of the changes to ${d.sheetTitle}.`,
  });
}
