import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { smtpEnv, startTestSmtp, type TestSmtp } from '@pac/server/test/smtp';
import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { inDays, type Journey, mailedLink, seedSheet, signInAsAdmin, startJourney, waitUntilHydrated } from './harness';

/**
 * axe-core on every page and every dialog, as each kind of visitor sees them: a visitor, a signed-in
 * parent and the admin. Serious and critical violations fail; see a11y.ts.
 */

let site: Server;
let smtp: TestSmtp;
let journey: Journey;
let sheetId = 0;
let parentId = 0;
let adminId = 0;

/** A 1×1 PNG, for the hero image preview. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const parent = { name: 'Jordan Lee', email: 'jordan@example.org', password: 'first-secret-1', phone: '555-0123' };

beforeAll(async () => {
  // A little school site for the monitor, so that the snapshot table and its dialog have content.
  site = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><body><main><h1>District News</h1><p>Welcome back.</p></main></body></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const sitePort = (site.address() as AddressInfo).port;
  // A real mail server, so that the pages opened from emailed links can be seen working.
  smtp = await startTestSmtp();
  journey = await startJourney({
    ...smtpEnv(smtp),
    MONITOR_ALLOW_PRIVATE_ADDRESSES: 'true',
    MONITOR_RESOLVE: 'www.example-district.org=127.0.0.1',
    MONITOR_HOST_SPACING_MS: '0',
  });

  const start = inDays(5);
  const end = new Date(new Date(start).getTime() + 2 * 60 * 60 * 1000).toISOString();
  let slotIds: number[];
  ({ sheetId, slotIds } = await seedSheet(journey, { title: 'Winter Concert', eventDate: start }, [
    { title: 'Ushers', maxVolunteers: 3, startTime: start, endTime: end },
    { title: 'First aid', maxVolunteers: 1 },
    { title: 'Bake sale', maxVolunteers: 4 },
    { title: 'Coat check', maxVolunteers: 2 },
    { title: 'Clean up', maxVolunteers: 5 },
  ]));
  await seedSheet(journey, { title: 'Book Fair', eventDate: inDays(9) }, [{ title: 'Cashier', maxVolunteers: 2 }]);

  const registered = await journey.api('POST', '/api/auth/register', parent, false);
  expect(registered.status).toBe(201);
  parentId = (registered.body as { id: number }).id;
  // The parent's own signup goes in with their session, so that it shows on their profile.
  const login = await fetch(`${journey.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: parent.email, password: parent.password }),
  });
  const parentCookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const own = await fetch(`${journey.server.url}/api/volunteers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: parentCookie },
    body: JSON.stringify({
      slotId: slotIds[0],
      userId: parentId,
      name: parent.name,
      email: parent.email,
      phone: parent.phone,
      notes: 'Has a van',
    }),
  });
  expect(own.status).toBe(201);
  const full = await journey.api(
    'POST',
    '/api/volunteers',
    { slotId: slotIds[1], name: 'Alex Kim', email: 'alex@example.org', phone: '555-0100' },
    false,
  );
  expect(full.status).toBe(201);

  const me = await journey.api('GET', '/api/auth/me');
  adminId = (me.body as { id: number }).id;

  const monitor = await journey.api('POST', '/api/monitors', {
    name: 'District news',
    url: `http://www.example-district.org:${sitePort}/news`,
    selectors: ['main'],
  });
  expect(monitor.status).toBe(201);
  const checked = await journey.api('POST', `/api/monitors/${(monitor.body as { id: number }).id}/check`);
  expect(checked.status).toBe(200);
});

afterAll(async () => {
  await journey.close();
  await smtp.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

// A failed check must not leave its dialog over the next test's page.
afterEach(async () => {
  const { page } = journey;
  for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog')
      .last()
      .waitFor({ state: 'hidden', timeout: 2_000 })
      .catch(() => undefined);
  }
});

/** Opens `path` and waits for `ready` to be visible, then checks the whole page. */
async function checkPage(path: string, ready: (page: Journey['page']) => Locator, context = path): Promise<void> {
  const { page } = journey;
  await page.goto(path);
  await waitUntilHydrated(page);
  await ready(page).filter({ visible: true }).first().waitFor();
  await checkA11y(page, context);
}

/** Waits for the dialog named `name` and checks it. */
async function checkDialog(name: string | RegExp, context = String(name)): Promise<Locator> {
  const dialog = journey.page.getByRole('dialog', { name });
  await dialog.waitFor();
  await checkA11y(journey.page, `${context} dialog`, { scope: 'dialog' });
  return dialog;
}

