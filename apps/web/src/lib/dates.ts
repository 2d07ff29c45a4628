import {
  addDays,
  defaultLanguage,
  instantAt,
  type Language,
  monthNames,
  type SchoolClock,
  type WallTimeParts,
  wallTimeAt,
  weekdayNames,
  writeDateTime,
  writeWallTime,
} from '@pac/validators/page-data';

/*
 * Dates as en-US's Intl.DateTimeFormat writes them ('Saturday, May 3, 2031', '6:00 PM', 'Sat, May 3'),
 * on the school's clock (SCHOOL_TIMEZONE), whatever the browser's own zone: API.md "The school's
 * clock". Read from the clock the server sends with every page rather than from Intl with a
 * timeZone, so that a browser with older time-zone data still shows the school's time and the
 * server's rendering and the browser's write the same text. Written out here, too, because a page's
 * first Intl.DateTimeFormat loads the browser's locale data, which holds up the first render of
 * every page that shows a date by 10 to 25 ms (four times that on a slow phone). dates.test.ts
 * checks these against Intl's own output in the school's zone.
 */

let clock: SchoolClock | null = null;

/**
 * Sets the clock every date is read on: once before the first render (main.tsx, from the page's
 * data), for each server rendering (entry-server.tsx), and in the tests' setup.
 */
export function setSchoolClock(next: SchoolClock): void {
  clock = next;
}

function schoolClock(): SchoolClock {
  // A date read before the clock is set would be read on some other clock: better to fail loudly.
  if (clock === null) throw new Error("The school's clock is not set (main.tsx sets it before rendering)");
  return clock;
}

/** The date itself; a RangeError for an invalid one, as Intl gives. */
function valid(date: Date): Date {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

/** The school's wall clock at the date. */
function wallTime(date: Date): WallTimeParts {
  return wallTimeAt(schoolClock(), valid(date));
}

/** The date's parts on the school's clock, named. */
function parts(date: Date) {
  const wall = wallTime(date);
  return {
    weekday: weekdayNames[wall.weekday] ?? '',
    month: monthNames[wall.month - 1] ?? '',
    day: wall.day,
    year: wall.year,
  };
}

/** The date as `language` writes it (Intl, every language but English), on the school's clock. */
function intlWrite(date: Date, language: Language, options: Intl.DateTimeFormatOptions): string {
  return writeWallTime(wallTime(date), language, options);
}

const shortDate: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };
const longDate: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };
const shortTime: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** 'Sat, May 3' */
function formatShortDate(date: Date, language: Language): string {
  if (language !== defaultLanguage) return intlWrite(date, language, shortDate);
  const { weekday, month, day } = parts(date);
  return `${weekday.slice(0, 3)}, ${month.slice(0, 3)} ${day}`;
}

