import type { I18n } from '@lingui/core';
import { maxBatchSlots, slotBatchMessages } from '@pac/validators';
import type { Language, WallTime } from '@pac/validators/page-data';
import { catalogText } from '../../../lib/catalogText';
import { formatTime, fromDateTimeLocal } from '../../../lib/dates';

/** A run of slots as the generator's fields give it. */
export interface SlotRunTimes {
  /** The day, as `<input type="date">` gives it ('2031-05-03'), on the school's clock. */
  day: string;
  /** The first slot's start, as `<input type="time">` gives it ('08:00'). */
  from: string;
  /** No slot ends after this ('12:00'). */
  to: string;
  /** Each slot's length and the step between starts, in minutes. */
  everyMinutes: number | string;
}

/** The generator's fields a run's problem is shown on. */
export type SlotRunField = keyof SlotRunTimes;

export interface SlotRunSlot {
  startTime: Date;
  endTime: Date;
}

/** The slots of a run, or why there are none: one message per field. */
export type SlotRun =
  { slots: SlotRunSlot[]; errors: null } | { slots: []; errors: Partial<Record<SlotRunField, string>> };

/** The run's problems, as catalog messages (`noSlotFits` takes `{ minutes }`). */
export const slotRunMessages = {
  dayRequired: /*i18n*/ 'Day is required',
  fromRequired: /*i18n*/ 'From is required',
  toRequired: /*i18n*/ 'To is required',
  toAfterFrom: /*i18n*/ 'To must be after From',
  everyMinutes: /*i18n*/ 'Every must be a whole number of minutes, at least 1',
  noSlotFits: /*i18n*/ 'No {minutes}-minute slot fits between From and To',
  tooManySlots: slotBatchMessages.tooManySlots,
} as const;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** '2031-05-03' as a calendar day, or null when it is not one. */
function readDay(value: string): Pick<WallTime, 'year' | 'month' | 'day'> | null {
  const match = dayPattern.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** '08:30' as minutes after midnight, or null when it is not a time. */
function readTime(value: string): number | null {
  const match = timePattern.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour > 23 || minute > 59 ? null : hour * 60 + minute;
}

function readMinutes(value: number | string): number | null {
  const minutes = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(minutes) && minutes >= 1 ? minutes : null;
}

/**
 * The slots of a run: from `from`, one every `everyMinutes`, each that long, the last ending at or
 * before `to`, all on `day`. Each start and end is a wall time on the school's clock read as an
 * instant by `instantOf` (the app's: `onSchoolClock`), so 8:00 stays 8:00 on the day the clocks
 * change. A wall time the clocks skip (2:30 on a spring-forward night) is read as `instantOf` reads
 * it (an hour on), and no slot then starts before the previous one ends: slots wholly inside the
 * gap are left out and the one across it keeps its length in real time. One the clocks show twice
 * is its first. At most `maxBatchSlots` (100) slots; otherwise, or for a To not after From, an
 * interval under a minute or one no slot fits, the message (in `i18n`'s language) is on the field to change.
 */
export function generateSlotRun(i18n: I18n, times: SlotRunTimes, instantOf: (wall: WallTime) => Date): SlotRun {
  const errors: Partial<Record<SlotRunField, string>> = {};
  const day = readDay(times.day);
  const from = readTime(times.from);
  const to = readTime(times.to);
  const every = readMinutes(times.everyMinutes);
  if (day === null) errors.day = i18n._(slotRunMessages.dayRequired);
  if (from === null) errors.from = i18n._(slotRunMessages.fromRequired);
  if (to === null) errors.to = i18n._(slotRunMessages.toRequired);
  else if (from !== null && to <= from) errors.to = i18n._(slotRunMessages.toAfterFrom);
  if (every === null) errors.everyMinutes = i18n._(slotRunMessages.everyMinutes);
  if (day === null || from === null || to === null || every === null || errors.to !== undefined) {
    return { slots: [], errors };
  }

  const count = Math.floor((to - from) / every);
  if (count === 0) {
    return { slots: [], errors: { everyMinutes: i18n._(slotRunMessages.noSlotFits, { minutes: every }) } };
  }
  // A day has 1440 minutes: at most 1440 boundaries, whatever the interval.
  const boundaries = Array.from({ length: count + 1 }, (_, i) => {
    const minutes = from + i * every;
    return instantOf({ ...day, hour: Math.floor(minutes / 60), minute: minutes % 60 }).getTime();
  });
  // A skipped wall time lands after the gap, past later boundaries: pull each back to the next.
  for (let i = boundaries.length - 2; i >= 0; i--) {
    boundaries[i] = Math.min(boundaries[i] ?? 0, boundaries[i + 1] ?? 0);
  }
  const slots: SlotRunSlot[] = [];
  for (let i = 0; i < count; i++) {
    const start = boundaries[i] ?? 0;
    const end = boundaries[i + 1] ?? 0;
    if (start < end) slots.push({ startTime: new Date(start), endTime: new Date(end) });
  }
  if (slots.length > maxBatchSlots) {
    return { slots: [], errors: { everyMinutes: catalogText(i18n, slotRunMessages.tooManySlots) } };
  }
  return { slots, errors: null };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A wall time on the school's clock (SCHOOL_TIMEZONE) as an instant, as the slot form reads its times. */
export function onSchoolClock(wall: WallTime): Date {
  const { year, month, day, hour, minute } = wall;
  const at = fromDateTimeLocal(`${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`);
  if (at === null) throw new RangeError(`Not a wall time: ${JSON.stringify(wall)}`);
  return at;
}

/** A slot's times on the school's clock, written in `language`: '8:00 AM–8:30 AM'. */
export function slotRunTimeText(slot: SlotRunSlot, language: Language): string {
  return `${formatTime(slot.startTime, language)}–${formatTime(slot.endTime, language)}`;
}

/**
 * The run in a sentence, for the preview (read out as it changes):
 * '8 slots: 8:00 AM–8:30 AM, 8:30 AM–9:00 AM, …, 11:30 AM–12:00 PM'; every slot up to 3.
 */
export function slotRunSummary(i18n: I18n, slots: readonly SlotRunSlot[], language: Language): string {
  const texts = slots.map((slot) => slotRunTimeText(slot, language));
  const shown = texts.length <= 3 ? texts : [texts[0], texts[1], '…', texts.at(-1)];
  return i18n._('{count, plural, one {# slot: {times}} other {# slots: {times}}}', {
    count: slots.length,
    times: shown.join(', '),
  });
}

/** The generator's save button: 'Add 8 slots', 'Add 1 slot' ('Add slots' before there is a run). */
export function addSlotsLabel(i18n: I18n, count: number): string {
  return i18n._('{count, plural, =0 {Add slots} one {Add # slot} other {Add # slots}}', { count });
}

/** The toast once a run is saved: 'Added 8 slots to Spring Fair.' */
export function addedSlotsText(i18n: I18n, count: number, sheetTitle: string): string {
  return i18n._('{count, plural, one {Added # slot to {sheet}.} other {Added # slots to {sheet}.}}', {
    count,
    sheet: sheetTitle,
  });
}
