import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { inDays, type Journey, signInAsAdmin, startJourney } from './harness';

/**
 * An administrator answers a parent's privacy request by email address (issue 26; API.md
 * "Privacy"): in the dashboard's Privacy tab they find the parent's account and signups (two
 * made with the account, one without it under a +tag spelling of the address), download them
 * for the parent as JSON, and erase everything: the account is gone and the signups stay counted
 * as 'Former volunteer'. The privacy log says who searched, erased and exported the volunteers
 * CSV. The privacy contact set in the tab appears on /privacy-policy, with the retention months.
 * A member is refused the admin's privacy routes. axe on the tab with results, the erase dialog
 * and the policy at 390 px.
 */

let journey: Journey;
let sheetId: number;
const parent = { name: 'Pat Parent', email: 'pat@example.org', password: 'pat-secret-1', phone: '604-555-0199' };
const member = { name: 'Morgan Member', email: 'morgan@example.org', password: 'morgan-secret-1' };

/** POSTs or GETs as a signed-in person other than the admin (journey.api knows only the admin's session). */
async function signedInCall(account: { email: string; password: string }) {
  const login = await fetch(`${journey.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  return (method: string, path: string, body?: unknown) =>
    fetch(`${journey.server.url}${path}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** Whether the page scrolls sideways (it must not, at a phone's width). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

beforeAll(async () => {
  journey = await startJourney();

  const start = Date.parse(inDays(10));
  const at = (hours: number) => new Date(start + hours * 3_600_000).toISOString();
  const created = await journey.api('POST', '/api/signup-sheets', {
    title: 'Spring Fair',
    description: 'Games, food and a bake sale.',
    eventDate: at(0),
    organizerName: 'Olivia Organizer',
    organizerEmail: 'olivia@example.org',
    questions: [{ label: 'T-shirt size', kind: 'text' }],
  });
  expect(created.status).toBe(201);
  sheetId = (created.body as { id: number }).id;
  const slotIds: number[] = [];
  for (const [index, title] of ['Bake sale', 'Clean up', 'Setup'].entries()) {
    const slot = await journey.api('POST', '/api/volunteer-slots', {
      signupSheetId: sheetId,
      title,
      maxVolunteers: 3,
      startTime: at(index * 2),
      endTime: at(index * 2 + 2),
    });
    expect(slot.status).toBe(201);
    slotIds.push((slot.body as { id: number }).id);
  }
  const sheet = (await journey.api('GET', `/api/signup-sheets/${sheetId}`)).body as { questions: { id: string }[] };
  const questionId = sheet.questions[0]?.id ?? '';

  const registered = await journey.api('POST', '/api/auth/register', parent, false);
  expect(registered.status).toBe(201);
  const parentId = (registered.body as { id: number }).id;

  // Two signups of the account (the admin names it), one with notes and an answer.
  const withAccount = [
    { slotId: slotIds[0], notes: 'Bringing a cash float', answers: { [questionId]: 'M' }, emailConsent: true },
    { slotId: slotIds[1], answers: { [questionId]: 'L' } },
  ];
  for (const signup of withAccount) {
    const res = await journey.api('POST', '/api/volunteers', {
      userId: parentId,
      name: parent.name,
      email: parent.email,
      phone: parent.phone,
      ...signup,
    });
    expect(res.status).toBe(201);
  }
  // And one without the account, under another spelling of the same mailbox.
  const tagged = await journey.api(
    'POST',
    '/api/volunteers',
    {
      slotId: slotIds[2],
      name: 'Pat P.',
      email: 'Pat+School@example.org',
      phone: '604-555-0100',
      answers: { [questionId]: 'S' },
    },
    false,
  );
  expect(tagged.status).toBe(201);

  expect((await journey.api('POST', '/api/auth/register', member, false)).status).toBe(201);
  await signInAsAdmin(journey);
});
afterAll(() => journey.close());

const privacyTab = () => journey.page.getByRole('tab', { name: 'Privacy' });
const requests = () => journey.page.getByRole('region', { name: 'Privacy requests' });
const found = () => requests().getByRole('region', { name: 'What is held about pat@example.org' });
const log = () => journey.page.getByRole('list', { name: 'Privacy log' });

describe('an administrator answers a privacy request', () => {
  it('finds the account and every signup of the address on a 390 px phone, with no sideways scroll', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'PAC Admin Dashboard' }).waitFor();
    await privacyTab().click();

    await requests().getByLabel('Email address').fill(' PAT@example.org ');
    await requests().getByRole('button', { name: 'Find' }).click();
    await found().getByText('An account and 3 signups.').waitFor();

    const account = found().getByRole('region', { name: 'Account' });
    await account.getByText(parent.name, { exact: true }).waitFor();
    await account.getByText(parent.phone, { exact: true }).waitFor();
    await account.getByText('Member', { exact: true }).waitFor();

    const signups = found().getByRole('region', { name: 'Signups (3)' });
    const bake = signups.getByRole('article', { name: 'Spring Fair: Bake sale' });
    await bake.getByText('Bringing a cash float').waitFor();
    await bake.getByText('T-shirt size: M').waitFor();
    await bake.getByText('Confirmed').waitFor();
    await signups.getByRole('article', { name: 'Spring Fair: Clean up' }).getByText('T-shirt size: L').waitFor();
    const setup = signups.getByRole('article', { name: 'Spring Fair: Setup' });
    await setup.getByText('pat+school@example.org').waitFor();
    await setup.getByText('Pat P.', { exact: true }).waitFor();

    const consent = found().getByRole('region', { name: 'Consent history' });
    await consent.getByText(/^Agreed to emails on the signup form, /).waitFor();

    expect(await scrollsSideways(page)).toBe(false);
    await checkA11y(page, 'the Privacy tab with results at 390 px');
  });

  it('downloads exactly what was found for the person, in a file not named after the address', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 1280, height: 900 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      found().getByRole('button', { name: 'Download for the person' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pac-hub-data-\d{4}-\d{2}-\d{2}-\d{4}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      email: string;
      account: { name: string; email: string } | null;
      signups: { email: string; notes: string | null; answers: { question: string; answer: string }[] }[];
    };
    expect(data.email).toBe('pat@example.org');
    expect(data.account).toEqual(expect.objectContaining({ name: parent.name, email: parent.email }));
    expect(data.signups).toHaveLength(3);
    expect(data.signups.map((s) => s.email).sort()).toEqual([
      'pat+school@example.org',
      'pat@example.org',
      'pat@example.org',
    ]);
    expect(data.signups.find((s) => s.notes !== null)).toEqual(
      expect.objectContaining({ notes: 'Bringing a cash float', answers: [{ question: 'T-shirt size', answer: 'M' }] }),
    );
  });

  it('erases everything after a confirmation naming the address; the account is gone, the signups stay counted', async () => {
    const { page } = journey;
    await found().getByRole('button', { name: 'Erase everything' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase everything?' });
    await dialog.getByText(/Everything held about pat@example\.org will be erased\./).waitFor();
    const question = await dialog.textContent();
    expect(question).toContain('Their account will be deleted');
    expect(question).toContain("Their 3 signups will stay counted as 'Former volunteer'");
    expect(question).toContain('This cannot be undone.');
    await checkA11y(page, 'the erase dialog', { scope: 'dialog' });

    await dialog.getByRole('button', { name: 'Erase everything' }).click();
    await page.getByText('Erased 3 signups and 1 account.').waitFor();
    await found().getByText('Nothing is held about this address.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The account is gone: its password no longer signs in.
    const login = await journey.api(
      'POST',
      '/api/auth/login',
      { email: parent.email, password: parent.password },
      false,
    );
    expect(login.status).toBe(401);
    // Nothing is held about the address any more, in any spelling.
    const search = await journey.api('GET', '/api/privacy/search?email=pat%2Bschool%40example.org');
    expect(search.status).toBe(200);
    expect(search.body).toEqual(expect.objectContaining({ account: null, signups: [], consentHistory: [] }));
    // The three signups are still counted, as 'Former volunteer'.
    const roster = await journey.api('GET', `/api/signup-sheets/${sheetId}/roster`);
    expect(roster.status).toBe(200);
    const slots = (roster.body as { slots: { title: string; volunteers: { name: string }[] }[] }).slots;
    expect(slots.map((s) => [s.title, s.volunteers.map((v) => v.name)])).toEqual([
      ['Bake sale', ['Former volunteer']],
      ['Clean up', ['Former volunteer']],
      ['Setup', ['Former volunteer']],
    ]);
  });

  it('logs the searches and the erasure by the administrator, and an export of the volunteers CSV', async () => {
    const { page } = journey;
    const items = log().getByRole('listitem');
    await items
      .filter({ hasText: /^Erased/ })
      .getByText('by Administrator')
      .waitFor();
    // Newest first: the search that showed the empty result after the erasure.
    await items
      .first()
      .filter({ hasText: /^Searched/ })
      .getByText('by Administrator')
      .waitFor();
    expect(await items.filter({ hasText: /^Searched/ }).count()).toBeGreaterThanOrEqual(2);
    expect(await log().textContent()).not.toContain('pat');

    await page.getByRole('tab', { name: 'Overview' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('volunteer-data.csv');
    await privacyTab().click();
    await items
      .first()
      .filter({ hasText: /^Exported volunteers CSV/ })
      .waitFor();
    await items.first().getByText('by Administrator').waitFor();

    const fromApi = await journey.api('GET', '/api/privacy/log');
    expect(fromApi.status).toBe(200);
    const actions = (fromApi.body as { action: string; actorName: string }[]).map((e) => e.action);
    expect(actions[0]).toBe('volunteersCsv');
    expect(actions).toEqual(expect.arrayContaining(['search', 'erase', 'volunteersCsv']));
  });

  it('refuses a member the privacy log and the search', async () => {
    const asMember = await signedInCall(member);
    expect((await asMember('GET', '/api/privacy/log')).status).toBe(403);
    expect((await asMember('GET', '/api/privacy/search?email=pat%40example.org')).status).toBe(403);
    expect((await asMember('POST', '/api/privacy/erase', { email: 'pat@example.org' })).status).toBe(403);
  });

  it('sets the privacy contact, which the signed-out privacy policy shows as a mailto link at 390 px', async () => {
    const { page } = journey;
    const contact = page.getByRole('region', { name: 'Privacy contact' });
    const field = contact.getByLabel('Privacy contact email');
    await field.waitFor();
    expect(await field.inputValue()).toBe('');
    await field.fill('privacy@maple.example.org');
    await contact.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The privacy policy now shows privacy@maple.example.org.').waitFor();
    expect((await journey.api('GET', '/api/settings/privacyContact')).body).toEqual({
      key: 'privacyContact',
      value: 'privacy@maple.example.org',
    });

    const visitor = await journey.browser.newContext({
      baseURL: journey.server.url,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const policy = await visitor.newPage();
      await policy.goto('/privacy-policy');
      const contactSection = policy.getByRole('region', { name: 'Contact Us' });
      const mail = contactSection.getByRole('link', { name: 'privacy@maple.example.org' });
      await mail.waitFor();
      expect(await mail.getAttribute('href')).toBe('mailto:privacy@maple.example.org');
      await policy
        .getByRole('region', { name: 'Data Retention' })
        .getByText(/We keep each signup for 16 months after its event\./)
        .waitFor();
      expect(await policy.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
        'Our Commitment to Your Privacy',
        'Information We Collect',
        'How We Use Your Information',
        'How We Share Information',
        'Data Security',
        'Your Rights and Choices',
        'Children Under 13',
        'Cookies',
        'Third-Party Services',
        'Data Retention',
        'Changes to This Policy',
        'Contact Us',
      ]);
      expect(await scrollsSideways(policy)).toBe(false);
      await checkA11y(policy, '/privacy-policy at 390 px');
    } finally {
      await visitor.close();
    }
  });
});
