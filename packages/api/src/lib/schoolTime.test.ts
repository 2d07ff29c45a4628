import { intlOffsets, schoolClockOf } from '@pac/validators';
import { describe, expect, it } from 'vitest';
import {
  instantAt,
  isTimeZone,
  localDate,
  localTime,
  monthBounds,
  sameDay,
  schoolClockFor,
  wallTime,
} from './schoolTime';

const vancouver = 'America/Vancouver';

describe('school time', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('America/Vancouver')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    // Aliases, which the runtime's list of canonical zones leaves out.
    expect(isTimeZone('Canada/Pacific')).toBe(true);
    expect(isTimeZone('Asia/Calcutta')).toBe(true);
    expect(() => schoolClockFor('Mars/Olympus')).toThrow(RangeError);
  });

  it("reads the same offsets from the zone's rules as Intl's formatting does, and leaves the process's zone as it was", () => {
    const own = process.env.TZ;
    const before = new Date(Date.UTC(2026, 6, 1)).getTimezoneOffset();
    // Half-hour and 45-minute offsets, a 30-minute daylight saving (Lord Howe), Morocco's Ramadan
    // changes, Samoa's skipped day, Vancouver's move to UTC-7, and aliases.
    for (const zone of [
      'America/Vancouver',
      'Canada/Pacific',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Africa/Casablanca',
      'Pacific/Apia',
      'America/St_Johns',
      'Europe/London',
      'UTC',
    ]) {
      const intl = schoolClockOf(zone, new Date(), intlOffsets(zone));
      expect(schoolClockFor(zone), zone).toEqual(intl);
    }
    expect(process.env.TZ).toBe(own);
    expect(new Date(Date.UTC(2026, 6, 1)).getTimezoneOffset()).toBe(before);
  });

  it('reads the wall clock of the school, not of the server', () => {
    // 18:00 UTC on 1 June is 11:00 in Vancouver (PDT, UTC-7).
    expect(wallTime(new Date('2026-06-01T18:00:00Z'), vancouver)).toEqual({
      year: 2026,
      month: 6,
      day: 1,
      hour: 11,
      minute: 0,
      second: 0,
    });
    // 03:00 UTC on 2 June is still 1 June, 20:00, in Vancouver.
    expect(localDate(new Date('2026-06-02T03:00:00Z'), vancouver)).toBe('2026-06-01');
    expect(localTime(new Date('2026-06-02T03:00:00Z'), vancouver)).toBe('20:00');
  });

  it('maps a wall time to its instant on both sides of a daylight-saving change', () => {
    // Spring forward on 8 March 2026: 06:00 is PDT (UTC-7); the day before, 06:00 was PST (UTC-8).
    expect(instantAt({ year: 2026, month: 3, day: 8, hour: 6 }, vancouver).toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(instantAt({ year: 2026, month: 3, day: 7, hour: 6 }, vancouver).toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
    // 02:30 does not exist that night: the instant just after the gap (03:30 PDT).
    expect(instantAt({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, vancouver).toISOString()).toBe(
      '2026-03-08T10:30:00.000Z',
    );
    // Fall back on 1 November 2026: 01:30 happens twice; the first (PDT) is chosen.
    expect(instantAt({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, vancouver).toISOString()).toBe(
      '2026-11-01T08:30:00.000Z',
    );
  });

  it("tells calendar days and months in the school's zone", () => {
    expect(sameDay(new Date('2026-06-01T06:59:00Z'), new Date('2026-06-01T07:00:00Z'), vancouver)).toBe(false);
    expect(sameDay(new Date('2026-06-01T07:00:00Z'), new Date('2026-06-02T06:59:00Z'), vancouver)).toBe(true);
    const { start, end } = monthBounds(new Date('2026-03-01T05:00:00Z'), vancouver);
    // 05:00 UTC on 1 March is still February in Vancouver.
    expect(start.toISOString()).toBe('2026-02-01T08:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-01T08:00:00.000Z');
    // British Columbia stays on UTC-7 from November 2026 (tz data 2026a and later): January
    // starts at 07:00 UTC, not at 08:00 as it did under standard time.
    const december = monthBounds(new Date('2026-12-15T12:00:00Z'), vancouver);
    expect(december.end.toISOString()).toBe('2027-01-01T07:00:00.000Z');
  });

  it("knows British Columbia's permanent UTC-7 (the runtime's tz data is 2026a or later)", () => {
    // Node 20's tz data (2025c) would put this winter shift at 3:00 PM (PST, UTC-8).
    expect(localTime(new Date('2026-12-10T23:00:00Z'), vancouver)).toBe('16:00');
    expect(instantAt({ year: 2027, month: 1, day: 15, hour: 16 }, vancouver).toISOString()).toBe(
      '2027-01-15T23:00:00.000Z',
    );
    // Summer time before the change is untouched.
    expect(localTime(new Date('2026-07-10T23:00:00Z'), vancouver)).toBe('16:00');
    expect(localTime(new Date('2025-12-10T23:00:00Z'), vancouver)).toBe('15:00');
  });
});
