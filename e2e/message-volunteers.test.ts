import { smtpEnv, startTestSmtp, type TestSmtp } from '@pac/server/test/smtp';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { inDays, type Journey, seedSheet, signIn, startJourney } from './harness';

/**
 * API.md "An organizer's season": an organizer messages the volunteers of their sheet, in Chromium
 * at a laptop's width and a phone's. From the sheet's card on /admin they open the composer, see
 * how many volunteers it will reach, preview the email, send it, and find it in the log below; the
 * real SMTP server receives one copy per volunteer, each addressed to that volunteer alone, with
 * replies going to the organizer.
 */

let smtp: TestSmtp;
let journey: Journey;
const organizer = { name: 'Olu Organizer', email: 'olu@example.org', password: 'olu-secret-1' };
const sheetTitle = 'Spring Carnival';
const organizerEmail = 'carnival.chair@example.org';
const volunteers = {
  ann: 'ann.archer@example.org',
  ben: 'ben.baker@example.org',
  cat: 'cat.cole@example.org',
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  journey = await startJourney(smtpEnv(smtp));
  const registered = await journey.api('POST', '/api/auth/register', organizer, false);
  expect(registered.status).toBe(201);
  const organizerId = (registered.body as { id: number }).id;
  expect((await journey.api('PATCH', `/api/users/${organizerId}`, { role: 'organizer' })).status).toBe(200);

  const start = new Date(Date.parse(inDays(9)));
  const hours = (h: number) => new Date(start.getTime() + h * 3_600_000).toISOString();
  const { sheetId, slotIds } = await seedSheet(journey, { title: sheetTitle, eventDate: start.toISOString() }, [
    { title: 'Setup', maxVolunteers: 4, startTime: hours(0), endTime: hours(2) },
    { title: 'Cleanup', maxVolunteers: 4, startTime: hours(4), endTime: hours(6) },
  ]);
  // The organizer runs it; replies go to the sheet's own address.
  const handed = await journey.api('PATCH', `/api/signup-sheets/${sheetId}`, { ownerId: organizerId, organizerEmail });
  expect(handed.status).toBe(200);
  const [setup = 0, cleanup = 0] = slotIds;
  const signUp = async (body: Record<string, unknown>) => {
    const res = await journey.api('POST', '/api/volunteers', { phone: '555-0100', emailConsent: true, ...body });
    expect(res.status).toBe(201);
  };
  await signUp({ slotId: setup, name: 'Ann Archer', email: volunteers.ann });
  // Ben is on both slots: he gets one copy.
  await signUp({ slotIds: [setup, cleanup], name: 'Ben Baker', email: volunteers.ben });
  await signUp({ slotId: cleanup, name: 'Cat Cole', email: volunteers.cat });
});
afterAll(async () => {
  await journey.close();
  await smtp.close();
});

const viewports = [
  { name: 'a laptop (1280 px)', width: 1280, height: 900 },
  { name: 'a phone (390 px)', width: 390, height: 844 },
];

describe.each(viewports)('an organizer messages the volunteers of their sheet on $name', (viewport) => {
  let context: BrowserContext;
  let page: Page;
  const subject = `Parking for the carnival (${viewport.width})`;
  const body = 'Please park behind the gym.\nThe front lot is closed for the rides.';

  beforeAll(async () => {
    context = await journey.browser.newContext({ baseURL: journey.server.url, viewport });
    page = await context.newPage();
    await signIn(page, organizer);
  });
  afterAll(async () => {
    await context.close();
  });

  it('opens the composer from the sheet card, sees the count, previews, sends, and finds it in the log', async () => {
    await page.goto('/admin');
    const card = page
      .getByRole('region', { name: 'Manage Signup Sheets' })
      .getByRole('article', { name: sheetTitle, exact: true });
    await card.getByRole('button', { name: `Message volunteers of ${sheetTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: `Message volunteers: ${sheetTitle}` });
    // Mantine's Select: the input labelled 'To' (its list of options shares the label once open).
    const toSelect = () => dialog.getByLabel('To', { exact: true }).and(dialog.locator('input')).first();
    await dialog.getByText('This message will go to 3 volunteers').waitFor();

    if (viewport.width < 576) {
      // Full screen on a phone, and nothing wider than it.
      const box = await dialog.boundingBox();
      expect(Math.round(box?.width ?? 0)).toBe(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }

    // Cleanup alone: Ben and Cat; everyone again: three.
    await toSelect().click();
    await dialog.getByRole('option', { name: 'Cleanup' }).click();
    await dialog.getByText('This message will go to 2 volunteers').waitFor();
    await toSelect().click();
    await dialog.getByRole('option', { name: 'Everyone on this sheet' }).click();
    await dialog.getByText('This message will go to 3 volunteers').waitFor();

    await dialog.getByLabel(/^Subject/).fill(subject);
    await dialog.getByRole('textbox', { name: /^Message/ }).fill(body);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('region', { name: 'Email preview' });
    await preview.getByText(subject).waitFor();
    await preview.getByText('Please park behind the gym.', { exact: false }).waitFor();
    await preview.getByText(`From Olivia Organizer, organizer of ${sheetTitle}`, { exact: false }).waitFor();
    await preview.getByText('Reply to this email to answer', { exact: false }).waitFor();
    await checkA11y(page, `Message volunteers with its preview, ${viewport.width} px`);

    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Message sent to 3 volunteers').waitFor();

    const log = dialog.getByRole('list', { name: 'Messages sent' });
    const entry = log.getByRole('listitem').filter({ hasText: subject });
    await entry.waitFor();
    await entry.getByText('3 volunteers').waitFor();
    await entry.getByText('Everyone on this sheet').waitFor();
    await entry.getByText(`by ${organizer.name}`, { exact: false }).waitFor();

    // The real SMTP server got one copy per volunteer, each to that volunteer alone.
    const copies = await smtp.waitForMatching((m) => m.parsed.subject === subject, 3);
    expect(copies).toHaveLength(3);
    expect(copies.map((m) => m.envelopeTo).sort()).toEqual([[volunteers.ann], [volunteers.ben], [volunteers.cat]]);
    for (const copy of copies) {
      const [own] = copy.envelopeTo;
      expect(
        copy.parsed.to && !Array.isArray(copy.parsed.to) ? copy.parsed.to.value.map((a) => a.address) : [],
      ).toEqual([own]);
      expect(copy.parsed.cc).toBeUndefined();
      expect(copy.parsed.bcc).toBeUndefined();
      expect(copy.parsed.replyTo?.value.map((a) => a.address)).toEqual([organizerEmail]);
      expect(copy.parsed.text).toContain(body);
      for (const other of Object.values(volunteers).filter((a) => a !== own)) expect(copy.raw).not.toContain(other);
    }
  });
});
