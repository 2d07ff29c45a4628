import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { inDays, type Journey, seedSheet, signIn, startJourney, waitUntilHydrated } from './harness';

/**
 * Event day (API.md "Coordinator toolkit"): the sheet's organizer opens its roster on a phone,
 * checks volunteers in with a tap, and prints the roster, the slots one after another with every
 * confirmed name and phone. The PDF that Chromium prints is read back with pdf.js (the printed
 * layout in detail: roster-print.test.ts).
 */

let journey: Journey;
let sheetId = 0;
const organizer = { name: 'Rae Roster', email: 'rae@example.org', password: 'rae-secret-12' };

const slots = [
  { title: 'Setup crew', maxVolunteers: 3, hoursIn: 0 },
  { title: 'Bake table', maxVolunteers: 2, hoursIn: 2 },
  { title: 'Clean-up', maxVolunteers: 2, hoursIn: 4 },
];
const confirmed: Record<string, { name: string; email: string; phone: string }[]> = {
  'Setup crew': [
    { name: 'Ada Lovelace', email: 'ada@example.org', phone: '604-555-0101' },
    { name: 'Grace Hopper', email: 'grace@example.org', phone: '604-555-0102' },
  ],
  'Bake table': [
    { name: 'Katherine Johnson', email: 'kj@example.org', phone: '604-555-0103' },
    { name: 'Dorothy Vaughan', email: 'dv@example.org', phone: '604-555-0104' },
  ],
  'Clean-up': [],
};
// Bake table is full; this parent waits, listed apart under the slot's waitlist.
const waiting = { name: 'Mary Jackson', email: 'mj@example.org', phone: '604-555-0105' };

interface RosterAnswer {
  slots: { title: string; volunteers: { id: number; name: string; attended: boolean | null }[] }[];
}

beforeAll(async () => {
  journey = await startJourney();
  const registered = await journey.api('POST', '/api/auth/register', organizer, false);
  expect(registered.status).toBe(201);
  const organizerId = (registered.body as { id: number }).id;
  expect((await journey.api('PATCH', `/api/users/${organizerId}`, { role: 'organizer' })).status).toBe(200);

  const start = Date.parse(inDays(1));
  const seeded = await seedSheet(
    journey,
    { title: 'Winter Fair', eventDate: new Date(start).toISOString() },
    slots.map((s) => ({
      title: s.title,
      maxVolunteers: s.maxVolunteers,
      startTime: new Date(start + s.hoursIn * 3_600_000).toISOString(),
      endTime: new Date(start + (s.hoursIn + 2) * 3_600_000).toISOString(),
    })),
  );
  sheetId = seeded.sheetId;
  // The administrator hands the sheet to the organizer.
  expect((await journey.api('PATCH', `/api/signup-sheets/${sheetId}`, { ownerId: organizerId })).status).toBe(200);

  for (const [index, slot] of slots.entries()) {
    for (const person of confirmed[slot.title] ?? []) {
      const res = await journey.api('POST', '/api/volunteers', { slotId: seeded.slotIds[index], ...person }, false);
      expect(res.status).toBe(201);
    }
  }
  const waitlisted = await journey.api(
    'POST',
    '/api/volunteers',
    { slotId: seeded.slotIds[1], ...waiting, waitlist: true },
    false,
  );
  expect((waitlisted.body as { status: string }).status).toBe('waitlisted');
});
afterAll(() => journey.close());

/** PDF text comes in runs split at ligatures and line breaks: compare without white space. */
const squash = (text: string) => text.replace(/\s+/g, '');

async function rosterAsAdmin(): Promise<RosterAnswer> {
  const res = await journey.api('GET', `/api/signup-sheets/${sheetId}/roster`);
  expect(res.status).toBe(200);
  return res.body as RosterAnswer;
}

