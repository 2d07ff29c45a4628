import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymousCaller,
  type Caller,
  callerFor,
  createTestDb,
  insertAdmin,
  sheetInput,
  testConfig,
  type TestDb,
} from '../../test/db';
import { sheetPreview, spotsOpen, spotsOpenText } from './share';

let t: TestDb;
let asAdmin: Caller;
let asAnon: Caller;

beforeAll(async () => {
  t = createTestDb();
  asAdmin = callerFor(t.db, await insertAdmin(t.db));
  asAnon = anonymousCaller(t.db);
});
afterAll(() => t.cleanup());

const vancouver = { publicBaseUrl: 'https://pac.example.org', timeZone: 'America/Vancouver' };

describe("a sheet's link preview", () => {
  it("says when the event is on the school's clock and how many spots are open", () => {
    const preview = sheetPreview(vancouver, {
      id: 12,
      title: 'Winter Fair',
      // 17:00 UTC is 10:00 in Vancouver, on UTC-7 all year from November 2026 (tz data 2026a and
      // later; Node 20's older data would say 9:00).
      eventDate: new Date('2026-12-05T17:00:00Z'),
      slots: [
        { maxVolunteers: 4, currentVolunteers: 1 },
        { maxVolunteers: 5, currentVolunteers: 1 },
      ],
    });
    expect(preview).toEqual({
      title: 'Winter Fair',
      description: 'Saturday, December 5, 2026 at 10:00 AM · 7 spots open',
      url: 'https://pac.example.org/signup-sheet/12',
    });
  });

  it('reads the date in the school zone, not the server zone (the day before in Vancouver)', () => {
    const sheet = { id: 1, title: 'New Year Dance', eventDate: new Date('2027-01-01T02:30:00Z'), slots: [] };
    expect(sheetPreview(vancouver, sheet).description).toBe('Thursday, December 31, 2026 at 7:30 PM · No spots open');
    expect(sheetPreview({ ...vancouver, timeZone: 'UTC' }, sheet).description).toBe(
      'Friday, January 1, 2027 at 2:30 AM · No spots open',
    );
  });

  it('counts the places still open, a full slot as none, and says one spot, none and many', () => {
    expect(spotsOpen([])).toBe(0);
    expect(
      spotsOpen([
        { maxVolunteers: 3, currentVolunteers: 3 },
        { maxVolunteers: 2, currentVolunteers: 1 },
        // Never below zero, should a slot hold more than it asks for.
        { maxVolunteers: 1, currentVolunteers: 2 },
      ]),
    ).toBe(1);
    expect(spotsOpenText(0)).toBe('No spots open');
    expect(spotsOpenText(1)).toBe('1 spot open');
    expect(spotsOpenText(2)).toBe('2 spots open');
    expect(spotsOpenText(120)).toBe('120 spots open');
  });
});

describe('sheets.shareLink and sheets.qrCode', () => {
  it("give anyone the sheet's public link, and its QR code as a printable SVG", async () => {
    const sheet = await asAdmin.sheets.create(sheetInput({ title: 'Book Fair' }));
    expect(await asAnon.sheets.shareLink({ id: sheet.id })).toEqual({
      url: `${testConfig.publicBaseUrl}/signup-sheet/${sheet.id}`,
    });

    const svg = await asAnon.sheets.qrCode({ id: sheet.id });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // Scales to any size, and says how big it is when opened on its own.
    const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
    expect(viewBox?.[1]).toBe(viewBox?.[2]);
    expect(svg).toContain('width="512" height="512"');
    // White all over, then the black modules, none in the 4-module quiet zone.
    expect(svg).toContain(`<path fill="#ffffff" d="M0 0h${viewBox?.[1]}v${viewBox?.[1]}H0z"/>`);
    expect(svg).toContain('<path stroke="#000000" d="M4 4.5h7');
    const starts = [...svg.matchAll(/M(\d+) (\d+(?:\.5)?)/g)].slice(1);
    const size = Number(viewBox?.[1]);
    for (const [, x, y] of starts) {
      expect(Number(x)).toBeGreaterThanOrEqual(4);
      expect(Number(y)).toBeGreaterThanOrEqual(4);
      expect(Number(y)).toBeLessThan(size - 4);
    }
  });

  it('answer NOT_FOUND with the sheet message for a sheet that does not exist, and refuse an id that is not one', async () => {
    for (const call of [() => asAnon.sheets.qrCode({ id: 999_999 }), () => asAnon.sheets.shareLink({ id: 999_999 })])
      await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Signup sheet not found' });
    await expect(asAnon.sheets.qrCode({ id: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
