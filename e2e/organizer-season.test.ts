import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, signIn, startJourney } from './harness';

/**
 * Issue 24's must-show, in Chromium at 1280 px and 390 px: an organizer makes a sheet with a
 * location and 8 generated slots in fewer than 15 clicks (every click, tick and choice in a list is
 * counted; typing is not), then copies it onto a series of 3 dates. What they made is read back from
 * the API, its times on the school's clock.
 */

let journey: Journey;
let organizerId = 0;
const organizer = { name: 'Sam Season', email: 'sam@example.org', password: 'sam-secret-1' };

beforeAll(async () => {
  journey = await startJourney();
  const registered = await journey.api('POST', '/api/auth/register', organizer, false);
  expect(registered.status).toBe(201);
  organizerId = (registered.body as { id: number }).id;
  expect((await journey.api('PATCH', `/api/users/${organizerId}`, { role: 'organizer' })).status).toBe(200);
  await signIn(journey.page, organizer);
});
afterAll(() => journey.close());

interface ApiSheet {
  id: number;
  title: string;
  eventDate: string;
  location: string | null;
  ownerId: number | null;
  slots: { title: string; startTime: string | null; endTime: string | null; maxVolunteers: number }[];
}

/** The organizer's pointer actions, counted. */
class Clicks {
  count = 0;
  async click(target: Locator): Promise<void> {
    this.count += 1;
    await target.click();
  }
  async choose(select: Locator, value: string): Promise<void> {
    this.count += 1;
    await select.selectOption(value);
  }
}

/** A datetime-local value `days` from now at `hour`:00 (the form reads it on the school's clock). */
function localDateTime(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

/** An instant as the school's clock shows it: '08:30'. */
function schoolClock(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: journey.server.config.timeZone,
  }).format(new Date(iso));
}

/** The school's calendar day of an instant: '2031-05-03'. */
function schoolDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: journey.server.config.timeZone }).format(new Date(iso));
}

async function sheetsTitled(title: string): Promise<ApiSheet[]> {
  const sheets = (await journey.api('GET', '/api/signup-sheets')).body as ApiSheet[];
  return sheets
    .filter((sheet) => sheet.title === title)
    .sort((a, b) => Date.parse(a.eventDate) - Date.parse(b.eventDate));
}

const manage = (page: Page) => page.getByRole('region', { name: 'Manage Signup Sheets' });
const card = (page: Page, title: string) => manage(page).getByRole('article', { name: title, exact: true });

const halfHours = ['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'];

describe.each([
  { label: 'desktop', width: 1280, height: 900, days: 20 },
  { label: 'phone', width: 390, height: 844, days: 27 },
])("an organizer's season ($label)", ({ label, width, height, days }) => {
  const title = `Pancake Breakfast ${label}`;

  beforeAll(async () => {
    await journey.page.setViewportSize({ width, height });
    await journey.page.goto('/admin');
    await journey.page.getByRole('heading', { level: 1, name: 'Organizer Dashboard' }).waitFor();
  });

  it('makes a sheet with a location and 8 generated slots in fewer than 15 clicks', async () => {
    const { page } = journey;
    const clicks = new Clicks();
    await clicks.click(page.getByRole('button', { name: 'Create New Sign Up' }));
    const create = page.getByRole('dialog', { name: 'Create New Signup Sheet' });
    await create.getByLabel('Event Title').fill(title);
    await create.getByLabel('Event Date').fill(localDateTime(days, 8));
    await create.getByLabel('Location').fill('Gym, 123 Main St');
    await clicks.click(create.getByRole('button', { name: 'Create Sheet' }));
    await create.waitFor({ state: 'hidden' });

    // The dashboard has taken the organizer to the new sheet: adding its slots is next.
    await clicks.click(manage(page).getByRole('button', { name: `Add Volunteer Slot to ${title}` }));
    const add = page.getByRole('dialog', { name: 'Add Volunteer Slot' });
    await clicks.click(add.getByText('Several slots', { exact: true }));
    await add.getByLabel('Task Title').fill('Pancake flipping');
    expect(await add.getByLabel(/^From\b/).inputValue()).toBe('08:00');
    await add.getByLabel(/^To\b/).fill('12:00');
    await add.getByLabel('Every (minutes)').fill('30');
    await add.getByLabel('Volunteers per slot').fill('3');
    await clicks.click(add.getByRole('button', { name: 'Add 8 slots' }));
    await add.waitFor({ state: 'hidden' });
    await card(page, title).getByText('Pancake flipping').first().waitFor();

    expect(clicks.count).toBeLessThan(15);
    const [sheet, ...others] = await sheetsTitled(title);
    expect(others).toEqual([]);
    if (!sheet) throw new Error(`no sheet ${title}`);
    expect(sheet).toMatchObject({ location: 'Gym, 123 Main St', ownerId: organizerId });
    expect(sheet.slots).toHaveLength(8);
    expect(sheet.slots.map((s) => [schoolClock(s.startTime), schoolClock(s.endTime)])).toEqual(
      halfHours.slice(0, 8).map((start, i) => [start, halfHours[i + 1]]),
    );
    for (const slot of sheet.slots) {
      expect(slot).toMatchObject({ title: 'Pancake flipping', maxVolunteers: 3 });
      expect(schoolDay(slot.startTime ?? '')).toBe(schoolDay(sheet.eventDate));
    }
  });

  it('copies it onto a weekly series of 3 dates', async () => {
    const { page } = journey;
    const [original] = await sheetsTitled(title);
    if (!original) throw new Error(`no sheet ${title}`);
    const clicks = new Clicks();
    const duplicate = card(page, title).getByRole('button', { name: `Duplicate ${title}` });
    if (!(await duplicate.isVisible())) await clicks.click(card(page, title).getByRole('button', { name: /More/ }));
    await clicks.click(duplicate);
    const dialog = page.getByRole('dialog', { name: 'Duplicate Signup Sheet' });
    await dialog.getByLabel('New Event Date').fill(localDateTime(days + 7, 8));
    await clicks.choose(dialog.getByLabel('Repeat'), 'week');
    await dialog.getByLabel('Copies').fill('3');
    await clicks.click(dialog.getByRole('button', { name: 'Fill dates' }));
    await dialog.getByText('Creates 3 copies').waitFor();
    await clicks.click(dialog.getByRole('button', { name: 'Duplicate Sheet' }));
    await page.getByText(`Created 3 copies of "${title}".`).waitFor();
    expect(clicks.count).toBeLessThan(15);

    const series = (await sheetsTitled(title)).filter((sheet) => sheet.id !== original.id);
    expect(series.map((sheet) => schoolDay(sheet.eventDate))).toEqual(
      [7, 14, 21].map((week) => schoolDay(new Date(Date.parse(original.eventDate) + week * 86_400_000).toISOString())),
    );
    for (const copy of series) {
      expect(copy).toMatchObject({ location: 'Gym, 123 Main St', ownerId: organizerId });
      expect(copy.slots.map((s) => [schoolClock(s.startTime), schoolClock(s.endTime)])).toEqual(
        original.slots.map((s) => [schoolClock(s.startTime), schoolClock(s.endTime)]),
      );
    }
    await expect.poll(() => manage(page).getByRole('article', { name: title, exact: true }).count()).toBe(4);
  });
});
