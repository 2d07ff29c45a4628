import { createRuntime } from '@pac/api';
import { openDatabase } from '@pac/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runReminderTick } from '../loops/reminders';
import { adminCredentials, ApiClient, startTestServer, type TestServer } from '../../test/support/harness';
import { smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

/**
 * API.md "The school's clock", for reminders: an email names the shift's day and time and says
 * 'today' or 'tomorrow' only when that is true in SCHOOL_TIMEZONE at the moment it is sent, and
 * `GET /api/reminders/pending` says when each type last went out for each sheet. The server runs
 * in UTC (vitest.config.ts), the school in Vancouver (UTC-7 all year from 2026-11-01); the server's
 * clock is set with a fake Date (timers stay real).
 */

let smtp: TestSmtp;
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { ...smtpEnv(smtp), SCHOOL_TIMEZONE: 'America/Vancouver' } });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T17:00:00Z') });
});
afterAll(async () => {
  vi.useRealTimers();
  await server.stop();
  await smtp.close();
});

/** Sets the server's clock (it reads Date in this process). */
const setClock = (iso: string) => vi.setSystemTime(new Date(iso));

/** Saturday 28 November 2026, 10:00 AM to noon in Vancouver. */
const shift = { start: '2026-11-28T17:00:00.000Z', end: '2026-11-28T19:00:00.000Z' };

let emails = 0;
/** An address no other test uses. */
const uniqueAddress = (name: string) => `${name}-${(emails += 1)}@example.org`;

/** A sheet (as `client`) with one slot at `at`, and these consenting volunteers; the sheet's id and theirs. */
async function sheetWithVolunteers(
  client: ApiClient,
  title: string,
  volunteers: string[],
  at: { start: string; end: string | null } = shift,
): Promise<{ sheetId: number; volunteerIds: number[] }> {
  const sheet = await client.post<{ id: number }>('/api/signup-sheets', {
    title,
    eventDate: at.start,
    organizerName: 'Olivia Organizer',
    organizerEmail: 'olivia@example.org',
  });
  expect(sheet.status).toBe(201);
  const slot = await client.post<{ id: number }>('/api/volunteer-slots', {
    signupSheetId: sheet.body.id,
    title: 'Cashier',
    maxVolunteers: 10,
    startTime: at.start,
    endTime: at.end,
  });
  expect(slot.status).toBe(201);
  const volunteerIds: number[] = [];
  for (const email of volunteers) {
    const signup = await new ApiClient(server.url).post<{ id: number }>('/api/volunteers', {
      slotId: slot.body.id,
      name: 'Val Volunteer',
      email,
      phone: '604-555-0100',
      emailConsent: true,
    });
    expect(signup.status).toBe(201);
    volunteerIds.push(signup.body.id);
  }
  // The confirmations go first, so that only reminders arrive after this.
  await server.runtime.mail.flush();
  return { sheetId: sheet.body.id, volunteerIds };
}

async function sendByHand(client: ApiClient, signupSheetId: number, reminderType: 'week' | 'day' | 'hour') {
  const res = await client.post<{ sent: number; message: string }>('/api/reminders/send', {
    signupSheetId,
    reminderType,
  });
  expect(res.status).toBe(200);
  return res.body.sent;
}

/** The reminder mailed to `email` (the newest, once there is one). */
async function reminderTo(email: string) {
  const [mail] = (
    await smtp.waitForMatching((m) => m.envelopeTo.includes(email) && /^Reminder:/.test(m.parsed.subject ?? ''), 1)
  ).slice(-1);
  if (!mail) throw new Error(`no reminder to ${email}`);
  return { subject: mail.parsed.subject ?? '', text: mail.parsed.text ?? '', html: String(mail.parsed.html) };
}

/** The first sentence of a reminder's text, after 'This is a friendly reminder that '. */
const intro = (text: string) => /This is a friendly reminder that (.*?)\. Thank you/.exec(text)?.[1];

