import { describe, expect, it } from 'vitest';
import { addDays, instantAt, offsetAt, schoolClockOf, type WallTime, wallTimeAt, writeDateTime } from './schoolClock';

const formats = new Map<string, Intl.DateTimeFormat>();

/** What Intl (this Node's time-zone data) says the wall clock of `timeZone` shows at `date`. */
function intlWallTime(timeZone: string, date: Date) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? ''),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const now = new Date('2026-11-26T12:00:00Z');
const zones = ['America/Vancouver', 'America/Toronto', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];
const clocks = new Map(zones.map((zone) => [zone, schoolClockOf(zone, now)]));
const clock = (zone: string) => {
  const found = clocks.get(zone);
  if (!found) throw new Error(`no clock for ${zone}`);
  return found;
};
const minuteMs = 60_000;

describe('schoolClockOf', () => {
  it.each(zones)('reads %s as Intl does, every 31 h 7 min from 2000 to 20 years ahead', (zone) => {
    const differences: string[] = [];
    for (let at = Date.UTC(2000, 0, 1); at < Date.UTC(2046, 0, 1); at += (31 * 60 + 7) * minuteMs) {
      const date = new Date(at);
      const read = JSON.stringify(wallTimeAt(clock(zone), date));
      const intl = JSON.stringify(intlWallTime(zone, date));
      if (read !== intl) differences.push(`${date.toISOString()}: ${read} ≠ ${intl}`);
    }
    expect(differences).toEqual([]);
  });

  it.each(zones)('finds each change of %s to the minute', (zone) => {
    const { offsets } = clock(zone);
    for (const [since] of offsets.slice(1)) {
      const before = new Date(since - minuteMs);
      const at = new Date(since);
      expect(wallTimeAt(clock(zone), before)).toEqual(intlWallTime(zone, before));
      expect(wallTimeAt(clock(zone), at)).toEqual(intlWallTime(zone, at));
      expect(offsetAt(clock(zone), since)).not.toBe(offsetAt(clock(zone), since - minuteMs));
    }
  });

  it('has Vancouver on UTC−7 for good from 2026 (tz data 2026 or newer): a shift at 23:00 UTC on 10 December is 4:00 PM', () => {
    const vancouver = clock('America/Vancouver');
    expect(wallTimeAt(vancouver, new Date('2026-12-10T23:00:00Z'))).toEqual({
      year: 2026,
      month: 12,
      day: 10,
      weekday: 4,
      hour: 16,
      minute: 0,
    });
    // The last change is the spring-forward of 2026; no autumn change follows it.
    expect(vancouver.offsets.at(-1)).toEqual([Date.UTC(2026, 2, 8, 10), -420]);
    expect(offsetAt(vancouver, Date.UTC(2040, 0, 1))).toBe(-420);
  });

  it('keeps the small zones small: one entry for a zone without changes', () => {
    expect(clock('Asia/Kolkata').offsets).toEqual([[Date.UTC(2000, 0, 1), 330]]);
    expect(clock('UTC').offsets).toEqual([[Date.UTC(2000, 0, 1), 0]]);
    // Toronto: two changes a year, to 20 years ahead.
    expect(clock('America/Toronto').offsets.length).toBeGreaterThan(90);
    expect(clock('America/Toronto').offsets.at(-1)?.[0]).toBeGreaterThan(Date.UTC(2045, 0, 1));
  });

  it('refuses a zone that does not exist', () => {
    expect(() => schoolClockOf('Vancouver')).toThrow(RangeError);
  });

  it('holds its first offset before 2000 and its last after the table', () => {
    expect(offsetAt(clock('America/Toronto'), Date.UTC(1990, 0, 1))).toBe(-300);
    expect(offsetAt(clock('Asia/Kolkata'), Date.UTC(2090, 0, 1))).toBe(330);
  });
});

