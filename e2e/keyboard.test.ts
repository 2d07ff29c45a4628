import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, type Journey, seedSheet, startJourney } from './harness';

/**
 * The main forms, completed with the keyboard alone: Tab and Shift+Tab to move, Enter and Space to
 * press, typing to fill. No test here clicks.
 */

let journey: Journey;
let page: Page;
beforeAll(async () => {
  journey = await startJourney();
  // A context of its own with an en-US locale, whose date-time fields take the typing below.
  const context = await journey.browser.newContext({
    baseURL: journey.server.url,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  await seedSheet(journey, { title: 'Winter Concert' }, [
    { title: 'Ushers', maxVolunteers: 3 },
    { title: 'Ticket desk', maxVolunteers: 2 },
  ]);
});
afterAll(() => journey.close());

/**
 * Whether focus is on one of `target`'s elements, read after the page's pending zero-delay timers:
 * Mantine's focus trap settles a Tab out of a date-time field in one, and a person is never quick
 * enough to type before it runs.
 */
const isFocused = (target: Locator) =>
  target.evaluateAll(async (elements) => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    return elements.some((element) => element === document.activeElement);
  });

/**
 * Presses Tab (or Shift+Tab) until the focused element is one of `target`'s elements; `target` is
 * a role-and-name locator, so this checks the accessible name too. Bounded, so a trap or a missing
 * control fails instead of hanging.
 */
async function tabTo(target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  await target.filter({ visible: true }).first().waitFor();
  for (let presses = 0; presses < max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  if (await isFocused(target)) return;
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(
    `${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${String(target)}; focus is on ${focused}`,
  );
}

/** Tabs to a field, replaces what it holds with `text`. */
async function fill(field: Locator, text: string): Promise<void> {
  await tabTo(field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Waits until focus is inside the open dialog. */
async function focusIsIn(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}

async function focusReturnsTo(trigger: Locator): Promise<void> {
  await expect.poll(() => isFocused(trigger)).toBe(true);
}

/**
 * Types a local date and time into a focused datetime-local field, segment by segment as Chromium's
 * en-US field takes it (the year does not move on by itself: it could have more digits).
 */
async function typeDateTime(days: number, hour: number): Promise<void> {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await page.keyboard.type(`${pad(d.getMonth() + 1)}${pad(d.getDate())}${d.getFullYear()}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type(`${pad(hour % 12 === 0 ? 12 : hour % 12)}00${hour < 12 ? 'A' : 'P'}`);
}

describe('with the keyboard alone', () => {
  it('a visitor opens a sheet from the home page and signs up through the dialog', async () => {
    await page.goto('/');
    await tabTo(page.getByRole('link', { name: 'View & Sign Up' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Winter Concert' }).waitFor();

    const signUp = page.getByRole('button', { name: 'Sign Up', exact: true }).first();
    await tabTo(signUp);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Sign up: / });
    await focusIsIn(dialog);
    // The first field takes the focus.
    await expect.poll(() => isFocused(dialog.getByLabel('Name'))).toBe(true);

    // Escape closes the dialog and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await focusReturnsTo(signUp);

    await page.keyboard.press('Space');
    await focusIsIn(dialog);
    // Submitting empty shows the errors and keeps the dialog open.
    await tabTo(dialog.getByRole('button', { name: 'Sign Up' }));
    await page.keyboard.press('Enter');
    await dialog.getByText('Name is required').waitFor();

    await fill(dialog.getByLabel('Name'), 'Jamie Rivera');
    await fill(dialog.getByLabel('Email'), 'jamie@example.org');
    await fill(dialog.getByLabel('Phone'), '555-0142');
    await fill(dialog.getByLabel('Notes'), 'Happy to help at the door');
    // The reminder checkbox starts ticked (API.md); Space unticks it and ticks it again.
    const consent = dialog.getByRole('checkbox', { name: 'Send me reminders about this event' });
    expect(await consent.isChecked()).toBe(true);
    await tabTo(consent);
    await page.keyboard.press('Space');
    expect(await consent.isChecked()).toBe(false);
    await page.keyboard.press('Space');
    expect(await consent.isChecked()).toBe(true);
    // Back up to the submit button with Shift+Tab past Cancel… then forward again.
    await tabTo(dialog.getByRole('button', { name: 'Sign Up' }));
    await tabTo(dialog.getByRole('button', { name: 'Cancel' }), { backwards: true });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await page.getByText('Signup Successful!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Jamie R.').waitFor();
    // The slot is now the visitor's: its Sign Up button gives way to the signup's manage link,
    // which takes the focus.
    await focusReturnsTo(page.getByRole('link', { name: 'Change or cancel' }));
  });

  it('a visitor logs in through the header dialog', async () => {
    await page.goto('/');
    const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
    await tabTo(login);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Welcome to PAC Hub' });
    await focusIsIn(dialog);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await focusReturnsTo(login);

    await page.keyboard.press('Enter');
    await focusIsIn(dialog);
    // The tabs switch with the arrow keys; come back to Login.
    await tabTo(dialog.getByRole('tab', { name: 'Login' }), { backwards: true });
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('button', { name: 'Create Account' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => dialog.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');

    await fill(dialog.getByLabel('Email'), admin.email);
    await fill(dialog.getByLabel('Password'), admin.password);
    await page.keyboard.press('Enter');
    await page.getByText('Welcome Back!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The user menu opens from the keyboard too, and its items are reachable with the arrows.
    const menuButton = page.getByRole('button', { name: /^Account menu for / });
    await tabTo(menuButton);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role') ?? null)).toBe('menuitem');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await focusReturnsTo(menuButton);

    // Account Settings, from the menu: the dialog takes the focus and gives it back on Escape.
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    const item = page.getByRole('menuitem', { name: 'Account Settings' });
    for (let presses = 0; presses < 6 && !(await isFocused(item)); presses++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const settings = page.getByRole('dialog', { name: 'Account Settings' });
    await focusIsIn(settings);
    await expect.poll(() => settings.getByLabel('Email').inputValue()).toBe(admin.email);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
    await focusReturnsTo(menuButton);
  });

  it('the admin creates a signup sheet and adds a slot through the dashboard dialogs', async () => {
    await page.goto('/');
    await tabTo(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'PAC Admin Dashboard' }).waitFor();

    const create = page.getByRole('button', { name: 'Create New Sign Up' });
    await tabTo(create);
    await page.keyboard.press('Enter');
    const sheetDialog = page.getByRole('dialog', { name: 'Create New Signup Sheet' });
    await focusIsIn(sheetDialog);
    await fill(sheetDialog.getByLabel('Event Title'), 'Harvest Festival');
    await fill(sheetDialog.getByLabel('Description'), 'Apples, cider and a bake sale.');
    // The event date starts a day ahead; keep it.
    await fill(sheetDialog.getByLabel('Organizer Name'), 'Olivia Organizer');
    await fill(sheetDialog.getByLabel('Organizer Email'), 'olivia@example.org');
    await tabTo(sheetDialog.getByRole('button', { name: 'Create Sheet' }));
    await page.keyboard.press('Space');
    await page.getByText('Signup Sheet Created').waitFor();
    await sheetDialog.waitFor({ state: 'hidden' });
    await focusReturnsTo(create);

    const manage = page.getByRole('region', { name: 'Manage Signup Sheets' });
    const addSlot = manage.getByRole('button', { name: 'Add Volunteer Slot to Harvest Festival' });
    await tabTo(addSlot, { max: 120 });
    await page.keyboard.press('Enter');
    const slotDialog = page.getByRole('dialog', { name: 'Add Volunteer Slot' });
    await focusIsIn(slotDialog);
    await expect.poll(() => isFocused(slotDialog.getByLabel('Task Title'))).toBe(true);
    await page.keyboard.type('Apple pressing');
    await tabTo(slotDialog.getByLabel('Start Time'));
    await typeDateTime(1, 9);
    await tabTo(slotDialog.getByLabel('End Time'));
    await typeDateTime(1, 11);
    await fill(slotDialog.getByLabel('Number of Volunteers Needed'), '3');
    await page.keyboard.press('Enter');
    await page.getByText('Volunteer Slot Created').waitFor();
    await slotDialog.waitFor({ state: 'hidden' });
    await focusReturnsTo(addSlot);

    const slots = manage.getByRole('list', { name: 'Slots of Harvest Festival' });
    await slots.getByText('Apple pressing').waitFor();
    await slots.getByText('0 / 3').waitFor();
    const list = await journey.api('GET', '/api/signup-sheets');
    const harvest = (
      list.body as { title: string; slots: { title: string; startTime: string | null; endTime: string | null }[] }[]
    ).find((sheet) => sheet.title === 'Harvest Festival');
    const slot = harvest?.slots[0];
    expect(slot?.title).toBe('Apple pressing');
    expect(new Date(slot?.startTime ?? 0).getHours()).toBe(9);
    expect(new Date(slot?.endTime ?? 0).getHours()).toBe(11);
  });
});
