import type { I18n } from '@lingui/core';

interface TimedSlot {
  title: string;
  startTime: Date | null;
}

interface CountedSlot {
  currentVolunteers: number;
  maxVolunteers: number;
}

/** Slot order (SPEC.md section 2): by start time, slots without a time last, ties by title. */
export function compareSlots(a: TimedSlot, b: TimedSlot): number {
  const at = a.startTime?.getTime() ?? null;
  const bt = b.startTime?.getTime() ?? null;
  if (at !== bt) {
    if (at === null) return 1;
    if (bt === null) return -1;
    return at - bt;
  }
  return a.title.localeCompare(b.title);
}

/** A sorted copy; the input is left as it was. */
export function sortSlots<T extends TimedSlot>(slots: readonly T[]): T[] {
  return [...slots].sort(compareSlots);
}

export function isSlotFull(slot: CountedSlot): boolean {
  return slot.currentVolunteers >= slot.maxVolunteers;
}

/** How many spots a slot still has: '2 spots left', '1 spot left', 'No spots left'. */
export function spotsLeftText(i18n: I18n, slot: CountedSlot): string {
  const count = Math.max(0, slot.maxVolunteers - slot.currentVolunteers);
  return i18n._('{count, plural, =0 {No spots left} one {# spot left} other {# spots left}}', { count });
}

/**
 * What an item slot ("bring a dish") still needs: '12 still needed', or 'Nothing more needed' once
 * the quantities promised cover it.
 */
export function stillNeededText(i18n: I18n, slot: CountedSlot): string {
  const count = Math.max(0, slot.maxVolunteers - slot.currentVolunteers);
  return i18n._('{count, plural, =0 {Nothing more needed} other {# still needed}}', { count });
}

/** An item slot's count once signups have closed: '12 of 24 promised'. */
export function promisedText(i18n: I18n, slot: CountedSlot): string {
  return i18n._('{current} of {max} promised', { current: slot.currentVolunteers, max: slot.maxVolunteers });
}

/** The selection bar's count: '1 slot selected', '3 slots selected'. */
export function selectedText(i18n: I18n, count: number): string {
  return i18n._('{count, plural, one {# slot selected} other {# slots selected}}', { count });
}

/** '1 on the waitlist', '3 on the waitlist'. */
export function waitlistCountText(i18n: I18n, count: number): string {
  return i18n._('{count, plural, other {# on the waitlist}}', { count });
}

/** '1 volunteer', '3 volunteers'. */
export function volunteerCountText(i18n: I18n, count: number): string {
  return i18n._('{count, plural, one {# volunteer} other {# volunteers}}', { count });
}

/** An event is past once its date is now or earlier. */
export function eventHasPassed(eventDate: Date, now: Date = new Date()): boolean {
  return eventDate.getTime() <= now.getTime();
}

/**
 * API.md "Signups close when the slot starts": once its start time has passed, or for a slot
 * without one, its sheet's event date. The server has the last word (409 on a late signup).
 */
export function signupsClosed(slot: { startTime: Date | null }, eventDate: Date, now: Date = new Date()): boolean {
  return eventHasPassed(slot.startTime ?? eventDate, now);
}

/** Filled and open spots over all slots of a sheet. */
export function spotCounts(slots: readonly CountedSlot[]): { filled: number; open: number } {
  let filled = 0;
  let open = 0;
  for (const slot of slots) {
    filled += slot.currentVolunteers;
    open += Math.max(0, slot.maxVolunteers - slot.currentVolunteers);
  }
  return { filled, open };
}

export const homeSheetLimit = 4;
export const cardSlotLimit = 3;

/** Sheets whose event is later than `now`, soonest first, at most `limit` of them. */
export function upcomingSheets<T extends { eventDate: Date }>(
  sheets: readonly T[],
  now: Date = new Date(),
  limit: number = homeSheetLimit,
): T[] {
  return sheets
    .filter((s) => s.eventDate.getTime() > now.getTime())
    .sort((a, b) => a.eventDate.getTime() - b.eventDate.getTime())
    .slice(0, limit);
}

/** The first slots a card shows (in slot order) and how many more there are. */
export function previewSlots<T extends TimedSlot>(
  slots: readonly T[],
  limit: number = cardSlotLimit,
): { shown: T[]; more: number } {
  const sorted = sortSlots(slots);
  return { shown: sorted.slice(0, limit), more: Math.max(0, sorted.length - limit) };
}

const hourMs = 60 * 60 * 1000;

interface SlotTimes {
  startTime: Date | null;
  endTime: Date | null;
}

/**
 * Where a new slot's times start, so that an organizer adjusts them rather than typing two
 * date-times: right after `previous` (the slot just added in the same dialog) and as long, or
 * an hour when it had no start; without one, at the sheet's event date and time, an hour long.
 * Both null when there is neither.
 */
export function newSlotTimes(eventDate: Date | undefined, previous?: SlotTimes | null): SlotTimes {
  const start = previous?.endTime ?? eventDate ?? null;
  if (start === null) return { startTime: null, endTime: null };
  const previousLength =
    previous?.startTime && previous.endTime ? previous.endTime.getTime() - previous.startTime.getTime() : 0;
  const length = previousLength > 0 ? previousLength : hourMs;
  return { startTime: start, endTime: new Date(start.getTime() + length) };
}
