import { schoolClockOf } from '@pac/validators/page-data';
import { afterEach, describe, expect, it } from 'vitest';
import { schoolDate, testSchoolClock, testSchoolZone } from '../../test/schoolTime';
import {
  addSchoolDays,
  formatDate,
  formatDateTime,
  formatMonthDayTime,
  formatSlotWhen,
  formatTime,
  formatTimeRange,
  fromDateTimeLocal,
  sameSchoolDay,
  schoolYear,
  setSchoolClock,
  toDateTimeLocal,
} from './dates';

// The tests run in Asia/Tokyo and read on a Vancouver school's clock (test/schoolTime.ts).

describe("the school's clock, not the browser's", () => {
  afterEach(() => setSchoolClock(testSchoolClock));

  it('reads a Vancouver shift at 23:00 UTC on 10 December 2026 as 4:00 PM (UTC−7 for good from 2026)', () => {
    expect(new Date('2026-12-10T23:00:00Z').getHours()).toBe(8); // the next morning in Tokyo
    const shift = new Date('2026-12-10T23:00:00Z');
    expect(formatDateTime(shift)).toBe('Thursday, December 10, 2026 at 4:00 PM');
    expect(formatTimeRange(shift, new Date('2026-12-11T01:00:00Z'))).toBe('Thu, Dec 10 · 4:00 PM – 6:00 PM');
    expect(formatMonthDayTime(shift)).toBe('Dec 10, 4:00 PM');
    expect(toDateTimeLocal(shift)).toBe('2026-12-10T16:00');
    expect(fromDateTimeLocal('2026-12-10T16:00')?.toISOString()).toBe('2026-12-10T23:00:00.000Z');
  });

  it('reads on whichever clock is set: the same instant in Kolkata', () => {
    setSchoolClock(schoolClockOf('Asia/Kolkata'));
    expect(formatDateTime(new Date('2026-12-10T23:00:00Z'))).toBe('Friday, December 11, 2026 at 4:30 AM');
    expect(schoolYear(new Date('2026-12-31T19:00:00Z'))).toBe(2027);
  });

  it('moves a date by calendar days at the same wall time, across a change of offset', () => {
    // 5:00 PM PST on 1 March 2026; a week later Vancouver is on PDT.
    const moved = addSchoolDays(new Date('2026-03-02T01:00:00Z'), 7);
    expect(moved.toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(formatDateTime(moved)).toBe('Sunday, March 8, 2026 at 5:00 PM');
  });

  it('compares days on the school clock', () => {
    // 11:00 PM and 1:00 AM the next day in Vancouver: the same day in Tokyo, not at school.
    expect(sameSchoolDay(schoolDate(2031, 4, 3, 23, 0), schoolDate(2031, 4, 4, 1, 0))).toBe(false);
    expect(sameSchoolDay(schoolDate(2031, 4, 3, 0, 0), schoolDate(2031, 4, 3, 23, 59))).toBe(true);
  });
});

describe('toDateTimeLocal and fromDateTimeLocal', () => {
  it('give the school wall time to the minute, which reads back to the same minute', () => {
    const date = new Date(schoolDate(2031, 4, 3, 9, 5).getTime() + 42_000);
    const value = toDateTimeLocal(date);
    expect(value).toBe('2031-05-03T09:05');
    expect(fromDateTimeLocal(value)).toEqual(schoolDate(2031, 4, 3, 9, 5));
  });

  it('is empty for no date', () => {
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal(undefined)).toBe('');
    expect(toDateTimeLocal(new Date('nope'))).toBe('');
  });

  it('reads seconds when the input has them, and nothing that is not a date', () => {
    expect(fromDateTimeLocal('2031-05-03T09:05:30.25')).toEqual(
      new Date(schoolDate(2031, 4, 3, 9, 5).getTime() + 30_250),
    );
    for (const value of ['', '  ', 'nope', '2031-02-30T10:00', '2031-13-01T10:00', '2031-05-03T24:00', '2031-05-03']) {
      expect(fromDateTimeLocal(value)).toBeNull();
    }
  });

  it('moves a time the clocks skip on by the gap, and takes the first of one they show twice', () => {
    // Vancouver's last spring-forward (8 March 2026, 02:00 → 03:00) and fall-back (2 November 2025).
    expect(fromDateTimeLocal('2026-03-08T02:30')?.toISOString()).toBe('2026-03-08T10:30:00.000Z');
    expect(fromDateTimeLocal('2025-11-02T01:30')?.toISOString()).toBe('2025-11-02T08:30:00.000Z');
  });
});

