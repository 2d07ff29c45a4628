import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, seedSheet, signIn, startJourney } from './harness';

/**
 * An organizer's journey (API.md "Coordinator toolkit"): made an organizer by the admin, they sign
 * in, open /admin, create a sheet, add a slot, edit the sheet, duplicate it to a later date and see
 * the copy with its slot moved; and they cannot reach the settings, monitoring or people.
 */

let journey: Journey;
let organizerId = 0;
const organizer = { name: 'Olu Organizer', email: 'olu@example.org', password: 'olu-secret-1' };

beforeAll(async () => {
  journey = await startJourney();
  const registered = await journey.api('POST', '/api/auth/register', organizer, false);
  expect(registered.status).toBe(201);
  organizerId = (registered.body as { id: number }).id;
  const promoted = await journey.api('PATCH', `/api/users/${organizerId}`, { role: 'organizer' });
  expect(promoted.status).toBe(200);
});
afterAll(() => journey.close());

/** A datetime-local value `days` from now at `hour`:00, local time. */
function localDateTime(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

/** How the dashboard writes a slot's day ('Sat, May 3'), in this machine's zone like the browser's. */
const shortDay = (value: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(value));

const manageSection = () => journey.page.getByRole('region', { name: 'Manage Signup Sheets' });
const sheetCards = (title: string): Locator => manageSection().getByRole('article', { name: title, exact: true });

interface ApiSheet {
  id: number;
  title: string;
  description: string | null;
  eventDate: string;
  ownerId: number | null;
  slots: { title: string; startTime: string | null; endTime: string | null; maxVolunteers: number }[];
}

describe('an organizer runs their own sheets from /admin', () => {
  it('signs in and sees the organizer dashboard with only their own sheets', async () => {
    const { page } = journey;
    await seedSheet(journey, { title: 'Admin Gala' }, [{ title: 'Ushers', maxVolunteers: 2 }]);

    await signIn(page, organizer);

    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Organizer Dashboard' }).waitFor();
    await manageSection().getByText('No Signup Sheets Yet').waitFor();
    expect(await manageSection().getByText('Admin Gala').count()).toBe(0);
  });

  it('creates a sheet and adds a slot', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Create New Sign Up' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create New Signup Sheet' });
    await create.getByLabel('Event Title').fill('Garden Day');
    await create.getByLabel('Description').fill('Planting the school garden.');
    await create.getByLabel('Event Date').fill(localDateTime(10, 9));
    // The organizer's own name and address are filled in.
    await expect(create.getByLabel('Organizer Email').inputValue()).resolves.toBe(organizer.email);
    await create.getByRole('button', { name: 'Create Sheet' }).click();
    await page.getByText('Signup Sheet Created').waitFor();
    await sheetCards('Garden Day').waitFor();

    await manageSection().getByRole('button', { name: 'Add Volunteer Slot to Garden Day' }).click();
    const add = page.getByRole('dialog', { name: 'Add Volunteer Slot' });
    await add.getByLabel('Task Title').fill('Planting');
    await add.getByLabel('Start Time').fill(localDateTime(10, 10));
    await add.getByLabel('End Time').fill(localDateTime(10, 12));
    await add.getByLabel('Number of Volunteers Needed').fill('4');
    await add.getByRole('button', { name: 'Add Slot' }).click();
    await page.getByText('Volunteer Slot Created').waitFor();
    await sheetCards('Garden Day').getByText('0 / 4').waitFor();
  });

  it("edits the sheet through 'Edit sheet' (no Owner choice for an organizer)", async () => {
    const { page } = journey;
    await manageSection().getByRole('button', { name: 'Edit sheet Garden Day' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Signup Sheet' });
    await expect(edit.getByLabel('Event Title').inputValue()).resolves.toBe('Garden Day');
    expect(await edit.getByLabel('Owner').count()).toBe(0);
    await edit.getByLabel('Event Title').fill('Community Garden Day');
    await edit.getByLabel('Description').fill('Planting and weeding the school garden.');
    await edit.getByLabel('Event Title').press('Enter');
    await page.getByText('Signup Sheet Updated').waitFor();
    await sheetCards('Community Garden Day').waitFor();
    await sheetCards('Community Garden Day').getByText('Planting', { exact: true }).waitFor();
  });

  it('duplicates it to a later date and sees the copy with the slot moved by the same amount', async () => {
    const { page } = journey;
    await manageSection().getByRole('button', { name: 'Duplicate Community Garden Day' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplicate Signup Sheet' });
    // The suggestion: the same time a week later.
    await expect(duplicate.getByLabel('New Event Date').inputValue()).resolves.toBe(localDateTime(17, 9));
    await duplicate.getByLabel('New Event Date').fill(localDateTime(24, 9));
    await duplicate.getByText(/^Each slot moves by the same amount: .+ later\.$/).waitFor();
    await duplicate.getByLabel('New Event Date').press('Enter');
    await page.getByText('Signup Sheet Duplicated').waitFor();
    await expect.poll(() => sheetCards('Community Garden Day').count()).toBe(2);

    // Soonest first: the copy is the second card, its slot on the new day.
    const copyCard = sheetCards('Community Garden Day').nth(1);
    await copyCard.getByText('Planting', { exact: true }).waitFor();
    await copyCard.getByText('0 / 4').waitFor();

    const sheets = (await journey.api('GET', '/api/signup-sheets')).body as ApiSheet[];
    const copies = sheets.filter((s) => s.title === 'Community Garden Day');
    expect(copies).toHaveLength(2);
    const [original, copy] = copies.sort((a, b) => Date.parse(a.eventDate) - Date.parse(b.eventDate));
    if (!original || !copy) throw new Error('missing sheets');
    expect(copy.ownerId).toBe(original.ownerId);
    expect(copy.description).toBe('Planting and weeding the school garden.');
    const offset = Date.parse(copy.eventDate) - Date.parse(original.eventDate);
    // Both dates were typed as local times (Node and the browser share this machine's zone).
    expect(offset).toBe(new Date(localDateTime(24, 9)).getTime() - new Date(localDateTime(10, 9)).getTime());
    const [slot] = original.slots;
    const [moved] = copy.slots;
    expect(moved).toMatchObject({ title: 'Planting', maxVolunteers: 4 });
    expect(Date.parse(moved?.startTime ?? '')).toBe(Date.parse(slot?.startTime ?? '') + offset);
    expect(Date.parse(moved?.endTime ?? '')).toBe(Date.parse(slot?.endTime ?? '') + offset);
    await copyCard.getByText(new RegExp(`^${shortDay(moved?.startTime ?? '')} ·`)).waitFor();
  });

  it('duplicates it onto a weekly series of 3 dates and sees the 3 new sheets', async () => {
    const { page } = journey;
    const before = (await journey.api('GET', '/api/signup-sheets')).body as ApiSheet[];
    const [original] = before
      .filter((s) => s.title === 'Community Garden Day')
      .sort((a, b) => Date.parse(a.eventDate) - Date.parse(b.eventDate));
    if (!original) throw new Error('missing the original sheet');
    await sheetCards('Community Garden Day')
      .first()
      .getByRole('button', { name: 'Duplicate Community Garden Day' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate Signup Sheet' });
    await dialog.getByLabel('New Event Date').fill(localDateTime(38, 9));
    await dialog.getByLabel('Repeat').selectOption('week');
    await dialog.getByLabel('Copies').fill('3');
    await dialog.getByRole('button', { name: 'Fill dates' }).click();
    await dialog.getByText('Creates 3 copies').waitFor();
    await expect(dialog.getByLabel('Event Date 2').inputValue()).resolves.toBe(localDateTime(45, 9));
    await expect(dialog.getByLabel('Event Date 3').inputValue()).resolves.toBe(localDateTime(52, 9));
    await dialog.getByRole('button', { name: 'Duplicate Sheet' }).click();
    await page.getByText('Signup Sheets Duplicated').waitFor();
    await page.getByText('Created 3 copies of "Community Garden Day".').waitFor();
    await expect.poll(() => sheetCards('Community Garden Day').count()).toBe(5);

    const sheets = (await journey.api('GET', '/api/signup-sheets')).body as ApiSheet[];
    const series = sheets
      .filter((s) => s.title === 'Community Garden Day' && !before.some((b) => b.id === s.id))
      .sort((a, b) => Date.parse(a.eventDate) - Date.parse(b.eventDate));
    expect(series.map((s) => Date.parse(s.eventDate))).toEqual(
      [38, 45, 52].map((days) => new Date(localDateTime(days, 9)).getTime()),
    );
    const [slot] = original.slots;
    for (const copy of series) {
      const offset = Date.parse(copy.eventDate) - Date.parse(original.eventDate);
      expect(copy.ownerId).toBe(organizerId);
      expect(copy.slots).toHaveLength(1);
      expect(Date.parse(copy.slots[0]?.startTime ?? '')).toBe(Date.parse(slot?.startTime ?? '') + offset);
    }
  });

  it('cannot reach the settings, monitoring or people', async () => {
    const { page, context } = journey;
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Organizer Dashboard' }).waitFor();
    await sheetCards('Community Garden Day').first().waitFor();
    expect(await page.getByRole('heading', { name: 'PAC Admin Dashboard' }).count()).toBe(0);
    for (const tab of ['Website Monitoring', 'Email Settings', 'People']) {
      expect(await page.getByRole('tab', { name: tab }).count()).toBe(0);
    }
    expect(await page.getByRole('region', { name: 'Website Settings' }).count()).toBe(0);

    await page.goto('/monitoring');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Social Media Status' }).count()).toBe(0);

    // The server agrees, for the browser's own session.
    for (const path of ['/api/settings/adminEmail', '/api/monitors', '/api/users', '/api/stats']) {
      expect((await context.request.get(path)).status(), path).toBe(403);
    }
  });

  it('has a private calendar link on the profile, which Reset link replaces', async () => {
    const { page, context } = journey;
    await page.goto(`/profile/${organizerId}`);
    const field = page.getByLabel('Private calendar link');
    await field.waitFor();
    const first = await field.inputValue();
    expect(first).toMatch(new RegExp(`/api/calendar/feed/${organizerId}\\.[A-Za-z0-9_-]{43}\\.ics$`));
    const subscribe = await page.getByRole('link', { name: 'Subscribe' }).getAttribute('href');
    expect(subscribe).toBe(first.replace(/^https?:/, 'webcal:'));
    const path = (url: string) => new URL(url).pathname;
    const feed = await context.request.get(path(first));
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');

    await page.getByRole('button', { name: 'Reset link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset Calendar Link' });
    await confirm.getByText(/The current link stops working/).waitFor();
    await confirm.getByRole('button', { name: 'Reset link' }).click();
    await page.getByText('Calendar Link Reset').waitFor();
    await expect.poll(() => field.inputValue()).not.toBe(first);
    expect((await context.request.get(path(first))).status()).toBe(404);
    expect((await context.request.get(path(await field.inputValue()))).status()).toBe(200);
  });
});
