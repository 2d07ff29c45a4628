import type { ReminderType, SignupSheet, Volunteer, VolunteerSlot } from '@pac/db';
import { buildIcs, reminder, signupConfirmation, type VolunteerEmailDetails } from '@pac/notify';
import type { ApiConfig } from '../config';
import type { ServiceContext } from '../context';
import { signLink } from '../lib/links';
import { sendMail } from '../notifications/service';

/** The emails a volunteer receives: the signup confirmation and the reminders, with their signed links. */

/** A signup with its slot and sheet: what a volunteer's emails and the cancel page show. */
export interface SignupWithEvent {
  volunteer: Volunteer;
  slot: VolunteerSlot;
  sheet: SignupSheet;
}

export interface VolunteerLinks {
  sheetUrl: string;
  /** The page that cancels this signup without an account. */
  cancelUrl: string;
  /** The page that stops reminder emails to this address. */
  unsubscribeUrl: string;
  /** RFC 8058 one-click target for the List-Unsubscribe header. */
  oneClickUnsubscribeUrl: string;
}

export function volunteerLinks(ctx: ServiceContext, volunteer: Volunteer, sheet: SignupSheet): VolunteerLinks {
  const base = ctx.config.publicBaseUrl;
  const cancel = signLink(ctx, 'cancel', volunteer.id);
  const unsubscribe = signLink(ctx, 'unsubscribe', volunteer.id);
  return {
    sheetUrl: `${base}/signup-sheet/${sheet.id}`,
    cancelUrl: `${base}/cancel-signup/${volunteer.id}?token=${cancel}`,
    unsubscribeUrl: `${base}/unsubscribe/${volunteer.id}?token=${unsubscribe}`,
    oneClickUnsubscribeUrl: `${base}/api/reminders/unsubscribe/${volunteer.id}?token=${unsubscribe}`,
  };
}

function details(config: ApiConfig, r: SignupWithEvent, links: VolunteerLinks): VolunteerEmailDetails {
  return {
    schoolName: config.schoolName,
    sheetTitle: r.sheet.title,
    slotTitle: r.slot.title,
    eventDate: r.sheet.eventDate,
    startTime: r.slot.startTime,
    endTime: r.slot.endTime,
    volunteerName: r.volunteer.name,
    organizerName: r.sheet.organizerName,
    organizerEmail: r.sheet.organizerEmail,
    sheetUrl: links.sheetUrl,
    timeZone: config.timeZone,
  };
}

function unsubscribeHeaders(links: VolunteerLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClickUnsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The signup confirmation: event, slot and time, an .ics invitation, and a cancel link. */
export async function sendSignupConfirmation(ctx: ServiceContext, r: SignupWithEvent): Promise<void> {
  const { config } = ctx;
  const links = volunteerLinks(ctx, r.volunteer, r.sheet);
  const content = signupConfirmation({
    ...details(config, r, links),
    cancelUrl: links.cancelUrl,
    unsubscribeUrl: r.volunteer.emailConsent ? links.unsubscribeUrl : null,
  });
  const ics = buildIcs({
    uid: `signup-${r.volunteer.id}@${new URL(config.publicBaseUrl).hostname}`,
    title: `${r.sheet.title}: ${r.slot.title}`,
    description: r.slot.description ?? r.sheet.description,
    start: r.slot.startTime ?? r.sheet.eventDate,
    end: r.slot.endTime,
    organizerName: r.sheet.organizerName,
    organizerEmail: r.sheet.organizerEmail,
    url: links.sheetUrl,
  });
  await sendMail(ctx, {
    to: r.volunteer.email,
    replyTo: r.sheet.organizerEmail,
    ...content,
    icalEvent: { method: 'PUBLISH', content: ics, filename: 'volunteer-shift.ics' },
    headers: r.volunteer.emailConsent ? unsubscribeHeaders(links) : {},
  });
}

/** One reminder of this type (whether it is owed, and sent only once, is reminders/service.ts's rule). */
export async function sendReminderEmail(ctx: ServiceContext, r: SignupWithEvent, type: ReminderType): Promise<void> {
  const links = volunteerLinks(ctx, r.volunteer, r.sheet);
  const content = reminder({
    ...details(ctx.config, r, links),
    type,
    unsubscribeUrl: links.unsubscribeUrl,
    cancelUrl: links.cancelUrl,
  });
  await sendMail(ctx, {
    to: r.volunteer.email,
    replyTo: r.sheet.organizerEmail,
    ...content,
    headers: unsubscribeHeaders(links),
  });
}
