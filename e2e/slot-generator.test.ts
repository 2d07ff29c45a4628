import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { type Journey, signIn, startJourney } from './harness';

/**
 * API.md "An organizer's season", building slots fast (issue 24): in 'Add Volunteer Slot' an
 * organizer generates a run of slots ('Several slots': from, to, every N minutes, capacity), sees it
 * previewed, and saves it in one request; and adds slots one after another with 'Save and add
 * another', each new one starting where the last ended. The school is in Toronto, the browser in
 * Tokyo: every time typed and read is the school's. At 1280 px and on a 390 px phone.
 */

const organizer = { name: 'Gen Organizer', email: 'gen.organizer@example.org', password: 'gen-secret-12' };

let journey: Journey;
let context: BrowserContext;
let page: Page;
let organizerCookie = '';

/** The REST API as the organizer. */
async function asOrganizer(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${journey.server.url}${path}`, {
    method,
    headers: { Cookie: organizerCookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

interface ApiSlot {
  title: string;
  startTime: string | null;
  endTime: string | null;
  maxVolunteers: number;
  kind: string;
}

/** A sheet of the organizer's own, its event at `eventDate`; returns its id. */
async function createSheet(title: string, eventDate: string): Promise<number> {
  const created = await asOrganizer('POST', '/api/signup-sheets', {
    title,
    description: `All about ${title}`,
    eventDate,
    organizerName: organizer.name,
    organizerEmail: organizer.email,
  });
  expect(created.status).toBe(201);
  return (created.body as { id: number }).id;
}

/** The sheet's slots as the API has them, in time order. */
async function apiSlots(sheetId: number): Promise<ApiSlot[]> {
  const sheet = await asOrganizer('GET', `/api/signup-sheets/${sheetId}`);
  expect(sheet.status).toBe(200);
  return (sheet.body as { slots: ApiSlot[] }).slots.sort(
    (a, b) => Date.parse(a.startTime ?? '') - Date.parse(b.startTime ?? ''),
  );
}

const manageSection = () => page.getByRole('region', { name: 'Manage Signup Sheets' });
const sheetCard = (title: string): Locator => manageSection().getByRole('article', { name: title, exact: true });
const addSlotDialog = () => page.getByRole('dialog', { name: 'Add Volunteer Slot' });

/** Opens 'Add Volunteer Slot' for the sheet from the dashboard. */
async function openAddSlot(title: string): Promise<Locator> {
  await page.goto('/admin');
  await page.getByRole('heading', { level: 1, name: 'Organizer Dashboard' }).waitFor();
  await manageSection()
    .getByRole('button', { name: `Add Volunteer Slot to ${title}` })
    .click();
  const dialog = addSlotDialog();
  await dialog.waitFor();
  return dialog;
}

/** The time lines of the sheet's slots on its dashboard card ('Sat, May 3 · 8:00 AM – 8:30 AM'). */
async function cardTimes(title: string, count: number): Promise<string[]> {
  const items = sheetCard(title)
    .getByRole('list', { name: `Slots of ${title}` })
    .getByRole('listitem');
  await expect.poll(() => items.count()).toBe(count);
  const texts = await items.allInnerTexts();
  return texts.map((text) => text.split('\n').find((line) => line.includes(' · ')) ?? '');
}

/** Nothing in the dialog or the page is wider than the screen. */
async function expectNoSideways(dialog: Locator): Promise<void> {
  expect(await dialog.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  journey = await startJourney({ SCHOOL_TIMEZONE: 'America/Toronto' });
  const registered = await journey.api('POST', '/api/auth/register', organizer, false);
  expect(registered.status).toBe(201);
  const id = (registered.body as { id: number }).id;
  expect((await journey.api('PATCH', `/api/users/${id}`, { role: 'organizer' })).status).toBe(200);
  const login = await fetch(`${journey.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: organizer.email, password: organizer.password }),
  });
  expect(login.status).toBe(200);
  organizerCookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  // A browser in Tokyo, 13 hours ahead of the school.
  context = await journey.browser.newContext({
    baseURL: journey.server.url,
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  await signIn(page, organizer);
});
afterAll(async () => {
  await context.close();
  await journey.close();
});

const viewports = [
  { name: '1280 px', width: 1280, height: 900 },
  { name: 'a 390 px phone', width: 390, height: 844 },
];

