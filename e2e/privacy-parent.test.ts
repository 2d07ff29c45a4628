import { readFileSync } from 'node:fs';
import { smtpEnv, startTestSmtp, type TestSmtp } from '@pac/server/test/smtp';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { inDays, type Journey, mailedLink, seedSheet, signIn, startJourney, waitUntilHydrated } from './harness';

/**
 * A parent's own privacy (API.md "Privacy"), in Chromium against the real server: a registered
 * parent on a 390 px phone downloads their data (the JSON file, and the same in words on their
 * profile) and then deletes their account; a parent without an account deletes their details from
 * the manage link in their confirmation email, which arrives through a real SMTP server. Afterwards
 * the API shows what stays: the signups counted, without the person.
 */

const schoolZone = 'America/Vancouver';
const PHONE = { width: 390, height: 844 };

let smtp: TestSmtp;
let journey: Journey;
beforeAll(async () => {
  smtp = await startTestSmtp();
  journey = await startJourney({ ...smtpEnv(smtp), SCHOOL_TIMEZONE: schoolZone });
});
afterAll(async () => {
  await journey.close();
  await smtp.close();
});

/** A browser on a 390 px phone, in Tokyo: a date read on the browser's own clock shows up as a wrong day or time. */
async function phoneContext(): Promise<BrowserContext> {
  return journey.browser.newContext({
    baseURL: journey.server.url,
    viewport: PHONE,
    hasTouch: true,
    timezoneId: 'Asia/Tokyo',
  });
}

