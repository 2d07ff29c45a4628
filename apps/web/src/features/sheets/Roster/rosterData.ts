import type { I18n } from '@lingui/core';
import type { RouterOutputs } from '@pac/api';
import { type Answers, answerText, type Question } from '@pac/validators';
import type { Language } from '@pac/validators/page-data';
import { catalogText } from '../../../lib/catalogText';
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
export function checkedInText(i18n: I18n, volunteers: readonly Pick<RosterVolunteer, 'attended'>[]): string {
  return i18n._('{checkedIn} of {count} checked in', {
    checkedIn: volunteers.filter(isCheckedIn).length,
    count: volunteers.length,
  });
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

/**
 * A volunteer's answers as people read them, in the sheet's order of questions: 'T-shirt size: M'
 * (a ticked box's Yes or No in `i18n`'s language; what was typed as it is).
 */
export function answerLines(
  i18n: I18n,
  questions: readonly Question[],
  answers: Answers | undefined,
): { questionId: string; label: string; text: string }[] {
  return questions.flatMap((q) => {
    const answer = answers?.[q.id];
    if (answer === undefined) return [];
    const text = typeof answer === 'boolean' ? catalogText(i18n, answerText(answer)) : answerText(answer);
    return [{ questionId: q.id, label: q.label, text }];
  });
}

/** What an item slot's volunteer brings: 'Brings 3'. */
export function bringsText(i18n: I18n, quantity: number): string {
  return i18n._('Brings {quantity}', { quantity });
}

/** How much of an item slot is pledged: '12 of 24 pledged'. */
export function pledgedText(i18n: I18n, slot: Pick<RosterSlot, 'currentVolunteers' | 'maxVolunteers'>): string {
  return i18n._('{current} of {max} pledged', { current: slot.currentVolunteers, max: slot.maxVolunteers });
}

/**
 * How full a slot is and what is left, for its heading: '3 of 5 filled · 2 spots open',
 * '2 of 2 filled · Full'; on an item slot '9 of 24 pledged · 15 still needed', '24 of 24 pledged · All pledged'.
 */
export function spotsText(
  i18n: I18n,
  slot: Pick<RosterSlot, 'kind' | 'currentVolunteers' | 'maxVolunteers' | 'spotsOpen'>,
): string {
  const counts = { current: slot.currentVolunteers, max: slot.maxVolunteers, open: slot.spotsOpen };
  if (slot.kind === 'item') {
    return slot.spotsOpen > 0
      ? i18n._('{current} of {max} pledged · {open} still needed', counts)
      : i18n._('{current} of {max} pledged · All pledged', counts);
  }
  return slot.spotsOpen === 0
    ? i18n._('{current} of {max} filled · Full', counts)
    : i18n._(
        '{open, plural, one {{current} of {max} filled · {open} spot open} other {{current} of {max} filled · {open} spots open}}',
        counts,
      );
}

/**
 * When a slot happens, on the school's clock, as short as the roster's heading allows: only the
 * times for a slot on the sheet's day ('9:00 AM – 11:00 AM'), the date too for one on another day,
 * the sheet's date and time for a slot without a start time; written in `language`.
 */
export function rosterSlotWhen(
  slot: Pick<RosterSlot, 'startTime' | 'endTime'>,
  eventDate: Date,
  language: Language,
): string {
  const { startTime: start, endTime: end } = slot;
  if (!start || !sameSchoolDay(start, eventDate) || (end && !sameSchoolDay(start, end))) {
    return formatSlotWhen(start, end, eventDate, language);
  }
  return end ? `${formatTime(start, language)} – ${formatTime(end, language)}` : formatTime(start, language);
}

/** The blank lines a slot's printed roster leaves for walk-ins: one per open spot. */
export function walkInLines(slot: Pick<RosterSlot, 'spotsOpen'>): number[] {
  return Array.from({ length: slot.spotsOpen }, (_, i) => i + 1);
}
