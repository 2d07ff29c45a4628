import type { SignupSheet, Volunteer, VolunteerSlot } from '@pac/db';
import {
  buildIcsEvents,
  type IcsAttachmentEvent,
  type MailMessage,
  type SignupExtras,
  type VolunteerEmailDetails,
} from '@pac/notify';
import { answerText } from '@pac/validators';
import type { ApiConfig } from '../config';
import type { ServiceContext } from '../context';
import { signLink } from './links';
import { manageToken } from './manageLink';

/**
 * What every email about a signup carries, whichever domain sends it (the volunteers' signup
 * confirmation and reminders, the waitlist's emails): its signed links, the event's details, the
 * calendar invitation and the List-Unsubscribe headers.
 */

/** A signup with its slot and sheet: what a volunteer's emails and the manage page show. */
export interface SignupWithEvent {
  volunteer: Volunteer;
  slot: VolunteerSlot;
  sheet: SignupSheet;
}

export interface VolunteerLinks {
  sheetUrl: string;
  /**
   * The page that shows this signup and lets the volunteer cancel it or move it to another slot,
   * without an account. (Older emails carried a /cancel-signup link; that page still works.)
   */
  manageUrl: string;
  /** The page that stops reminder emails to this address. */
  unsubscribeUrl: string;
  /** RFC 8058 one-click target for the List-Unsubscribe header. */
  oneClickUnsubscribeUrl: string;
}

export function volunteerLinks(ctx: ServiceContext, volunteer: Volunteer, sheet: SignupSheet): VolunteerLinks {
  const base = ctx.config.publicBaseUrl;
  const unsubscribe = signLink(ctx, 'unsubscribe', volunteer.id);
  return {
    sheetUrl: `${base}/signup-sheet/${sheet.id}`,
    manageUrl: `${base}/my-signup?token=${manageToken(ctx, volunteer.id)}`,
    unsubscribeUrl: `${base}/unsubscribe/${volunteer.id}?token=${unsubscribe}`,
    oneClickUnsubscribeUrl: `${base}/api/reminders/unsubscribe/${volunteer.id}?token=${unsubscribe}`,
  };
}

/** Where a slot happens: its own location, else its sheet's; null when neither says. */
export function slotLocation(
  slot: Pick<VolunteerSlot, 'location'>,
  sheet: Pick<SignupSheet, 'location'>,
): string | null {
  return slot.location ?? sheet.location ?? null;
}

export function emailDetails(config: ApiConfig, r: SignupWithEvent, links: VolunteerLinks): VolunteerEmailDetails {
  return {
    schoolName: config.schoolName,
    sheetTitle: r.sheet.title,
    slotTitle: r.slot.title,
    eventDate: r.sheet.eventDate,
    startTime: r.slot.startTime,
    endTime: r.slot.endTime,
    location: slotLocation(r.slot, r.sheet),
    volunteerName: r.volunteer.name,
    organizerName: r.sheet.organizerName,
    organizerEmail: r.sheet.organizerEmail,
    sheetUrl: links.sheetUrl,
    timeZone: config.timeZone,
  };
}

export function unsubscribeHeaders(links: VolunteerLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClickUnsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** A signup's answers to its sheet's questions, as label and text, in the sheet's order (none left out as blank). */
export function answerRows(r: Pick<SignupWithEvent, 'volunteer' | 'sheet'>): [string, string][] {
  return r.sheet.questions
    .filter((q) => r.volunteer.answers[q.id] !== undefined)
    .map((q) => [q.label, answerText(r.volunteer.answers[q.id])]);
}

/** What a signup's emails add to its event: an item's quantity, the answers. */
export function signupExtras(r: SignupWithEvent): SignupExtras {
  return { quantity: r.slot.kind === 'item' ? r.volunteer.quantity : null, answers: answerRows(r) };
}

/** A confirmed signup's calendar event; the same UID, so a move or promotion updates it. */
function signupEvent(config: ApiConfig, r: SignupWithEvent, sheetUrl: string): IcsAttachmentEvent {
  return {
    uid: `signup-${r.volunteer.id}@${new URL(config.publicBaseUrl).hostname}`,
    title: `${r.sheet.title}: ${r.slot.title}`,
    description: r.slot.description ?? r.sheet.description,
    start: r.slot.startTime ?? r.sheet.eventDate,
    end: r.slot.endTime,
    location: slotLocation(r.slot, r.sheet),
    organizerName: r.sheet.organizerName,
    organizerEmail: r.sheet.organizerEmail,
    url: sheetUrl,
  };
}

/** The calendar invitation for a confirmed signup; the same UID, so a move or promotion updates it. */
export function signupIcs(config: ApiConfig, r: SignupWithEvent, links: VolunteerLinks): MailMessage['icalEvent'] {
  return signupsIcs(config, [r], links.sheetUrl);
}

/** One calendar attachment with an event per signup (a signup of several slots). */
export function signupsIcs(
  config: ApiConfig,
  signups: readonly SignupWithEvent[],
  sheetUrl: string,
): MailMessage['icalEvent'] {
  const ics = buildIcsEvents(signups.map((r) => signupEvent(config, r, sheetUrl)));
  return { method: 'PUBLISH', content: ics, filename: 'volunteer-shift.ics' };
}
