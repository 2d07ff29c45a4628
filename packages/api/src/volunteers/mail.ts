import type { ReminderType } from '@pac/db';
import { reminder, signupConfirmation } from '@pac/notify';
import type { ServiceContext } from '../context';
import type { MailReservation } from '../email/budget';
import { type MailOutcome, sendMail } from '../email/service';
import { emailDetails, type SignupWithEvent, signupIcs, unsubscribeHeaders, volunteerLinks } from '../lib/signupEmail';
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
  /** The address had unsubscribed, so this signup gets no reminders: the mail says how to turn them back on. */
  options: { remindersStopped?: boolean } = {},
): Promise<void> {
  if (r.volunteer.status === 'waitlisted') return sendWaitlistConfirmation(ctx, r, waitlistPosition, reservation);
  const { config } = ctx;
  const links = volunteerLinks(ctx, r.volunteer, r.sheet);
  const unsubscribeUrl = r.volunteer.emailConsent ? links.unsubscribeUrl : null;
  const headers = r.volunteer.emailConsent ? unsubscribeHeaders(links) : {};
  const content = signupConfirmation({
    ...emailDetails(config, r, links),
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
