import { smtpEnv, startTestSmtp, type TestSmtp } from '@pac/server/test/smtp';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admin, type Journey, seedSheet, startJourney, waitUntilHydrated } from './harness';
import { watchProblems } from './hydration';

/**
 * API.md "The school's clock": a Vancouver school's shift at 23:00 UTC on 10 December 2026 is
 * 4:00 PM (British Columbia is on UTC−7 for good from November 2026, in the time-zone data of
 * Node 24; Node 20's data still falls back to UTC−8 and says 3:00 PM). The server runs in UTC
 * (vitest.config.ts), the browser in Tokyo (where it is 8:00 AM the next day): the HTML the server
 * sends, the page once the browser has taken it over, the slot editor and the confirmation email
 * all say 4:00 PM, and hydration finds the same text the server wrote.
 */

const shift = { start: '2026-12-10T23:00:00.000Z', end: '2026-12-11T01:00:00.000Z' };
// Both clocks stand still two weeks before the shift: the server's (this process's Date, which the
// server started here reads) and the browser's, so the shift stays upcoming whenever this runs.
const now = new Date('2026-11-26T18:00:00.000Z');
const title = 'Winter Market';
const slotTitle = 'Gift wrapping';

// What the page writes for the shift, on Vancouver's clock; on Node 20's data each would say 3:00 PM.
const eventWhen = 'Thursday, December 10, 2026 at 4:00 PM';
const slotRange = 'Thu, Dec 10 · 4:00 PM – 6:00 PM';
// The same instant on the other clocks in play: UTC, Tokyo, and Vancouver on out-of-date data.
const otherClocks = /\b(?:11:00 PM|8:00 AM|3:00 PM)\b/;

let smtp: TestSmtp;
let journey: Journey;
let sheetId = 0;
let slotId = 0;

beforeAll(async () => {
  vi.setSystemTime(now);
  smtp = await startTestSmtp();
  journey = await startJourney({ ...smtpEnv(smtp), SCHOOL_TIMEZONE: 'America/Vancouver' });
  ({
    sheetId,
    slotIds: [slotId = 0],
  } = await seedSheet(journey, { title, eventDate: shift.start }, [
    { title: slotTitle, maxVolunteers: 4, startTime: shift.start, endTime: shift.end },
  ]));
});
afterAll(async () => {
  await journey.close();
  await smtp.close();
  vi.useRealTimers();
});

