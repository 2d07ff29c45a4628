import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, seedSheet, startJourney, waitUntilHydrated } from './harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey.close());

describe('a parent signs up for a slot', () => {
  it('finds the event on the home page, signs up through the form, and sees the toast and their name', async () => {
    const { sheetId } = await seedSheet(journey, { title: 'Winter Concert' }, [
      { title: 'Ushers', maxVolunteers: 3 },
      { title: 'Ticket desk', maxVolunteers: 2 },
    ]);
    const { page } = journey;
    await page.goto('/');
    const card = page.getByRole('link', { name: 'View & Sign Up' }).first();
    await card.waitFor();
    await expect(page.getByText('Winter Concert').first().isVisible()).resolves.toBe(true);
    await card.click();
    await page.waitForURL(`**/signup-sheet/${sheetId}`);

    await page.getByRole('button', { name: 'Sign Up' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Jamie Rivera');
    await dialog.getByLabel('Email').fill('jamie@example.org');
    await dialog.getByLabel('Phone').fill('555-0142');
    await dialog.getByRole('button', { name: /sign up/i }).click();

    await page.getByText('Signup Successful!').waitFor();
    await page.getByText('Jamie R.').waitFor();
    const sheet = await journey.api('GET', `/api/signup-sheets/${sheetId}`);
    const volunteers = (sheet.body as { slots: { volunteers: { email: string }[] }[] }).slots.flatMap(
      (s) => s.volunteers,
    );
    expect(volunteers.map((v) => v.email)).toContain('jamie@example.org');
  });

  it('shows the validation messages and sends nothing when required fields are empty', async () => {
    const { sheetId } = await seedSheet(journey, { title: 'Book Fair' }, [{ title: 'Cashier', maxVolunteers: 2 }]);
    const { page } = journey;
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByRole('button', { name: 'Sign Up' }).first().click();
    const dialog = page.getByRole('dialog');
    // The form starts from the details of this browser's last signup (the first test's): emptied here.
    const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name.inputValue()).resolves.toBe('Jamie Rivera');
    for (const field of ['Name', 'Email', 'Phone']) {
      await dialog.getByRole('textbox', { name: field, exact: true }).fill('');
    }
    await dialog.getByRole('button', { name: /sign up/i }).click();
    await dialog.getByText('Name is required').waitFor();
    const sheet = await journey.api('GET', `/api/signup-sheets/${sheetId}`);
    expect((sheet.body as { slots: { currentVolunteers: number }[] }).slots[0]?.currentVolunteers).toBe(0);
  });

  it('shows FULL and no Sign Up button on a full slot', async () => {
    const { sheetId, slotIds } = await seedSheet(journey, { title: 'Sports Day' }, [
      { title: 'First aid', maxVolunteers: 1 },
    ]);
    const filled = await journey.api(
      'POST',
      '/api/volunteers',
      { slotId: slotIds[0], name: 'Alex Kim', email: 'alex@example.org', phone: '555-0100' },
      false,
    );
    expect(filled.status).toBe(201);
    const { page } = journey;
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByText('FULL - No spots available').waitFor();
    expect(await page.getByRole('button', { name: 'Sign Up', exact: true }).count()).toBe(0);
  });

  it("says 'Signup Sheet Not Found' for a sheet that does not exist", async () => {
    await journey.page.goto('/signup-sheet/987654');
    await journey.page.getByText('Signup Sheet Not Found').waitFor();
  });
});
