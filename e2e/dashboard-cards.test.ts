import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, signInAsAdmin, startJourney } from './harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey.close());

describe("the dashboard's monitoring and social media cards", () => {
  it('sets up the school monitors from the empty state, lists them as Running, and shows Setup Required for social media', async () => {
    await signInAsAdmin(journey);
    const { page } = journey;
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'PAC Admin Dashboard' }).waitFor();
    await page.getByText('No Monitors Setup').waitFor();
    await page.getByRole('button', { name: 'Set Up School Monitors' }).first().click();
    await page.getByText('Monitors Setup Complete').waitFor();
    await page.getByText('District home page').first().waitFor();
    await page.getByText('Running').first().waitFor();
    expect(await page.getByText('No Monitors Setup').count()).toBe(0);
    expect(await page.getByText('Setup Required').count()).toBeGreaterThanOrEqual(2);

    const monitors = await journey.api('GET', '/api/monitors');
    expect((monitors.body as unknown[]).length).toBe(3);
  });
});
