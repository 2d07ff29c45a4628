import { type ReceivedMail, smtpEnv, startTestSmtp, type TestSmtp } from '@pac/server/test/smtp';
import ICAL from 'ical.js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { inDays, type Journey, startJourney, waitUntilHydrated } from './harness';

/**
 * API.md "Signing up for several slots, questions and items", followed on a phone (390 × 844, touch):
 * a parent ticks several slots, answers the sheet's questions once and gets one confirmation email
 * (read from a real SMTP server) whose calendar holds an event per slot; the browser then shows the
 * slots as theirs with their manage links and fills in the next form; an item slot takes a
 * quantity; a full slot in the selection joins its waitlist; a slot that fills while the form is
 * open is named, and nothing is saved.
 */

let smtp: TestSmtp;
let journey: Journey;
let sheetId = 0;
const slotIds = new Map<string, number>();
/** The required answer of signups made through the API for other people. */
let answersOfOthers: Record<string, string> = {};

// On the hour: a calendar's times have no milliseconds.
const start = Math.floor(Date.parse(inDays(8)) / 3_600_000) * 3_600_000;
const hours = (h: number) => new Date(start + h * 3_600_000).toISOString();

const morgan = { name: 'Morgan Blake', email: 'morgan@example.org', phone: '555-0190' };
const riley = { name: 'Riley Chen', email: 'riley@example.org', phone: '555-0191' };
const sam = { name: 'Sam Ortiz', email: 'sam@example.org', phone: '555-0192' };

interface SheetAnswer {
  questions: { id: string; label: string }[];
  slots: {
    id: number;
    title: string;
    currentVolunteers: number;
    volunteers: { id: number; email?: string; status: string; quantity: number; answers?: Record<string, unknown> }[];
  }[];
}

async function sheetAsAdmin(): Promise<SheetAnswer> {
  return (await journey.api('GET', `/api/signup-sheets/${sheetId}`)).body as SheetAnswer;
}

function slotId(title: string): number {
  const id = slotIds.get(title);
  if (id === undefined) throw new Error(`no slot ${title}`);
  return id;
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  journey = await startJourney(smtpEnv(smtp));
  const created = await journey.api('POST', '/api/signup-sheets', {
    title: 'Spring Fair',
    description: 'Games, crafts and a bake sale',
    eventDate: hours(0),
    organizerName: 'Olivia Organizer',
    organizerEmail: 'olivia@example.org',
    questions: [
      { label: "Child's name and class", kind: 'text', required: true },
      { label: 'T-shirt size', kind: 'choice', options: ['S', 'M', 'L'], required: false },
    ],
  });
  expect(created.status).toBe(201);
  sheetId = (created.body as { id: number }).id;
  const childQuestion = (created.body as { questions: { id: string }[] }).questions[0]?.id ?? '';
  answersOfOthers = { [childQuestion]: 'Kit, 1A' };
  const slots = [
    { title: 'Setup crew', maxVolunteers: 3, startTime: hours(0), endTime: hours(1) },
    { title: 'Face painting', maxVolunteers: 2, startTime: hours(1), endTime: hours(3) },
    { title: 'Ticket booth', maxVolunteers: 2, startTime: hours(3), endTime: hours(5) },
    { title: 'Raffle table', maxVolunteers: 1, startTime: hours(2), endTime: hours(4) },
    { title: 'Cleanup', maxVolunteers: 3, startTime: hours(5), endTime: hours(6) },
    { title: 'Lost and found', maxVolunteers: 1, startTime: hours(4), endTime: hours(5) },
    { title: 'Parking', maxVolunteers: 3, startTime: hours(0), endTime: hours(2) },
    { title: 'Cupcakes', maxVolunteers: 24, kind: 'item', startTime: hours(0) },
  ];
  for (const slot of slots) {
    const res = await journey.api('POST', '/api/volunteer-slots', { signupSheetId: sheetId, ...slot });
    expect(res.status).toBe(201);
    slotIds.set(slot.title, (res.body as { id: number }).id);
  }
  // Someone already holds the one spot of the raffle table.
  const held = await journey.api(
    'POST',
    '/api/volunteers',
    {
      slotId: slotId('Raffle table'),
      name: 'Casey Holder',
      email: 'casey@example.org',
      phone: '555-0100',
      answers: answersOfOthers,
    },
    false,
  );
  expect(held.status).toBe(201);
});
afterAll(async () => {
  await journey.close();
  await smtp.close();
});

/** A phone's browser: its own profile (nothing remembered yet), 390 × 844, touch. */
async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await journey.browser.newContext({
    baseURL: journey.server.url,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  return { context, page: await context.newPage() };
}

async function openSheet(page: Page): Promise<void> {
  await page.goto(`/signup-sheet/${sheetId}`);
  await waitUntilHydrated(page);
  await page.getByRole('heading', { level: 1, name: 'Spring Fair' }).waitFor();
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways).toBe(false);
}