describe.each(viewports)('an organizer builds slots fast at $name', ({ width, height }) => {
  it('generates 8 slots of 30 minutes from 8:00 to 12:00 with 3 volunteers each, previewed, in one go', async () => {
    await page.setViewportSize({ width, height });
    const title = `Pancake Breakfast ${width}`;
    // Saturday 3 May 2031, 8:00 AM in Toronto (EDT, UTC−4).
    const sheetId = await createSheet(title, '2031-05-03T12:00:00.000Z');
    const dialog = await openAddSlot(title);

    await dialog.getByText('Several slots', { exact: true }).click();
    expect(await dialog.getByRole('radio', { name: 'Several slots' }).isChecked()).toBe(true);
    // The run starts on the sheet's day, at its time on the school's clock (not Tokyo's 9:00 PM).
    expect(await dialog.getByLabel(/^Day\b/).inputValue()).toBe('2031-05-03');
    expect(await dialog.getByLabel(/^From\b/).inputValue()).toBe('08:00');

    await dialog.getByLabel('Task Title').fill('Pancake flipping');
    await dialog.getByLabel(/^To\b/).fill('12:00');
    await dialog.getByLabel('Every (minutes)').fill('30');
    await dialog.getByLabel('Volunteers per slot').fill('3');
    const summary = '8 slots: 8:00 AM–8:30 AM, 8:30 AM–9:00 AM, …, 11:30 AM–12:00 PM';
    const preview = dialog.getByText(summary, { exact: true });
    await preview.waitFor();
    expect(await preview.getAttribute('aria-live')).toBe('polite');
    const listed = await dialog.getByRole('list', { name: 'Slots to add' }).getByRole('listitem').allInnerTexts();
    expect(listed).toHaveLength(8);
    expect(listed[7]).toBe('11:30 AM–12:00 PM');

    // A To before From says so on To, and the button says how many slots it adds.
    await dialog.getByLabel(/^To\b/).fill('07:30');
    await dialog.getByText('To must be after From').waitFor();
    expect(await dialog.getByLabel(/^To\b/).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel(/^To\b/).fill('12:00');
    await preview.waitFor();

    await expectNoSideways(dialog);
    await checkA11y(page, `'Several slots' at ${width} px`, { scope: 'dialog' });

    await dialog.getByRole('button', { name: 'Add 8 slots' }).click();
    await page.getByText(`Added 8 slots to ${title}.`).waitFor();
    await addSlotDialog().waitFor({ state: 'detached' });

    const expected = Array.from({ length: 8 }, (_, i) => {
      const at = (minutes: number) => {
        const total = 8 * 60 + minutes;
        const hour = Math.floor(total / 60);
        return `${hour % 12 || 12}:${String(total % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
      };
      return `Sat, May 3 · ${at(30 * i)} – ${at(30 * (i + 1))}`;
    });
    expect(await cardTimes(title, 8)).toEqual(expected);

    const slots = await apiSlots(sheetId);
    expect(slots).toHaveLength(8);
    slots.forEach((slot, i) => {
      expect(slot).toMatchObject({ title: 'Pancake flipping', maxVolunteers: 3, kind: 'task' });
      // 8:00 AM EDT is 12:00 UTC.
      expect(slot.startTime).toBe(new Date(Date.UTC(2031, 4, 3, 12, 30 * i)).toISOString());
      expect(slot.endTime).toBe(new Date(Date.UTC(2031, 4, 3, 12, 30 * (i + 1))).toISOString());
    });
  });

  it("adds two slots in a row with 'Save and add another', the second starting at the first's end", async () => {
    await page.setViewportSize({ width, height });
    const title = `Bake Sale ${width}`;
    // Saturday 10 May 2031, 9:00 AM in Toronto.
    const sheetId = await createSheet(title, '2031-05-10T13:00:00.000Z');
    const dialog = await openAddSlot(title);

    // A new slot starts at the sheet's date and time, an hour long.
    expect(await dialog.getByLabel('Start Time').inputValue()).toBe('2031-05-10T09:00');
    expect(await dialog.getByLabel('End Time').inputValue()).toBe('2031-05-10T10:00');
    await dialog.getByLabel('Task Title').fill('Setup');
    await dialog.getByLabel('End Time').fill('2031-05-10T09:30');
    await dialog.getByLabel('Number of Volunteers Needed').fill('2');
    await expectNoSideways(dialog);
    await dialog.getByRole('button', { name: 'Save and add another' }).click();

    await page.getByText(`"Setup" has been added to ${title}.`).waitFor();
    await dialog.getByText(`For ${title} · 1 slot added`).waitFor();
    // A fresh form: the title kept (and selected, to type over), going on from 9:30 for as long.
    const taskTitle = dialog.getByLabel('Task Title');
    expect(await dialog.getByLabel('Start Time').inputValue()).toBe('2031-05-10T09:30');
    expect(await dialog.getByLabel('End Time').inputValue()).toBe('2031-05-10T10:00');
    expect(await taskTitle.inputValue()).toBe('Setup');
    expect(await taskTitle.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await dialog.getByLabel('Number of Volunteers Needed').inputValue()).toBe('2');

    // Typing replaces the selected title; Enter saves with 'Add Slot' and closes.
    await page.keyboard.type('Cashier');
    await page.keyboard.press('Enter');
    await page.getByText(`"Cashier" has been added to ${title}.`).waitFor();
    await addSlotDialog().waitFor({ state: 'detached' });

    expect(await cardTimes(title, 2)).toEqual(['Sat, May 10 · 9:00 AM – 9:30 AM', 'Sat, May 10 · 9:30 AM – 10:00 AM']);
    const slots = await apiSlots(sheetId);
    expect(slots.map((s) => [s.title, s.startTime, s.endTime, s.maxVolunteers])).toEqual([
      ['Setup', '2031-05-10T13:00:00.000Z', '2031-05-10T13:30:00.000Z', 2],
      ['Cashier', '2031-05-10T13:30:00.000Z', '2031-05-10T14:00:00.000Z', 2],
    ]);
  });
});
