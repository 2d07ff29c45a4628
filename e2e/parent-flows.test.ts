import { smtpEnv, startTestSmtp, type TestSmtp } from '@pac/server/test/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { inDays, type Journey, seedSheet, signInAsAdmin, startJourney, waitUntilHydrated } from './harness';

/**
 * What a parent trips over (issue 11, items 1, 3, 5, 6 and 7), walked through in Chromium: closed
 * slots and past events, an honest confirmation toast, their own signup on a slot, spots counted
 * in words, and a profile that reads in order.
 */

let journey: Journey;
beforeAll(async () => {
  // No mail settings: the server has no way to send a confirmation email.
  journey = await startJourney();
});
afterAll(() => journey.close());

const parent = {
  name: 'Noor Haddad',
  email: 'noor@example.org',
  password: 'noor-secret-1',
  phone: '555-0199',
  emailConsent: true,
};
let parentId = 0;

const hoursFrom = (iso: string, hours: number) => new Date(new Date(iso).getTime() + hours * 3_600_000).toISOString();

/** The 'Saturday, May 3, 2031' and '9:00 AM' of a date, as the app writes them (en-US, local time). */
function longDateAndTime(iso: string): [string, string] {
  const date = new Date(iso);
  return [
    new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(date),
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(date),
  ];
}

async function signUpAnonymously(slotId: number | undefined, email: string) {
  return journey.api('POST', '/api/volunteers', { slotId, name: 'Alex Kim', email, phone: '555-0100' }, false);
}

describe('a past event and closed slots (item 1)', () => {
  it('shows a past sheet as passed, every slot closed and no Sign Up; the API refuses a late signup', async () => {
    const eventDate = inDays(-20);
    const { sheetId, slotIds } = await seedSheet(journey, { title: 'Autumn Picnic', eventDate }, [
      { title: 'Grill team', maxVolunteers: 3, startTime: eventDate, endTime: hoursFrom(eventDate, 2) },
      { title: 'Games corner', maxVolunteers: 2 },
    ]);
    const { page } = journey;
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Autumn Picnic' }).waitFor();
    await page.getByText('This event has passed').waitFor();
    for (const title of ['Grill team', 'Games corner']) {
      await page.getByRole('article', { name: title }).getByText('Signups closed').waitFor();
    }
    await expect(page.getByRole('button', { name: 'Sign Up', exact: true }).count()).resolves.toBe(0);
    await checkA11y(page, 'past sheet');

    for (const slotId of slotIds) {
      const late = await signUpAnonymously(slotId, 'late@example.org');
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ message: 'Signups for this slot have closed' });
    }
    // The home page lists upcoming sheets only: this one is the only sheet so far.
    await page.goto('/');
    await page.getByText('No Current Opportunities').waitFor();
    await expect(page.getByText('Autumn Picnic').count()).resolves.toBe(0);
  });

  it("shows the server's sentence in 'Signup Failed' when the slot closes while the form is open", async () => {
    const start = inDays(2);
    const { sheetId, slotIds } = await seedSheet(journey, { title: 'Plant Sale', eventDate: start }, [
      { title: 'Potting bench', maxVolunteers: 2, startTime: start },
    ]);
    const { page } = journey;
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up: Potting bench' });
    await dialog.getByLabel('Name').fill('Sam Late');
    await dialog.getByLabel('Email').fill('sam@example.org');
    await dialog.getByLabel('Phone').fill('555-0111');

    // Meanwhile the organizer moves the slot to a time that has passed.
    const moved = await journey.api('PATCH', `/api/volunteer-slots/${slotIds[0]}`, { startTime: inDays(-1) });
    expect(moved.status).toBe(200);

    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Signup Failed' });
    await toast.getByText('Signups for this slot have closed').waitFor();
    const sheet = await journey.api('GET', `/api/signup-sheets/${sheetId}`);
    expect((sheet.body as { slots: { currentVolunteers: number }[] }).slots[0]?.currentVolunteers).toBe(0);
  });
});

