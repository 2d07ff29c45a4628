/**
 * The school's clock, not the server's: the server runs in UTC (see vitest.config.ts) with
 * SCHOOL_TIMEZONE=America/Vancouver, and every time it writes or schedules is Vancouver time.
 */
import { createRuntime } from '@pac/api';
import { openDatabase } from '@pac/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { runReminderTick } from './loops/reminders';
import { adminCredentials, ApiClient, startTestServer, type TestServer } from '../test/support/harness';
import { smtpEnv, startTestSmtp, type TestSmtp } from '../test/support/smtp';

let smtp: TestSmtp;
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { ...smtpEnv(smtp), SCHOOL_TIMEZONE: 'America/Vancouver' } });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

/** A sheet with one slot from `start` to `end` (UTC instants), and one consenting volunteer. */
async function slotWithVolunteer(title: string, start: string, end: string, email: string) {
  const sheet = await admin.post<{ id: number }>('/api/signup-sheets', {
    title,
    eventDate: start,
    organizerName: 'Olivia Organizer',
    organizerEmail: 'olivia@example.org',
  });
  const slot = await admin.post<{ id: number }>('/api/volunteer-slots', {
    signupSheetId: sheet.body.id,
    title: 'Morning shift',
    maxVolunteers: 5,
    startTime: start,
    endTime: end,
  });
  const signup = await admin.post('/api/volunteers', {
    slotId: slot.body.id,
    name: 'Van Couver',
    email,
    phone: '604-555-0100',
    emailConsent: true,
  });
  expect(signup.status).toBe(201);
  return { sheetId: sheet.body.id, slotId: slot.body.id };
}

function mailsTo(email: string) {
  return smtp.messages.filter((m) => m.envelopeTo.includes(email));
}

describe('SCHOOL_TIMEZONE', () => {
  it('runs these tests on a UTC server', () => {
    expect(new Date('2027-01-01T00:00:00Z').getHours()).toBe(0);
    expect(server.config.timeZone).toBe('America/Vancouver');
  });

  it('is validated at start with one clear line', () => {
    expect(() => loadEnv({ SCHOOL_TIMEZONE: 'Vancouver' })).toThrow(
      'Invalid configuration: SCHOOL_TIMEZONE="Vancouver" must be an IANA time zone such as America/Vancouver',
    );
    expect(loadEnv({ SCHOOL_TIMEZONE: 'Europe/Paris' }).SCHOOL_TIMEZONE).toBe('Europe/Paris');
  });

  it('writes a 10:00 AM Vancouver shift as 10:00 AM in the confirmation email, not as UTC', async () => {
    // 17:00 UTC on 10 June 2027 is 10:00 AM PDT.
    await slotWithVolunteer('Sports Day', '2027-06-10T17:00:00.000Z', '2027-06-10T19:00:00.000Z', 'sports@example.org');
    await server.runtime.mail.flush();
    const [mail] = mailsTo('sports@example.org');
    const text = mail?.parsed.text ?? '';
    expect(text).toContain('Thursday, June 10, 2027 at 10:00 AM – 12:00 PM');
    expect(text).not.toContain('5:00 PM');
  });

  it('sends the day-of reminder at 6 in the morning school time, on the day the clocks spring forward', async () => {
    // Sunday 14 March 2027: Vancouver moves from PST (UTC-8) to PDT (UTC-7) at 02:00.
    // The shift starts at 10:00 PDT = 17:00 UTC.
    await slotWithVolunteer(
      'Spring Forward Fun Run',
      '2027-03-14T17:00:00.000Z',
      '2027-03-14T19:00:00.000Z',
      'runner@example.org',
    );
    await server.runtime.mail.flush();
    const handle = openDatabase(server.databasePath);
    const services = {
      db: handle.db,
      config: server.config,
      runtime: createRuntime(handle.db, server.config, { logger: server.runtime.logger }),
    };
    try {
      const subjects = () => mailsTo('runner@example.org').map((m) => m.parsed.subject ?? '');
      // 06:30 UTC on the 14th is still Saturday evening (22:30 PST) in Vancouver: the day-before reminder.
      await runReminderTick(services, new Date('2027-03-14T06:30:00Z'));
      await server.runtime.mail.flush();
      expect(subjects().filter((s) => s.startsWith('Reminder:'))).toEqual([
        'Reminder: Spring Forward Fun Run is tomorrow, on Sunday, March 14 at 10:00 AM',
      ]);
      // 05:59 PDT: not yet.
      expect(await runReminderTick(services, new Date('2027-03-14T12:59:00Z'))).toBe(0);
      // 06:00 PDT (13:00 UTC; it would have been 14:00 UTC on a PST day): the day-of reminder.
      expect(await runReminderTick(services, new Date('2027-03-14T13:00:00Z'))).toBe(1);
      await server.runtime.mail.flush();
      const dayOf = mailsTo('runner@example.org').find(
        (m) => m.parsed.subject === 'Reminder: Spring Forward Fun Run is today, on Sunday, March 14 at 10:00 AM',
      );
      expect(dayOf?.parsed.text).toContain('Sunday, March 14, 2027 at 10:00 AM – 12:00 PM');
    } finally {
      await services.runtime.close();
      handle.close();
    }
  });

  it("gives the CSV spreadsheet-friendly columns on the school's clock beside the ISO ones", async () => {
    await slotWithVolunteer(
      'Late Night Stacking',
      '2027-09-01T04:30:00.000Z',
      '2027-09-01T06:00:00.000Z',
      'late@example.org',
    );
    const res = await fetch(`${server.url}/api/export/volunteers`, { headers: { Cookie: admin.cookie ?? '' } });
    const csv = await res.text();
    const [header, ...rows] = csv.split('\r\n');
    expect(header).toContain('Start Time,Start Time (America/Vancouver),End Time,End Time (America/Vancouver)');
    const row = rows.find((r) => r.includes('Late Night Stacking'));
    // 04:30 UTC on 1 September is 21:30 on 31 August in Vancouver.
    expect(row).toContain('2027-09-01T04:30:00.000Z,2027-08-31 21:30,2027-09-01T06:00:00.000Z,2027-08-31 23:00');
  });
});