/** Whether two dates fall on the same day on the school's clock. */
export function sameSchoolDay(a: Date, b: Date): boolean {
  const x = wallTime(a);
  const y = wallTime(b);
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

/** The year on the school's clock. */
export function schoolYear(date: Date): number {
  return wallTime(date).year;
}

/** `date` moved by `days` calendar days on the school's clock: the same wall time, across a change of offset too. */
export function addSchoolDays(date: Date, days: number): Date {
  return addDays(schoolClock(), valid(date), days);
}

/** 'Saturday, May 3, 2031' (in English; each language its own way) */
export function formatDate(date: Date, language: Language = defaultLanguage): string {
  if (language !== defaultLanguage) return intlWrite(date, language, longDate);
  const { weekday, month, day, year } = parts(date);
  return `${weekday}, ${month} ${day}, ${year}`;
}

/** '6:00 PM' */
export function formatTime(date: Date, language: Language = defaultLanguage): string {
  if (language !== defaultLanguage) return intlWrite(date, language, shortTime);
  const { hour, minute } = wallTime(date);
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'May 3, 6:00 PM' */
export function formatMonthDayTime(date: Date, language: Language = defaultLanguage): string {
  if (language !== defaultLanguage) return intlWrite(date, language, { month: 'short', day: 'numeric', ...shortTime });
  const { month, day } = parts(date);
  return `${month.slice(0, 3)} ${day}, ${formatTime(date)}`;
}

/** 'Saturday, May 3, 2031 at 6:00 PM', as the server writes it too (a shared sheet's description). */
export function formatDateTime(date: Date, language: Language = defaultLanguage): string {
  if (language !== defaultLanguage) return intlWrite(date, language, { dateStyle: 'full', timeStyle: 'short' });
  return writeDateTime(wallTime(date));
}

/**
 * A slot's time range, or null when it has no start time:
 * 'Sat, May 3 · 9:00 AM – 11:00 AM', 'Sat, May 3 · 9:00 PM – Sun, May 4 · 1:00 AM', 'Sat, May 3 · 9:00 AM'.
 */
export function formatTimeRange(
  start: Date | null,
  end: Date | null,
  language: Language = defaultLanguage,
): string | null {
  if (!start) return null;
  const from = `${formatShortDate(start, language)} · ${formatTime(start, language)}`;
  if (!end) return from;
  const to = sameSchoolDay(start, end)
    ? formatTime(end, language)
    : `${formatShortDate(end, language)} · ${formatTime(end, language)}`;
  return `${from} – ${to}`;
}

/**
 * When a slot happens, for a parent deciding to sign up: 'Saturday, May 3, 2031 · 9:00 AM – 11:00 AM'
 * (the end's date too when it is another day), or the sheet's event date and time for a slot
 * without a start time.
 */
export function formatSlotWhen(
  start: Date | null,
  end: Date | null,
  eventDate: Date,
  language: Language = defaultLanguage,
): string {
  if (!start) return formatDateTime(eventDate, language);
  const from = `${formatDate(start, language)} · ${formatTime(start, language)}`;
  if (!end) return from;
  const to = sameSchoolDay(start, end)
    ? formatTime(end, language)
    : `${formatDate(end, language)} · ${formatTime(end, language)}`;
  return `${from} – ${to}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The value of an `<input type="datetime-local">` for a date: its wall time on the school's clock,
 * to the minute ('2031-05-03T18:00'); '' for none.
 */
export function toDateTimeLocal(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  const { year, month, day, hour, minute } = wallTime(date);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

const dateTimeLocal = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * A datetime-local value ('2031-05-03T18:00', seconds optional) read on the school's clock, or null
 * when empty or not a date. A time the clocks skip moves on by the gap, one they show twice is its first.
 */
export function fromDateTimeLocal(value: string): Date | null {
  const match = dateTimeLocal.exec(value.trim());
  if (!match) return null;
  const [, year = '', month = '', day = '', hour = '', minute = '', second = '0', fraction = '0'] = match;
  const wall = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
  };
  // No rolling over: 2031-02-30 or 25:00 is not a date, and the input never gives one.
  const asUtc = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  if (asUtc.getUTCMonth() !== wall.month - 1 || asUtc.getUTCDate() !== wall.day) return null;
  if (wall.hour > 23 || wall.minute > 59 || Number(second) > 59) return null;
  const milliseconds = Number(second) * 1000 + Number(fraction.padEnd(3, '0'));
  return new Date(instantAt(schoolClock(), wall).getTime() + milliseconds);
}

/**
 * The date formatters in the page's language (English's own, the others' through Intl), for
 * components: `const dates = useDates(); dates.formatDate(sheet.date)`.
 */
export function datesIn(language: Language) {
  return {
    formatDate: (date: Date) => formatDate(date, language),
    formatTime: (date: Date) => formatTime(date, language),
    formatMonthDayTime: (date: Date) => formatMonthDayTime(date, language),
    formatDateTime: (date: Date) => formatDateTime(date, language),
    formatTimeRange: (start: Date | null, end: Date | null) => formatTimeRange(start, end, language),
    formatSlotWhen: (start: Date | null, end: Date | null, eventDate: Date) =>
      formatSlotWhen(start, end, eventDate, language),
  };
}

export type Dates = ReturnType<typeof datesIn>;

const datesByLanguage = new Map<Language, Dates>();

/** The same formatters for a language, made once. */
export function cachedDatesIn(language: Language): Dates {
  let dates = datesByLanguage.get(language);
  if (!dates) {
    dates = datesIn(language);
    datesByLanguage.set(language, dates);
  }
  return dates;
}