describe('spots, the dialog and the home card (item 6)', () => {
  it("says '2 spots left' / '1 spot left', names the slot's date and time, and '+ N more' opens the sheet", async () => {
    // Tomorrow at 9:00, so that every slot starts and ends the same day, whatever the hour the test
    // runs (a slot past midnight names both days: apps/web/src/lib/dates.test.ts).
    const tomorrow = new Date(inDays(1));
    tomorrow.setHours(9, 0, 0, 0);
    const eventDate = tomorrow.toISOString();
    const start = hoursFrom(eventDate, 1);
    const { sheetId, slotIds } = await seedSheet(journey, { title: 'Library Read-a-thon', eventDate }, [
      { title: 'Story reader', maxVolunteers: 3, startTime: start, endTime: hoursFrom(start, 2) },
      { title: 'Snack table', maxVolunteers: 2, startTime: hoursFrom(start, 1) },
      { title: 'Book sorting', maxVolunteers: 4, startTime: hoursFrom(start, 2) },
      { title: 'Sign maker', maxVolunteers: 1 },
      { title: 'Photographer', maxVolunteers: 1 },
    ]);
    expect((await signUpAnonymously(slotIds[0], 'a1@example.org')).status).toBe(201);
    expect((await signUpAnonymously(slotIds[1], 'a2@example.org')).status).toBe(201);

    const { page } = journey;
    await page.goto('/');
    const card = page.getByRole('article', { name: 'Library Read-a-thon' });
    const more = card.getByRole('link', { name: '+ 2 more volunteer opportunities' });
    await more.click();
    await page.waitForURL(`**/signup-sheet/${sheetId}`);
    await page.getByRole('heading', { level: 1, name: 'Library Read-a-thon' }).waitFor();

    const reader = page.getByRole('article', { name: 'Story reader' });
    await reader.getByText('2 spots left', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Snack table' }).getByText('1 spot left', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Book sorting' }).getByText('4 spots left', { exact: true }).waitFor();
    // Counts in words, not fractions.
    await expect(
      page
        .getByRole('main')
        .getByText(/\d+ \/ \d+ filled/)
        .count(),
    ).resolves.toBe(0);

    await reader.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up: Story reader' });
    const [day, time] = longDateAndTime(start);
    const [, endTime] = longDateAndTime(hoursFrom(start, 2));
    await dialog.getByText(`${day} · ${time} – ${endTime}`, { exact: true }).waitFor();
    await checkA11y(page, 'signup dialog with the slot time', { scope: 'dialog' });
  });
});

