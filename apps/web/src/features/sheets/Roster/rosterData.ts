import type { RouterOutputs } from '@pac/api';
import { type Answers, answerText, type Question } from '@pac/validators';
import { formatSlotWhen, formatTime, sameSchoolDay } from '../../../lib/dates';

/**
 * A sheet's roster as the server answers it: slots in order, each with its confirmed volunteers
 * (by name), its open spots, where it happens and its waitlist (in waitlist order).
 */
export type RosterData = RouterOutputs['roster']['get'];
export type RosterSlot = RosterData['slots'][number];
export type RosterVolunteer = RosterSlot['volunteers'][number];
export type RosterWaitlisted = RosterSlot['waitlist'][number];

/** Checked in means marked as attended; not yet marked (null) and marked absent (false) are not. */
export function isCheckedIn(volunteer: Pick<RosterVolunteer, 'attended'>): boolean {
  return volunteer.attended === true;
}

/** '3 of 5 checked in' */
export function checkedInText(volunteers: readonly Pick<RosterVolunteer, 'attended'>[]): string {
  return `${volunteers.filter(isCheckedIn).length} of ${volunteers.length} checked in`;
}

/** The roster with one volunteer's check-in replaced (a new object; the rest is shared). */
export function withCheckIn(
  roster: RosterData,
  volunteerId: number,
  checkIn: Pick<RosterVolunteer, 'attended' | 'checkedInAt'>,
): RosterData {
  return {
    ...roster,
    slots: roster.slots.map((slot) =>
      slot.volunteers.some((v) => v.id === volunteerId)
        ? { ...slot, volunteers: slot.volunteers.map((v) => (v.id === volunteerId ? { ...v, ...checkIn } : v)) }
        : slot,
    ),
  };
}

/** One volunteer of the roster, or undefined. */
export function findVolunteer(roster: RosterData | undefined, volunteerId: number): RosterVolunteer | undefined {
  for (const slot of roster?.slots ?? []) {
    const found = slot.volunteers.find((v) => v.id === volunteerId);
    if (found) return found;
  }
  return undefined;
}

/** A phone number as a tel: link (digits and a leading +; the text shown stays as typed). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^0-9]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** A volunteer's answers as people read them, in the sheet's order of questions: 'T-shirt size: M'. */
export function answerLines(
  questions: readonly Question[],
  answers: Answers | undefined,
): { questionId: string; label: string; text: string }[] {
  return questions.flatMap((q) => {
    const answer = answers?.[q.id];
    return answer === undefined ? [] : [{ questionId: q.id, label: q.label, text: answerText(answer) }];
  });
}

/** What an item slot's volunteer brings: 'Brings 3'. */
export function bringsText(quantity: number): string {
  return `Brings ${quantity}`;
}

/** How much of an item slot is pledged: '12 of 24 pledged'. */
export function pledgedText(slot: Pick<RosterSlot, 'currentVolunteers' | 'maxVolunteers'>): string {
  return `${slot.currentVolunteers} of ${slot.maxVolunteers} pledged`;
}

/**
 * How full a slot is and what is left, for its heading: '3 of 5 filled · 2 spots open',
 * '2 of 2 filled · Full'; on an item slot '9 of 24 pledged · 15 still needed', '24 of 24 pledged · All pledged'.
 */
export function spotsText(
  slot: Pick<RosterSlot, 'kind' | 'currentVolunteers' | 'maxVolunteers' | 'spotsOpen'>,
): string {
  if (slot.kind === 'item') {
    return `${pledgedText(slot)} · ${slot.spotsOpen > 0 ? `${slot.spotsOpen} still needed` : 'All pledged'}`;
  }
  const open = slot.spotsOpen === 0 ? 'Full' : `${slot.spotsOpen} ${slot.spotsOpen === 1 ? 'spot' : 'spots'} open`;
  return `${slot.currentVolunteers} of ${slot.maxVolunteers} filled · ${open}`;
}

/**
 * When a slot happens, on the school's clock, as short as the roster's heading allows: only the
 * times for a slot on the sheet's day ('9:00 AM – 11:00 AM'), the date too for one on another day,
 * the sheet's date and time for a slot without a start time.
 */
export function rosterSlotWhen(slot: Pick<RosterSlot, 'startTime' | 'endTime'>, eventDate: Date): string {
  const { startTime: start, endTime: end } = slot;
  if (!start || !sameSchoolDay(start, eventDate) || (end && !sameSchoolDay(start, end))) {
    return formatSlotWhen(start, end, eventDate);
  }
  return end ? `${formatTime(start)} – ${formatTime(end)}` : formatTime(start);
}

/** The blank lines a slot's printed roster leaves for walk-ins: one per open spot. */
export function walkInLines(slot: Pick<RosterSlot, 'spotsOpen'>): number[] {
  return Array.from({ length: slot.spotsOpen }, (_, i) => i + 1);
}
