import { type ReceivedMail, smtpEnv, startTestSmtp, type TestSmtp } from '@pac/server/test/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { inDays, type Journey, mailedLink, seedSheet, startJourney, waitUntilHydrated } from './harness';

/**
 * API.md "Coordinator toolkit": a full slot's waitlist and the "manage my signup" link, followed in
 * Chromium. The mail goes through a real SMTP server, and the test opens the links it carries.
 */

let smtp: TestSmtp;
let journey: Journey;
let sheetId = 0;
let facePaintingId = 0;
let ticketBoothId = 0;

const holder = { name: 'Casey Holder', email: 'casey@example.org' };
const parent = { name: 'Wendy Waiting', email: 'wendy@example.org' };

beforeAll(async () => {
  smtp = await startTestSmtp();
  journey = await startJourney(smtpEnv(smtp));
  const start = new Date(Date.parse(inDays(8)));
  const hours = (h: number) => new Date(start.getTime() + h * 3_600_000).toISOString();
  const seeded = await seedSheet(journey, { title: 'Spring Carnival', eventDate: start.toISOString() }, [
    { title: 'Face painting', maxVolunteers: 1, startTime: hours(0), endTime: hours(2) },
    { title: 'Ticket booth', maxVolunteers: 2, startTime: hours(2), endTime: hours(4) },
  ]);
  sheetId = seeded.sheetId;
  [facePaintingId = 0, ticketBoothId = 0] = seeded.slotIds;
  // Someone already holds the one spot of Face painting.
  const held = await journey.api(
    'POST',
    '/api/volunteers',
    { slotId: facePaintingId, ...holder, phone: '555-0100' },
    false,
  );
  expect(held.status).toBe(201);
});
afterAll(async () => {
  await journey.close();
  await smtp.close();
});

/** Resolves once a mail to `to` whose subject starts with `subject` has arrived. */
async function mailTo(to: string, subject: string): Promise<ReceivedMail> {
  const [found] = await smtp.waitForMatching(
    (m) => m.envelopeTo.includes(to) && (m.parsed.subject ?? '').startsWith(subject),
    1,
  );
  if (!found) throw new Error(`no mail to ${to} starting '${subject}'`);
  return found;
}

interface SheetAnswer {
  slots: {
    id: number;
    currentVolunteers: number;
    waitlistCount: number;
    volunteers: { email?: string; status: string }[];
  }[];
}
async function slotsAsAdmin() {
  const sheet = await journey.api('GET', `/api/signup-sheets/${sheetId}`);
  return (sheet.body as SheetAnswer).slots;
}

describe('the waitlist and the manage link', () => {
  it("lets a parent join a full slot's waitlist from the sheet page", async () => {
    const { page } = journey;
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    const card = page.getByRole('article', { name: 'Face painting' });
    await card.getByText('FULL - No spots available').waitFor();
    expect(await card.getByRole('button', { name: 'Sign Up', exact: true }).count()).toBe(0);
    await card.getByRole('button', { name: 'Join Waitlist' }).click();

    const dialog = page.getByRole('dialog', { name: 'Sign up: Face painting' });
    await dialog.getByText(/This slot is full\. Sign up to join its waitlist/).waitFor();
    await dialog.getByLabel('Name').fill(parent.name);
    await dialog.getByLabel('Email').fill(parent.email);
    await dialog.getByLabel('Phone').fill('555-0142');
    await dialog.getByRole('button', { name: /sign up/i }).click();

    await page.getByText('Signup Successful!').waitFor();
    await page
      .getByText(`You're on the waitlist for Face painting. We'll email ${parent.email} if a spot opens up.`)
      .waitFor();
    await card.getByText('1 on the waitlist').waitFor();
    // Checked without the toast on top (its own markup is Mantine's).
    await page.reload();
    await card.getByText('1 on the waitlist').waitFor();
    await checkA11y(page, 'a full slot with its waitlist');
    // A visitor sees how many wait, not who.
    expect(await card.getByText('Wendy W.').count()).toBe(0);

    const mail = await mailTo(parent.email, "You're on the waitlist");
    expect(mail.parsed.text).toContain('Face painting');
    const [face] = (await slotsAsAdmin()).filter((s) => s.id === facePaintingId);
    expect(face?.volunteers.map((v) => [v.email, v.status])).toEqual([
      [holder.email, 'confirmed'],
      [parent.email, 'waitlisted'],
    ]);
  });

  it('cancels the other signup through its emailed manage link, and the waitlisted parent is promoted and emailed', async () => {
    const { page } = journey;
    const link = await mailedLink(smtp, holder.email, '/my-signup');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Your signup' }).waitFor();
    await page.getByText('Confirmed', { exact: true }).waitFor();
    await page.getByText('Face painting').first().waitFor();
    await page.getByRole('button', { name: 'Cancel my signup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Signup' });
    await dialog.getByText('Are you sure you want to cancel your signup for Face painting?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel my signup' }).click();
    await page.getByRole('heading', { level: 1, name: 'Signup cancelled' }).waitFor();

    const promotion = await mailTo(parent.email, "You're off the waitlist");
    expect(promotion.parsed.subject).toBe("You're off the waitlist: Face painting at Spring Carnival");
    expect(promotion.parsed.text).toContain('/my-signup?token=');
    const [face] = (await slotsAsAdmin()).filter((s) => s.id === facePaintingId);
    expect(face).toMatchObject({ currentVolunteers: 1, waitlistCount: 0 });
    expect(face?.volunteers.map((v) => [v.email, v.status])).toEqual([[parent.email, 'confirmed']]);

    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    const card = page.getByRole('article', { name: 'Face painting' });
    await card.getByText('Wendy W.').waitFor();
    expect(await card.getByText(/on the waitlist/).count()).toBe(0);
  });

  it('moves the promoted signup to another slot through the manage link, on a phone-sized screen', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    // The waitlist confirmation and the promotion both carry the link; the newest is followed.
    const link = await mailedLink(smtp, parent.email, '/my-signup', 2);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Your signup' }).waitFor();
    await page.getByText('Confirmed', { exact: true }).waitFor();
    await checkA11y(page, 'the manage page');
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideways).toBe(false);

    await page.getByRole('radio', { name: /Ticket booth/ }).check();
    await page.getByRole('button', { name: 'Move my signup' }).click();
    await page.getByText('Your signup is now for Ticket booth.').waitFor();
    // The page now shows the new slot, and offers the old one (it has room again).
    await page.getByRole('radio', { name: /Face painting/ }).waitFor();

    const slots = await slotsAsAdmin();
    expect(slots.find((s) => s.id === ticketBoothId)?.volunteers.map((v) => v.email)).toEqual([parent.email]);
    expect(slots.find((s) => s.id === facePaintingId)).toMatchObject({ currentVolunteers: 0, volunteers: [] });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("refuses a forged manage link with 'This link is not valid'", async () => {
    const { page } = journey;
    await page.goto('/my-signup?token=1-forgedforgedforgedforgedforgedforgedforged');
    await page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
  });
});