describe('a registered parent (items 3, 5 and 7)', () => {
  let sheetId = 0;

  beforeAll(async () => {
    const registered = await journey.api('POST', '/api/auth/register', parent, false);
    expect(registered.status).toBe(201);
    parentId = (registered.body as { id: number }).id;
    const start = inDays(3);
    ({ sheetId } = await seedSheet(journey, { title: 'Science Fair', eventDate: start }, [
      { title: 'Judging table', maxVolunteers: 3, startTime: start, endTime: hoursFrom(start, 2) },
      { title: 'Ticket desk', maxVolunteers: 2, startTime: hoursFrom(start, 1), endTime: hoursFrom(start, 3) },
    ]));
  });

  it('signs in, finds their details and email consent prefilled, and is not promised an email', async () => {
    const { page } = journey;
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Welcome to PAC Hub' });
    await login.getByLabel('Email').fill(parent.email);
    await login.getByLabel('Password').fill(parent.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: `Account menu for ${parent.name}` }).waitFor();

    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page
      .getByRole('article', { name: 'Judging table' })
      .getByRole('button', { name: 'Sign Up', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Sign up: Judging table' });
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe(parent.name);
    await expect(dialog.getByLabel('Email').inputValue()).resolves.toBe(parent.email);
    await expect(dialog.getByLabel('Phone').inputValue()).resolves.toBe(parent.phone);
    await expect(
      dialog.getByRole('checkbox', { name: 'Send me reminders about this event' }).isChecked(),
    ).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Sign Up' }).click();

    // No mail is configured here: the toast names the slot and promises nothing.
    const toast = page.getByRole('alert').filter({ hasText: 'Signup Successful!' });
    await toast.getByText("Thank you for volunteering! You're signed up for Judging table.").waitFor();
    await expect(toast.getByText(/email/i).count()).resolves.toBe(0);
  });

  it("sees 'You're signed up' with their cancel, and no Sign Up, on that slot after a reload", async () => {
    const { page } = journey;
    await page.reload();
    const judging = page.getByRole('article', { name: 'Judging table' });
    await judging.getByText("You're signed up").waitFor();
    await judging.getByRole('button', { name: 'Cancel my signup' }).waitFor();
    await checkA11y(page, "sheet with 'You're signed up'");
    await expect(judging.getByRole('button', { name: 'Sign Up', exact: true }).count()).resolves.toBe(0);
    // The other slot still offers Sign Up.
    await page
      .getByRole('article', { name: 'Ticket desk' })
      .getByRole('button', { name: 'Sign Up', exact: true })
      .waitFor();

    // The cancel asks first (the same confirmation as before); keeping the signup leaves it in place.
    await judging.getByRole('button', { name: 'Cancel my signup' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Signup' });
    await confirm.getByRole('button', { name: 'Keep my signup' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await judging.getByText("You're signed up").waitFor();
  });

  it('lists the history upcoming soonest first, then past latest first', async () => {
    // Past signups go in as the admin, who may still add volunteers to closed slots.
    const seeded = [
      { title: 'Spring Concert', eventDate: inDays(-40) },
      { title: 'Harvest Supper', eventDate: inDays(-4) },
      { title: 'Winter Market', eventDate: inDays(25) },
    ];
    for (const sheet of seeded) {
      const { slotIds } = await seedSheet(journey, sheet, [{ title: 'Helpers', maxVolunteers: 5 }]);
      const added = await journey.api('POST', '/api/volunteers', {
        slotId: slotIds[0],
        userId: parentId,
        name: parent.name,
        email: parent.email,
        phone: parent.phone,
      });
      expect(added.status).toBe(201);
    }

    const { page } = journey;
    await page.goto(`/profile/${parentId}`);
    const history = page.getByRole('region', { name: 'Volunteer History' });
    await history.getByRole('listitem').nth(3).waitFor();
    const titles = await history.getByRole('listitem').getByRole('link').allInnerTexts();
    expect(titles).toEqual(['Science Fair', 'Winter Market', 'Harvest Supper', 'Spring Concert']);
    const badges = await history
      .getByRole('listitem')
      .getByText(/^(Upcoming|Completed)$/)
      .allInnerTexts();
    expect(badges.map((b) => b.toLowerCase())).toEqual(['upcoming', 'upcoming', 'completed', 'completed']);
  });

  it("goes home when logging out from the profile, not to 'Profile Not Found'", async () => {
    const { page } = journey;
    await page.getByRole('button', { name: `Account menu for ${parent.name}` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
    await expect(page.getByText('Profile Not Found').count()).resolves.toBe(0);
  });
});

describe('an admin on a past event (item 1)', () => {
  it('still has the slot controls and can add a volunteer to a closed slot', async () => {
    const eventDate = inDays(-2);
    const { sheetId } = await seedSheet(journey, { title: 'Fun Run', eventDate }, [
      { title: 'Water station', maxVolunteers: 2, startTime: eventDate },
    ]);
    await signInAsAdmin(journey);
    const { page } = journey;
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    const slot = page.getByRole('article', { name: 'Water station' });
    await slot.getByText('Signups closed').waitFor();
    await slot.getByRole('button', { name: 'Edit Water station' }).waitFor();
    await checkA11y(page, 'past sheet (admin)');
    await slot.getByRole('button', { name: 'Add volunteer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up: Water station' });
    await dialog.getByLabel('Name').fill('Riley Walk-In');
    await dialog.getByLabel('Email').fill('riley@example.org');
    await dialog.getByLabel('Phone').fill('555-0123');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Signup Successful!').waitFor();
    await slot.getByText('Riley Walk-In').waitFor();
  });
});

describe('with mail configured (item 3)', () => {
  let smtp: TestSmtp;
  let mailJourney: Journey;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    mailJourney = await startJourney(smtpEnv(smtp));
  });
  afterAll(async () => {
    await mailJourney.close();
    await smtp.close();
  });

  it('promises the confirmation email, which then arrives', async () => {
    const { sheetId } = await seedSheet(mailJourney, { title: 'Art Walk' }, [
      { title: 'Hall monitor', maxVolunteers: 2 },
    ]);
    const { page } = mailJourney;
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up: Hall monitor' });
    await dialog.getByLabel('Name').fill('Kai Mailer');
    await dialog.getByLabel('Email').fill('kai@example.org');
    await dialog.getByLabel('Phone').fill('555-0177');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Signup Successful!' });
    await toast
      .getByText('Thank you for volunteering! A confirmation email will be sent to kai@example.org.')
      .waitFor();
    // (The sheet's organizer hears of the signup too, in a mail of their own.)
    const mails = await smtp.waitForMatching((mail) => mail.envelopeTo.includes('kai@example.org'), 1);
    expect(mails[0]?.envelopeTo).toEqual(['kai@example.org']);
  });
});
