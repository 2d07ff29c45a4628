import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { inDays, type Journey, seedSheet, signIn, startJourney } from './harness';

/**
 * An organizer's dashboard on a phone (issue 24) and on a desktop: their own sheets come first, each
 * card with its date, how full it is, and straight to its roster and public page; 'Create Sheet'
 * takes them to the new sheet, ready for its slots; 'Email me about signups' is saved with the sheet.
 */

let journey: Journey;
let organizerId = 0;
const organizer = { name: 'Pat Organizer', email: 'pat@example.org', password: 'pat-secret-1' };
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const sheetIds: Record<string, number> = {};

interface ApiSheet {
  id: number;
  title: string;
  eventDate: string;
  location: string | null;
  ownerId: number | null;
  notifyOrganizer: string;
}

/** A sheet of the organizer's, with slots, some of their spots taken. */
async function seedOwnSheet(title: string, days: number, slots: { title: string; spots: number; taken: number }[]) {
  const { sheetId, slotIds } = await seedSheet(
    journey,
    { title, eventDate: inDays(days) },
    slots.map((slot) => ({ title: slot.title, maxVolunteers: slot.spots })),
  );
  const handed = await journey.api('PATCH', `/api/signup-sheets/${sheetId}`, { ownerId: organizerId });
  expect(handed.status).toBe(200);
  for (const [i, slot] of slots.entries())
    for (let n = 0; n < slot.taken; n++) {
      const signup = await journey.api('POST', '/api/volunteers', {
        slotId: slotIds[i],
        name: `Riley Parent ${title.length}${i}${n}`,
        email: `riley.${sheetId}.${i}.${n}@example.org`,
        phone: '555-0100',
        emailConsent: false,
      });
      expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    }
  sheetIds[title] = sheetId;
}

beforeAll(async () => {
  journey = await startJourney();
  const registered = await journey.api('POST', '/api/auth/register', organizer, false);
  expect(registered.status).toBe(201);
  organizerId = (registered.body as { id: number }).id;
  expect((await journey.api('PATCH', `/api/users/${organizerId}`, { role: 'organizer' })).status).toBe(200);

  await seedOwnSheet('Pancake Breakfast', 10, [{ title: 'Cooks', spots: 2, taken: 2 }]);
  await seedOwnSheet('Book Fair', 3, [
    { title: 'Setup', spots: 2, taken: 2 },
    { title: 'Cashier', spots: 6, taken: 1 },
  ]);
  await seedOwnSheet('Yard Sale', -5, [{ title: 'Pricing', spots: 3, taken: 0 }]);
  // Someone else's sheet, which the organizer never sees.
  await seedSheet(journey, { title: 'Admin Gala' }, [{ title: 'Ushers', maxVolunteers: 2 }]);

  await journey.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.server.url });
  await signIn(journey.page, organizer);
});
afterAll(() => journey.close());

const manage = () => journey.page.getByRole('region', { name: 'Manage Signup Sheets' });
const card = (title: string): Locator => manage().getByRole('article', { name: title, exact: true });

/** A datetime-local value `days` from now at `hour`:00, local time. */
function localDateTime(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

/** How the dashboard writes a sheet's date on the school's clock: 'Saturday, May 3, 2031 at 6:00 PM'. */
function schoolDateTime(iso: string): string {
  const timeZone = journey.server.config.timeZone;
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(date);
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(date);
  return `${day} at ${time}`.replace(/\u202f/g, ' ');
}

async function apiSheet(title: string): Promise<ApiSheet> {
  const sheets = (await journey.api('GET', '/api/signup-sheets')).body as ApiSheet[];
  const found = sheets.find((sheet) => sheet.title === title);
  if (!found) throw new Error(`no sheet ${title}`);
  return found;
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('heading', { level: 1, name: 'Organizer Dashboard' }).waitFor();
  await card('Book Fair').waitFor();
}

/** The top of an element on the page, and whether it is within the window now. */
async function place(locator: Locator): Promise<{ top: number; inView: boolean }> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top + window.scrollY, inView: box.top >= 0 && box.bottom <= window.innerHeight };
  });
}

/** Creates a sheet through 'Create New Sign Up' and checks the dashboard takes the organizer to it. */
async function createAndLand(page: Page, title: string, days: number, notify: 'each' | 'daily' | 'off') {
  await page.getByRole('button', { name: 'Create New Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Signup Sheet' });
  await dialog.getByLabel('Event Title').fill(title);
  await dialog.getByLabel('Event Date').fill(localDateTime(days, 9));
  await dialog.getByLabel('Location').fill('School field');
  const select = dialog.getByLabel('Email me about signups');
  await expect(select.inputValue()).resolves.toBe('each');
  await select.selectOption(notify);
  await dialog.getByRole('button', { name: 'Create Sheet' }).click();
  await page.getByText('Signup Sheet Created').waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // Its heading takes focus, and its card is scrolled into view, highlighted, adding slots next.
  const heading = card(title).getByRole('heading', { name: title });
  await expect
    .poll(() => heading.evaluate((element) => element === document.activeElement && element.tabIndex === -1))
    .toBe(true);
  await expect.poll(async () => (await place(card(title))).inView || (await place(heading)).inView).toBe(true);
  expect(await card(title).getAttribute('data-just-created')).toBe('true');
  await card(title).getByText('Next: add the volunteer slots people sign up for.').waitFor();
  const addSlot = manage().getByRole('button', { name: `Add Volunteer Slot to ${title}` });
  expect(await addSlot.getAttribute('data-variant')).toBe('filled');

  const saved = await apiSheet(title);
  expect(saved).toMatchObject({ ownerId: organizerId, location: 'School field', notifyOrganizer: notify });
  sheetIds[title] = saved.id;
}