/** The part of the HTML inside `#root` as the server sends it for `path`, before any script runs. */
async function sentRoot(path: string): Promise<string> {
  const res = await fetch(`${journey.server.url}${path}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const open = '<div id="root">';
  return html.slice(
    html.indexOf(open) + open.length,
    html.lastIndexOf('</div>', html.indexOf('<script id="pac-data"')),
  );
}

/** A browser context in Tokyo whose clock stands where the server's does. */
async function inTokyo(use: (context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await journey.browser.newContext({ baseURL: journey.server.url, timezoneId: 'Asia/Tokyo' });
  try {
    await context.clock.setFixedTime(now);
    await use(context);
  } finally {
    await context.close();
  }
}

interface Opened {
  page: Page;
  /** console errors and warnings, and uncaught errors (React reports a hydration mismatch as one). */
  problems: string[];
  /** The text of #root as the server sent it, read once the HTML is parsed and before the app's scripts run. */
  serverText: string;
}

/** Opens `path`, keeping the server's text of the page, and waits until React has taken the page over. */
async function openHydrated(context: BrowserContext, path: string): Promise<Opened> {
  const page = await context.newPage();
  const problems = watchProblems(page);
  // A string, not a function: the test runner's transform would add helpers the page lacks.
  await page.addInitScript({
    content: `document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') window.serverText = document.getElementById('root')?.textContent ?? '';
    });`,
  });
  await page.goto(path);
  await waitUntilHydrated(page);
  const serverText = await page.evaluate(() => (window as unknown as { serverText?: string }).serverText ?? '');
  return { page, problems, serverText };
}

describe('the HTML the server sends', () => {
  it('runs the server in UTC with the school in Vancouver', () => {
    expect(new Date(shift.start).getHours()).toBe(23);
    expect(journey.server.config.timeZone).toBe('America/Vancouver');
  });

  it("writes the shift at 4:00 PM on the sheet's page and on the home page", async () => {
    const sheet = await sentRoot(`/signup-sheet/${sheetId}`);
    expect(sheet).toContain(eventWhen);
    expect(sheet).toContain(slotRange);
    expect(sheet).not.toMatch(otherClocks);

    const home = await sentRoot('/');
    expect(home).toContain(title);
    expect(home).toContain(eventWhen);
    expect(home).toContain(slotRange);
    expect(home).not.toMatch(otherClocks);
  });
});

describe('a browser in Tokyo', () => {
  it('shows the shift at 4:00 PM before and after hydration, which finds the same text and logs nothing', async () => {
    await inTokyo(async (context) => {
      for (const path of [`/signup-sheet/${sheetId}`, '/']) {
        const { page, problems, serverText } = await openHydrated(context, path);
        // The browser's own clock is Tokyo's: 8:00 AM on the 11th.
        expect(await page.evaluate((iso) => new Date(iso).getHours(), shift.start)).toBe(8);
        for (const text of [serverText, await page.locator('#root').innerText()]) {
          expect(text).toContain(eventWhen);
          expect(text).toContain(slotRange);
          expect(text).not.toMatch(otherClocks);
        }
        expect(problems.filter((p) => /hydrat|#418|did not match/i.test(p))).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      }
    });
  });

  it('edits the slot at 16:00 on 10 December, and saving it unchanged keeps 23:00 UTC', async () => {
    await inTokyo(async (context) => {
      const login = await context.request.post('/api/auth/login', { data: admin });
      expect(login.ok()).toBe(true);
      const { page, problems } = await openHydrated(context, `/signup-sheet/${sheetId}`);
      await page.getByRole('button', { name: `Edit ${slotTitle}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Volunteer Slot' });
      expect(await dialog.getByLabel('Start Time').inputValue()).toBe('2026-12-10T16:00');
      expect(await dialog.getByLabel('End Time').inputValue()).toBe('2026-12-10T18:00');
      await dialog.getByRole('button', { name: 'Update Slot' }).click();
      await page.getByText('The volunteer slot has been updated.').waitFor();

      const sheet = await journey.api('GET', `/api/signup-sheets/${sheetId}`);
      const slots = (sheet.body as { slots: { id: number; startTime: string; endTime: string }[] }).slots;
      expect(slots.find((s) => s.id === slotId)).toMatchObject({ startTime: shift.start, endTime: shift.end });
      await page.getByText(slotRange).waitFor();
      expect(problems).toEqual([]);
    });
  });

  it('signs a parent up, whose dialog and confirmation email both say 4:00 PM', async () => {
    await inTokyo(async (context) => {
      const { page } = await openHydrated(context, `/signup-sheet/${sheetId}`);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Sign up: ${slotTitle}` });
      await dialog.getByText('Thursday, December 10, 2026 · 4:00 PM – 6:00 PM').waitFor();
      await dialog.getByLabel('Name').fill('Kenji Tanaka');
      await dialog.getByLabel('Email').fill('kenji@example.org');
      await dialog.getByLabel('Phone').fill('555-0142');
      await dialog.getByRole('button', { name: /sign up/i }).click();
      await page.getByText('Signup Successful!').waitFor();
    });

    await journey.server.runtime.mail.flush();
    const mails = smtp.messages.filter((m) => m.envelopeTo.includes('kenji@example.org'));
    expect(mails).toHaveLength(1);
    const text = mails[0]?.parsed.text ?? '';
    // Written by the server's Intl (en-US, ICU 78: a plain space before PM) on the school's clock.
    expect(text).toContain('When:  Thursday, December 10, 2026 at 4:00 PM – 6:00 PM');
    expect(text).not.toMatch(otherClocks);
    expect(mails[0]?.parsed.html || '').toContain('Thursday, December 10, 2026 at 4:00 PM – 6:00 PM');
  });
});
