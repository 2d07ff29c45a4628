import { describe, expect, it } from 'vitest';
import { formatHours, historyStatus, orderHistory, slotHours } from './profile';

describe('historyStatus', () => {
  const now = new Date('2031-05-03T12:00:00Z');

  it('is Upcoming for an event later than now', () => {
    expect(historyStatus(new Date('2031-05-03T12:00:01Z'), now)).toBe('Upcoming');
    expect(historyStatus(new Date('2032-01-01T00:00:00Z'), now)).toBe('Upcoming');
  });

  it('is Completed for an event now or earlier', () => {
    expect(historyStatus(new Date('2031-05-03T12:00:00Z'), now)).toBe('Completed');
    expect(historyStatus(new Date('2020-01-01T00:00:00Z'), now)).toBe('Completed');
  });
});

describe('slotHours', () => {
  it('is end minus start in hours', () => {
    expect(slotHours({ startTime: new Date('2031-05-03T09:00:00Z'), endTime: new Date('2031-05-03T11:30:00Z') })).toBe(
      2.5,
    );
  });

  it('is 0 without both times or when the end is before the start', () => {
    expect(slotHours({ startTime: new Date('2031-05-03T09:00:00Z'), endTime: null })).toBe(0);
    expect(slotHours({ startTime: null, endTime: new Date('2031-05-03T09:00:00Z') })).toBe(0);
    expect(slotHours({ startTime: new Date('2031-05-03T11:00:00Z'), endTime: new Date('2031-05-03T09:00:00Z') })).toBe(
      0,
    );
  });
});

describe('formatHours', () => {
  it.each([
    [2.5, '2.5'],
    [3, '3.0'],
    [0, '0.0'],
    [1.25, '1.3'],
    [10 / 3, '3.3'],
    [Number.NaN, '0.0'],
  ])('shows %s hours as %s', (hours, shown) => {
    expect(formatHours(hours)).toBe(shown);
  });
});

describe('orderHistory', () => {
  const now = new Date('2031-05-03T12:00:00Z');
  const entry = (id: number, eventDate: string, startTime: string | null = null) => ({
    id,
    slot: { startTime: startTime === null ? null : new Date(startTime) },
    signupSheet: { eventDate: new Date(eventDate) },
  });

  it('puts upcoming entries first, soonest first, then past ones, latest first', () => {
    const entries = [
      entry(1, '2031-01-10T10:00:00Z'), // past, older
      entry(2, '2031-06-01T10:00:00Z'), // upcoming, later
      entry(3, '2031-04-20T10:00:00Z'), // past, latest
      entry(4, '2031-05-10T10:00:00Z'), // upcoming, soonest
      entry(5, '2031-05-20T10:00:00Z'), // upcoming, middle
    ];
    expect(orderHistory(entries, now).map((e) => e.id)).toEqual([4, 5, 2, 3, 1]);
    expect(entries.map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it("dates an entry by its slot's start, and ties by id", () => {
    const entries = [
      entry(1, '2031-06-01T18:00:00Z', '2031-06-01T15:00:00Z'),
      entry(2, '2031-06-01T18:00:00Z', '2031-06-01T09:00:00Z'),
      entry(3, '2031-06-01T18:00:00Z'),
      entry(4, '2031-06-01T18:00:00Z'),
    ];
    expect(orderHistory(entries, now).map((e) => e.id)).toEqual([2, 1, 3, 4]);
  });

  it('counts an entry as upcoming by its event date, as its badge does', () => {
    // The slot started before now, but the event is still ahead: upcoming.
    const entries = [entry(1, '2031-04-01T10:00:00Z'), entry(2, '2031-05-03T18:00:00Z', '2031-05-03T11:00:00Z')];
    expect(orderHistory(entries, now).map((e) => e.id)).toEqual([2, 1]);
  });
});