describe('event day for the sheet’s organizer', () => {
  it('checks volunteers in with a tap on a 390 px phone, and the check-ins stay', async () => {
    // A phone: a 390 px touch screen.
    const phone = await journey.browser.newContext({
      baseURL: journey.server.url,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await phone.newPage();
    await signIn(page, organizer);

    // From the sheet page, as an organizer would find it.
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByRole('link', { name: 'Roster' }).click();
    await page.getByRole('heading', { level: 1, name: 'Winter Fair' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/signup-sheet/${sheetId}/roster`);
    await page.getByText('0 of 4 checked in', { exact: true }).first().waitFor();

    const bake = page.getByRole('region', { name: 'Bake table' });
    await bake.getByText('2 of 2 filled · Full').waitFor();
    await bake.getByRole('list', { name: 'Waitlist' }).getByText(waiting.name).waitFor();
    expect(await bake.getByRole('table').getByText(waiting.name).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Mark ${waiting.name} as attended` }).count()).toBe(0);
    await bake.getByRole('link', { name: '604-555-0103' }).waitFor();

    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways).toBe(false);
    await checkA11y(page, 'the roster on a phone');

    const grace = page.getByRole('button', { name: 'Mark Grace Hopper as attended' });
    const box = await grace.boundingBox();
    // A thumb-sized target, inside the screen.
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);

    await grace.tap();
    await page.getByRole('button', { name: 'Mark Grace Hopper as attended', pressed: true }).waitFor();
    await page.getByRole('button', { name: 'Mark Katherine Johnson as attended' }).tap();
    await page.getByRole('button', { name: 'Mark Katherine Johnson as attended', pressed: true }).waitFor();
    await page.getByText('2 of 4 checked in', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Setup crew' }).getByText('1 of 2 checked in').waitFor();

    // Saved on the server: a reload, and the administrator's view, agree.
    await page.reload();
    await page.getByRole('button', { name: 'Mark Grace Hopper as attended', pressed: true }).waitFor();
    const attended = (await rosterAsAdmin()).slots
      .flatMap((s) => s.volunteers)
      .filter((v) => v.attended === true)
      .map((v) => v.name);
    expect(attended.sort()).toEqual(['Grace Hopper', 'Katherine Johnson']);

    // A second tap clears a check-in made by mistake.
    await page.getByRole('button', { name: 'Mark Katherine Johnson as attended' }).tap();
    await page.getByRole('button', { name: 'Mark Katherine Johnson as attended', pressed: false }).waitFor();
    await page.getByText('1 of 4 checked in', { exact: true }).waitFor();
    const after = (await rosterAsAdmin()).slots.flatMap((s) => s.volunteers);
    expect(after.find((v) => v.name === 'Katherine Johnson')?.attended).toBeNull();
    await phone.close();
  });

  it('prints the slots one after another with every confirmed name and phone, and nothing of the site around it', async () => {
    const { page } = journey;
    await signIn(page, organizer);
    await page.goto(`/signup-sheet/${sheetId}/roster`);
    await page.getByRole('heading', { level: 1, name: 'Winter Fair' }).waitFor();
    const pdf = await page.pdf({ format: 'Letter', printBackground: true });

    const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const content = await (await document.getPage(n)).getTextContent();
      pages.push(squash(content.items.map((item) => ('str' in item ? item.str : '')).join('')));
    }
    await document.destroy();

    // Three small slots: one page, not one each.
    expect(pages).toHaveLength(1);
    const text = pages.join('');
    expect(text).toContain(squash('Winter Fair'));
    const starts = slots.map((slot) => text.indexOf(squash(slot.title)));
    expect(starts.every((at) => at >= 0)).toBe(true);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    for (const [index, slot] of slots.entries()) {
      const part = text.slice(starts[index], starts[index + 1] ?? text.length);
      for (const person of confirmed[slot.title] ?? []) {
        expect(part).toContain(squash(person.name));
        expect(part).toContain(squash(person.phone));
      }
      // A blank line for each open spot.
      const open = slot.maxVolunteers - (confirmed[slot.title]?.length ?? 0);
      expect(part.split('Walk-in').length - 1).toBe(open);
    }
    // The waiting parent only under the Bake table's waitlist.
    const waitlistAt = text.indexOf('Waitlist');
    expect(waitlistAt).toBeGreaterThan(starts[1] ?? 0);
    expect(waitlistAt).toBeLessThan(starts[2] ?? 0);
    expect(text.indexOf(squash(waiting.name))).toBeGreaterThan(waitlistAt);
    for (const chrome of ['Print roster', 'Back to the signup sheet', 'checked in', 'Mark ']) {
      expect(text).not.toContain(squash(chrome));
    }
  });
});
