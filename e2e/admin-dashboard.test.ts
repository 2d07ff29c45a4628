import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { inDays, type Journey, seedSheet, signInAsAdmin, startJourney } from './harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey.close());

/** Signs in through the header's Login dialog, then opens the dashboard. */
async function openDashboard(): Promise<void> {
  await signInAsAdmin(journey);
  const { page } = journey;
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'PAC Admin Dashboard' }).waitFor();
}

/** A datetime-local value `days` from now at `hour`:00, local time. */
function localDateTime(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

const manageSection = () => journey.page.getByRole('region', { name: 'Manage Signup Sheets' });
const sheetCard = (title: string): Locator => manageSection().getByRole('article', { name: title });

describe('the admin dashboard', () => {
  beforeAll(async () => {
    await openDashboard();
  });

  it('creates a sheet and a slot through the dialogs, and shows them in Manage Signup Sheets', async () => {
    const { page } = journey;
    await manageSection().getByText('No Signup Sheets Yet').waitFor();

    await page.getByRole('button', { name: 'New Signup Sheet' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Signup Sheet' });
    await create.getByLabel('Event Title').fill('Harvest Festival');
    await create.getByLabel('Description').fill('Apples, cider and a bake sale.');
    // The event date starts 1 day ahead; keep it.
    expect(await create.getByLabel('Event Date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await create.getByLabel('Organizer Name').fill('Olivia Organizer');
    await create.getByLabel('Organizer Email').fill('olivia@example.org');
    await create.getByRole('button', { name: 'Create Sheet' }).click();
    await page.getByText('Signup Sheet Created').waitFor();
    await sheetCard('Harvest Festival').waitFor();

    await manageSection().getByRole('button', { name: 'Add Volunteer Slot to Harvest Festival' }).click();
    const add = page.getByRole('dialog', { name: 'Add Volunteer Slot' });
    await add.getByLabel('Task Title').fill('Apple pressing');
    await add.getByLabel('Start Time').fill(localDateTime(1, 9));
    await add.getByLabel('End Time').fill(localDateTime(1, 11));
    await add.getByLabel('Number of Volunteers Needed').fill('3');
    await add.getByRole('button', { name: 'Add Slot' }).click();
    await page.getByText('Volunteer Slot Created').waitFor();

    const slots = sheetCard('Harvest Festival').getByRole('list', { name: 'Slots of Harvest Festival' });
    await slots.getByText('Apple pressing').waitFor();
    await slots.getByText('0 / 3').waitFor();

    // The reminder list and the stat tiles follow the change.
    const reminders = page.getByRole('region', { name: 'Email Reminder Management' });
    await reminders
      .getByRole('article', { name: 'Harvest Festival' })
      .getByText(/1 upcoming slot · 0 volunteers/)
      .waitFor();
    await page.getByRole('group', { name: 'Active Signups' }).getByText('1', { exact: true }).waitFor();

    const list = await journey.api('GET', '/api/signup-sheets');
    const sheets = list.body as { title: string; slots: { title: string; maxVolunteers: number }[] }[];
    expect(sheets).toEqual([
      expect.objectContaining({
        title: 'Harvest Festival',
        slots: [expect.objectContaining({ title: 'Apple pressing', maxVolunteers: 3 })],
      }),
    ]);
  });

  it('edits the hero banner title, and the home page shows it', async () => {
    const { page } = journey;
    const settings = page.getByRole('region', { name: 'Website Settings' });
    await settings.getByText('Default text').waitFor();
    await settings.getByRole('button', { name: 'Edit Content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Hero Banner Content' });
    const title = dialog.getByLabel('Title', { exact: true });
    await title.fill('Help at the Harvest Festival');
    // Enter submits like 'Save Changes' does; the earlier toast may still cover the dialog's footer.
    await title.press('Enter');
    await page.getByText('Hero Content Updated').waitFor();
    await settings.getByText('Custom text set').waitFor();
    await settings.getByText('Help at the Harvest Festival').waitFor();

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Help at the Harvest Festival' }).waitFor();

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'PAC Admin Dashboard' }).waitFor();
  });

  it('downloads the volunteer hours as volunteer-data.csv', async () => {
    const { page } = journey;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('volunteer-data.csv');
    const path = await download.path();
    const text = await readFile(path, 'utf8');
    expect(text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toMatch(/^Sheet,Event Date/);
  });

  it('saves the default email recipient in the Email Settings tab', async () => {
    const { page } = journey;
    await page.getByRole('tab', { name: 'Email Settings' }).click();
    const recipient = page.getByRole('region', { name: 'Default Email Recipient' });
    await recipient.getByText('No default email set').waitFor();
    await recipient.getByRole('button', { name: 'Edit' }).click();
    await recipient.getByLabel('Default email recipient').fill('chair@example.org');
    await recipient.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Admin Email Updated').waitFor();
    await recipient.getByText('chair@example.org').waitFor();
    expect((await journey.api('GET', '/api/settings/adminEmail')).body).toEqual({
      key: 'adminEmail',
      value: 'chair@example.org',
    });
  });
  it('lists upcoming sheets soonest first, then past ones marked Past, and hints at a slot off the event day', async () => {
    const { page } = journey;
    await seedSheet(journey, { title: 'Last Spring Fair', eventDate: inDays(-30) }, []);
    await seedSheet(journey, { title: 'Science Night', eventDate: inDays(20) }, []);
    await seedSheet(journey, { title: 'Winter Concert', eventDate: inDays(-2) }, []);
    await page.reload();
    await page.getByRole('heading', { name: 'PAC Admin Dashboard' }).waitFor();
    await sheetCard('Science Night').waitFor();

    const cards = manageSection().getByRole('article');
    const titles = await cards.evaluateAll((articles) =>
      articles.map((article) => article.querySelector('h3')?.textContent ?? ''),
    );
    expect(titles).toEqual(['Harvest Festival', 'Science Night', 'Winter Concert', 'Last Spring Fair']);
    for (const past of ['Winter Concert', 'Last Spring Fair']) {
      await sheetCard(past).getByText('Past', { exact: true }).waitFor();
    }
    for (const upcoming of ['Harvest Festival', 'Science Night']) {
      expect(await sheetCard(upcoming).getByText('Past', { exact: true }).count()).toBe(0);
    }

    // A slot set a month after the event: a hint, and the slot can still be added.
    await manageSection().getByRole('button', { name: 'Add Volunteer Slot to Science Night' }).click();
    const add = page.getByRole('dialog', { name: 'Add Volunteer Slot' });
    await add.getByLabel('Task Title').fill('Telescope setup');
    await add.getByLabel('Start Time').fill(localDateTime(50, 18));
    await add
      .getByRole('status')
      .getByText(/^This slot is on .+, but the event is on .+$/)
      .waitFor();
    await checkA11y(page, 'Add Volunteer Slot with the day hint', { scope: 'dialog' });
    await add.getByRole('button', { name: 'Add Slot' }).click();
    await page.getByText('Volunteer Slot Created').waitFor();
  });

  it("on the Overview, 'Send Test Posts to Social Media' waits for a connected platform", async () => {
    const { page } = journey;
    await page.getByRole('tab', { name: 'Overview' }).click();
    const social = page.getByRole('region', { name: 'Social Media Integration' });
    await social.getByText('Connect Facebook or Instagram to send test posts.').waitFor();
    expect(await social.getByRole('button', { name: 'Send Test Posts to Social Media' }).isDisabled()).toBe(true);
  });

  it("keeps the sender form's placeholder dimmed, not red, once the form shows errors", async () => {
    const { page } = journey;
    await page.getByRole('tab', { name: 'Email Settings' }).click();
    await page.getByRole('button', { name: 'Configure' }).click();
    const address = page.getByLabel('Gmail address');
    const placeholderColour = () => address.evaluate((input) => getComputedStyle(input, '::placeholder').color);
    const before = await placeholderColour();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('App password is required').waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(await placeholderColour()).toBe(before);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('saves the sender address and its app password together', async () => {
    const { page } = journey;
    await page.getByRole('tab', { name: 'Email Settings' }).click();
    await page.getByRole('button', { name: 'Configure' }).click();
    await page.getByLabel('Gmail address').fill('pac.sender@gmail.com');
    await page.getByLabel('App password').fill('abcd efgh ijkl mnop');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Sender Email Updated').waitFor();
    await page.getByText('pac.sender@gmail.com').first().waitFor();
    // Both were stored; the password is never sent back.
    expect((await journey.api('GET', '/api/settings/senderEmail', undefined, true)).body).toEqual({
      key: 'senderEmail',
      value: 'pac.sender@gmail.com',
    });
    expect((await journey.api('GET', '/api/settings/senderPassword', undefined, true)).body).toEqual({
      key: 'senderPassword',
      configured: true,
    });
  });
});
