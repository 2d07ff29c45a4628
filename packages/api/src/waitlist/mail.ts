import { type EmailContent, escapeHtml, formatWhen, mapUrl, type VolunteerEmailDetails } from '@pac/notify';
import type { ServiceContext } from '../context';
import type { MailReservation } from '../email/budget';
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
 * same shape: a plain-text part that stands alone and a simple HTML part.
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

function eventRows(d: VolunteerEmailDetails): [string, string][] {
  const rows: [string, string][] = [
    ['Event', d.sheetTitle],
    ['Role', d.slotTitle],
    ['When', formatWhen(d)],
  ];
  if (d.location) rows.push(['Where', d.location], ['Map', mapUrl(d.location)]);
  return rows;
}

function waitlistEmail(
  d: VolunteerEmailDetails,
  links: VolunteerLinks,
  unsubscribeUrl: string | null,
  wording: WaitlistEmailWording,
): EmailContent {
  const subject = wording.subject.replace(/\s+/g, ' ').trim();
  const rows = eventRows(d);
  const contact = `Questions? Contact ${d.organizerName} at ${d.organizerEmail}.`;
  const text = [
    `Hi ${d.volunteerName},`,
    '',
    wording.lead,
    '',
    ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(7)}${value}`),
    '',
    ...wording.after.flatMap((p) => [p, '']),
    wording.manage.text,
    links.manageUrl,
    '',
    `View the signup sheet: ${links.sheetUrl}`,
    '',
    contact,
    '',
    '--',
    `${d.schoolName} volunteer signups`,
    ...(unsubscribeUrl ? [`Stop reminder emails: ${unsubscribeUrl}`] : []),
    '',
  ].join('\n');
  const e = escapeHtml;
  const a = (url: string, label: string) => `<a href="${e(url)}" style="color:#1c7ed6;">${e(label)}</a>`;
  // The HTML part shows the map as a link on the 'Where' row, not as a row of its own.
  const table = rows
    .filter(([label]) => label !== 'Map')
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#555555;vertical-align:top;">${e(label)}</td><td style="padding:4px 0;font-weight:600;">${e(value)}${label === 'Where' ? ` (${a(mapUrl(value), 'map')})` : ''}</td></tr>`,
    )
    .join('');
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<div style="max-width:600px;margin:0 auto;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#212529;background:#ffffff;">
<h1 style="font-size:22px;margin:0 0 16px;">${e(wording.heading)}</h1>
<p>Hi ${e(d.volunteerName)},</p>
<p>${e(wording.lead)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0;">${table}</table>
${wording.after.map((p) => `<p>${e(p)}</p>`).join('\n')}
<p style="margin:24px 0;"><a href="${e(links.manageUrl)}" style="background:#1c7ed6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:600;">${e(wording.manage.label)}</a></p>
<p>${a(links.sheetUrl, 'View the signup sheet')}</p>
<p>Questions? Contact ${e(d.organizerName)} at ${a(`mailto:${d.organizerEmail}`, d.organizerEmail)}.</p>
<hr style="border:none;border-top:1px solid #dee2e6;margin:32px 0 16px;" />
<div style="font-size:13px;color:#6c757d;">${e(d.schoolName)} volunteer signups${unsubscribeUrl ? `<br />${a(unsubscribeUrl, 'Stop reminder emails')}` : ''}</div>
</div></body></html>`;
  return { subject, text, html };
}

/** 'first', 'second', … for a waitlist position; a number past ten. */
function ordinal(n: number): string {
  const words = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
  return words[n - 1] ?? `number ${n}`;
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
  const place = waitlistPosition === null ? '' : ` You're ${ordinal(waitlistPosition)} in line.`;
  const content = waitlistEmail(emailDetails(config, r, links), links, unsubscribeUrl, {
    subject: `You're on the waitlist: ${r.slot.title} – ${r.sheet.title}`,
    heading: "You're on the waitlist",
    lead: `Thank you for volunteering with ${config.schoolName}! This volunteer slot is full right now, so you're on its waitlist:`,
    after: [
      `${place.trim()} If a spot opens up, you'll be signed up automatically, in the order people joined the waitlist, and we'll email you right away.`.trim(),
    ],
    manage: {
      text: 'Leave the waitlist or choose another slot with spots left (no account needed):',
      label: 'Manage my signup',
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
  const content = waitlistEmail(
    emailDetails(config, r, links),
    links,
    r.volunteer.emailConsent ? links.unsubscribeUrl : null,
    {
      subject: `You're off the waitlist: ${r.slot.title} at ${r.sheet.title}`,
      heading: "You're off the waitlist!",
      lead: `Good news: a spot opened up, and you're now signed up to volunteer with ${config.schoolName} for:`,
      after: ['The calendar invitation is attached. Thank you for volunteering!'],
      manage: {
        text: "Can't make it after all? Cancel this signup or choose another slot (no account needed):",
        label: 'Manage my signup',
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
