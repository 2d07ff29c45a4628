/**
 * The school's clock. Servers run in UTC; a school does not. Every time the server writes or
 * schedules (emails, "the morning of the event", "this month", the CSV's local columns) is read in
 * SCHOOL_TIMEZONE through these helpers, never through Date's local-time methods, which follow the
 * server's zone.
 */

import { isMainThread } from 'node:worker_threads';
import {
  instantAt as clockInstantAt,
  type WallTime as ClockWallTime,
  defaultLanguage,
  type Language,
  type SchoolClock,
  schoolClockOf,
  wallTimeAt,
  writeDateTime,
  writeWallTime,
} from '@pac/validators';

/** A wall time on the school's clock, to the second. */
export interface WallTime extends ClockWallTime {
  second: number;
}

const clocks = new Map<string, SchoolClock>();

/**
 * The clock of `timeZone` as the web app reads it (@pac/validators schoolClock): its UTC offsets
 * from this runtime's time-zone data, computed on first use (some tens of milliseconds) and kept.
 * The server's emails, schedules and CSV read the same table as every page, so they agree to the
 * minute. A RangeError for a zone this runtime does not know.
 */
export function schoolClockFor(timeZone: string): SchoolClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
    clock = isMainThread
      ? withProcessZone(timeZone, () => schoolClockOf(timeZone, new Date(), zoneRuleOffset))
      : // A worker thread's process.env.TZ does not reach its Date: Intl reads the same data there.
        schoolClockOf(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The offset of the zone the process is set to (`withProcessZone`) at `at`, in minutes east of UTC. */
function zoneRuleOffset(at: number): number {
  // getTimezoneOffset counts minutes west; `0 - ` rather than `-` so that UTC is 0 and not -0.
  return 0 - new Date(at).getTimezoneOffset();
}

/**
 * Runs `read` with the process's zone set to `timeZone`, then puts the process's own back. Node's
 * Date reads the same time-zone data (its ICU's) as Intl, but only the zone's rules: a
 * DateTimeFormat would also load ICU's locale data for the date patterns, about 8 MB of the idle
 * server's memory that nothing else at start needs. Synchronous, so no other code runs meanwhile.
 */
function withProcessZone<T>(timeZone: string, read: () => T): T {
  const own = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    return read();
  } finally {
    if (own === undefined) delete process.env.TZ;
    else process.env.TZ = own;
  }
}

/** The IANA zones this runtime knows by their canonical names. */
let canonicalZones: Set<string> | null = null;

/** Whether `name` is an IANA time zone this Node knows (e.g. 'America/Vancouver', or an alias such as 'Canada/Pacific'). */
export function isTimeZone(name: string): boolean {
  canonicalZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (canonicalZones.has(name)) return true;
  // An alias or a differently cased name: only a DateTimeFormat knows those.
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const minuteMs = 60_000;

/** The wall-clock time in `timeZone` at this instant. */
export function wallTime(date: Date, timeZone: string): WallTime {
  const { year, month, day, hour, minute } = wallTimeAt(schoolClockFor(timeZone), date);
  // Offsets are whole minutes: the seconds are the instant's own.
  const second = Math.floor((((date.getTime() % minuteMs) + minuteMs) % minuteMs) / 1000);
  return { year, month, day, hour, minute, second };
}

/**
 * The instant at which the clocks in `timeZone` show this wall time. A time skipped by a
 * daylight-saving change (02:30 on the spring-forward night) maps to the instant just after the
 * gap; a repeated one (01:30 in the autumn) to its first occurrence.
 */
export function instantAt(w: Pick<WallTime, 'year' | 'month' | 'day'> & Partial<WallTime>, timeZone: string): Date {
  const { hour = 0, minute = 0, second = 0 } = w;
  const at = clockInstantAt(schoolClockFor(timeZone), { year: w.year, month: w.month, day: w.day, hour, minute });
  return new Date(at.getTime() + second * 1000);
}

/** Whether two instants fall on the same calendar day in `timeZone`. */
export function sameDay(a: Date, b: Date, timeZone: string): boolean {
  const x = wallTime(a, timeZone);
  const y = wallTime(b, timeZone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

/** The first instant of the calendar month containing `date`, and of the next month, in `timeZone`. */
export function monthBounds(date: Date, timeZone: string): { start: Date; end: Date } {
  const w = wallTime(date, timeZone);
  const next = w.month === 12 ? { year: w.year + 1, month: 1 } : { year: w.year, month: w.month + 1 };
  return {
    start: instantAt({ year: w.year, month: w.month, day: 1 }, timeZone),
    end: instantAt({ ...next, day: 1 }, timeZone),
  };
}

/**
 * 'Saturday, December 5, 2026 at 10:00 AM' in `timeZone`: the date and time as the pages write
 * them (@pac/validators writeDateTime), read on the same clock from this runtime's time-zone data.
 * In another language, as the web app writes it there (apps/web lib/dates formatDateTime): Intl's
 * full date and short time of the same wall time.
 */
export function schoolDateTime(date: Date, timeZone: string, language: Language = defaultLanguage): string {
  const wall = wallTimeAt(schoolClockFor(timeZone), date);
  if (language === defaultLanguage) return writeDateTime(wall);
  return writeWallTime(wall, language, { dateStyle: 'full', timeStyle: 'short' });
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** '2026-03-08' in `timeZone`: a date spreadsheets read as a date. */
export function localDate(date: Date, timeZone: string): string {
  const w = wallTime(date, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** '09:30' in `timeZone` (24-hour). */
export function localTime(date: Date, timeZone: string): string {
  const w = wallTime(date, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** The zone this process runs in: the default when SCHOOL_TIMEZONE is not set. */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
