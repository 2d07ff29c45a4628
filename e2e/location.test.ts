import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { type Journey, signIn, startJourney } from './harness';

/**
 * API.md "An organizer's season", Location, on a phone (390 px): an organizer types where the
 * event happens in 'Create New Signup Sheet' and a slot's own location in 'Add Volunteer Slot';
 * the sheet's page then shows the sheet's location with a map link, and the slot's own on its card.
 * The dialog and the page are axe-clean.
 */

let journey: Journey;
const organizer = { name: 'Lee Location', email: 'lee.location@example.org', password: 'lee-secret-12' };
const title = 'Sports Day 390';
const sheetLocation = 'Gym, 123 Main St';
const slotLocation = 'Parking lot B';
const mapOf = (location: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;

beforeAll(async () => {
  journey = await startJourney();
  const registered = await journey.api('POST', '/api/auth/register', organizer, false);
  expect(registered.status).toBe(201);
  const id = (registered.body as { id: number }).id;
  expect((await journey.api('PATCH', `/api/users/${id}`, { role: 'organizer' })).status).toBe(200);
  await signIn(journey.page, organizer);
});
afterAll(() => journey.close());

/** A datetime-local value `days` from now at `hour`:00, local time. */
function localDateTime(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

const manageSection = () => journey.page.getByRole('region', { name: 'Manage Signup Sheets' });
const sheetCard = (): Locator => manageSection().getByRole('article', { name: title, exact: true });

describe('an organizer at 390 px (phone) gives a sheet and a slot a location', () => {
  it("enters the sheet's location in 'Create New Signup Sheet'", async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Organizer Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Create New Sign Up' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Signup Sheet' });
    await dialog.getByLabel('Event Title').fill(title);
    await dialog.getByLabel('Event Date').fill(localDateTime(15, 9));
    const location = dialog.getByRole('textbox', { name: 'Location' });
    expect(await location.getAttribute('placeholder')).toBe('Gym, 123 Main St');
    await location.fill(sheetLocation);
    await checkA11y(page, 'Create New Signup Sheet with a location at 390 px', { scope: 'dialog' });
    // Nothing in the dialog is wider than the screen.
    expect(await dialog.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Create Sheet' }).click();
    await page.getByText('Signup Sheet Created').waitFor();
    await sheetCard().waitFor();
  });

  it("adds a slot with its own location through 'Add Volunteer Slot'", async () => {
    const { page } = journey;
    await manageSection()
      .getByRole('button', { name: `Add Volunteer Slot to ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Volunteer Slot' });
    await dialog.getByLabel('Task Title').fill('Parking');
    await dialog.getByText("Leave empty to use the sheet's location.").waitFor();
    await dialog.getByRole('textbox', { name: 'Location' }).fill(slotLocation);
    await dialog.getByRole('button', { name: 'Add Slot' }).click();
    await page.getByText('Volunteer Slot Created').waitFor();
    await manageSection()
      .getByRole('button', { name: `Add Volunteer Slot to ${title}` })
      .click();
    const second = page.getByRole('dialog', { name: 'Add Volunteer Slot' });
    await second.getByLabel('Task Title').fill('Races');
    await second.getByRole('button', { name: 'Add Slot' }).click();
    await sheetCard().getByText('Races').waitFor();
  });

  it("shows the sheet's location with a map link on its page, and the slot's own on its card", async () => {
    const { page } = journey;
    const list = (await journey.api('GET', '/api/signup-sheets')).body as {
      id: number;
      title: string;
      location: string | null;
      slots: { title: string; location: string | null }[];
    }[];
    const sheet = list.find((s) => s.title === title);
    if (!sheet) throw new Error(`no sheet ${title}`);
    expect(sheet.location).toBe(sheetLocation);
    expect(Object.fromEntries(sheet.slots.map((s) => [s.title, s.location]))).toEqual({
      Parking: slotLocation,
      Races: null,
    });

    await page.goto(`/signup-sheet/${sheet.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText(sheetLocation, { exact: true }).waitFor();
    const sheetMap = page.getByRole('link', { name: `Map of ${sheetLocation} (opens in a new tab)` });
    expect(await sheetMap.getAttribute('href')).toBe(mapOf(sheetLocation));
    expect(await sheetMap.getAttribute('target')).toBe('_blank');

    const parking = page.getByRole('article', { name: 'Parking' });
    await parking.getByText(slotLocation, { exact: true }).waitFor();
    expect(
      await parking.getByRole('link', { name: `Map of ${slotLocation} (opens in a new tab)` }).getAttribute('href'),
    ).toBe(mapOf(slotLocation));
    // The slot without its own location does not repeat the sheet's.
    expect(
      await page
        .getByRole('article', { name: 'Races' })
        .getByRole('link', { name: /^Map of / })
        .count(),
    ).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await checkA11y(page, 'a sheet page with locations at 390 px');
  });
});
