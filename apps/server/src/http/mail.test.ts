import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runReminderTick } from '../loops/reminders';
import { adminCredentials, ApiClient, queryOne, startTestServer, type TestServer } from '../../test/support/harness';
import { rawHeader, smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';
import { createRuntime } from '@pac/api';
import { openDatabase } from '@pac/db';

let smtp: TestSmtp;
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { ...smtpEnv(smtp), PUBLIC_BASE_URL: 'http://pac.test' } });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
  smtp.logins.length = 0;
});
// Every mail a test caused (a cancellation's, sent after its answer) has reached the SMTP server
// before the next test clears the list.
afterEach(() => server.runtime.mail.flush());

const hour = 3_600_000;

async function sheetWithSlot(title: string, startsInMs: number, durationMs = 2 * hour) {
  const start = new Date(Date.now() + startsInMs);
  const sheet = await admin.post<{ id: number }>('/api/signup-sheets', {
    title,
    eventDate: start.toISOString(),
    organizerName: 'Olivia Organizer',
    organizerEmail: 'olivia@example.org',
    // What reaches volunteers is counted here; what the organizer hears, in organizer-notifications.test.ts.
    notifyOrganizer: 'off',
  });
  const slot = await admin.post<{ id: number }>('/api/volunteer-slots', {
    signupSheetId: sheet.body.id,
    title: `${title} helpers`,
    maxVolunteers: 10,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + durationMs).toISOString(),
  });
  return { sheetId: sheet.body.id, slotId: slot.body.id, start };
}

async function signUp(slotId: number, name: string, email: string, emailConsent: boolean) {
  const res = await new ApiClient(server.url).post<{ id: number }>('/api/volunteers', {
    slotId,
    name,
    email,
    phone: '555-0100',
    emailConsent,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** The token of a /cancel-signup/{id} link as emails before the manage link carried it. */
function legacyCancelToken(volunteerId: number): string {
  const { value } = queryOne<{ value: string }>(
    server.databasePath,
    "SELECT value FROM server_secrets WHERE name = 'linkSigningKey'",
  );
  return createHmac('sha256', Buffer.from(value, 'base64')).update(`cancel:${volunteerId}`).digest('base64url');
}

function linkFrom(text: string, path: string): URL {
  const match = new RegExp(`http://pac\\.test${path}[^\\s"<>)]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return new URL(match[0]);
}

describe('signup confirmation', () => {
  it('mails the event, slot and time with an .ics, and a cancel link that works without an account', async () => {
    const { sheetId, slotId } = await sheetWithSlot('Harvest Festival', 5 * 24 * hour);
    const volunteerId = await signUp(slotId, 'Casey Jones', 'casey@example.org', true);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.envelopeTo).toEqual(['casey@example.org']);
    const parsed = mail?.parsed;
    expect(parsed?.subject).toContain('Harvest Festival');
    expect(parsed?.text).toContain('Harvest Festival helpers');
    expect(parsed?.html).toBeTruthy();
    expect(parsed?.from?.text).toContain('pac.sender@example.org');
    const calendar = parsed?.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(calendar?.content.toString('utf8')).toContain('BEGIN:VCALENDAR');
    expect(calendar?.content.toString('utf8')).toContain('SUMMARY:Harvest Festival: Harvest Festival helpers');
    expect(mail && rawHeader(mail, 'List-Unsubscribe')).toMatch(/^<http:\/\/pac\.test\/api\/reminders\/unsubscribe\//);

    // New emails carry the one "manage my signup" link (waitlist.test.ts follows it) ...
    const manage = linkFrom(parsed?.text ?? '', '/my-signup');
    expect(manage.searchParams.get('token')).toMatch(new RegExp(`^${volunteerId}-`));
    expect(parsed?.text).not.toContain('/cancel-signup/');
    // ... and the cancel links in emails already sent keep working.
    const token = legacyCancelToken(volunteerId);
    const anon = new ApiClient(server.url);
    const info = await anon.get(`/api/volunteers/${volunteerId}/cancel?token=${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ name: 'Casey Jones', sheetTitle: 'Harvest Festival', sheetId });

    const forged = await anon.post(`/api/volunteers/${volunteerId}/cancel`, { token: `${token.slice(0, -2)}xx` });
    expect(forged.status).toBe(403);
    const otherId = await signUp(slotId, 'Dana Scully', 'dana@example.org', false);
    expect((await anon.post(`/api/volunteers/${otherId}/cancel`, { token })).status).toBe(403);

    const done = await anon.post(`/api/volunteers/${volunteerId}/cancel`, { token });
    expect(done.status).toBe(200);
    const count = queryOne<{ c: number }>(
      server.databasePath,
      'SELECT current_volunteers AS c FROM volunteer_slots WHERE id = ?',
      slotId,
    );
    expect(count.c).toBe(1);
    expect((await anon.post(`/api/volunteers/${volunteerId}/cancel`, { token })).status).toBe(404);
  });
});