describe("reminder emails on the school's clock", () => {
  it("names the shift's day and time, and never says 'tomorrow' for a day reminder sent by hand 3 days ahead", async () => {
    // Wednesday 25 November, 10:00 AM in Vancouver.
    setClock('2026-11-25T17:00:00Z');
    const email = uniqueAddress('three-days');
    const { sheetId } = await sheetWithVolunteers(admin, 'Library Book Fair', [email]);
    expect(await sendByHand(admin, sheetId, 'day')).toBe(1);
    const mail = await reminderTo(email);
    expect(mail.subject).toBe('Reminder: Library Book Fair is in 3 days, on Saturday, November 28 at 10:00 AM');
    expect(intro(mail.text)).toBe('Library Book Fair is in 3 days, on Saturday, November 28 at 10:00 AM');
    expect(mail.html).toContain('Library Book Fair is in 3 days, on Saturday, November 28 at 10:00 AM');
    for (const part of [mail.subject, mail.text]) expect(part).not.toMatch(/\b(today|tomorrow)\b/i);
  });

  it("says 'tomorrow' in the evening before, when it is already the event's day in UTC", async () => {
    // Friday 27 November, 8:30 PM in Vancouver: 03:30 on Saturday in UTC, the server's zone.
    setClock('2026-11-28T03:30:00Z');
    const email = uniqueAddress('evening');
    const { sheetId } = await sheetWithVolunteers(admin, 'Winter Craft Fair', [email]);
    expect(await sendByHand(admin, sheetId, 'day')).toBe(1);
    const mail = await reminderTo(email);
    expect(mail.subject).toBe('Reminder: Winter Craft Fair is tomorrow, on Saturday, November 28 at 10:00 AM');
    expect(intro(mail.text)).toBe('Winter Craft Fair is tomorrow, on Saturday, November 28 at 10:00 AM');
    expect(mail.text).not.toMatch(/\btoday\b/);
  });

  it("says 'today' on the morning of the event", async () => {
    // Saturday 28 November, 7:00 AM in Vancouver.
    setClock('2026-11-28T14:00:00Z');
    const email = uniqueAddress('morning');
    const { sheetId } = await sheetWithVolunteers(admin, 'Pancake Breakfast', [email]);
    expect(await sendByHand(admin, sheetId, 'hour')).toBe(1);
    const mail = await reminderTo(email);
    expect(mail.subject).toBe('Reminder: Pancake Breakfast is today, on Saturday, November 28 at 10:00 AM');
    expect(intro(mail.text)).toBe('Pancake Breakfast is today, on Saturday, November 28 at 10:00 AM');
    expect(mail.text).not.toMatch(/\btomorrow\b/);
  });

  it('words an automatic reminder as of the pass that sends it', async () => {
    // Sunday 6 December, 9:00 AM in Vancouver, with a slot on Saturday the 12th at 10:00 AM (6 days
    // and an hour ahead): the week reminder.
    setClock('2026-12-06T16:00:00Z');
    const email = uniqueAddress('automatic');
    await sheetWithVolunteers(admin, 'Holiday Concert', [email], {
      start: '2026-12-12T17:00:00.000Z',
      end: '2026-12-12T19:00:00.000Z',
    });
    const handle = openDatabase(server.databasePath);
    const services = {
      db: handle.db,
      config: server.config,
      runtime: createRuntime(handle.db, server.config, { logger: server.runtime.logger }),
    };
    try {
      expect(await runReminderTick(services, new Date('2026-12-06T16:00:00Z'))).toBe(1);
      await services.runtime.mail.flush();
    } finally {
      await services.runtime.close();
      handle.close();
    }
    const mail = await reminderTo(email);
    expect(mail.subject).toBe('Reminder: Holiday Concert is in 6 days, on Saturday, December 12 at 10:00 AM');
  });
});

interface PendingSheet {
  id: number;
  title: string;
  volunteerCount: number;
  remindersSent: { week: string | null; day: string | null; hour: string | null };
  recipients: { week: number; day: number; hour: number };
}

async function pendingSheet(client: ApiClient, sheetId: number): Promise<PendingSheet | undefined> {
  const res = await client.get<{ signupSheets: PendingSheet[] }>('/api/reminders/pending');
  expect(res.status).toBe(200);
  return res.body.signupSheets.find((s) => s.id === sheetId);
}