describe('on a phone (390 px)', () => {
  beforeAll(async () => {
    await journey.page.setViewportSize(phone);
    await openDashboard(journey.page);
  });

  it('shows their own sheets first, upcoming soonest first and the past ones after', async () => {
    const { page } = journey;
    const titles = await manage()
      .getByRole('article')
      .evaluateAll((articles) => articles.map((article) => article.querySelector('h3')?.textContent ?? ''));
    expect(titles).toEqual(['Book Fair', 'Pancake Breakfast', 'Yard Sale']);
    expect(await manage().getByText('Admin Gala').count()).toBe(0);
    await card('Yard Sale').getByText('Past', { exact: true }).waitFor();
    expect((await place(manage().getByText('Past sheets'))).top).toBeLessThan((await place(card('Yard Sale'))).top);

    // The first card starts on the first screen, above the quick actions and the reminders.
    const first = await place(card('Book Fair'));
    expect(first.top).toBeLessThan(phone.height);
    const quickActions = page.getByRole('group', { name: 'Create New Signup Sheet' });
    const reminders = page.getByRole('region', { name: 'Email Reminder Management' });
    await reminders.waitFor();
    expect(first.top).toBeLessThan((await place(quickActions)).top);
    expect((await place(card('Yard Sale'))).top).toBeLessThan((await place(reminders)).top);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  });

  it('shows on each card its date on the school clock and how full it is', async () => {
    const bookFair = card('Book Fair');
    await bookFair.getByText(schoolDateTime((await apiSheet('Book Fair')).eventDate)).waitFor();
    await bookFair.getByText('3 of 8 spots filled').waitFor();
    await bookFair.getByText('5 open', { exact: true }).waitFor();
    const bar = bookFair.getByRole('progressbar', { name: 'Book Fair: 3 of 8 spots filled' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('37');

    const pancakes = card('Pancake Breakfast');
    await pancakes.getByText('2 of 2 spots filled').waitFor();
    await pancakes.getByText('Full', { exact: true }).waitFor();
    await checkA11y(journey.page, 'the organizer dashboard at 390 px');
  });

  it("opens the sheet's roster from its card", async () => {
    const { page } = journey;
    await card('Book Fair').getByRole('link', { name: 'Roster of Book Fair' }).click();
    await page.waitForURL(`**/signup-sheet/${sheetIds['Book Fair']}/roster`);
    await page.getByText('Riley Parent 900').first().waitFor();
    await openDashboard(page);
  });

  it("opens the sheet's public page, and copies its link", async () => {
    const { page } = journey;
    await card('Book Fair').getByRole('button', { name: 'Copy link to Book Fair' }).click();
    await page.getByText('Link Copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${journey.server.url}/signup-sheet/${sheetIds['Book Fair']}`);

    await card('Book Fair').getByRole('link', { name: 'Public link of Book Fair' }).click();
    await page.waitForURL(`**/signup-sheet/${sheetIds['Book Fair']}`);
    await page.getByRole('heading', { level: 1, name: 'Book Fair' }).waitFor();
    await openDashboard(page);
  });

  it('creates a sheet and lands on it, ready for its slots, with the notification choice saved', async () => {
    await createAndLand(journey.page, 'Spring Fun Run', 40, 'daily');
  });

  it("changes 'Email me about signups' in Edit sheet, and the API reads it back", async () => {
    const { page } = journey;
    await card('Spring Fun Run').getByRole('button', { name: 'Edit sheet Spring Fun Run' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Signup Sheet' });
    const select = dialog.getByLabel('Email me about signups');
    await expect(select.inputValue()).resolves.toBe('daily');
    await select.selectOption('off');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Signup Sheet Updated').waitFor();
    expect((await apiSheet('Spring Fun Run')).notifyOrganizer).toBe('off');
    const api = await journey.api('GET', `/api/signup-sheets/${sheetIds['Spring Fun Run']}`);
    expect(api.body).toMatchObject({ notifyOrganizer: 'off' });
  });
});

describe('on a desktop (1280 px)', () => {
  beforeAll(async () => {
    await journey.page.setViewportSize(desktop);
    await openDashboard(journey.page);
  });

  it('shows the sheets first, two to a row, with their fill, roster and public link', async () => {
    const { page } = journey;
    const [first, second] = await Promise.all([place(card('Book Fair')), place(card('Pancake Breakfast'))]);
    expect(second.top).toBe(first.top);
    expect(first.top).toBeLessThan((await place(page.getByRole('group', { name: 'Create New Signup Sheet' }))).top);
    await card('Book Fair').getByText('3 of 8 spots filled').waitFor();
    expect(await card('Book Fair').getByRole('link', { name: 'Roster of Book Fair' }).getAttribute('href')).toBe(
      `/signup-sheet/${sheetIds['Book Fair']}/roster`,
    );
    await card('Pancake Breakfast').getByRole('link', { name: 'Public link of Pancake Breakfast' }).click();
    await page.waitForURL(`**/signup-sheet/${sheetIds['Pancake Breakfast']}`);
    await page.getByRole('heading', { level: 1, name: 'Pancake Breakfast' }).waitFor();
    await openDashboard(page);
  });

  it('creates a sheet and lands on it', async () => {
    await createAndLand(journey.page, 'Science Night', 50, 'each');
  });
});