describe('reminders', () => {
  it('lists pending reminders and sends each type once, to consenting volunteers only', async () => {
    const { sheetId, slotId } = await sheetWithSlot('Book Swap', 20 * hour);
    await signUp(slotId, 'Ann Yes', 'ann.yes@example.org', true);
    await signUp(slotId, 'Bob Yes', 'bob.yes@example.org', true);
    await signUp(slotId, 'Cy No', 'cy.no@example.org', false);
    await server.runtime.mail.flush();
    expect(smtp.messages.flatMap((m) => m.envelopeTo).sort()).toEqual([
      'ann.yes@example.org',
      'bob.yes@example.org',
      'cy.no@example.org',
    ]);
    smtp.messages.length = 0;

    const pending = await admin.get<{
      count: number;
      signupSheets: { id: number; volunteerCount: number; upcomingSlots: number }[];
    }>('/api/reminders/pending?days=1');
    expect(pending.status).toBe(200);
    expect(pending.body.count).toBeGreaterThanOrEqual(2);
    expect(pending.body.signupSheets.find((s) => s.id === sheetId)).toMatchObject({
      volunteerCount: 2,
      upcomingSlots: 1,
    });

    const first = await admin.post<{ sent: number; message: string }>('/api/reminders/send', {
      signupSheetId: sheetId,
      reminderType: 'day',
    });
    expect(first.status).toBe(200);
    expect(first.body.sent).toBe(2);
    const mails = await smtp.waitFor(2);
    expect(mails.flatMap((m) => m.envelopeTo).sort()).toEqual(['ann.yes@example.org', 'bob.yes@example.org']);
    for (const m of mails) {
      expect(m.parsed.text).toContain('Stop reminder emails');
      expect(rawHeader(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    }
    const again = await admin.post<{ sent: number }>('/api/reminders/send', {
      signupSheetId: sheetId,
      reminderType: 'day',
    });
    expect(again.body.sent).toBe(0);
    expect(smtp.messages).toHaveLength(2);

    const bad = await admin.post('/api/reminders/send', { signupSheetId: sheetId, reminderType: 'monthly' });
    expect(bad.status).toBe(400);
    const parent = new ApiClient(server.url);
    expect((await parent.post('/api/reminders/send', { signupSheetId: sheetId, reminderType: 'week' })).status).toBe(
      401,
    );
    expect((await parent.get('/api/reminders/pending')).status).toBe(401);
  });

  it('sends due automatic reminders once, and never to someone who unsubscribed', async () => {
    const { slotId } = await sheetWithSlot('Science Fair', 6.5 * 24 * hour);
    const stays = await signUp(slotId, 'Eve Stays', 'eve@example.org', true);
    await signUp(slotId, 'Fay Leaves', 'fay@example.org', true);
    await smtp.waitFor(2);
    const fayMail = smtp.messages.find((m) => m.envelopeTo.includes('fay@example.org'));
    smtp.messages.length = 0;

    const oneClick = new URL((fayMail ? (rawHeader(fayMail, 'List-Unsubscribe') ?? '') : '').replace(/[<>]/g, ''));
    const unsub = await fetch(`${server.url}${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsub.status).toBe(200);

    const handle = openDatabase(server.databasePath);
    const config = server.config;
    const services = {
      db: handle.db,
      config,
      runtime: createRuntime(handle.db, config, { logger: server.runtime.logger }),
    };
    try {
      const first = await runReminderTick(services);
      expect(first).toBeGreaterThanOrEqual(1);
      const weekMails = smtp.messages.filter((m) => m.parsed.subject?.includes('Science Fair'));
      expect(weekMails.map((m) => m.envelopeTo[0])).toEqual(['eve@example.org']);
      // 6.5 days ahead: 6 or 7 calendar days on the school's clock, depending on the hour.
      expect(weekMails[0]?.parsed.subject).toMatch(/^Reminder: Science Fair is in (one week|6 days), on \w+day, /);
      expect(await runReminderTick(services)).toBe(0);
      const delivered = queryOne<{ n: number }>(
        server.databasePath,
        "SELECT count(*) AS n FROM reminder_deliveries WHERE volunteer_id = ? AND reminder_type = 'week'",
        stays,
      );
      expect(delivered.n).toBe(1);
    } finally {
      await services.runtime.close();
      handle.close();
    }
  });
});

describe('email settings', () => {
  it('sends the test email to the default recipient, and the sender settings override the environment', async () => {
    await admin.post('/api/settings/adminEmail', { value: 'chair@example.org' });
    const viaEnv = await admin.post<{ success: boolean; recipient: string }>('/api/email/test-post');
    expect(viaEnv.body).toMatchObject({ success: true, recipient: 'chair@example.org' });
    const [envMail] = await smtp.waitFor(1);
    expect(envMail?.parsed.from?.text).toContain('pac.sender@example.org');

    await admin.post('/api/settings/senderEmail', { value: 'override@example.org' });
    await admin.post('/api/settings/senderPassword', { value: 'abcd efgh ijkl mnop' });
    const viaSettings = await admin.post<{ success: boolean }>('/api/email/test-post');
    expect(viaSettings.body.success).toBe(true);
    const mails = await smtp.waitFor(2);
    expect(smtp.logins.at(-1)).toBe('override@example.org');
    expect(mails[1]?.parsed.from?.text).toContain('override@example.org');
    expect((await new ApiClient(server.url).post('/api/email/test-post')).status).toBe(401);
  });
});
