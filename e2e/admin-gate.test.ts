import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { admin, type Journey, startJourney } from './harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey.close());

/** A visitor with no session and nothing stored. */
beforeEach(async () => {
  await journey.context.clearCookies();
  await journey.page.goto('/privacy-policy');
  await journey.page.evaluate(() => localStorage.clear());
});

const storedUser = () => journey.page.evaluate(() => localStorage.getItem('currentUser'));

describe('the admin gate', () => {
  it('asks a visitor to sign in as admin, and shows the dashboard after signing in (page reloaded)', async () => {
    const { page } = journey;
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await page.getByText(admin.email).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    expect(await page.getByText('PAC Admin Dashboard').count()).toBe(0);

    // A mark that survives anything but a reload.
    await page.evaluate(() => {
      document.body.dataset.gateMark = 'before-login';
    });
    await page.getByRole('button', { name: 'Sign In as Admin' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(dialog.getByLabel('Email').getAttribute('placeholder')).resolves.toBe(admin.email);
    await dialog.getByLabel('Email').fill(admin.email);
    await dialog.getByLabel('Password').fill(admin.password);
    await dialog.getByRole('button', { name: 'Login' }).click();

    await page.getByRole('heading', { level: 1, name: 'PAC Admin Dashboard' }).waitFor();
    await expect(page.evaluate(() => document.body.dataset.gateMark ?? null)).resolves.toBeNull();
    expect(JSON.parse((await storedUser()) ?? 'null')).toMatchObject({ isAdmin: true });
    await page.getByRole('button', { name: 'Create New Sign Up' }).waitFor();
    const tabs = await page.getByRole('tab').allInnerTexts();
    // SPEC.md's three tabs, then the People tab of API.md's "Coordinator toolkit", then Privacy ("Privacy").
    expect(tabs).toEqual(['Overview', 'Website Monitoring', 'Email Settings', 'People', 'Privacy']);
    await page.getByRole('tab', { name: 'Email Settings' }).click();
    await expect(page.getByRole('tab', { name: 'Email Settings' }).getAttribute('aria-selected')).resolves.toBe('true');
  });

  it("denies a signed-in parent, naming the account; 'Sign Out' clears the stored user", async () => {
    const { page, context } = journey;
    // Registering through the browser's own request context gives the browser the session cookie.
    const registered = await context.request.post('/api/auth/register', {
      data: { name: 'Casey Parent', email: 'casey@example.org', password: 'casey-secret-1' },
    });
    expect(registered.status()).toBe(201);

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('Casey Parent', { exact: true }).filter({ visible: true }).first().waitFor();
    await page.getByText(/\(casey@example\.org\)/).waitFor();
    expect(JSON.parse((await storedUser()) ?? 'null')).toMatchObject({ name: 'Casey Parent', isAdmin: false });
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    expect(await page.getByText('PAC Admin Dashboard').count()).toBe(0);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    expect(await storedUser()).toBeNull();
    // The server session ended too.
    const me = await context.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
  });

  it('removes a corrupt stored user and treats the visitor as signed out', async () => {
    const { page } = journey;
    await page.evaluate(() => localStorage.setItem('currentUser', '{"id":"one","name":'));
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    expect(await storedUser()).toBeNull();
  });

  it('believes the server over a stored admin without a session', async () => {
    const { page } = journey;
    await page.evaluate(() =>
      localStorage.setItem('currentUser', JSON.stringify({ id: 1, name: 'Mallory', isAdmin: true })),
    );
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    expect(await storedUser()).toBeNull();
  });
});
