import {
  type EmailContent,
  formatDateTime,
  formatWhen,
  html,
  layout,
  link,
  linkTo,
  type Localized,
  messageHtml,
  oneLine,
  type HtmlValue,
  type SafeHtml,
} from './templates';

/** One of the volunteer's signups that the message is about, with the link that changes or cancels it. */
export type VolunteerMessageSignup = { slotTitle: string; manageUrl: string };

export type VolunteerMessageInput = Localized & {
  schoolName: string;
  /** The organizer's subject, sent as it is. */
  subject: string;
  /** The organizer's text: plain text, its line breaks kept; never read as HTML. */
  body: string;
  organizerName: string;
  sheetTitle: string;
  eventDate: Date;
  /** The slot the message went to, when it went to one slot only; null: the whole sheet. */
  slot: { title: string; startTime: Date | null; endTime: Date | null } | null;
  sheetUrl: string;
  /** The volunteer's signups the message reached them through (one copy per mailbox), each with its manage link. */
  signups: readonly VolunteerMessageSignup[];
  /** Stops reminders and organizers' messages to this address. */
  unsubscribeUrl: string;
  /** IANA time zone for dates and times (the school's). */
  timeZone?: string;
};

/** The organizer's text as HTML: escaped, blank lines between paragraphs, single line breaks kept. */
function bodyHtml(body: string): SafeHtml[] {
  const paragraph = (lines: HtmlValue) => html`<p style="margin:0 0 16px;">${lines}</p>`;
  return body
    .split(/\n{2,}/)
    .map((text) => paragraph(text.split('\n').map((line, i) => (i === 0 ? line : [br, line]))));
}
const br = html`<br />`;

/**
 * A message an organizer wrote to the volunteers of a sheet (or of one of its slots): each
 * volunteer's own copy. The subject and text are the organizer's, then who sent it and about what,
 * how to answer (a reply reaches the organizer: the caller sets Reply-To), the sheet's page, the
 * volunteer's own manage link(s), and the link that stops reminders and messages.
 */
export function volunteerMessage(input: VolunteerMessageInput): EmailContent {
  const { i18n, ...d } = input;
  const language = i18n.locale;
  const subject = oneLine(d.subject);
  const body = d.body.replace(/\r\n?/g, '\n').trim();
  const from = i18n._('From {organizerName}, organizer of {sheetTitle} ({date})', {
    organizerName: d.organizerName,
    sheetTitle: d.sheetTitle,
    date: formatDateTime(d.eventDate, d.timeZone, language),
  });
  const slotLine = d.slot
    ? i18n._('Sent to the volunteers of {slotTitle} ({when}).', {
        slotTitle: d.slot.title,
        when: formatWhen(
          { eventDate: d.eventDate, startTime: d.slot.startTime, endTime: d.slot.endTime, timeZone: d.timeZone },
          language,
        ),
      })
    : null;
  const reply = i18n._('Reply to this email to answer {organizerName}.', { organizerName: d.organizerName });
  const [onlySignup] = d.signups;
  const several = d.signups.length > 1;
  const school = i18n._('{schoolName} volunteer signups', { schoolName: d.schoolName });
  const manageSeveral = i18n._('Change or cancel your signups (no account needed):');

  const text = [
    body,
    '',
    '--',
    from,
    ...(slotLine ? [slotLine] : []),
    reply,
    '',
    i18n._('View the signup sheet: {url}', { url: d.sheetUrl }),
    ...(several
      ? [manageSeveral, ...d.signups.map((s) => `  ${s.slotTitle}: ${s.manageUrl}`)]
      : onlySignup
        ? [i18n._('Change or cancel your signup (no account needed): {url}', { url: onlySignup.manageUrl })]
        : []),
    '',
    school,
    i18n._('Stop reminders and messages to this address: {url}', { url: d.unsubscribeUrl }),
    '',
  ].join('\n');

  const manageHtml = several
    ? html`<p style="margin:0 0 4px;">${manageSeveral}</p>
        <ul style="margin:0 0 16px;">
          ${d.signups.map((s) => html`<li>${link(s.manageUrl, s.slotTitle)}</li>`)}
        </ul>`
    : onlySignup
      ? html`<p style="margin:0 0 16px;">
          ${messageHtml(i18n, /*i18n*/ 'Plans changed? <0>Change or cancel your signup</0> (no account needed).', {}, [
            linkTo(onlySignup.manageUrl),
          ])}
        </p>`
      : null;
  const content = html`${bodyHtml(body)}
    <hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0 16px;" />
    <p style="margin:0 0 4px;">${from}</p>
    ${slotLine ? html`<p style="margin:0 0 4px;">${slotLine}</p>` : null}
    <p style="margin:0 0 16px;">${reply}</p>
    <p style="margin:0 0 16px;">${link(d.sheetUrl, i18n._('View the signup sheet'))}</p>
    ${manageHtml}`;
  const stop = i18n._('Stop reminders and messages to this address');
  const footer = html`${school}<br />${link(d.unsubscribeUrl, stop)}`;
  return { subject, text, html: layout({ title: subject, body: content, footer, language }) };
}