/** The mails to `to` once at least `count` have arrived, and a moment more in case another follows. */
async function mailsTo(to: string, count: number): Promise<ReceivedMail[]> {
  await smtp.waitForMatching((m) => m.envelopeTo.includes(to), count);
  await new Promise((resolve) => setTimeout(resolve, 500));
  return smtp.messages.filter((m) => m.envelopeTo.includes(to));
}

describe('a parent signs up for several slots on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await phone());
  });
  afterAll(() => context.close());

  it('ticks three slots, answers the questions once, and gets one email with an event per slot', async () => {
    await openSheet(page);
    const bar = page.getByRole('region', { name: 'Selected slots' });
    await page.getByRole('checkbox', { name: 'Select Setup crew' }).tap();
    await bar.getByText('1 slot selected').waitFor();
    await page.getByRole('checkbox', { name: 'Select Face painting' }).tap();
    await page.getByRole('checkbox', { name: 'Select Ticket booth' }).tap();
    await bar.getByText('3 slots selected').waitFor();
    // The bar sits at the foot of the screen, in full.
    const box = await bar.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
    await noSidewaysScroll(page);
    await checkA11y(page, 'the sheet with three slots ticked');

    await bar.getByRole('button', { name: 'Continue' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Sign up: 3 slots' });
    const listed = dialog.getByRole('region', { name: 'Your slots' }).getByRole('listitem');
    await expect(listed.count()).resolves.toBe(3);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(morgan.name);
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(morgan.email);
    await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill(morgan.phone);
    // The required question, left empty: its sentence, and nothing is sent.
    await dialog.getByRole('button', { name: 'Sign Up' }).tap();
    await dialog.getByText("Child's name and class is required").waitFor();
    await checkA11y(page, 'the signup form for three slots, with an unanswered question', { scope: 'dialog' });
    expect((await sheetAsAdmin()).slots.every((s) => s.volunteers.length === 0 || s.title === 'Raffle table')).toBe(
      true,
    );

    await dialog.getByLabel("Child's name and class").fill('Avery Blake, 2B');
    await dialog.getByRole('radio', { name: 'M', exact: true }).tap();
    await expect(
      dialog.getByRole('checkbox', { name: 'Send me reminders about this event' }).isChecked(),
    ).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Sign Up' }).tap();

    const toast = page.getByRole('alert').filter({ hasText: 'Signup Successful!' });
    await toast
      .getByText(
        "Thank you for volunteering! You're signed up for Setup crew, Face painting and Ticket booth. A confirmation email will be sent to morgan@example.org.",
      )
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect(bar.count()).resolves.toBe(0);
    // The bar's Continue is gone: the focus goes to the first new signup's manage link.
    const firstLink = page.getByRole('article', { name: 'Setup crew' }).getByRole('link', { name: 'Change or cancel' });
    await expect.poll(() => firstLink.evaluate((e) => e === document.activeElement)).toBe(true);

    // Saved once, all three, with the answers.
    const sheet = await sheetAsAdmin();
    const [child, size] = sheet.questions;
    const mine = sheet.slots.flatMap((s) =>
      s.volunteers.filter((v) => v.email === morgan.email).map((v) => ({ slot: s.title, ...v })),
    );
    expect(mine.map((v) => v.slot).sort()).toEqual(['Face painting', 'Setup crew', 'Ticket booth']);
    for (const signup of mine) {
      expect(signup.status).toBe('confirmed');
      expect(signup.answers).toEqual({ [child?.id ?? '']: 'Avery Blake, 2B', [size?.id ?? '']: 'M' });
    }

    // One email listing the three slots, with one calendar of three events.
    const mails = await mailsTo(morgan.email, 1);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.parsed.subject).toBe("You're signed up for 3 slots: Spring Fair");
    for (const title of ['Setup crew', 'Face painting', 'Ticket booth']) expect(mail?.parsed.text).toContain(title);
    const ics = mail?.parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    if (!ics) throw new Error('no calendar in the confirmation');
    const events = ICAL.Component.fromString(ics.content.toString('utf8')).getAllSubcomponents('vevent');
    expect(events).toHaveLength(3);
    expect(events.map((e) => String(e.getFirstPropertyValue('summary'))).sort()).toEqual([
      'Spring Fair: Face painting',
      'Spring Fair: Setup crew',
      'Spring Fair: Ticket booth',
    ]);
    const starts = events.map((e) => {
      const value = e.getFirstPropertyValue('dtstart');
      if (!(value instanceof ICAL.Time)) throw new Error('dtstart is not a time');
      return value.toJSDate().toISOString();
    });
    expect(starts.sort()).toEqual([hours(0), hours(1), hours(3)].sort());
    expect(new Set(events.map((e) => e.getFirstPropertyValue('uid'))).size).toBe(3);
  });

  it('sees the three slots as theirs after a reload, each with its manage link', async () => {
    await page.reload();
    await waitUntilHydrated(page);
    const [mail] = await mailsTo(morgan.email, 1);
    const mailed = [...(mail?.parsed.text ?? '').matchAll(/\/my-signup\?token=([A-Za-z0-9_%-]+)/g)].map((m) => m[1]);
    const links: string[] = [];
    for (const title of ['Setup crew', 'Face painting', 'Ticket booth']) {
      const card = page.getByRole('article', { name: title });
      await card.getByText("You're signed up").waitFor();
      await expect(card.getByRole('button', { name: 'Sign Up', exact: true }).count()).resolves.toBe(0);
      await expect(card.getByRole('checkbox').count()).resolves.toBe(0);
      const href = await card.getByRole('link', { name: 'Change or cancel' }).getAttribute('href');
      expect(href).toMatch(/^\/my-signup\?token=/);
      links.push(href ?? '');
    }
    // The links are the ones the email carries.
    expect(links.map((l) => new URL(l, 'http://x').searchParams.get('token')).sort()).toEqual(
      mailed.map((t) => decodeURIComponent(t ?? '')).sort(),
    );
    // The others still offer Sign Up.
    await page
      .getByRole('article', { name: 'Cleanup' })
      .getByRole('button', { name: 'Sign Up', exact: true })
      .waitFor();
    await checkA11y(page, "the sheet with the parent's own slots");
    await noSidewaysScroll(page);

    // A manage link opens that signup, its details ready to correct.
    await page.getByRole('article', { name: 'Face painting' }).getByRole('link', { name: 'Change or cancel' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Your signup' }).waitFor();
    await page.getByText('Face painting').first().waitFor();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).resolves.toBe(morgan.name);
    await expect(page.getByLabel("Child's name and class").inputValue()).resolves.toBe('Avery Blake, 2B');
    await checkA11y(page, 'the manage page with its edit form');
    await noSidewaysScroll(page);
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('555-0199');
    await page.getByRole('button', { name: 'Save changes' }).tap();
    await page.getByText('Your changes have been saved.').waitFor();
    const faces = (await sheetAsAdmin()).slots.find((s) => s.title === 'Face painting');
    expect(faces?.volunteers.find((v) => v.email === morgan.email)).toMatchObject({ status: 'confirmed' });
  });

  it("brings 12 of 24 to an item slot, with the form filled in from the last signup: '12 still needed'", async () => {
    await openSheet(page);
    const cupcakes = page.getByRole('article', { name: 'Cupcakes' });
    await cupcakes.getByText('24 still needed').waitFor();
    await cupcakes.getByRole('button', { name: "I'll bring this" }).tap();
    const dialog = page.getByRole('dialog', { name: 'Sign up: Cupcakes' });
    // Filled in from what this browser remembers (the phone as corrected on the manage page).
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).resolves.toBe(morgan.name);
    await expect(dialog.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).resolves.toBe(morgan.email);
    await expect(dialog.getByRole('textbox', { name: 'Phone', exact: true }).inputValue()).resolves.toBe('555-0199');
    const quantity = dialog.getByLabel(/^How many will you bring\?/);
    await expect(quantity.inputValue()).resolves.toBe('1');
    await quantity.fill('25');
    await dialog.getByLabel("Child's name and class").fill('Avery Blake, 2B');
    await dialog.getByRole('button', { name: 'Sign Up' }).tap();
    await dialog.getByText('Only 24 still needed for this item').waitFor();
    await quantity.fill('12');
    await dialog.getByRole('button', { name: 'Sign Up' }).tap();
    await page.getByRole('alert').filter({ hasText: 'Signup Successful!' }).waitFor();

    await cupcakes.getByText('12 still needed').waitFor();
    await cupcakes.getByText('Morgan B. · 12').waitFor();
    await cupcakes.getByText("You're signed up").waitFor();
    const slot = (await sheetAsAdmin()).slots.find((s) => s.title === 'Cupcakes');
    expect(slot?.currentVolunteers).toBe(12);
    expect(slot?.volunteers.map((v) => [v.email, v.quantity])).toEqual([[morgan.email, 12]]);
  });
});

