import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey.close());

describe('pages outside the router', () => {
  it('shows the 404 page for an unknown route', async () => {
    const { page } = journey;
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
  });

  it('shows the privacy policy', async () => {
    const { page } = journey;
    await page.goto('/privacy-policy');
    await page
      .getByRole('heading', { name: /privacy policy/i })
      .first()
      .waitFor();
    await page
      .getByText(/children under 13/i)
      .first()
      .waitFor();
  });

  it("shows 'No Current Opportunities' when there are no upcoming sheets", async () => {
    const { page } = journey;
    await page.goto('/');
    await page.getByText('No Current Opportunities').waitFor();
  });
});
