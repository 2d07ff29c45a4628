import { i18nFor } from '@pac/i18n/server';
import { describe, expect, it } from 'vitest';
import { schoolDate } from '../../../test/schoolTime';
import { orderSheetsForManagement, slotDayHint } from './dashboard';

const i18n = i18nFor('en');

describe('orderSheetsForManagement', () => {
  const now = schoolDate(2031, 4, 10, 12, 0);
  const sheet = (id: number, eventDate: Date) => ({ id, title: `Sheet ${id}`, eventDate });

  it('puts upcoming sheets first, soonest first, then past ones, latest first', () => {
    const sheets = [
      sheet(1, schoolDate(2031, 3, 1, 9, 0)), // past, oldest
      sheet(2, schoolDate(2031, 5, 1, 9, 0)), // upcoming, later
      sheet(3, schoolDate(2031, 4, 9, 9, 0)), // past, yesterday
      sheet(4, schoolDate(2031, 4, 11, 9, 0)), // upcoming, tomorrow
    ];
    expect(orderSheetsForManagement(sheets, now).map((s) => s.id)).toEqual([4, 2, 3, 1]);
    // A sorted copy: the list from the server is left as it was.
    expect(sheets.map((s) => s.id)).toEqual([1, 2, 3, 4]);
  });

  it('counts an event at this very moment as past (upcoming means later than now), and orders ties by id', () => {
    const sheets = [sheet(9, now), sheet(8, schoolDate(2031, 4, 12)), sheet(7, schoolDate(2031, 4, 12))];
    expect(orderSheetsForManagement(sheets, now).map((s) => s.id)).toEqual([7, 8, 9]);
  });

  it('is empty for no sheets', () => {
    expect(orderSheetsForManagement([], now)).toEqual([]);
  });
});

describe('slotDayHint', () => {
  // The hint compares days on the school's clock, not the browser's.
  const event = schoolDate(2031, 4, 3, 17, 0);

  it('is null when the slot is on the event day, or has no times', () => {
    expect(slotDayHint(i18n, schoolDate(2031, 4, 3, 0, 0), schoolDate(2031, 4, 3, 23, 59), event, 'en')).toBeNull();
    expect(slotDayHint(i18n, null, null, event, 'en')).toBeNull();
    expect(slotDayHint(i18n, schoolDate(2031, 4, 3, 9, 0), null, event, 'en')).toBeNull();
  });

  it("names the start's day when the slot starts on another day", () => {
    expect(slotDayHint(i18n, schoolDate(2031, 4, 2, 18, 0), schoolDate(2031, 4, 2, 20, 0), event, 'en')).toBe(
      'This slot is on Friday, May 2, 2031, but the event is on Saturday, May 3, 2031',
    );
  });

  it("names the end's day when only the end falls on another day (past midnight)", () => {
    expect(slotDayHint(i18n, schoolDate(2031, 4, 3, 22, 0), schoolDate(2031, 4, 4, 1, 0), event, 'en')).toBe(
      'This slot is on Sunday, May 4, 2031, but the event is on Saturday, May 3, 2031',
    );
    expect(slotDayHint(i18n, null, schoolDate(2031, 5, 3, 10, 0), event, 'en')).toBe(
      'This slot is on Tuesday, June 3, 2031, but the event is on Saturday, May 3, 2031',
    );
  });
});