describe('pages and dialogs for a visitor', () => {
  it('home', async () => {
    await checkPage('/', (p) => p.getByRole('link', { name: 'View & Sign Up' }));
  });

  it('a signup sheet, with a full slot', async () => {
    await checkPage(`/signup-sheet/${sheetId}`, (p) => p.getByText('FULL - No spots available'), 'signup sheet');
  });

  it('a missing sheet', async () => {
    await checkPage('/signup-sheet/987654', (p) => p.getByText('Signup Sheet Not Found'));
  });

  it('the privacy policy', async () => {
    await checkPage('/privacy-policy', (p) => p.getByText(/children under 13/i));
  });

  it('an unknown route', async () => {
    await checkPage('/no/such/page', (p) => p.getByRole('heading', { name: '404 Page Not Found' }));
  });

  it('/admin signed out', async () => {
    await checkPage('/admin', (p) => p.getByRole('heading', { name: 'Admin Access Required' }));
  });

  it('email links with a bad token', async () => {
    const invalid = (p: Journey['page']) => p.getByRole('heading', { name: 'This link is not valid' });
    await checkPage('/cancel-signup/1?token=bad', invalid);
    await checkPage('/unsubscribe/1?token=bad', invalid);
    // A well-formed token that the server refuses: the page asks the server about it first.
    await checkPage(
      '/unsubscribe/1?token=abcdefghijklmnopqrstuvwxyz',
      invalid,
      '/unsubscribe after the server refused the token',
    );
  });

  it('email verification and password reset, their invalid links and their outcomes', async () => {
    const { page } = journey;
    const invalid = (p: Journey['page']) => p.getByRole('heading', { name: 'This link is invalid or has expired' });
    await checkPage('/verify-email', invalid, '/verify-email without a token');
    await checkPage('/verify-email?token=abcdefghijklmnopqrstuvwxyz', invalid, '/verify-email refused');
    await checkPage('/reset-password', invalid, '/reset-password without a token');

    const reader = { name: 'Vera Reader', email: 'vera@example.org', password: 'vera-secret-1' };
    expect((await journey.api('POST', '/api/auth/register', reader, false)).status).toBe(201);
    const verify = await mailedLink(smtp, reader.email, '/verify-email');
    await checkPage(verify, (p) => p.getByRole('heading', { name: 'Email verified' }), '/verify-email verified');

    expect((await journey.api('POST', '/api/auth/forgot-password', { email: reader.email }, false)).status).toBe(202);
    const reset = await mailedLink(smtp, reader.email, '/reset-password');
    await checkPage(reset, (p) => p.getByRole('button', { name: 'Reset password' }), '/reset-password form');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('New password must be at least 6 characters').waitFor();
    await checkA11y(page, '/reset-password with errors');
    await page.getByLabel(/^New password/).fill('vera-secret-2');
    await page.getByLabel(/^Confirm new password/).fill('vera-secret-2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('heading', { name: 'Password reset' }).waitFor();
    await checkA11y(page, '/reset-password done');

    await page.goto(reset);
    await page.getByRole('button', { name: 'Reset password' }).waitFor();
    await page.getByLabel(/^New password/).fill('vera-secret-3');
    await page.getByLabel(/^Confirm new password/).fill('vera-secret-3');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await invalid(page).waitFor();
    await checkA11y(page, '/reset-password with a used link');
  });

  it("the login dialog's 'Forgot password?' form, empty, with an error and sent", async () => {
    const { page } = journey;
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to PAC Hub' });
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await checkDialog('Welcome to PAC Hub', 'Forgot password form');
    await dialog.getByLabel('Email').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await checkA11y(page, 'Forgot password form with an error dialog', { scope: 'dialog' });
    await dialog.getByLabel('Email').fill('nobody@example.org');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByRole('alert').waitFor();
    await checkA11y(page, 'Forgot password form sent dialog', { scope: 'dialog' });
  });

  it('the Login and Sign Up dialog, both tabs', async () => {
    const { page } = journey;
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const dialog = await checkDialog('Welcome to PAC Hub', 'Login tab');
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await dialog.getByRole('button', { name: 'Create Account' }).waitFor();
    await checkA11y(page, 'Sign Up tab dialog', { scope: 'dialog' });
  });

  it('the volunteer signup form, empty and with its validation errors', async () => {
    const { page } = journey;
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByRole('button', { name: 'Sign Up' }).first().click();
    const dialog = await checkDialog(/^Sign up: /, 'volunteer signup');
    await dialog.getByRole('button', { name: /sign up/i }).click();
    await dialog.getByText('Name is required').waitFor();
    await checkA11y(page, 'volunteer signup with errors dialog', { scope: 'dialog' });
  });
});

describe('pages and dialogs for a signed-in parent', () => {
  beforeAll(async () => {
    const { context, page } = journey;
    const login = await context.request.post('/api/auth/login', {
      data: { email: parent.email, password: parent.password },
    });
    expect(login.status()).toBe(200);
    await page.goto('/');
    await page.getByRole('button', { name: `Account menu for ${parent.name}` }).waitFor();
  });

  afterAll(async () => {
    await journey.context.clearCookies();
    await journey.page.evaluate(() => localStorage.clear());
  });

  it('/admin for a non-admin', async () => {
    await checkPage('/admin', (p) => p.getByRole('heading', { name: 'Access Denied' }), '/admin (not an admin)');
  });

  it('their profile, with a signup', async () => {
    await checkPage(
      `/profile/${parentId}`,
      (p) => p.getByRole('region', { name: 'Volunteer History' }).getByRole('listitem'),
      'profile',
    );
  });

  it('the sheet with their own signup, and the cancel confirmation', async () => {
    await checkPage(
      `/signup-sheet/${sheetId}`,
      (p) => p.getByRole('button', { name: 'Cancel my signup' }),
      'sheet (own signup)',
    );
    await journey.page.getByRole('button', { name: 'Cancel my signup' }).click();
    await checkDialog('Cancel Signup', 'cancel own signup confirm');
  });

  it('the user menu, Account Settings and Change Password', async () => {
    const { page } = journey;
    const openMenu = async () => {
      await page.getByRole('button', { name: `Account menu for ${parent.name}` }).click();
      await page.getByRole('menu').waitFor();
    };
    await openMenu();
    await checkA11y(page, 'user menu open');
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    const settings = await checkDialog('Account Settings');
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await settings.waitFor({ state: 'hidden' });

    await openMenu();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const password = await checkDialog('Change Password');
    await password.getByRole('button', { name: 'Update Password' }).click();
    await password
      .getByText(/required/i)
      .first()
      .waitFor();
    await checkA11y(page, 'Change Password with errors dialog', { scope: 'dialog' });
  });
});

describe('pages and dialogs for the admin', () => {
  beforeAll(async () => {
    await signInAsAdmin(journey);
  });

  it('the signup sheet with admin controls, and its dialogs', async () => {
    const { page } = journey;
    await checkPage(
      `/signup-sheet/${sheetId}`,
      (p) => p.getByRole('button', { name: 'Edit Jordan Lee' }),
      'sheet (admin)',
    );

    await page.getByRole('button', { name: 'Edit Ushers' }).click();
    const slot = await checkDialog('Edit Volunteer Slot', 'Edit Volunteer Slot (sheet page)');
    await slot.getByRole('button', { name: 'Cancel' }).click();
    await slot.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Edit Jordan Lee' }).click();
    const volunteer = await checkDialog('Edit Volunteer');
    await volunteer.getByRole('button', { name: 'Cancel' }).click();
    await volunteer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Remove Alex Kim' }).click();
    const remove = await checkDialog('Remove Volunteer', 'remove volunteer confirm');
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await remove.waitFor({ state: 'hidden' });
  });

  it('the home page with delete buttons, and the delete-sheet confirmation', async () => {
    const { page } = journey;
    await checkPage('/', (p) => p.getByRole('button', { name: 'Delete Winter Concert' }), 'home (admin)');
    await page.getByRole('button', { name: 'Delete Winter Concert' }).click();
    await checkDialog('Delete Signup Sheet', 'delete sheet confirm');
  });

  it('their profile, with the Administrator badge', async () => {
    await checkPage(`/profile/${adminId}`, (p) => p.getByText('Administrator'), 'profile (admin)');
  });

  describe('the dashboard', () => {
    const manage = () => journey.page.getByRole('region', { name: 'Manage Signup Sheets' });

    it('the Overview tab', async () => {
      await checkPage(
        '/admin',
        (p) => p.getByRole('region', { name: 'Manage Signup Sheets' }).getByRole('article', { name: 'Winter Concert' }),
        '/admin Overview',
      );
      await journey.page
        .getByRole('region', { name: 'School Website Monitoring' })
        .getByText('District news')
        .waitFor();
      await checkA11y(journey.page, '/admin Overview, everything loaded');
    });

    it('Create New Signup Sheet', async () => {
      const { page } = journey;
      await page.getByRole('button', { name: 'Create New Sign Up' }).click();
      const dialog = await checkDialog('Create New Signup Sheet');
      await dialog.getByRole('button', { name: 'Create Sheet' }).click();
      await dialog
        .getByText(/required/i)
        .first()
        .waitFor();
      await checkA11y(page, 'Create New Signup Sheet with errors dialog', { scope: 'dialog' });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    });

    it('Add Volunteer Slot and Edit Volunteer Slot', async () => {
      const { page } = journey;
      await manage().getByRole('button', { name: 'Add Volunteer Slot to Winter Concert' }).click();
      const add = await checkDialog('Add Volunteer Slot');
      await add.getByRole('button', { name: 'Add Slot' }).click();
      await add
        .getByText(/required/i)
        .first()
        .waitFor();
      await checkA11y(page, 'Add Volunteer Slot with errors dialog', { scope: 'dialog' });
      await page.keyboard.press('Escape');
      await add.waitFor({ state: 'hidden' });

      await manage()
        .getByRole('article', { name: 'Winter Concert' })
        .getByRole('button', { name: 'Edit Ushers' })
        .click();
      const edit = await checkDialog('Edit Volunteer Slot', 'Edit Volunteer Slot (dashboard)');
      await page.keyboard.press('Escape');
      await edit.waitFor({ state: 'hidden' });

      await manage().getByRole('button', { name: 'Delete Book Fair' }).click();
      const confirm = await checkDialog('Delete Signup Sheet', 'delete sheet confirm (dashboard)');
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
    });

    it('Update Hero Image and Edit Hero Banner Content', async () => {
      const { page } = journey;
      const settings = page.getByRole('region', { name: 'Website Settings' });
      await settings.getByRole('button', { name: 'Update Image' }).click();
      const image = await checkDialog('Update Hero Image');
      await image
        .locator('input[type="file"]')
        .setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: onePixelPng });
      await image.getByRole('img', { name: 'Preview of the new hero image' }).waitFor();
      await checkA11y(page, 'Update Hero Image with a preview dialog', { scope: 'dialog' });
      await page.keyboard.press('Escape');
      await image.waitFor({ state: 'hidden' });

      await settings.getByRole('button', { name: 'Edit Content' }).click();
      const content = await checkDialog('Edit Hero Banner Content');
      await page.keyboard.press('Escape');
      await content.waitFor({ state: 'hidden' });
    });

    it('the Website Monitoring tab, Add Monitor and a snapshot', async () => {
      const { page } = journey;
      await page.getByRole('tab', { name: 'Website Monitoring' }).click();
      const snapshot = page.getByRole('button', { name: /^View snapshot of District news/ }).first();
      await snapshot.waitFor();
      await checkA11y(page, '/admin Website Monitoring');

      await page.getByRole('button', { name: 'Add Monitor' }).click();
      const add = await checkDialog('Add Monitor');
      await add.getByRole('button', { name: 'Add Monitor' }).click();
      await add.getByText('Monitor name is required').waitFor();
      await checkA11y(page, 'Add Monitor with errors dialog', { scope: 'dialog' });
      await page.keyboard.press('Escape');
      await add.waitFor({ state: 'hidden' });

      await snapshot.click();
      const details = await checkDialog('Snapshot Details');
      await details.getByRole('switch', { name: /Show raw content/ }).check();
      await details.getByLabel('Raw content', { exact: true }).waitFor();
      await checkA11y(page, 'Snapshot Details with raw content dialog', { scope: 'dialog' });
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden' });
    });

    it('the Email Settings tab and its two forms', async () => {
      const { page } = journey;
      await page.getByRole('tab', { name: 'Email Settings' }).click();
      const recipient = page.getByRole('region', { name: 'Default Email Recipient' });
      await recipient.getByText('No default email set').waitFor();
      await checkA11y(page, '/admin Email Settings');

      await recipient.getByRole('button', { name: 'Edit' }).click();
      await recipient.getByLabel('Default email recipient').waitFor();
      const sender = page.getByRole('region', { name: 'Email Sender Configuration' });
      await sender.getByRole('button', { name: 'Configure' }).click();
      await sender.getByRole('button', { name: 'Save Configuration' }).waitFor();
      await checkA11y(page, 'default recipient and sender forms');

      const logo = page.getByRole('region', { name: 'PAC Logo for Instagram Posts' });
      await logo
        .locator('input[type="file"]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: onePixelPng });
      await logo.getByRole('button', { name: 'Clear the chosen file' }).waitFor();
      await checkA11y(page, 'PAC logo with a chosen file');
    });
  });

  it('/monitoring', async () => {
    await checkPage(
      '/monitoring',
      (p) => p.getByRole('button', { name: /^View snapshot of District news/ }),
      '/monitoring',
    );
  });
});
