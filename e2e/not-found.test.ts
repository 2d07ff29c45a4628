import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey.close());

describe('pages outside the router', () => {
  it('shows the 404 page for an unknown route, answered with status 404', async () => {
    const { page } = journey;
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    expect(await page.title()).toBe(`Page Not Found · ${journey.server.config.schoolName}`);
  });

  it("shows a missing sheet's own page, answered with status 404", async () => {
    const { page } = journey;
    for (const path of ['/signup-sheet/999999', '/signup-sheet/abc']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await page.getByRole('heading', { name: 'Signup Sheet Not Found' }).waitFor();
      expect(await page.title(), path).toBe(`Signup Sheet Not Found · ${journey.server.config.schoolName}`);
    }
  });

  it('shows the privacy policy', async () => {
    const { page } = journey;
    expect((await page.goto('/privacy-policy'))?.status()).toBe(200);
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
