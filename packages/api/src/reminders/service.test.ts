import { describe, expect, it } from 'vitest';
import { dueReminderType as dueIn } from './service';
import { instantAt } from '../lib/schoolTime';

// The server may run in any zone; the school's is what counts.
const zone = 'America/Vancouver';
const at = (y: number, mo: number, d: number, h: number, mi = 0) =>
  instantAt({ year: y, month: mo, day: d, hour: h, minute: mi }, zone);
const dueReminderType = (start: Date, now: Date) => dueIn(start, now, zone);

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

describe('dueReminderType across a daylight-saving change', () => {
  // Sunday 8 March 2026: Vancouver springs forward at 02:00. A 10:00 slot's day-of reminder is due
  // from 06:00 PDT (13:00 UTC), not 06:00 UTC or 06:00 PST.
  const start = at(2026, 3, 8, 10);

  it('is due from 6 in the morning on the school clock, on the day the clocks change', () => {
    expect(dueReminderType(start, new Date('2026-03-08T12:59:00Z'))).toBeNull();
    expect(dueReminderType(start, new Date('2026-03-08T13:00:00Z'))).toBe('hour');
    expect(dueReminderType(start, new Date('2026-03-08T06:00:00Z'))).toBe('day');
  });

  it('is not confused by the server zone: 06:00 UTC is still the evening before in Vancouver', () => {
    const saturdayEvening = new Date('2026-03-08T06:30:00Z');
    expect(dueIn(start, saturdayEvening, 'UTC')).toBe('hour');
    expect(dueIn(start, saturdayEvening, zone)).toBe('day');
  });
});
