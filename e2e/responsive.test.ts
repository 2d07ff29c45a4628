import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { smtpEnv, startTestSmtp, type TestSmtp } from '@pac/server/test/smtp';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from './a11y';
import { admin, inDays, type Journey, mailedLink, startJourney, waitUntilHydrated } from './harness';
import { headerAndTouchProblems, layoutProblems } from './layout';

/**
 * Every page and the main dialogs at a phone's width (390 × 844) and a laptop's (1280 × 800), with
 * data as people type it: long titles, a 60-character word, many slots, full and past slots,
 * non-ASCII names and a long email address. A page fails when something is wider than the window or
 * a text is cut off at the edge of its box. A screenshot of each (the full page, or the dialog's
 * top and end) lands in `screenshotDir`.
 */

const screenshotDir = fileURLToPath(new URL('./screenshots/responsive/', import.meta.url));

const viewports = [
  { name: 'phone-390x844', width: 390, height: 844 },
  { name: 'laptop-1280x800', width: 1280, height: 800 },
];

/** A 60-character word with no break opportunity (a German compound noun, cut to length). */
const longWord = 'Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft'.slice(0, 60);
const longEmail = 'zoe.nunez-odegard.family.volunteer.coordinator@parents.example-district.org';
const adminName = 'Zoë Ñúñez-Ødegård';

const bigSheetTitle = 'Spring Family Fun Fair, Silent Auction and Community Potluck Dinner in the Gymnasium';
const wordSheetTitle = `Fundraiser ${longWord}`;
const longSlotTitle = 'Set up the tables, chairs, decorations and the welcome banner at the main entrance';

let site: Server;
let smtp: TestSmtp;
let journey: Journey;
let adminId = 0;
let bigSheetId = 0;
let wordSheetId = 0;
let pastSheetId = 0;
let manageLink = '';
let unsubscribeLink = '';

interface SlotSeed {
  title: string;
  description?: string;
  maxVolunteers: number;
  /** Hours after the event's start; none for a slot without a time. */
  startHour?: number;
  hours?: number;
}

async function createSheet(
  sheet: { title: string; description: string; eventDate: string; organizerName?: string; organizerEmail?: string },
  slots: SlotSeed[],
): Promise<{ sheetId: number; slotIds: number[] }> {
  const created = await journey.api('POST', '/api/signup-sheets', {
    organizerName: 'Olivia Organizer',
    organizerEmail: 'olivia@example.org',
    ...sheet,
  });
  if (created.status !== 201) throw new Error(`seed sheet: ${created.status} ${JSON.stringify(created.body)}`);
  const sheetId = (created.body as { id: number }).id;
  const start = new Date(sheet.eventDate).getTime();
  const hour = 60 * 60 * 1000;
  const slotIds: number[] = [];
  for (const slot of slots) {
    const startTime = slot.startHour === undefined ? null : new Date(start + slot.startHour * hour).toISOString();
    const endTime =
      slot.startHour === undefined ? null : new Date(start + (slot.startHour + (slot.hours ?? 1)) * hour).toISOString();
    const res = await journey.api('POST', '/api/volunteer-slots', {
      signupSheetId: sheetId,
      title: slot.title,
      description: slot.description ?? '',
      maxVolunteers: slot.maxVolunteers,
      startTime,
      endTime,
    });
    if (res.status !== 201) throw new Error(`seed slot: ${res.status} ${JSON.stringify(res.body)}`);
    slotIds.push((res.body as { id: number }).id);
  }
  return { sheetId, slotIds };
}

