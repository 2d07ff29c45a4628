import { describe, expect, it } from 'vitest';
import { i18nFor } from '@pac/i18n/server';
import { publicSheetUrl, sheetFill } from './sheetFill';

const i18n = i18nFor('en');

const slot = (currentVolunteers: number, maxVolunteers: number) => ({ currentVolunteers, maxVolunteers });

describe('sheetFill', () => {
  it("says how many of the sheet's spots are filled and how many are open", () => {
    expect(sheetFill(i18n, [slot(5, 8), slot(6, 8)])).toEqual({
      filled: 11,
      spots: 16,
      open: 5,
      percent: 68,
      text: '11 of 16 spots filled',
      status: '5 open',
    });
  });

  it("says 'Full' once every spot is taken, and only then 100 %", () => {
    expect(sheetFill(i18n, [slot(2, 2), slot(3, 3)])).toMatchObject({ percent: 100, status: 'Full', open: 0 });
    expect(sheetFill(i18n, [slot(199, 200)])).toMatchObject({ percent: 99, status: '1 open' });
    expect(sheetFill(i18n, [slot(1, 1)])?.text).toBe('1 of 1 spot filled');
  });

  it('is null for a sheet with no slots', () => {
    expect(sheetFill(i18n, [])).toBeNull();
  });
});

describe('publicSheetUrl', () => {
  it("is the sheet's page on the site's own origin", () => {
    expect(publicSheetUrl(7, 'https://pac.example.org')).toBe('https://pac.example.org/signup-sheet/7');
  });
});
