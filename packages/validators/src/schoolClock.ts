/**
 * The school's clock, as data: SCHOOL_TIMEZONE's UTC offsets over time, computed once by the server
 * from its own time-zone data and sent with every page, so that the web app reads every time on the
 * school's wall clock, wherever the browser is and however old its own time-zone data (API.md "The
 * school's clock"). The server's rendering and the browser's first render read the same table, so
 * they write the same text. No Intl and no Date local-time methods here except in `schoolClockOf`:
 * the reading functions are plain arithmetic. Without zod, like page-data, which re-exports this.
 */

/** A zone's UTC offsets from 2000 to about 20 years ahead. */
export interface SchoolClock {
  /** The IANA zone, e.g. 'America/Vancouver'. */
  timeZone: string;
  /**
   * `[since, minutes]`, oldest first: from the instant `since` (epoch milliseconds) the zone is
   * `minutes` east of UTC (Vancouver in winter -480, Kolkata 330). The first entry also holds for
   * anything earlier, the last for everything later. Never empty.
   */
  offsets: [since: number, minutes: number][];
}

/** A time on the school's wall clock. */
export interface WallTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** A wall time with its day of the week. */
export interface WallTimeParts extends WallTime {
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** The zone's offset at `at` as this runtime's Intl has it: 'GMT-07:00', 'GMT+05:30', 'GMT'. */
function intlOffset(format: Intl.DateTimeFormat, at: number): number {
  const match = /GMT(?:([+-])(\d{1,2})(?::?(\d{2}))?)?/.exec(format.format(at));
  if (!match) throw new RangeError(`No UTC offset in ${format.format(at)}`);
  const [, sign, hours = '0', minutes = '0'] = match;
  const size = Number(hours) * 60 + Number(minutes);
  return sign === '-' ? -size : size;
}

/** A zone's UTC offset at an instant (epoch milliseconds), in minutes east of UTC. */
export type OffsetAt = (at: number) => number;

/**
 * The offsets of `timeZone` as this runtime's Intl has them. A RangeError for an unknown zone.
 * (The server reads the same time-zone data without Intl's date formatting: @pac/api lib/schoolTime.)
 */
export function intlOffsets(timeZone: string): OffsetAt {
  // 'longOffset' states the offset itself (about twice as fast as reading the wall time back).
  const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  return (at) => intlOffset(format, at);
}

/**
 * The clock of `timeZone` from this runtime's time-zone data (the server's: it is what the school
 * reads), from 2000 to 20 years after `now`. The offset is sampled daily and each change found to
 * the minute. Some tens of milliseconds: the server keeps the answer. A RangeError for an unknown zone.
 */
export function schoolClockOf(
  timeZone: string,
  now: Date = new Date(),
  offset: OffsetAt = intlOffsets(timeZone),
): SchoolClock {
  const from = Date.UTC(2000, 0, 1);
  const until = Date.UTC(now.getUTCFullYear() + 20, 0, 1);
  const offsets: [number, number][] = [[from, offset(from)]];
  let current = offset(from);
  for (let day = from; day < until; day += dayMs) {
    const next = offset(day + dayMs);
    let start = day;
    // Usually one change in a day; should a zone make two, each is found in turn.
    while (current !== next) {
      // The first minute in (start, day + dayMs] whose offset is not `current`.
      let low = start;
      let high = day + dayMs;
      while (high - low > minuteMs) {
        const middle = low + Math.floor((high - low) / 2 / minuteMs) * minuteMs;
        if (offset(middle) === current) low = middle;
        else high = middle;
      }
      current = offset(high);
      offsets.push([high, current]);
      start = high;
    }
  }
  return { timeZone, offsets };
}

/** The clock's offset at `at` (epoch milliseconds), in minutes east of UTC. */
export function offsetAt(clock: SchoolClock, at: number): number {
  const { offsets } = clock;
  // The last entry whose `since` is at or before `at` (the first when none is).
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((offsets[middle]?.[0] ?? Infinity) <= at) low = middle;
    else high = middle - 1;
  }
  return offsets[low]?.[1] ?? 0;
}

/** The school's wall clock at `date`. */
export function wallTimeAt(clock: SchoolClock, date: Date): WallTimeParts {
  // The wall time read as if it were UTC: UTC getters then give the school's fields.
  const local = new Date(date.getTime() + offsetAt(clock, date.getTime()) * minuteMs);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/**
 * The instant at which the school's clocks show `wall`. Fields past their range carry over
 * (day 32 is the next month's 1st). As Date does for local times (and Temporal's 'compatible'):
 * a time the clocks skip (02:30 on the spring-forward night) is read with the offset before the
 * change, so it lands as far past the gap (03:30); a time they show twice (01:30 in the autumn)
 * is its first occurrence.
 */
export function instantAt(clock: SchoolClock, wall: WallTime): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offsets in force around it; a wall time is one of at most two instants, one per offset.
  const before = offsetAt(clock, asUtc - dayMs);
  const after = offsetAt(clock, asUtc + dayMs);
  const candidates = [before, after]
    .map((minutes) => ({ minutes, at: asUtc - minutes * minuteMs }))
    .filter(({ minutes, at }) => offsetAt(clock, at) === minutes)
    .map(({ at }) => at);
  if (candidates.length === 0) return new Date(asUtc - before * minuteMs);
  return new Date(Math.min(...candidates));
}

/** `date` moved by `days` calendar days on the school's clock: the same wall time (across a change of offset too). */
export function addDays(clock: SchoolClock, date: Date, days: number): Date {
  const wall = wallTimeAt(clock, date);
  // Offsets are whole minutes: the seconds and milliseconds are the same on every clock.
  const withinMinute = ((date.getTime() % minuteMs) + minuteMs) % minuteMs;
  return new Date(instantAt(clock, { ...wall, day: wall.day + days }).getTime() + withinMinute);
}

/** The days of the week as en-US writes them, Sunday first (`WallTimeParts.weekday`). */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The months as en-US writes them, January first (`WallTime.month` - 1). */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * 'Saturday, May 3, 2031 at 6:00 PM': a wall time as en-US's Intl writes a full date and a short
 * time (with a plain space before AM/PM, where ICU puts a narrow no-break one). The web app's pages
 * (apps/web/src/lib/dates.ts) and the server's (a shared sheet's description) write it the same way.
 */
export function writeDateTime(wall: WallTimeParts): string {
  const weekday = weekdayNames[wall.weekday] ?? '';
  const month = monthNames[wall.month - 1] ?? '';
  const hour = wall.hour % 12 || 12;
  const minute = String(wall.minute).padStart(2, '0');
  return `${weekday}, ${month} ${wall.day}, ${wall.year} at ${hour}:${minute} ${wall.hour < 12 ? 'AM' : 'PM'}`;
}

const wallTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A wall time as `language` writes it with Intl's `options` (every language but English, whose
 * own writer is writeDateTime): the wall time is written as a UTC time and formatted in UTC, so that
 * neither the runtime's zone nor the age of its time-zone data moves it. One formatter per
 * language and options, made once.
 */
export function writeWallTime(wall: WallTimeParts, language: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = wallTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    wallTimeFormats.set(key, format);
  }
  return format.format(new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)));
}
