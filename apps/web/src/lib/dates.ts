/*
 * Dates as en-US's Intl.DateTimeFormat writes them ('Saturday, May 3, 2031', '6:00 PM', 'Sat, May 3'),
 * written out here: a page's first Intl.DateTimeFormat loads the browser's locale data, which holds
 * up the first render of every page that shows a date by 10 to 25 ms (four times that on a slow
 * phone). dates.test.ts checks these against Intl's own output.
 */
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = [
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
];

/** The date itself; a RangeError for an invalid one, as Intl gives. */
function valid(date: Date): Date {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

/** The date's parts in local time. */
function parts(date: Date) {
  valid(date);
  return {
    weekday: weekdays[date.getDay()] ?? '',
    month: months[date.getMonth()] ?? '',
    day: date.getDate(),
    year: date.getFullYear(),
  };
}

/** 'Sat, May 3' */
function formatShortDate(date: Date): string {
  const { weekday, month, day } = parts(date);
  return `${weekday.slice(0, 3)}, ${month.slice(0, 3)} ${day}`;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** 'Saturday, May 3, 2031' */
export function formatDate(date: Date): string {
  const { weekday, month, day, year } = parts(date);
  return `${weekday}, ${month} ${day}, ${year}`;
}

/** '6:00 PM' */
export function formatTime(date: Date): string {
  const hours = valid(date).getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'Saturday, May 3, 2031 at 6:00 PM' */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} at ${formatTime(date)}`;
}

/**
 * A slot's time range, or null when it has no start time:
 * 'Sat, May 3 · 9:00 AM – 11:00 AM', 'Sat, May 3 · 9:00 PM – Sun, May 4 · 1:00 AM', 'Sat, May 3 · 9:00 AM'.
 */
export function formatTimeRange(start: Date | null, end: Date | null): string | null {
  if (!start) return null;
  const from = `${formatShortDate(start)} · ${formatTime(start)}`;
  if (!end) return from;
  const to = sameDay(start, end) ? formatTime(end) : `${formatShortDate(end)} · ${formatTime(end)}`;
  return `${from} – ${to}`;
}

/**
 * When a slot happens, for a parent deciding to sign up: 'Saturday, May 3, 2031 · 9:00 AM – 11:00 AM'
 * (the end's date too when it is another day), or the sheet's event date and time for a slot
 * without a start time.
 */
export function formatSlotWhen(start: Date | null, end: Date | null, eventDate: Date): string {
  if (!start) return formatDateTime(eventDate);
  const from = `${formatDate(start)} · ${formatTime(start)}`;
  if (!end) return from;
  return `${from} – ${sameDay(start, end) ? formatTime(end) : `${formatDate(end)} · ${formatTime(end)}`}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of an `<input type="datetime-local">` for a date, in local time to the minute; '' for none. */
export function toDateTimeLocal(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
