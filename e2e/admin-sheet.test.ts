import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, seedSheet, signInAsAdmin, startJourney, waitUntilHydrated } from './harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey.close());

describe('an admin manages volunteers on the sheet page', () => {
  it('signs in through the dialog, sees full details, and removes a volunteer after confirming', async () => {
    const { sheetId, slotIds } = await seedSheet(journey, { title: 'Science Night' }, [
      { title: 'Setup crew', maxVolunteers: 4 },
    ]);
    const signup = await journey.api(
      'POST',
      '/api/volunteers',
      { slotId: slotIds[0], name: 'Robin Banks', email: 'robin@example.org', phone: '555-0177', notes: 'Has a van' },
      false,
    );
    expect(signup.status).toBe(201);

    await signInAsAdmin(journey);
    const stored = await journey.page.evaluate(() => localStorage.getItem('currentUser'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ isAdmin: true });

    const { page } = journey;
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByText('Robin Banks').waitFor();
    await page.getByText('robin@example.org').first().waitFor();

    await page.getByRole('button', { name: /remove robin banks/i }).click();
    await page.getByText('Are you sure you want to remove Robin Banks from this volunteer slot?').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /remove|confirm|delete/i })
      .last()
      .click();
    await page.getByText('Volunteer Removed').waitFor();

    const sheet = await journey.api('GET', `/api/signup-sheets/${sheetId}`);
    const slot = (sheet.body as { slots: { currentVolunteers: number; volunteers: unknown[] }[] }).slots[0];
    expect(slot?.currentVolunteers).toBe(0);
    expect(slot?.volunteers).toHaveLength(0);
  });

  it('deletes a sheet from its home-page card after the SPEC confirmation', async () => {
    const { sheetId } = await seedSheet(journey, { title: 'Pancake Breakfast' }, [
      { title: 'Griddle', maxVolunteers: 2 },
    ]);
    const { page } = journey;
    await page.goto('/');
    await page.getByText('Pancake Breakfast').waitFor();
    await page.getByRole('button', { name: /delete pancake breakfast/i }).click();
    await page
      .getByText(
        'Are you sure you want to delete this signup sheet? This will also delete all volunteer slots and signups.',
      )
      .waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /delete|confirm/i })
      .last()
      .click();
    await page.getByText('Deleted', { exact: true }).waitFor();
    expect((await journey.api('GET', `/api/signup-sheets/${sheetId}`)).status).toBe(404);
  });
});
