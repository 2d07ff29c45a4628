import { smtpEnv, startTestSmtp, type TestSmtp } from '@pac/server/test/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, type Journey, mailedLink, seedSheet, signInAsAdmin, startJourney } from './harness';

/**
 * Email Reminder Management on /admin (API.md "The school's clock"): a reminder sent by hand goes
 * only after a question naming how many volunteers it will email, and each event then says which
 * reminder went and when. The mail goes through a real SMTP server.
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

const isReminder = (subject: string | undefined) => (subject ?? '').startsWith('Reminder: Library Book Fair');

describe('sending a reminder by hand', () => {
  it('asks first, sends nothing on Cancel, sends on Send, and shows when it went', async () => {
    const { page } = journey;
    const { sheetId, slotIds } = await seedSheet(journey, { title: 'Library Book Fair', eventDate: inDays(3) }, [
      { title: 'Cashier', maxVolunteers: 6, startTime: inDays(3), endTime: null },
    ]);
    const volunteers = ['ann', 'ben', 'cat', 'dev'].map((name) => `${name}@example.org`);
    for (const email of [...volunteers, 'no-reminders@example.org']) {
      const signup = await journey.api(
        'POST',
        '/api/volunteers',
        {
          slotId: slotIds[0],
          name: 'Val Volunteer',
          email,
          phone: '555-0100',
          emailConsent: email !== 'no-reminders@example.org',
        },
        false,
      );
      expect(signup.status).toBe(201);
    }
    // The five confirmations first, so that any later mail is a reminder.
    await smtp.waitForMatching((m) => (m.parsed.subject ?? '').startsWith("You're signed up"), 5);

    await signInAsAdmin(journey);
    await page.goto('/admin');
    const reminders = page.getByRole('region', { name: 'Email Reminder Management' });
    const event = reminders.getByRole('article', { name: 'Library Book Fair' });
    await event.getByText('No reminders sent yet').waitFor();

    // Cancel: nothing goes.
    await event.getByRole('button', { name: 'Week Reminder' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send Reminder Emails' });
    await confirm.getByText('Send the week reminder to 4 volunteers for Library Book Fair?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    type Pending = { signupSheets: { id: number; remindersSent: { week: string | null } }[] };
    const weekSent = async () =>
      ((await journey.api('GET', '/api/reminders/pending')).body as Pending).signupSheets.find((s) => s.id === sheetId)
        ?.remindersSent.week;
    expect(await weekSent()).toBeNull();
    expect(smtp.messages.filter((m) => isReminder(m.parsed.subject))).toHaveLength(0);

    // Send: the four who agreed to reminders get one each.
    await event.getByRole('button', { name: 'Week Reminder' }).click();
    await confirm.getByText('Send the week reminder to 4 volunteers for Library Book Fair?').waitFor();
    await confirm.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Reminders Sent').waitFor();
    const mails = await smtp.waitForMatching((m) => isReminder(m.parsed.subject), 4);
    expect(mails.flatMap((m) => m.envelopeTo).sort()).toEqual(volunteers);

    // The event says when it went, on the school's clock, and has nobody left for that reminder.
    const sentAt = await weekSent();
    expect(sentAt).not.toBeNull();
    const when = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: journey.server.config.timeZone,
    })
      .format(new Date(sentAt ?? ''))
      .replace(/\u202f/g, ' ');
    const line = event.getByText(/^Week reminder sent /);
    await line.waitFor();
    expect((await line.textContent())?.replace(/\u202f/g, ' ')).toBe(`Week reminder sent ${when}`);
    expect(await event.getByText('No reminders sent yet').count()).toBe(0);
    expect(await event.getByRole('button', { name: 'Week Reminder' }).isDisabled()).toBe(true);
    expect(await event.getByRole('button', { name: 'Day Reminder' }).isDisabled()).toBe(false);
  });
});

describe('the reminder-emails link', () => {
  it('stops reminders for the address, and only from that mailed page turns them back on', async () => {
    const { page } = journey;
    const { slotIds } = await seedSheet(journey, { title: 'Pancake Breakfast', eventDate: inDays(4) }, [
      { title: 'Flipper', maxVolunteers: 3, startTime: inDays(4), endTime: null },
    ]);
    const email = 'eve.stop@example.org';
    const signup = await journey.api(
      'POST',
      '/api/volunteers',
      { slotId: slotIds[0], name: 'Eve Stop', email, phone: '555-0100', emailConsent: true },
      false,
    );
    expect(signup.status).toBe(201);
    const link = await mailedLink(smtp, email, '/unsubscribe/\\d+');

    await page.goto(link);
    await page.getByRole('button', { name: 'Stop reminder emails' }).click();
    await page.getByRole('status').getByText('You will not receive any more reminder emails.').waitFor();

    // Opened again later, the page knows, and offers the way back.
    await page.goto(link);
    await page.getByText(`Reminder emails to ${email} are stopped.`).waitFor();
    await page.getByRole('button', { name: 'Turn reminders back on' }).click();
    await page.getByRole('status').getByText('Reminder emails are back on.').waitFor();
    await page.getByRole('button', { name: 'Stop reminder emails' }).waitFor();
  });
});
