/**
 * The school's clock. Servers run in UTC; a school does not. Every time the server writes or
 * schedules (emails, "the morning of the event", "this month", the CSV's local columns) is read in
 * SCHOOL_TIMEZONE through these helpers, never through Date's local-time methods, which follow the
 * server's zone.
 */

export interface WallTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `name` is an IANA time zone this Node knows (e.g. 'America/Vancouver'). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time in `timeZone` at this instant. */
export function wallTime(date: Date, timeZone: string): WallTime {
  const out: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return {
    year: out.year ?? 0,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

function asUtc(w: WallTime): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/**
 * The instant at which the clocks in `timeZone` show this wall time. A time skipped by a
 * daylight-saving change (02:30 on the spring-forward night) maps to the instant just after the
 * gap; a repeated one (01:30 in the autumn) to its first occurrence.
 */
export function instantAt(w: Pick<WallTime, 'year' | 'month' | 'day'> & Partial<WallTime>, timeZone: string): Date {
  const wanted: WallTime = { hour: 0, minute: 0, second: 0, ...w };
  const target = asUtc(wanted);
  // Start from the wall time read as UTC and correct by the zone's offset there, twice (the offset
  // may differ on either side of a change).
  let guess = target;
  for (let i = 0; i < 3; i += 1) {
    const offset = asUtc(wallTime(new Date(guess), timeZone)) - guess;
    const next = target - offset;
    if (next === guess) break;
    guess = next;
  }
  // For a repeated hour prefer the earlier instant.
  const earlier = guess - 3_600_000;
  if (asUtc(wallTime(new Date(earlier), timeZone)) === target) guess = earlier;
  return new Date(guess);
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
