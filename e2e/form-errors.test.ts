import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from './a11y';
import { type Journey, signInAsAdmin, startJourney } from './harness';

/**
 * After a failed submit, focus and scroll go to the first invalid field, whose message shows,
 * and the toast that says so does not cover the dialog's title.
 */

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
  await signInAsAdmin(journey);
});
afterAll(() => journey.close());

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('not rendered');
  return found;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether `inner` lies wholly inside `outer`. */
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** Whether `field` is the focused element of the page. */
async function isFocused(field: Locator): Promise<boolean> {
  return field.evaluate((element) => element === document.activeElement);
}

/** The part of the open dialog that shows its fields: its scrolled body, below the sticky header. */
async function visibleDialogArea(page: Page, dialog: Locator): Promise<Box> {
  const viewport = page.viewportSize();
  if (viewport === null) throw new Error('no viewport');
  const content = await box(dialog);
  const header = await box(dialog.locator('.mantine-Modal-header'));
  const top = Math.max(0, content.y, header.y + header.height);
  const bottom = Math.min(viewport.height, content.y + content.height);
  return { x: Math.max(0, content.x), y: top, width: Math.min(viewport.width, content.width), height: bottom - top };
}

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'PAC Admin Dashboard' }).waitFor();
}

describe('a failed submit focuses the first invalid field', () => {
  it.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])('Edit Hero Banner Content at $width×$height: the emptied title, in view, with its message', async (viewport) => {
    const { page } = journey;
    await page.setViewportSize(viewport);
    await openDashboard(page);
    await page.getByRole('region', { name: 'Website Settings' }).getByRole('button', { name: 'Edit Content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Hero Banner Content' });
    await dialog.waitFor();
    await settle(page);

    const title = dialog.getByLabel('Title', { exact: true });
    await title.fill('');
    // Save is at the foot of the long dialog: the title scrolls out of sight on the way there.
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    await save.scrollIntoViewIfNeeded();
    expect(inside(await box(title), await visibleDialogArea(page, dialog))).toBe(false);
    await save.click();

    const toast = page.getByRole('alert').filter({ hasText: 'Please check visible fields for required content' });
    await toast.getByText('Validation Error').waitFor();
    await expect.poll(() => isFocused(title)).toBe(true);
    await settle(page);

    const area = await visibleDialogArea(page, dialog);
    expect(inside(await box(title), area)).toBe(true);
    const message = dialog.getByText('Title is required when visible');
    await message.waitFor();
    expect(inside(await box(message), area)).toBe(true);
    expect(await title.getAttribute('aria-invalid')).toBe('true');

    // The toast leaves the dialog's title, its close button and the field readable.
    const toastBox = await box(toast);
    expect(overlaps(toastBox, await box(dialog.getByRole('heading', { name: 'Edit Hero Banner Content' })))).toBe(
      false,
    );
    expect(overlaps(toastBox, await box(dialog.getByRole('button', { name: 'Close dialog' })))).toBe(false);
    expect(overlaps(toastBox, await box(title))).toBe(false);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('Create New Signup Sheet at 390×844: the empty Event Title', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    await openDashboard(page);
    await page.getByRole('button', { name: 'New Signup Sheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Signup Sheet' });
    await dialog.waitFor();
    await settle(page);

    const title = dialog.getByLabel('Event Title');
    await dialog.getByLabel('Organizer Name').fill('Olivia Organizer');
    await dialog.getByLabel('Organizer Email').fill('olivia@example.org');
    await dialog.getByRole('button', { name: 'Create Sheet' }).click();

    await expect.poll(() => isFocused(title)).toBe(true);
    await settle(page);
    const area = await visibleDialogArea(page, dialog);
    expect(inside(await box(title), area)).toBe(true);
    const message = dialog.getByText('Title is required');
    await message.waitFor();
    expect(inside(await box(message), area)).toBe(true);

    // Fixing it and sending again creates the sheet.
    await title.fill('Spring Fair');
    await dialog.getByRole('button', { name: 'Create Sheet' }).click();
    await page.getByText('Signup Sheet Created').waitFor();
  });

  it("Add Monitor: the server's refusal lands on the URL field, which gets the focus", async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDashboard(page);
    await page.getByRole('tab', { name: 'Website Monitoring' }).click();
    await page.getByRole('button', { name: 'Add Monitor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Monitor' });
    await dialog.waitFor();
    const url = dialog.getByLabel('URL');
    await dialog.getByLabel('Name').fill('District news');
    // A page elsewhere passes the form's own checks; only the server knows the approved domain.
    await url.fill('https://www.elsewhere.org/news');
    await dialog.getByLabel('CSS Selectors').fill('main');
    await dialog.getByRole('button', { name: 'Add Monitor' }).click();

    await dialog.getByText(/^URL must be from an approved school domain/).waitFor();
    await expect.poll(() => isFocused(url)).toBe(true);
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expect(inside(await box(url), await visibleDialogArea(page, dialog))).toBe(true);
  });
});
