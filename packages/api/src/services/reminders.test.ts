import { describe, expect, it } from 'vitest';
import { dueReminderType } from './reminders';

const at = (y: number, mo: number, d: number, h: number, mi = 0) => new Date(y, mo - 1, d, h, mi);

describe('dueReminderType', () => {
  const start = at(2030, 6, 15, 10); // Saturday 10:00

  it('is week between 6 and 7 days ahead', () => {
    expect(dueReminderType(start, at(2030, 6, 8, 10))).toBe('week');
    expect(dueReminderType(start, at(2030, 6, 8, 20))).toBe('week');
    expect(dueReminderType(start, at(2030, 6, 8, 9, 59))).toBeNull();
    expect(dueReminderType(start, at(2030, 6, 9, 10, 1))).toBeNull();
  });

  it('is day on the day before, within 24 hours', () => {
    expect(dueReminderType(start, at(2030, 6, 14, 10, 1))).toBe('day');
    expect(dueReminderType(start, at(2030, 6, 14, 23, 59))).toBe('day');
    expect(dueReminderType(start, at(2030, 6, 14, 9))).toBeNull();
  });

  it('is day-of (hour) from 6 in the morning of the event until it starts', () => {
    expect(dueReminderType(start, at(2030, 6, 15, 5, 59))).toBeNull();
    expect(dueReminderType(start, at(2030, 6, 15, 6))).toBe('hour');
    expect(dueReminderType(start, at(2030, 6, 15, 9, 59))).toBe('hour');
    expect(dueReminderType(start, at(2030, 6, 15, 10))).toBeNull();
  });

  it('is nothing in between, or after the start', () => {
    expect(dueReminderType(start, at(2030, 6, 11, 12))).toBeNull();
    expect(dueReminderType(start, at(2030, 6, 16, 12))).toBeNull();
  });
});