describe('a full slot in a multi-slot signup', () => {
  it('confirms the open slot and waitlists the full one, and says which is which', async () => {
    const { context, page } = await phone();
    try {
      await openSheet(page);
      const raffle = page.getByRole('article', { name: 'Raffle table' });
      await raffle.getByText('FULL - No spots available').waitFor();
      await raffle.getByRole('checkbox', { name: 'Select Raffle table for the waitlist' }).tap();
      await page.getByRole('checkbox', { name: 'Select Cleanup' }).tap();
      const bar = page.getByRole('region', { name: 'Selected slots' });
      await bar.getByText('2 slots selected').waitFor();
      await bar.getByRole('button', { name: 'Continue' }).tap();

      const dialog = page.getByRole('dialog', { name: 'Sign up: 2 slots' });
      // Nothing is remembered in this browser: an empty form, the reminders ticked.
      await expect(dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).resolves.toBe('');
      await dialog.getByText("Full: you'll join the waitlist").waitFor();
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(riley.name);
      await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(riley.email);
      await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill(riley.phone);
      await dialog.getByLabel("Child's name and class").fill('Jo Chen, K');
      await dialog.getByRole('button', { name: 'Sign Up' }).tap();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Signup Successful!' })
        .getByText(
          "Thank you for volunteering! You're signed up for Cleanup. You're on the waitlist for Raffle table. A confirmation email will be sent to riley@example.org.",
        )
        .waitFor();

      const slots = (await sheetAsAdmin()).slots;
      const statusOn = (title: string) =>
        slots.find((s) => s.title === title)?.volunteers.find((v) => v.email === riley.email)?.status;
      expect(statusOn('Cleanup')).toBe('confirmed');
      expect(statusOn('Raffle table')).toBe('waitlisted');
      const mails = await mailsTo(riley.email, 1);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.parsed.text).toContain('Raffle table');
      expect(mails[0]?.parsed.text).toContain('Cleanup');

      await page.reload();
      await waitUntilHydrated(page);
      await page.getByRole('article', { name: 'Cleanup' }).getByText("You're signed up").waitFor();
      await raffle.getByText("You're on the waitlist").waitFor();
      await raffle.getByRole('link', { name: 'Change or cancel' }).waitFor();
      await expect(raffle.getByRole('button', { name: 'Join Waitlist' }).count()).resolves.toBe(0);
      await checkA11y(page, 'the sheet with a confirmed and a waitlisted signup');
      await noSidewaysScroll(page);
    } finally {
      await context.close();
    }
  });
});

