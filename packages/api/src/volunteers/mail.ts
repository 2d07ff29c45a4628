import type { ReminderType } from '@pac/db';
import { formatWhen, reminder, signupCancelled, signupConfirmation, signupsConfirmation } from '@pac/notify';
import type { ServiceContext } from '../context';
import type { MailReservation } from '../email/budget';
import { volunteerI18n } from '../email/language';
import { type MailOutcome, sendMail } from '../email/service';
import {
  answerRows,
  emailDetails,
  signupExtras,
  type SignupWithEvent,
  signupIcs,
  signupsIcs,
  slotLocation,
  unsubscribeHeaders,
  volunteerLinks,
} from '../lib/signupEmail';
import { sendWaitlistConfirmation } from '../waitlist/mail';

/**
 * The emails a volunteer receives about a signup: its confirmation and the reminders, with their
 * signed links (lib/signupEmail.ts). The waitlist's two emails, a waitlisted signup's confirmation
 * and the promotion off the waitlist, are waitlist/mail.ts's.
 */

/**
 * The signup confirmation. A confirmed signup: event, slot and time, an .ics invitation, and the
 * link that manages the signup without an account. A waitlisted one gets the waitlist's
 * confirmation (waitlist/mail.ts `sendWaitlistConfirmation`).
 */
export async function sendSignupConfirmation(
  ctx: ServiceContext,
  r: SignupWithEvent,
  waitlistPosition: number | null = null,
  reservation?: MailReservation,
  options: {
    /** The address had unsubscribed, so this signup gets no reminders: the mail says how to turn them back on. */
    remindersStopped?: boolean;
    /** After a move: the slot it left, so the email says what the new one replaces. */
    replaced?: SignupWithEvent['slot'] | null;
  } = {},
): Promise<void> {
  if (r.volunteer.status === 'waitlisted') return sendWaitlistConfirmation(ctx, r, waitlistPosition, reservation);
  const { config } = ctx;
  const links = volunteerLinks(ctx, r.volunteer, r.sheet);
  const unsubscribeUrl = r.volunteer.emailConsent ? links.unsubscribeUrl : null;
  const headers = r.volunteer.emailConsent ? unsubscribeHeaders(links) : {};
  const i18n = volunteerI18n(r.volunteer);
  const replaced = options.replaced
    ? {
        slotTitle: options.replaced.title,
        when: formatWhen({ ...options.replaced, eventDate: r.sheet.eventDate, timeZone: config.timeZone }, i18n.locale),
      }
    : null;
  const content = signupConfirmation({
    i18n,
    ...emailDetails(config, r, links),
    ...signupExtras(r),
    replaced,
    cancelUrl: links.manageUrl,
    unsubscribeUrl,
    remindersOnUrl: options.remindersStopped ? links.unsubscribeUrl : null,
  });
  await sendMail(
    ctx,
    {
      to: r.volunteer.email,
      replyTo: r.sheet.organizerEmail,
      ...content,
      icalEvent: signupIcs(config, r, links),
      headers,
    },
    { kind: 'notice', ...(reservation ? { reservation } : {}) },
  );
}

/** A signup of one of its slots, with its place on the waitlist (null when confirmed). */
export type SignupToConfirm = SignupWithEvent & { waitlistPosition: number | null };

/**
 * The one confirmation of a signup: a signup of one slot gets the single-slot email (or the
 * waitlist's), a signup of several one email listing every slot, each with its own 'Change or
 * cancel' link, and one calendar attachment with an event per confirmed slot.
 */
export async function sendSignupsConfirmation(
  ctx: ServiceContext,
  signups: readonly SignupToConfirm[],
  reservation: MailReservation,
  options: { remindersStopped?: boolean } = {},
): Promise<void> {
  const [first] = signups;
  if (!first) return;
  if (signups.length === 1) return sendSignupConfirmation(ctx, first, first.waitlistPosition, reservation, options);
  const { config } = ctx;
  const links = volunteerLinks(ctx, first.volunteer, first.sheet);
  const consent = first.volunteer.emailConsent;
  const confirmed = signups.filter((r) => r.volunteer.status === 'confirmed');
  const details = emailDetails(config, first, links);
  const content = signupsConfirmation({
    i18n: volunteerI18n(first.volunteer),
    schoolName: details.schoolName,
    sheetTitle: details.sheetTitle,
    volunteerName: details.volunteerName,
    organizerName: details.organizerName,
    organizerEmail: details.organizerEmail,
    sheetUrl: details.sheetUrl,
    timeZone: details.timeZone,
    slots: signups.map((r) => ({
      slotTitle: r.slot.title,
      eventDate: r.sheet.eventDate,
      startTime: r.slot.startTime,
      endTime: r.slot.endTime,
      location: slotLocation(r.slot, r.sheet),
      status: r.volunteer.status,
      waitlistPosition: r.waitlistPosition,
      quantity: r.slot.kind === 'item' ? r.volunteer.quantity : null,
      cancelUrl: volunteerLinks(ctx, r.volunteer, r.sheet).manageUrl,
    })),
    answers: answerRows(first),
    unsubscribeUrl: consent ? links.unsubscribeUrl : null,
    remindersOnUrl: options.remindersStopped ? links.unsubscribeUrl : null,
  });
  await sendMail(
    ctx,
    {
      to: first.volunteer.email,
      replyTo: first.sheet.organizerEmail,
      ...content,
      ...(confirmed.length > 0 ? { icalEvent: signupsIcs(config, confirmed, links.sheetUrl) } : {}),
      headers: consent ? unsubscribeHeaders(links) : {},
    },
    { kind: 'notice', reservation },
  );
}

/** Tells a volunteer their signup is cancelled: by themself (a link, their account) or by whoever runs the sheet. */
export async function sendCancellationEmail(
  ctx: ServiceContext,
  r: SignupWithEvent,
  by: 'volunteer' | 'organizer',
): Promise<MailOutcome> {
  const links = volunteerLinks(ctx, r.volunteer, r.sheet);
  const content = signupCancelled({ i18n: volunteerI18n(r.volunteer), ...emailDetails(ctx.config, r, links), by });
  return sendMail(ctx, { to: r.volunteer.email, replyTo: r.sheet.organizerEmail, ...content }, { kind: 'notice' });
}

/**
 * One reminder of this type (whether it is owed, and sent only once, is reminders/service.ts's
 * rule), worded as of `now`, the moment of sending on the runtime's clock: 'tomorrow' only when
 * the shift is tomorrow in the school's zone then.
 */
export async function sendReminderEmail(
  ctx: ServiceContext,
  r: SignupWithEvent,
  type: ReminderType,
  now: Date,
): Promise<MailOutcome> {
  const links = volunteerLinks(ctx, r.volunteer, r.sheet);
  const content = reminder({
    i18n: volunteerI18n(r.volunteer),
    ...emailDetails(ctx.config, r, links),
    type,
    now,
    unsubscribeUrl: links.unsubscribeUrl,
    cancelUrl: links.manageUrl,
  });
  return sendMail(
    ctx,
    { to: r.volunteer.email, replyTo: r.sheet.organizerEmail, ...content, headers: unsubscribeHeaders(links) },
    { kind: 'reminder' },
  );
}
