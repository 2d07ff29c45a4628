const locale = 'en-US';

const dateFormat = new Intl.DateTimeFormat(locale, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
const shortDateFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric' });

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** 'Saturday, May 3, 2031' */
export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

/** '6:00 PM' */
export function formatTime(date: Date): string {
  return timeFormat.format(date);
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
  const from = `${shortDateFormat.format(start)} · ${formatTime(start)}`;
  if (!end) return from;
  const to = sameDay(start, end) ? formatTime(end) : `${shortDateFormat.format(end)} · ${formatTime(end)}`;
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