describe('formatTimeRange', () => {
  it('is null without a start time', () => {
    expect(formatTimeRange(null, new Date())).toBeNull();
  });

  it('shows the end time alone when it is on the same day', () => {
    const range = formatTimeRange(schoolDate(2031, 4, 3, 9, 0), schoolDate(2031, 4, 3, 11, 30));
    expect(range).toBe('Sat, May 3 · 9:00 AM – 11:30 AM');
  });

  it('names both days when the slot runs past midnight', () => {
    const range = formatTimeRange(schoolDate(2031, 4, 3, 21, 0), schoolDate(2031, 4, 4, 1, 0));
    expect(range).toBe('Sat, May 3 · 9:00 PM – Sun, May 4 · 1:00 AM');
  });
});

describe('formatSlotWhen', () => {
  const eventDate = schoolDate(2031, 4, 3, 18, 0);

  it("names the slot's full date and its times", () => {
    expect(formatSlotWhen(schoolDate(2031, 4, 3, 9, 0), schoolDate(2031, 4, 3, 11, 30), eventDate)).toBe(
      'Saturday, May 3, 2031 · 9:00 AM – 11:30 AM',
    );
    expect(formatSlotWhen(schoolDate(2031, 4, 3, 9, 0), null, eventDate)).toBe('Saturday, May 3, 2031 · 9:00 AM');
  });

  it('names both days when the slot runs past midnight', () => {
    expect(formatSlotWhen(schoolDate(2031, 4, 3, 21, 0), schoolDate(2031, 4, 4, 1, 0), eventDate)).toBe(
      'Saturday, May 3, 2031 · 9:00 PM – Sunday, May 4, 2031 · 1:00 AM',
    );
  });

  it("falls back to the event's date and time for a slot without a time", () => {
    expect(formatSlotWhen(null, null, eventDate)).toBe('Saturday, May 3, 2031 at 6:00 PM');
  });
});

describe("the dates as Intl writes them for en-US in the school's zone", () => {
  const timeZone = testSchoolZone;
  // ICU versions differ on the space before AM/PM (U+0020 or U+202F); the app writes a plain one.
  const plain = (format: Intl.DateTimeFormat) => (date: Date) => format.format(date).replace(/\u202f/g, ' ');
  const intl = {
    date: plain(
      new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    ),
    time: plain(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })),
    short: plain(new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' })),
    when: plain(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    ),
  };

  it('writes every day of two years (two changes of offset each), and every minute of a day, the same', () => {
    for (let day = 0; day < 731; day++) {
      // 2025 and 2026: Vancouver's last changes of offset, and the first year on UTC−7 for good.
      const date = schoolDate(2025, 0, 1 + day, (day * 7) % 24, (day * 13) % 60);
      expect(formatDate(date)).toBe(intl.date(date));
      expect(formatTime(date)).toBe(intl.time(date));
      expect(formatMonthDayTime(date)).toBe(intl.when(date));
      const end = new Date(date.getTime() + 30 * 3_600_000);
      expect(formatTimeRange(date, end)).toBe(
        `${intl.short(date)} · ${intl.time(date)} – ${intl.short(end)} · ${intl.time(end)}`,
      );
    }
    for (let minute = 0; minute < 24 * 60; minute++) {
      const date = schoolDate(2031, 4, 3, 0, minute);
      expect(formatTime(date)).toBe(intl.time(date));
    }
  });

  it('refuses an invalid date as Intl does', () => {
    const invalid = new Date('nope');
    expect(() => intl.date(invalid)).toThrow(RangeError);
    expect(() => formatDate(invalid)).toThrow(RangeError);
    expect(() => formatTime(invalid)).toThrow(RangeError);
  });
});
