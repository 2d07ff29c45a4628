import { type Db, type ReminderType, type SignupSheet, type Volunteer, type VolunteerSlot } from '@pac/db';
import { buildIcs, reminder, signupConfirmation, type VolunteerEmailDetails } from '@pac/notify';
import type { ApiConfig } from '../context';
import { signLink } from './links';
import { sendMail } from './mail';
import { claimDelivery, type ReminderRecipient, releaseDelivery } from './reminders';

export interface VolunteerLinks {
  sheetUrl: string;
  /** The page that cancels this signup without an account. */
  cancelUrl: string;
  /** The page that stops reminder emails to this address. */
  unsubscribeUrl: string;
  /** RFC 8058 one-click target for the List-Unsubscribe header. */
  oneClickUnsubscribeUrl: string;
}

export function volunteerLinks(db: Db, config: ApiConfig, volunteer: Volunteer, sheet: SignupSheet): VolunteerLinks {
  const base = config.publicBaseUrl;
  const cancel = signLink(db, 'cancel', volunteer.id);
  const unsubscribe = signLink(db, 'unsubscribe', volunteer.id);
  return {
    sheetUrl: `${base}/signup-sheet/${sheet.id}`,
    cancelUrl: `${base}/cancel-signup/${volunteer.id}?token=${cancel}`,
    unsubscribeUrl: `${base}/unsubscribe/${volunteer.id}?token=${unsubscribe}`,
    oneClickUnsubscribeUrl: `${base}/api/reminders/unsubscribe/${volunteer.id}?token=${unsubscribe}`,
  };
}

function details(config: ApiConfig, r: ReminderRecipient, links: VolunteerLinks): VolunteerEmailDetails {
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
export async function sendSignupConfirmation(
  db: Db,
  config: ApiConfig,
  r: { volunteer: Volunteer; slot: VolunteerSlot; sheet: SignupSheet },
): Promise<void> {
  const links = volunteerLinks(db, config, r.volunteer, r.sheet);
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
  await sendMail(db, config, {
    to: r.volunteer.email,
    replyTo: r.sheet.organizerEmail,
    ...content,
    icalEvent: { method: 'PUBLISH', content: ics, filename: 'volunteer-shift.ics' },
    headers: r.volunteer.emailConsent ? unsubscribeHeaders(links) : {},
  });
}

/**
 * Sends one reminder unless this volunteer already had this type: the delivery is claimed first
 * (atomically), and given back if the mail fails, so it is neither lost nor sent twice.
 * Returns whether a mail went out.
 */
export async function sendReminderOnce(db: Db, config: ApiConfig, r: ReminderRecipient, type: ReminderType): Promise<boolean> {
  if (!claimDelivery(db, r.volunteer.id, type)) return false;
  try {
    const links = volunteerLinks(db, config, r.volunteer, r.sheet);
    const content = reminder({ ...details(config, r, links), type, unsubscribeUrl: links.unsubscribeUrl, cancelUrl: links.cancelUrl });
    await sendMail(db, config, {
      to: r.volunteer.email,
      replyTo: r.sheet.organizerEmail,
      ...content,
      headers: unsubscribeHeaders(links),
    });
    return true;
  } catch (error) {
    releaseDelivery(db, r.volunteer.id, type);
    throw error;
  }
}