/** An instant as en-US writes it on the school's clock: 'Thursday, December 10, 2026' and '4:00 PM'. */
function onSchoolClock(iso: string): { date: string; time: string } {
  const instant = new Date(iso);
  return {
    date: new Intl.DateTimeFormat('en-US', {
      timeZone: schoolZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(instant),
    time: new Intl.DateTimeFormat('en-US', { timeZone: schoolZone, hour: 'numeric', minute: '2-digit' }).format(
      instant,
    ),
  };
}

/** Every answer of 400 or more the page gets from this server from now on. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (res: Response) => {
    if (res.status() >= 400 && res.url().startsWith(journey.server.url)) {
      failures.push(`${res.request().method()} ${res.url()} → ${res.status()}`);
    }
  });
  return failures;
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

interface SheetAnswer {
  slots: { id: number; currentVolunteers: number; volunteers: { name: string; email: string; status?: string }[] }[];
}
interface RosterAnswer {
  slots: { id: number; volunteers: { name: string; email: string; phone: string; notes: string | null }[] }[];
}
interface ExportFile {
  exportedAt: string;
  account: { id: number; name: string; email: string; phone: string | null } | null;
  signups: {
    name: string;
    email: string;
    notes: string | null;
    status: string;
    sheet: { id: number; title: string };
    slot: { id: number; title: string; startTime: string; endTime: string };
  }[];
  consentHistory: { consent: boolean; source: string; at: string }[];
}

async function slotAsAdmin(sheetId: number, slotId: number) {
  const res = await journey.api('GET', `/api/signup-sheets/${sheetId}`);
  expect(res.status).toBe(200);
  return (res.body as SheetAnswer).slots.find((s) => s.id === slotId);
}

describe('a registered parent downloads their data, then deletes their account', () => {
  const parent = {
    name: 'Jordan Privacy',
    email: 'jordan.privacy@example.org',
    phone: '604-555-0177',
    password: 'jordan-secret-1',
  };
  const notes = 'Allergic to face paint glitter';
  const start = inDays(10);
  const end = new Date(new Date(start).getTime() + 2 * 3_600_000).toISOString();
  let context: BrowserContext;
  let page: Page;
  let sheetId = 0;
  let slotId = 0;
  let userId = 0;

  beforeAll(async () => {
    ({
      sheetId,
      slotIds: [slotId = 0],
    } = await seedSheet(journey, { title: 'Spring Carnival', eventDate: start }, [
      { title: 'Face painting', maxVolunteers: 3, startTime: start, endTime: end },
    ]));
    const registered = await journey.api('POST', '/api/auth/register', parent, false);
    expect(registered.status).toBe(201);
    userId = (registered.body as { id: number }).id;
    context = await phoneContext();
    page = await context.newPage();
  });
  afterAll(() => context.close());

  it('signs in and signs up for a slot with notes', async () => {
    await signIn(page, parent);
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByRole('button', { name: 'Sign Up' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Email').inputValue()).resolves.toBe(parent.email);
    await dialog.getByLabel('Notes').fill(notes);
    // The box starts as the account's own choice (no emails): agreeing here is a recorded consent.
    const reminders = dialog.getByRole('checkbox', { name: 'Send me reminders about this event' });
    await expect(reminders.isChecked()).resolves.toBe(false);
    await reminders.check();
    await dialog.getByRole('button', { name: /sign up/i }).click();
    await page.getByText('Signup Successful!').waitFor();
    expect((await slotAsAdmin(sheetId, slotId))?.currentVolunteers).toBe(1);
  });

  it("downloads 'pac-hub-my-data.json' from the profile and sees the same in words", async () => {
    await page.goto(`/profile/${userId}`);
    await page.getByRole('heading', { level: 1, name: parent.name }).waitFor();
    const region = page.getByRole('region', { name: 'Your Data' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      region.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('pac-hub-my-data.json');
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as ExportFile;
    expect(file.account).toMatchObject({ id: userId, name: parent.name, email: parent.email, phone: parent.phone });
    expect(file.signups).toHaveLength(1);
    const [signup] = file.signups;
    expect(signup).toMatchObject({
      name: parent.name,
      email: parent.email,
      notes,
      status: 'confirmed',
      sheet: { id: sheetId, title: 'Spring Carnival' },
      slot: { id: slotId, title: 'Face painting' },
    });
    expect(file.consentHistory).toEqual([{ consent: true, source: 'signup', at: expect.any(String) as string }]);

    // The same, in words, on the school's clock (the browser is in Tokyo).
    const account = region.getByRole('region', { name: 'Your account' });
    await account.getByText(parent.email).waitFor();
    await account.getByText(parent.phone).waitFor();
    const card = region
      .getByRole('region', { name: 'Your signups (1)' })
      .getByRole('listitem', { name: 'Spring Carnival: Face painting' });
    const from = onSchoolClock(start);
    const to = onSchoolClock(end);
    const when = `${from.date} · ${from.time} – ${from.date === to.date ? to.time : `${to.date} · ${to.time}`}`;
    await card.getByText(when, { exact: true }).waitFor();
    await card.getByText(notes, { exact: true }).waitFor();
    await card.getByText('Confirmed', { exact: true }).waitFor();
    const agreed = onSchoolClock(file.consentHistory[0]?.at ?? '');
    await region
      .getByRole('region', { name: 'Your email choices' })
      .getByText(`You agreed to reminder emails on the signup form — ${agreed.date} at ${agreed.time}`, { exact: true })
      .waitFor();

    expect(await noHorizontalScroll(page)).toBe(true);
    await checkA11y(page, 'the profile with its data shown, at 390 px');
  });

  it("refuses a wrong password, then deletes the account and lands signed out on '/'", async () => {
    await page
      .getByRole('region', { name: 'Delete Account' })
      .getByRole('button', { name: 'Delete my account' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    const password = dialog.getByLabel(/^Password/);
    await password.waitFor();
    await expect(password.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await checkA11y(page, 'the Delete Account dialog, at 390 px', { scope: 'dialog' });
    expect(await noHorizontalScroll(page)).toBe(true);

    await password.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Password is incorrect').waitFor();
    await expect(password.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(password.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    expect(await slotAsAdmin(sheetId, slotId)).toMatchObject({ currentVolunteers: 1 });

    const failures = watchFailures(page);
    await password.fill(parent.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account has been deleted.').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
    // Leaving the deleted profile asked nothing the server had to refuse.
    expect(failures).toEqual([]);
    // The session cookie is gone with the account.
    const me = await page.evaluate(() => fetch('/api/auth/me').then((res) => res.status));
    expect(me).toBe(401);
  });

  it('leaves the signup counted, as a former volunteer, and the account gone', async () => {
    const login = await journey.api(
      'POST',
      '/api/auth/login',
      { email: parent.email, password: parent.password },
      false,
    );
    expect(login.status).toBe(401);
    expect(await slotAsAdmin(sheetId, slotId)).toMatchObject({ currentVolunteers: 1 });

    const roster = await journey.api('GET', `/api/signup-sheets/${sheetId}/roster`);
    expect(roster.status).toBe(200);
    const slot = (roster.body as RosterAnswer).slots.find((s) => s.id === slotId);
    expect(slot?.volunteers).toHaveLength(1);
    expect(slot?.volunteers[0]).toMatchObject({ name: 'Former volunteer', email: '', phone: '', notes: null });
    expect(JSON.stringify(roster.body)).not.toContain(notes);

    const search = await journey.api('GET', `/api/privacy/search?email=${encodeURIComponent(parent.email)}`);
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ account: null, signups: [], consentHistory: [] });
  });
});

describe('a parent without an account deletes their details from the emailed manage link', () => {
  const parent = { name: 'Wren Nolink', email: 'wren.nolink@example.org', phone: '604-555-0188' };
  const start = inDays(12);
  let context: BrowserContext;
  let page: Page;
  let sheetId = 0;
  let slotId = 0;

  beforeAll(async () => {
    ({
      sheetId,
      slotIds: [slotId = 0],
    } = await seedSheet(journey, { title: 'Book Fair', eventDate: start }, [
      { title: 'Cashier', maxVolunteers: 4, startTime: start, endTime: null },
    ]));
    const signed = await journey.api(
      'POST',
      '/api/volunteers',
      { slotId, ...parent, notes: 'Can stay late', emailConsent: true },
      false,
    );
    expect(signed.status).toBe(201);
    context = await phoneContext();
    page = await context.newPage();
  });
  afterAll(() => context.close());

  it("confirms 'Delete my details', sees the done state, and the link asks nothing more", async () => {
    expect(await slotAsAdmin(sheetId, slotId)).toMatchObject({ currentVolunteers: 1 });
    const link = await mailedLink(smtp, parent.email, '/my-signup');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Your signup' }).waitFor();
    await page.getByText(`Hi ${parent.name},`, { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Delete my details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete My Details' });
    await dialog
      .getByText(/is cancelled first, and then your name, email, phone, notes and answers are deleted/)
      .waitFor();
    await checkA11y(page, 'the Delete My Details dialog, at 390 px', { scope: 'dialog' });

    const failures = watchFailures(page);
    const requests: string[] = [];
    page.on('request', (req) => requests.push(new URL(req.url()).pathname));
    await dialog.getByRole('button', { name: 'Delete my details' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'Details deleted' });
    await heading.waitFor();
    await page.getByText('Your details have been deleted.').waitFor();
    await expect(heading.evaluate((h) => h === document.activeElement)).resolves.toBe(true);
    expect(await page.getByText(parent.email).count()).toBe(0);
    expect(await noHorizontalScroll(page)).toBe(true);
    await checkA11y(page, 'the manage page once the details are deleted, at 390 px');
    expect(failures).toEqual([]);
    // One request: the erasure. The signup is not asked for again with the token.
    expect(requests.filter((path) => path.startsWith('/trpc/'))).toEqual(['/trpc/privacy.eraseSignup']);
  });

  it('leaves the slot one fewer, and nothing held under their address', async () => {
    expect(await slotAsAdmin(sheetId, slotId)).toMatchObject({ currentVolunteers: 0 });
    const search = await journey.api('GET', `/api/privacy/search?email=${encodeURIComponent(parent.email)}`);
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ account: null, signups: [], consentHistory: [] });
  });
});
