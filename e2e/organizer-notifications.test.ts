import { type ReceivedMail, smtpEnv, startTestSmtp, type TestSmtp } from '@pac/server/test/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, type Journey, mailedLink, startJourney, waitUntilHydrated } from './harness';

/**
 * Issue 24's must-show, in Chromium at 1280 px and 390 px: the sheet's organizer hears of a signup,
 * a cancellation and the promotion off the waitlist it causes, each by email as it happens
 * (`notifyOrganizer: each`, the default). Parents act on the real pages; the mail goes through a
 * real SMTP server.
 */

let smtp: TestSmtp;
let journey: Journey;

beforeAll(async () => {
  smtp = await startTestSmtp();
  journey = await startJourney(smtpEnv(smtp));
});
afterAll(async () => {
  await journey.close();
  await smtp.close();
});

/** Resolves with the one mail to `to` whose subject starts with `subject`, once it has arrived. */
async function mailTo(to: string, subject: string): Promise<ReceivedMail> {
  const found = await smtp.waitForMatching(
    (m) => m.envelopeTo.includes(to) && (m.parsed.subject ?? '').startsWith(subject),
    1,
  );
  expect(found).toHaveLength(1);
  const [mail] = found;
  if (!mail) throw new Error(`no mail to ${to} starting '${subject}'`);
  return mail;
}

describe.each([
  { label: 'desktop', width: 1280, height: 900 },
  { label: 'phone', width: 390, height: 844 },
])('the organizer hears of each change ($label)', ({ label, width, height }) => {
  const organizerEmail = `organizer-${label}@example.org`;
  const first = { name: `Ada ${label}`, email: `ada-${label}@example.org` };
  const second = { name: `Bo ${label}`, email: `bo-${label}@example.org` };
  let sheetId = 0;

  beforeAll(async () => {
    await journey.page.setViewportSize({ width, height });
    const start = inDays(9);
    const sheet = await journey.api('POST', '/api/signup-sheets', {
      title: `Pancake Breakfast ${label}`,
      eventDate: start,
      organizerName: 'Olu Organizer',
      organizerEmail,
    });
    expect(sheet.status).toBe(201);
    sheetId = (sheet.body as { id: number }).id;
    const slot = await journey.api('POST', '/api/volunteer-slots', {
      signupSheetId: sheetId,
      title: 'Griddle',
      maxVolunteers: 1,
      startTime: start,
      endTime: new Date(Date.parse(start) + 7_200_000).toISOString(),
    });
    expect(slot.status).toBe(201);
  });

  /** A parent on their own phone or computer: a browser of their own (the app remembers a browser's signups). */
  async function signUpOnPage(person: { name: string; email: string }, button: 'Sign Up' | 'Join Waitlist') {
    const context = await journey.browser.newContext({ baseURL: journey.server.url, viewport: { width, height } });
    try {
      const page = await context.newPage();
      await page.goto(`/signup-sheet/${sheetId}`);
      await waitUntilHydrated(page);
      const card = page.getByRole('article', { name: 'Griddle' });
      await card.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill(person.name);
      await dialog.getByLabel('Email').fill(person.email);
      await dialog.getByLabel('Phone').fill('555-0142');
      await dialog.getByRole('button', { name: /sign up/i }).click();
      await page.getByText('Signup Successful!').waitFor();
    } finally {
      await context.close();
    }
  }

  it('a signup', async () => {
    await signUpOnPage(first, 'Sign Up');
    const mail = await mailTo(organizerEmail, `New signup: ${first.name} – Griddle`);
    expect(mail.envelopeTo).toEqual([organizerEmail]);
    expect(mail.parsed.text).toContain(`${first.name} signed up for Griddle`);
    expect(mail.parsed.text).toContain('Griddle is now full.');
    expect(mail.raw).not.toContain(first.email);
  });

  it('a cancellation on the manage page, and the promotion off the waitlist it causes', async () => {
    await signUpOnPage(second, 'Join Waitlist');
    await mailTo(organizerEmail, `Joined the waitlist: ${second.name} – Griddle`);

    const { page } = journey;
    await page.goto(await mailedLink(smtp, first.email, '/my-signup'));
    await page.getByRole('heading', { level: 1, name: 'Your signup' }).waitFor();
    await page.getByRole('button', { name: 'Cancel my signup' }).click();
    await page.getByRole('dialog', { name: 'Cancel Signup' }).getByRole('button', { name: 'Cancel my signup' }).click();
    await page.getByRole('heading', { level: 1, name: 'Signup cancelled' }).waitFor();

    const cancelled = await mailTo(organizerEmail, `Cancelled: ${first.name} – Griddle`);
    expect(cancelled.parsed.text).toContain(`${first.name} cancelled their signup for Griddle`);
    expect(cancelled.parsed.text).toContain('1 of 1 spot open on Griddle.');
    const promoted = await mailTo(organizerEmail, `Off the waitlist: ${second.name} – Griddle`);
    expect(promoted.parsed.text).toContain(`${second.name} moved up from the waitlist into Griddle`);
    // The organizer's link goes to the roster.
    expect(promoted.parsed.text).toContain(`/signup-sheet/${sheetId}/roster`);
  });
});