/** Signs `person` up to a slot without an account (or as the admin, with `asAdmin`). */
async function signUp(
  slotId: number | undefined,
  person: { name: string; email: string; notes?: string; emailConsent?: boolean },
  asAdmin = false,
): Promise<void> {
  const res = await journey.api(
    'POST',
    '/api/volunteers',
    { slotId, phone: '+1 (555) 010-0199', notes: '', ...person, ...(asAdmin ? { userId: adminId } : {}) },
    asAdmin,
  );
  if (res.status !== 201) throw new Error(`seed signup: ${res.status} ${JSON.stringify(res.body)}`);
}

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  console.info(`responsive: screenshots in ${screenshotDir}`);

  site = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><body><main><h1>District News</h1><p>Welcome back.</p></main></body></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const sitePort = (site.address() as AddressInfo).port;
  smtp = await startTestSmtp();
  journey = await startJourney({
    ...smtpEnv(smtp),
    MONITOR_ALLOW_PRIVATE_ADDRESSES: 'true',
    MONITOR_RESOLVE: 'www.example-district.org=127.0.0.1',
    MONITOR_HOST_SPACING_MS: '0',
  });

  // The signed-in admin has a non-ASCII name, and a long default recipient address.
  const me = await journey.api('GET', '/api/auth/me');
  adminId = (me.body as { id: number }).id;
  const renamed = await journey.api('PATCH', `/api/auth/account/${adminId}`, {
    name: adminName,
    email: admin.email,
    phone: '+1 (555) 010-0100',
    emailConsent: true,
  });
  expect(renamed.status).toBe(200);
  expect((await journey.api('POST', '/api/settings/adminEmail', { key: 'adminEmail', value: longEmail })).status).toBe(
    200,
  );

  // Many slots, long titles, a long word in the description, a full slot and an untimed one.
  const big = await createSheet(
    {
      title: bigSheetTitle,
      description: `Join us for our biggest evening of the year!\nBring a friend. Our partner this year: ${longWord}.`,
      eventDate: inDays(6),
      organizerName: 'Maximiliana Wolfeschlegelsteinhausen-Bergerdorff',
      organizerEmail: longEmail,
    },
    [
      { title: longSlotTitle, description: 'Meet at the office.', maxVolunteers: 6, startHour: 0, hours: 2 },
      { title: 'Ticket desk', maxVolunteers: 2, startHour: 1 },
      { title: `Sponsor table for ${longWord}`, description: longWord, maxVolunteers: 3, startHour: 1, hours: 3 },
      { title: 'Face painting', maxVolunteers: 4, startHour: 2 },
      { title: 'Silent auction runners', maxVolunteers: 5, startHour: 2, hours: 2 },
      { title: 'Bake sale', maxVolunteers: 3, startHour: 3 },
      { title: 'Potluck serving line', maxVolunteers: 8, startHour: 3, hours: 2 },
      { title: 'Coat check', maxVolunteers: 2, startHour: 4 },
      { title: 'First aid', maxVolunteers: 1, startHour: 0, hours: 5 },
      { title: 'Photography', maxVolunteers: 1, startHour: 1, hours: 4 },
      { title: 'Kids crafts corner', maxVolunteers: 3, startHour: 2 },
      { title: 'Clean up crew', maxVolunteers: 10, startHour: 5, hours: 2 },
      { title: 'Raffle sales', maxVolunteers: 2 },
      { title: 'Donations drop-off', maxVolunteers: 40 },
    ],
  );
  bigSheetId = big.sheetId;
  const zoe = { name: 'Zoë Ñúñez-Ødegård', email: longEmail, emailConsent: true, notes: `Can bring ${longWord}` };
  await signUp(big.slotIds[0], zoe);
  await signUp(big.slotIds[0], { name: '李小龙', email: 'li.xiaolong@example.org' });
  await signUp(big.slotIds[1], { name: 'Maximiliana Wolfeschlegelsteinhausen-Bergerdorff', email: 'max@example.org' });
  await signUp(big.slotIds[1], { name: '李小龙', email: 'li.xiaolong@example.org' });
  await signUp(big.slotIds[8], { name: 'Søren Kierkegaard-Åström', email: 'soren@example.org' });
  await signUp(big.slotIds[2], { name: adminName, email: admin.email }, true);

  const word = await createSheet({ title: wordSheetTitle, description: longWord, eventDate: inDays(9) }, [
    { title: longWord, description: longWord, maxVolunteers: 2, startHour: 0 },
    { title: 'Greeters', maxVolunteers: 2, startHour: 1 },
    { title: 'Raffle', maxVolunteers: 1 },
  ]);
  wordSheetId = word.sheetId;
  await signUp(word.slotIds[0], { name: '李小龙', email: 'li.xiaolong@example.org', notes: longWord });

  const bake = await createSheet(
    { title: 'Fall Bake Sale', description: 'Cookies, cakes and coffee.', eventDate: inDays(3) },
    [
      { title: 'Bakers', maxVolunteers: 6 },
      { title: 'Cashier', maxVolunteers: 1, startHour: 0, hours: 3 },
      { title: 'Set-up', maxVolunteers: 2, startHour: -1 },
      { title: 'Pack-down', maxVolunteers: 2, startHour: 3 },
    ],
  );
  await signUp(bake.slotIds[1], { name: 'Zoë Ñúñez-Ødegård', email: 'zoe@example.org' });
  await createSheet({ title: 'Book Fair', description: '', eventDate: inDays(12) }, []);

  // A past event with the admin's own signup: created ahead, then moved back 20 days, so that it
  // works whether or not the server still takes signups for past slots.
  const past = await createSheet({ title: 'Winter Concert', description: 'Thank you!', eventDate: inDays(1) }, [
    { title: 'Ushers', maxVolunteers: 2, startHour: 0, hours: 2 },
    { title: 'Stage crew', maxVolunteers: 1, startHour: 1 },
  ]);
  pastSheetId = past.sheetId;
  await signUp(past.slotIds[0], { name: adminName, email: admin.email }, true);
  const pastDate = new Date(inDays(-20));
  expect(
    (await journey.api('PATCH', `/api/signup-sheets/${pastSheetId}`, { eventDate: pastDate.toISOString() })).status,
  ).toBe(200);
  for (const [index, slotId] of past.slotIds.entries()) {
    const startTime = new Date(pastDate.getTime() + index * 60 * 60 * 1000);
    const endTime = new Date(startTime.getTime() + 2 * 60 * 60 * 1000);
    const moved = await journey.api('PATCH', `/api/volunteer-slots/${slotId}`, {
      startTime: startTime.toISOString(),
      endTime: endTime.toISOString(),
    });
    expect(moved.status).toBe(200);
  }

  const monitor = await journey.api('POST', '/api/monitors', {
    name: 'District news and announcements for families of the elementary campus',
    url: `http://www.example-district.org:${sitePort}/news/announcements/2025-2026/families/elementary-campus`,
    selectors: ['main'],
  });
  expect(monitor.status).toBe(201);
  expect((await journey.api('POST', `/api/monitors/${(monitor.body as { id: number }).id}/check`)).status).toBe(200);

  manageLink = await mailedLink(smtp, longEmail, '/my-signup');
  unsubscribeLink = await mailedLink(smtp, longEmail, '/unsubscribe/\\d+');
});

