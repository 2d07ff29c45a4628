import { describe, expect, it } from 'vitest';
import { formatDate, formatSlotWhen, formatTime, formatTimeRange, toDateTimeLocal } from './dates';

describe('toDateTimeLocal', () => {
  it('gives the local date and time to the minute, which the input parses back to the same minute', () => {
    const date = new Date(2031, 4, 3, 9, 5, 42);
    const value = toDateTimeLocal(date);
    expect(value).toBe('2031-05-03T09:05');
    expect(new Date(value).getTime()).toBe(new Date(2031, 4, 3, 9, 5).getTime());
  });

  it('is empty for no date', () => {
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal(undefined)).toBe('');
    expect(toDateTimeLocal(new Date('nope'))).toBe('');
  });
});

describe('formatTimeRange', () => {
  it('is null without a start time', () => {
    expect(formatTimeRange(null, new Date())).toBeNull();
  });

  it('shows the end time alone when it is on the same day', () => {
    const range = formatTimeRange(new Date(2031, 4, 3, 9, 0), new Date(2031, 4, 3, 11, 30));
    expect(range).toBe('Sat, May 3 · 9:00 AM – 11:30 AM');
  });

  it('names both days when the slot runs past midnight', () => {
    const range = formatTimeRange(new Date(2031, 4, 3, 21, 0), new Date(2031, 4, 4, 1, 0));
    expect(range).toBe('Sat, May 3 · 9:00 PM – Sun, May 4 · 1:00 AM');
  });
});

describe('formatSlotWhen', () => {
  const eventDate = new Date(2031, 4, 3, 18, 0);

  it("names the slot's full date and its times", () => {
    expect(formatSlotWhen(new Date(2031, 4, 3, 9, 0), new Date(2031, 4, 3, 11, 30), eventDate)).toBe(
      'Saturday, May 3, 2031 · 9:00 AM – 11:30 AM',
    );
    expect(formatSlotWhen(new Date(2031, 4, 3, 9, 0), null, eventDate)).toBe('Saturday, May 3, 2031 · 9:00 AM');
  });

  it('names both days when the slot runs past midnight', () => {
    expect(formatSlotWhen(new Date(2031, 4, 3, 21, 0), new Date(2031, 4, 4, 1, 0), eventDate)).toBe(
      'Saturday, May 3, 2031 · 9:00 PM – Sunday, May 4, 2031 · 1:00 AM',
    );
  });

  it("falls back to the event's date and time for a slot without a time", () => {
    expect(formatSlotWhen(null, null, eventDate)).toBe('Saturday, May 3, 2031 at 6:00 PM');
  });
});

describe('the dates as Intl writes them for en-US', () => {
  const intl = {
    date: new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }),
    short: new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' }),
  };

  it('writes every day of two years, and every minute of a day, the same', () => {
    for (let day = 0; day < 731; day++) {
      const date = new Date(2030, 0, 1 + day, (day * 7) % 24, (day * 13) % 60);
      expect(formatDate(date)).toBe(intl.date.format(date));
      expect(formatTime(date)).toBe(intl.time.format(date));
      const end = new Date(date.getTime() + 30 * 3_600_000);
      expect(formatTimeRange(date, end)).toBe(
        `${intl.short.format(date)} · ${intl.time.format(date)} – ${intl.short.format(end)} · ${intl.time.format(end)}`,
      );
    }
    for (let minute = 0; minute < 24 * 60; minute++) {
      const date = new Date(2031, 4, 3, 0, minute);
      expect(formatTime(date)).toBe(intl.time.format(date));
    }
  });

  it('refuses an invalid date as Intl does', () => {
    const invalid = new Date('nope');
    expect(() => intl.date.format(invalid)).toThrow(RangeError);
    expect(() => formatDate(invalid)).toThrow(RangeError);
    expect(() => formatTime(invalid)).toThrow(RangeError);
  });
});