describe('a slot that fills while the form is open', () => {
  it('names the slot, saves nothing, keeps the form, and signs up once the slot is taken out', async () => {
    const { context, page } = await phone();
    try {
      await openSheet(page);
      await page.getByRole('checkbox', { name: 'Select Lost and found' }).tap();
      await page.getByRole('checkbox', { name: 'Select Parking' }).tap();
      await page.getByRole('region', { name: 'Selected slots' }).getByRole('button', { name: 'Continue' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Sign up: 2 slots' });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(sam.name);
      await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(sam.email);
      await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill(sam.phone);
      await dialog.getByLabel("Child's name and class").fill('Lee Ortiz, 4A');

      // Meanwhile someone else takes the last spot at the lost and found.
      const taken = await journey.api(
        'POST',
        '/api/volunteers',
        {
          slotId: slotId('Lost and found'),
          name: 'Quinn Quick',
          email: 'quinn@example.org',
          phone: '555-0111',
          answers: answersOfOthers,
        },
        false,
      );
      expect(taken.status).toBe(201);

      await dialog.getByRole('button', { name: 'Sign Up' }).tap();
      const alert = dialog.getByRole('alert');
      await alert.getByText('Nothing was saved').waitFor();
      await alert.getByText('Lost and found: This volunteer slot is full').waitFor();
      await expect(dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).resolves.toBe(sam.name);
      await expect(dialog.getByLabel("Child's name and class").inputValue()).resolves.toBe('Lee Ortiz, 4A');
      await checkA11y(page, 'the signup form naming the slot that filled', { scope: 'dialog' });
      const parking = (await sheetAsAdmin()).slots.find((s) => s.title === 'Parking');
      expect(parking?.volunteers).toEqual([]);

      await dialog.getByRole('button', { name: 'Remove Lost and found' }).tap();
      const single = page.getByRole('dialog', { name: 'Sign up: Parking' });
      await single.getByRole('button', { name: 'Sign Up' }).tap();
      await page
        .getByText('Thank you for volunteering! A confirmation email will be sent to sam@example.org.')
        .waitFor();
      const after = (await sheetAsAdmin()).slots;
      expect(after.find((s) => s.title === 'Parking')?.volunteers.map((v) => v.email)).toEqual([sam.email]);
      expect(after.find((s) => s.title === 'Lost and found')?.volunteers.map((v) => v.email)).toEqual([
        'quinn@example.org',
      ]);
    } finally {
      await context.close();
    }
  });
});