describe('instantAt', () => {
  const wall = (year: number, month: number, day: number, hour: number, minute = 0): WallTime => ({
    year,
    month,
    day,
    hour,
    minute,
  });

  it.each(zones)('gives back every wall time of %s that exists, as Intl reads the instant', (zone) => {
    // Every 43 minutes through 2026 and 2027, and each minute of the hours around each change.
    const instants: number[] = [];
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 43 * minuteMs) instants.push(at);
    for (const [since] of clock(zone).offsets.slice(1)) {
      for (let at = since - 90 * minuteMs; at < since + 90 * minuteMs; at += minuteMs) instants.push(at);
    }
    const differences: string[] = [];
    for (const at of instants) {
      const shown = wallTimeAt(clock(zone), new Date(at));
      const instant = instantAt(clock(zone), shown);
      const intl = intlWallTime(zone, instant);
      // The same wall time, and for one shown twice the first instant showing it.
      const same = intl.year === shown.year && intl.month === shown.month && intl.day === shown.day;
      if (!same || intl.hour !== shown.hour || intl.minute !== shown.minute || instant.getTime() > at) {
        differences.push(`${new Date(at).toISOString()} → ${instant.toISOString()}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('reads a time the clocks skip with the offset before the change: as far past the gap', () => {
    // Toronto springs forward at 02:00 EST on 8 March 2026: 02:30 does not exist; 03:30 EDT.
    expect(instantAt(clock('America/Toronto'), wall(2026, 3, 8, 2, 30)).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // Vancouver's last spring-forward, on 8 March 2026.
    expect(instantAt(clock('America/Vancouver'), wall(2026, 3, 8, 2, 30)).toISOString()).toBe(
      '2026-03-08T10:30:00.000Z',
    );
    // Lord Howe moves 30 minutes, from 02:00 to 02:30 on 4 October 2026: 02:15 is 02:45 (UTC+11).
    expect(instantAt(clock('Australia/Lord_Howe'), wall(2026, 10, 4, 2, 15)).toISOString()).toBe(
      '2026-10-03T15:45:00.000Z',
    );
  });

  it('takes the first of a time the clocks show twice', () => {
    // Toronto falls back at 02:00 EDT on 1 November 2026: 01:30 comes first in EDT (UTC−4).
    expect(instantAt(clock('America/Toronto'), wall(2026, 11, 1, 1, 30)).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    // Vancouver's last fall-back, on 2 November 2025 (PDT, UTC−7, first).
    expect(instantAt(clock('America/Vancouver'), wall(2025, 11, 2, 1, 30)).toISOString()).toBe(
      '2025-11-02T08:30:00.000Z',
    );
    // Lord Howe goes back from 02:00 to 01:30 on 5 April 2026: 01:45 first at UTC+11.
    expect(instantAt(clock('Australia/Lord_Howe'), wall(2026, 4, 5, 1, 45)).toISOString()).toBe(
      '2026-04-04T14:45:00.000Z',
    );
  });

  it("has 1 November 2026 in Vancouver as an ordinary day (no fall-back), and Kolkata's half hour", () => {
    expect(instantAt(clock('America/Vancouver'), wall(2026, 11, 1, 1, 30)).toISOString()).toBe(
      '2026-11-01T08:30:00.000Z',
    );
    expect(instantAt(clock('America/Vancouver'), wall(2026, 12, 10, 16, 0)).toISOString()).toBe(
      '2026-12-10T23:00:00.000Z',
    );
    expect(instantAt(clock('Asia/Kolkata'), wall(2026, 12, 11, 4, 30)).toISOString()).toBe('2026-12-10T23:00:00.000Z');
    expect(instantAt(clock('UTC'), wall(2026, 12, 10, 23, 0)).toISOString()).toBe('2026-12-10T23:00:00.000Z');
  });

  it('carries fields past their range over, as Date.UTC does', () => {
    expect(instantAt(clock('UTC'), wall(2026, 12, 32, 9)).toISOString()).toBe('2027-01-01T09:00:00.000Z');
  });
});

describe('addDays', () => {
  it('keeps the wall time across a change of offset', () => {
    // 5:00 PM EST on 1 March 2026, a week later 5:00 PM EDT: an hour less in between.
    const toronto = clock('America/Toronto');
    const later = addDays(toronto, new Date('2026-03-01T22:00:00.000Z'), 7);
    expect(later.toISOString()).toBe('2026-03-08T21:00:00.000Z');
    expect(addDays(toronto, later, -7).toISOString()).toBe('2026-03-01T22:00:00.000Z');
  });

  it('keeps the seconds and milliseconds, and moves across months and years', () => {
    expect(addDays(clock('Asia/Kolkata'), new Date('2026-12-28T20:00:42.123Z'), 7).toISOString()).toBe(
      '2027-01-04T20:00:42.123Z',
    );
  });
});

describe('writeDateTime', () => {
  it("writes a date and time as en-US's Intl does (full date, short time), with a plain space before AM/PM", () => {
    for (const zone of ['America/Vancouver', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'])
      for (const iso of [
        '2026-12-05T17:00:00Z',
        '2026-11-01T08:30:00Z',
        '2027-01-01T02:30:00Z',
        '2031-05-03T12:05:00Z',
        '2030-02-28T23:59:00Z',
        '2028-07-04T00:00:00Z',
      ]) {
        const date = new Date(iso);
        const intl = new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'full', timeStyle: 'short' })
          .format(date)
          .replace(/\u202f/g, ' ');
        expect(writeDateTime(wallTimeAt(clock(zone), date)), `${iso} in ${zone}`).toBe(intl);
      }
    expect(writeDateTime(wallTimeAt(clock('America/Vancouver'), new Date('2026-12-05T17:00:00Z')))).toBe(
      'Saturday, December 5, 2026 at 10:00 AM',
    );
  });
});
