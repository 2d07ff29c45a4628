import type { I18n } from '@pac/i18n/server';
import {
  type EmailContent,
  escapeHtml,
  formatWhen,
  link,
  mapUrl,
  messageHtml,
  type VolunteerEmailDetails,
} from '@pac/notify';
import { languageDirection } from '@pac/validators';
import type { ServiceContext } from '../context';
import type { MailReservation } from '../email/budget';
import { languageOf, volunteerI18n } from '../email/language';
import { sendMail } from '../email/service';
import {
  emailDetails,
  type SignupWithEvent,
  signupIcs,
  unsubscribeHeaders,
  type VolunteerLinks,
  volunteerLinks,
} from '../lib/signupEmail';

/**
 * The waitlist's two emails: the confirmation of a waitlisted signup and the promotion off the
 * waitlist. @pac/notify's templates cover a confirmed signup; these two are written here in the
 * same shape: a plain-text part that stands alone and a simple HTML part, in the language the
 * volunteer signed up in.
 */

interface WaitlistEmailWording {
  subject: string;
  heading: string;
  /** The paragraph before the event's details. */
  lead: string;
  /** Paragraphs after the details. */
  after: string[];
  /** The manage link's sentence and the link's own label in the HTML part. */
  manage: { text: string; label: string };
}

/** One row of the event's details: its label, its value, and whether it is the place (which gets a map link). */
type EventRow = { label: string; value: string; kind: 'detail' | 'where' | 'map' };

function eventRows(i18n: I18n, d: VolunteerEmailDetails): EventRow[] {
  const rows: EventRow[] = [
    { label: i18n._('Event'), value: d.sheetTitle, kind: 'detail' },
    { label: i18n._('Role'), value: d.slotTitle, kind: 'detail' },
    { label: i18n._('When'), value: formatWhen(d, i18n.locale), kind: 'detail' },
  ];
  if (d.location)
    rows.push(
      { label: i18n._('Where'), value: d.location, kind: 'where' },
      { label: i18n._('Map'), value: mapUrl(d.location), kind: 'map' },
    );
  return rows;
}

function waitlistEmail(
  i18n: I18n,
  d: VolunteerEmailDetails,
  links: VolunteerLinks,
  unsubscribeUrl: string | null,
  wording: WaitlistEmailWording,
): EmailContent {
  const subject = wording.subject.replace(/\s+/g, ' ').trim();
  const rows = eventRows(i18n, d);
  const width = Math.max(7, ...rows.map(({ label }) => label.length + 2));
  const greeting = i18n._('Hi {name},', { name: d.volunteerName });
  const contact = i18n._('Questions? Contact {name} at {email}.', { name: d.organizerName, email: d.organizerEmail });
  const school = i18n._('{schoolName} volunteer signups', { schoolName: d.schoolName });
  const text = [
    greeting,
    '',
    wording.lead,
    '',
    ...rows.map(({ label, value }) => `  ${`${label}:`.padEnd(width)}${value}`),
    '',
    ...wording.after.flatMap((p) => [p, '']),
    wording.manage.text,
    links.manageUrl,
    '',
    i18n._('View the signup sheet: {url}', { url: links.sheetUrl }),
    '',
    contact,
    '',
    '--',
    school,
    ...(unsubscribeUrl ? [i18n._('Stop reminder emails: {url}', { url: unsubscribeUrl })] : []),
    '',
  ].join('\n');
  const e = escapeHtml;
  const a = (url: string, label: string) => `<a href="${e(url)}" style="color:#1c7ed6;">${e(label)}</a>`;
  const map = i18n._('map', undefined, { comment: 'Link to a map, in parentheses after a place: "Gym (map)"' });
  // The HTML part shows the map as a link on the 'Where' row, not as a row of its own.
  const table = rows
    .filter(({ kind }) => kind !== 'map')
    .map(
      ({ label, value, kind }) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#555555;vertical-align:top;">${e(label)}</td><td style="padding:4px 0;font-weight:600;">${e(value)}${kind === 'where' ? ` (${a(mapUrl(value), map)})` : ''}</td></tr>`,
    )
    .join('');
  const contactHtml = messageHtml(i18n, /*i18n*/ 'Questions? Contact {name} at {email}.', {
    name: d.organizerName,
    email: link(`mailto:${d.organizerEmail}`, d.organizerEmail),
  });
  const language = languageOf(i18n.locale);
  const dir = languageDirection(language) === 'rtl' ? ' dir="rtl"' : '';
  const html = `<!DOCTYPE html>
<html lang="${language}"${dir}><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<div${dir} style="max-width:600px;margin:0 auto;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#212529;background:#ffffff;">
<h1 style="font-size:22px;margin:0 0 16px;">${e(wording.heading)}</h1>
<p>${e(greeting)}</p>
<p>${e(wording.lead)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0;">${table}</table>
${wording.after.map((p) => `<p>${e(p)}</p>`).join('\n')}
<p style="margin:24px 0;"><a href="${e(links.manageUrl)}" style="background:#1c7ed6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:600;">${e(wording.manage.label)}</a></p>
<p>${a(links.sheetUrl, i18n._('View the signup sheet'))}</p>
<p>${contactHtml.value}</p>
<hr style="border:none;border-top:1px solid #dee2e6;margin:32px 0 16px;" />
<div style="font-size:13px;color:#6c757d;">${e(school)}${unsubscribeUrl ? `<br />${a(unsubscribeUrl, i18n._('Stop reminder emails'))}` : ''}</div>
</div></body></html>`;
  return { subject, text, html };
}

