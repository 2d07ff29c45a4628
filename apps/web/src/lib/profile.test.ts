import { describe, expect, it } from 'vitest';
import { formatHours, historyStatus, slotHours } from './profile';

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