afterAll(async () => {
  await journey.close();
  await smtp.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

describe.each(viewports)('at $name', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  const phone = viewport.width < 768;

  beforeAll(async () => {
    context = await journey.browser.newContext({
      baseURL: journey.server.url,
      viewport: { width: viewport.width, height: viewport.height },
      hasTouch: phone,
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
  });

  /**
   * Checks the page (or its open dialog) as it is now, saves its screenshot as `name`, and fails
   * with every problem found; the test goes on to its next page or dialog.
   */
  async function check(name: string, scope: 'page' | 'dialog' = 'page'): Promise<void> {
    // The account menu loads after the page: the header is not done while its button spins.
    await page.waitForFunction(() => document.querySelector('header [data-loading]') === null);
    await settle(page);
    await page.evaluate(() => document.fonts.ready);
    const path = `${screenshotDir}${viewport.name}/${name}.png`;
    mkdirSync(`${screenshotDir}${viewport.name}`, { recursive: true });
    if (scope === 'page') {
      await page.screenshot({ path, fullPage: true });
    } else {
      // A dialog is fixed over the page and scrolls inside: its top, and its end when it is long.
      await page.screenshot({ path });
      const dialog = page.getByRole('dialog').last();
      const scrolled = await dialog.evaluate((element) => {
        if (element.scrollHeight <= element.clientHeight + 1) return false;
        element.scrollTop = element.scrollHeight;
        return true;
      });
      if (scrolled) await page.screenshot({ path: path.replace(/\.png$/, '-end.png') });
    }
    const problems = [...(await layoutProblems(page, scope)), ...(await headerAndTouchProblems(page, phone))];
    expect
      .soft(problems, `${name} at ${viewport.name} (${page.url()}), screenshot ${path}:\n  ${problems.join('\n  ')}`)
      .toEqual([]);
  }

  /** The school's name (SCHOOL_NAME), which ends every tab title. */
  const school = () => journey.server.config.schoolName;
  /** The home page's tab title. */
  const homeTitle = () => `${school()} · Volunteer Signups`;

  /** Opens `path`, waits for `ready`, checks it, and that the tab is named `title` ('… · {school}'). */
  async function checkPage(name: string, path: string, ready: (page: Page) => Locator, title: string): Promise<void> {
    await page.goto(path);
    await waitUntilHydrated(page);
    await ready(page).filter({ visible: true }).first().waitFor();
    await check(name);
    expect.soft(await page.title(), `the tab title of ${name}`).toBe(title);
  }

  /** Waits for the dialog named `dialogName`, checks the page with it open, and closes it. */
  async function checkDialog(
    name: string,
    dialogName: string | RegExp,
    whileOpen?: (dialog: Locator) => Promise<void>,
  ) {
    const dialog = page.getByRole('dialog', { name: dialogName });
    await dialog.waitFor();
    await whileOpen?.(dialog);
    await check(name, 'dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }

  describe('signed out', () => {
    it('home', async () => {
      await checkPage('home-visitor', '/', (p) => p.getByRole('link', { name: 'View & Sign Up' }), homeTitle());
    });

    it('a sheet with many slots', async () => {
      await checkPage(
        'sheet-visitor',
        `/signup-sheet/${bigSheetId}`,
        (p) => p.getByText('FULL - No spots available'),
        `${bigSheetTitle} · ${school()}`,
      );
    });

    it('the Login and Sign Up dialog', async () => {
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
      await checkDialog('dialog-login', 'Welcome to PAC Hub');
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
      await checkDialog('dialog-sign-up', 'Welcome to PAC Hub', async (dialog) => {
        await dialog.getByRole('tab', { name: 'Sign Up' }).click();
        await dialog.getByRole('button', { name: 'Create Account' }).waitFor();
      });
    });

    it('/admin signed out', async () => {
      await checkPage(
        'admin-signed-out',
        '/admin',
        (p) => p.getByRole('heading', { name: 'Admin Access Required' }),
        `Admin Dashboard · ${school()}`,
      );
    });

    it('the email-link pages', async () => {
      await checkPage(
        'my-signup',
        manageLink,
        (p) => p.getByRole('button', { name: 'Cancel my signup' }),
        `Your Signup · ${school()}`,
      );
      await checkPage(
        'unsubscribe',
        unsubscribeLink,
        (p) => p.getByRole('button', { name: 'Stop reminder emails' }),
        `Reminder Emails · ${school()}`,
      );
      await checkPage(
        'reset-password-invalid',
        '/reset-password?token=x',
        (p) => p.getByRole('heading', { name: 'This link is invalid or has expired' }),
        `Reset Password · ${school()}`,
      );
      await checkPage(
        'reset-password-form',
        '/reset-password?token=abcdefghijklmnopqrstuvwxyz',
        (p) => p.getByRole('button', { name: 'Reset password' }),
        `Reset Password · ${school()}`,
      );
      await checkPage(
        'verify-email',
        '/verify-email?token=x',
        (p) => p.getByRole('heading', { name: 'This link is invalid or has expired' }),
        `Verify Email · ${school()}`,
      );
    });
  });

  describe('signed in as the admin', () => {
    beforeAll(async () => {
      const login = await context.request.post('/api/auth/login', { data: admin });
      expect(login.status()).toBe(200);
      await page.goto('/');
      await page.getByRole('button', { name: `Account menu for ${adminName}` }).waitFor();
    });

    it('home, with delete buttons', async () => {
      await checkPage(
        'home-admin',
        '/',
        (p) => p.getByRole('button', { name: `Delete ${bigSheetTitle}` }),
        homeTitle(),
      );
    });

    it('the sheet with many slots, with admin controls', async () => {
      await checkPage(
        'sheet-admin',
        `/signup-sheet/${bigSheetId}`,
        (p) => p.getByRole('button', { name: 'Edit 李小龙' }),
        `${bigSheetTitle} · ${school()}`,
      );
    });

    it('the sheet with a 60-character word', async () => {
      await checkPage(
        'sheet-long-word',
        `/signup-sheet/${wordSheetId}`,
        (p) => p.getByRole('button', { name: 'Sign Up' }),
        `${wordSheetTitle} · ${school()}`,
      );
    });

    it('a past sheet', async () => {
      await checkPage(
        'sheet-past',
        `/signup-sheet/${pastSheetId}`,
        (p) => p.getByRole('heading', { name: 'Stage crew' }),
        `Winter Concert · ${school()}`,
      );
    });

    it('the signup form and the slot editor on the sheet page', async () => {
      await page.goto(`/signup-sheet/${wordSheetId}`);
      await waitUntilHydrated(page);
      await page.getByRole('button', { name: 'Sign Up' }).first().click();
      await checkDialog('dialog-signup-form', /^Sign up/);
      await page.getByRole('button', { name: `Edit ${longWord}` }).click();
      await checkDialog('dialog-edit-slot', 'Edit Volunteer Slot');
    });

    it('their profile, with upcoming and completed signups', async () => {
      await checkPage(
        'profile',
        `/profile/${adminId}`,
        (p) => p.getByRole('region', { name: 'Volunteer History' }).getByText('Completed'),
        `Profile · ${school()}`,
      );
    });

    it('Account Settings and Change Password', async () => {
      const openMenu = async () => {
        await page.getByRole('button', { name: `Account menu for ${adminName}` }).click();
        await page.getByRole('menu').waitFor();
      };
      await openMenu();
      await check('user-menu');
      await page.getByRole('menuitem', { name: 'Account Settings' }).click();
      await checkDialog('dialog-account-settings', 'Account Settings');
      await openMenu();
      await page.getByRole('menuitem', { name: 'Change Password' }).click();
      await checkDialog('dialog-change-password', 'Change Password');
    });

    it('the dashboard: Overview', async () => {
      await checkPage(
        'admin-overview',
        '/admin',
        (p) => p.getByRole('region', { name: 'Manage Signup Sheets' }).getByRole('article', { name: bigSheetTitle }),
        `Admin Dashboard · ${school()}`,
      );
    });

    it('the dashboard: Create New Signup Sheet, Add and Edit Volunteer Slot, Edit Hero Banner Content', async () => {
      await page.goto('/admin');
      const manage = page.getByRole('region', { name: 'Manage Signup Sheets' });
      await manage.getByRole('article', { name: bigSheetTitle }).waitFor();
      await page.getByRole('button', { name: 'Create New Sign Up' }).click();
      await checkDialog('dialog-create-sheet', 'Create New Signup Sheet');
      await manage.getByRole('button', { name: `Add Volunteer Slot to ${wordSheetTitle}` }).click();
      await checkDialog('dialog-add-slot', 'Add Volunteer Slot');
      await manage
        .getByRole('article', { name: bigSheetTitle })
        .getByRole('button', { name: `Edit ${longSlotTitle}` })
        .click();
      await checkDialog('dialog-edit-slot-dashboard', 'Edit Volunteer Slot');
      await page
        .getByRole('region', { name: 'Website Settings' })
        .getByRole('button', { name: 'Edit Content' })
        .click();
      await checkDialog('dialog-hero-content', 'Edit Hero Banner Content');
    });

    it('the dashboard: Website Monitoring', async () => {
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Website Monitoring' }).click();
      await page
        .getByRole('button', { name: /^View snapshot of District news/ })
        .first()
        .waitFor();
      await check('admin-monitoring');
    });

    it('the dashboard: Email Settings', async () => {
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Email Settings' }).click();
      await page.getByRole('region', { name: 'Default Email Recipient' }).getByText(longEmail).waitFor();
      await check('admin-email-settings');
    });

    it('/monitoring', async () => {
      await checkPage(
        'monitoring',
        '/monitoring',
        (p) => p.getByRole('button', { name: /^View snapshot of District news/ }),
        `Monitoring Dashboard · ${school()}`,
      );
    });

    it('the privacy policy', async () => {
      await checkPage(
        'privacy-policy',
        '/privacy-policy',
        (p) => p.getByText(/children under 13/i),
        `Privacy Policy · ${school()}`,
      );
    });

    it('an unknown route', async () => {
      await checkPage(
        'not-found',
        '/no/such/page',
        (p) => p.getByRole('heading', { name: '404 Page Not Found' }),
        `Page Not Found · ${school()}`,
      );
    });
  });
});