describe('GET /api/reminders/pending: remindersSent', () => {
  it('says when each type last went out, by hand or automatically, and keeps it when the volunteers go', async () => {
    // Monday 14 December, 9:00 AM; the event is on Saturday the 19th at 10:00 AM.
    setClock('2026-12-14T16:00:00Z');
    const at = { start: '2026-12-19T17:00:00.000Z', end: '2026-12-19T19:00:00.000Z' };
    const [ann, ben] = [uniqueAddress('ann'), uniqueAddress('ben')];
    const { sheetId, volunteerIds } = await sheetWithVolunteers(admin, 'Book Swap', [ann, ben], at);
    expect(await pendingSheet(admin, sheetId)).toMatchObject({
      volunteerCount: 2,
      remindersSent: { week: null, day: null, hour: null },
      recipients: { week: 2, day: 2, hour: 2 },
    });

    // By hand: the week reminder, at 9:14 AM.
    setClock('2026-12-14T16:14:00Z');
    expect(await sendByHand(admin, sheetId, 'week')).toBe(2);
    expect(await pendingSheet(admin, sheetId)).toMatchObject({
      remindersSent: { week: '2026-12-14T16:14:00.000Z', day: null, hour: null },
      recipients: { week: 0, day: 2, hour: 2 },
    });

    // Automatically: the day reminder, on Friday the 18th at 11:00 AM.
    const handle = openDatabase(server.databasePath);
    const services = {
      db: handle.db,
      config: server.config,
      runtime: createRuntime(handle.db, server.config, { logger: server.runtime.logger }),
    };
    try {
      expect(await runReminderTick(services, new Date('2026-12-18T18:00:00Z'))).toBe(2);
      await services.runtime.mail.flush();
    } finally {
      await services.runtime.close();
      handle.close();
    }
    setClock('2026-12-18T18:30:00Z');
    expect(await pendingSheet(admin, sheetId)).toMatchObject({
      remindersSent: { week: '2026-12-14T16:14:00.000Z', day: '2026-12-18T18:00:00.000Z', hour: null },
      recipients: { week: 0, day: 0, hour: 2 },
    });

    // A send that emails nobody (everyone had it) leaves the time as it was.
    expect(await sendByHand(admin, sheetId, 'week')).toBe(0);
    expect((await pendingSheet(admin, sheetId))?.remindersSent.week).toBe('2026-12-14T16:14:00.000Z');

    // The volunteers are removed (their deliveries go with them); what went for the sheet stays.
    for (const id of volunteerIds) expect((await admin.delete(`/api/volunteers/${id}`)).status).toBe(204);
    expect(await pendingSheet(admin, sheetId)).toMatchObject({
      volunteerCount: 0,
      remindersSent: { week: '2026-12-14T16:14:00.000Z', day: '2026-12-18T18:00:00.000Z', hour: null },
      recipients: { week: 0, day: 0, hour: 0 },
    });

    // A later send of the same type moves it on.
    const cal = uniqueAddress('cal');
    const slot = (await admin.get<{ slots: { id: number }[] }>(`/api/signup-sheets/${sheetId}`)).body.slots[0];
    const signup = await new ApiClient(server.url).post('/api/volunteers', {
      slotId: slot?.id,
      name: 'Cal Latecomer',
      email: cal,
      phone: '604-555-0199',
      emailConsent: true,
    });
    expect(signup.status).toBe(201);
    await server.runtime.mail.flush();
    setClock('2026-12-18T20:05:00Z');
    expect(await sendByHand(admin, sheetId, 'week')).toBe(1);
    expect((await pendingSheet(admin, sheetId))?.remindersSent.week).toBe('2026-12-18T20:05:00.000Z');
  });

  it("lets an organizer send for their own sheet and see what went, and refuses another's", async () => {
    setClock('2026-12-21T17:00:00Z');
    const organizer = new ApiClient(server.url);
    const registered = await organizer.post<{ id: number }>('/api/auth/register', {
      name: 'Omar Organizer',
      email: uniqueAddress('omar'),
      password: 'secret-pass',
    });
    expect([200, 201]).toContain(registered.status);
    expect((await admin.patch(`/api/users/${registered.body.id}`, { role: 'organizer' })).status).toBe(200);
    const at = { start: '2026-12-23T17:00:00.000Z', end: null };
    const own = await sheetWithVolunteers(organizer, 'Toy Drive', [uniqueAddress('toy')], at);
    const others = await sheetWithVolunteers(admin, 'Staff Lunch', [uniqueAddress('lunch')], at);

    expect(await sendByHand(organizer, own.sheetId, 'day')).toBe(1);
    const refused = await organizer.post('/api/reminders/send', { signupSheetId: others.sheetId, reminderType: 'day' });
    expect(refused.status).toBe(403);
    const pending = await organizer.get<{ signupSheets: PendingSheet[] }>('/api/reminders/pending');
    expect(pending.body.signupSheets.map((s) => s.title)).toEqual(['Toy Drive']);
    expect(pending.body.signupSheets[0]?.remindersSent).toEqual({
      week: null,
      day: '2026-12-21T17:00:00.000Z',
      hour: null,
    });
    // The refused send recorded nothing.
    expect((await pendingSheet(admin, others.sheetId))?.remindersSent.day).toBeNull();
  });
});