/** "You're first in line.", "You're second in line.", … up to ten; a number past it. */
function placeInLine(i18n: I18n, position: number): string {
  return i18n._(
    "{position, plural, =1 {You're first in line.} =2 {You're second in line.} =3 {You're third in line.} =4 {You're fourth in line.} =5 {You're fifth in line.} =6 {You're sixth in line.} =7 {You're seventh in line.} =8 {You're eighth in line.} =9 {You're ninth in line.} =10 {You're tenth in line.} other {You're number # in line.}}",
    { position },
  );
}

/**
 * The confirmation of a signup that joined a full slot's waitlist: that they are on the waitlist
 * (and where in line, when known), what happens next, and the link that manages the signup; no
 * invitation.
 */
export async function sendWaitlistConfirmation(
  ctx: ServiceContext,
  r: SignupWithEvent,
  waitlistPosition: number | null,
  reservation?: MailReservation,
): Promise<void> {
  const { config } = ctx;
  const links = volunteerLinks(ctx, r.volunteer, r.sheet);
  const unsubscribeUrl = r.volunteer.emailConsent ? links.unsubscribeUrl : null;
  const headers = r.volunteer.emailConsent ? unsubscribeHeaders(links) : {};
  const i18n = volunteerI18n(r.volunteer);
  const next = i18n._(
    "If a spot opens up, you'll be signed up automatically, in the order people joined the waitlist, and we'll email you right away.",
  );
  const content = waitlistEmail(i18n, emailDetails(config, r, links), links, unsubscribeUrl, {
    subject: i18n._("You're on the waitlist: {slotTitle} – {sheetTitle}", {
      slotTitle: r.slot.title,
      sheetTitle: r.sheet.title,
    }),
    heading: i18n._("You're on the waitlist"),
    lead: i18n._(
      "Thank you for volunteering with {schoolName}! This volunteer slot is full right now, so you're on its waitlist:",
      { schoolName: config.schoolName },
    ),
    after: [waitlistPosition === null ? next : `${placeInLine(i18n, waitlistPosition)} ${next}`],
    manage: {
      text: i18n._('Leave the waitlist or choose another slot with spots left (no account needed):'),
      label: i18n._('Manage my signup'),
    },
  });
  await sendMail(
    ctx,
    { to: r.volunteer.email, replyTo: r.sheet.organizerEmail, ...content, headers },
    { kind: 'notice', ...(reservation ? { reservation } : {}) },
  );
}

/** Tells a waitlisted volunteer that a spot opened up and they are now signed up (once per promotion). */
export async function sendPromotionEmail(ctx: ServiceContext, r: SignupWithEvent): Promise<void> {
  const { config } = ctx;
  const links = volunteerLinks(ctx, r.volunteer, r.sheet);
  const i18n = volunteerI18n(r.volunteer);
  const content = waitlistEmail(
    i18n,
    emailDetails(config, r, links),
    links,
    r.volunteer.emailConsent ? links.unsubscribeUrl : null,
    {
      subject: i18n._("You're off the waitlist: {slotTitle} at {sheetTitle}", {
        slotTitle: r.slot.title,
        sheetTitle: r.sheet.title,
      }),
      heading: i18n._("You're off the waitlist!"),
      lead: i18n._("Good news: a spot opened up, and you're now signed up to volunteer with {schoolName} for:", {
        schoolName: config.schoolName,
      }),
      after: [i18n._('The calendar invitation is attached. Thank you for volunteering!')],
      manage: {
        text: i18n._("Can't make it after all? Cancel this signup or choose another slot (no account needed):"),
        label: i18n._('Manage my signup'),
      },
    },
  );
  await sendMail(
    ctx,
    {
      to: r.volunteer.email,
      replyTo: r.sheet.organizerEmail,
      ...content,
      icalEvent: signupIcs(config, r, links),
      headers: r.volunteer.emailConsent ? unsubscribeHeaders(links) : {},
    },
    { kind: 'notice' },
  );
}
