/**
 * API.md "An organizer's season": an organizer messages the volunteers of their sheet. Against the
 * real server and a real SMTP server on loopback: each volunteer gets a copy of their own, addressed
 * to them alone (the SMTP envelope too), with no other volunteer's address anywhere in it; replies
 * go to the organizer; an address that unsubscribed gets nothing; the log lists what was sent; and
 * a sheet sends at most 5 a day.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, inDays, startTestServer, type TestServer } from '../../test/support/harness';
import { rawHeader, type ReceivedMail, smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

const publicBase = 'http://pac.test';
const organizerEmail = 'olu.chair@example.org';
let smtp: TestSmtp;
let server: TestServer;
let admin: ApiClient;
let organizer: ApiClient;
let rival: ApiClient;

/** Registers an account and makes it an organizer. */
async function organizerAccount(name: string, email: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const res = await client.post<{ id: number }>('/api/auth/register', { name, email, password: 'secret-pass-1' });
  expect(res.status).toBe(201);
  expect((await admin.patch(`/api/users/${res.body.id}`, { role: 'organizer' })).status).toBe(200);
  return client;
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ env: { ...smtpEnv(smtp), PUBLIC_BASE_URL: publicBase } });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
  organizer = await organizerAccount('Olu Chair', 'olu.account@example.org');
  rival = await organizerAccount('Rex Rival', 'rex.account@example.org');
});
afterEach(async () => {
  await server.runtime.mail.flush();
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

interface Scene {
  sheetId: number;
  setupId: number;
  cleanupId: number;
}

/** The people of the scene: Ben is on both slots, Eve waits on Cleanup's waitlist, Dan unsubscribes. */
const people = {
  ann: 'ann.archer@example.org',
  ben: 'ben.baker@example.org',
  cat: 'cat.cole@example.org',
  dan: 'dan.dunn@example.org',
  eve: 'eve.evans@example.org',
};
const everyone = Object.values(people);

async function signUp(body: Record<string, unknown>): Promise<number> {
  // The admin enters them (admins are not held to SIGNUP_RATE_LIMIT); each gets a confirmation.
  const res = await admin.post<{ id?: number; volunteers?: { id: number }[] }>('/api/volunteers', {
    phone: '555-0100',
    emailConsent: true,
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body.id ?? res.body.volunteers?.[0]?.id ?? 0;
}

/** The organizer's sheet: Setup (Ann, Ben), Cleanup (Ben, Cat, Dan; full) with Eve on its waitlist. */
async function scene(): Promise<Scene> {
  const sheet = await organizer.post<{ id: number }>('/api/signup-sheets', {
    title: 'Spring Fair',
    description: 'Games and food',
    eventDate: inDays(10),
    organizerName: 'Olu Chair',
    organizerEmail,
  });
  expect(sheet.status).toBe(201);
  const slot = async (title: string, maxVolunteers: number) => {
    const res = await organizer.post<{ id: number }>('/api/volunteer-slots', {
      signupSheetId: sheet.body.id,
      title,
      maxVolunteers,
    });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const setupId = await slot('Setup', 5);
  const cleanupId = await slot('Cleanup', 3);
  await signUp({ slotId: setupId, name: 'Ann Archer', email: people.ann });
  await signUp({ slotIds: [setupId, cleanupId], name: 'Ben Baker', email: people.ben });
  await signUp({ slotId: cleanupId, name: 'Cat Cole', email: people.cat });
  await signUp({ slotId: cleanupId, name: 'Dan Dunn', email: people.dan });
  await signUp({ slotId: cleanupId, name: 'Eve Evans', email: people.eve, waitlist: true });
  return { sheetId: sheet.body.id, setupId, cleanupId };
}

/** The one-click unsubscribe from the newest mail to `address`, as a mail program posts it. */
async function unsubscribe(address: string): Promise<void> {
  await server.runtime.mail.flush();
  const mail = smtp.messages.filter((m) => m.envelopeTo.includes(address)).at(-1);
  const header = mail && rawHeader(mail, 'List-Unsubscribe');
  if (!header) throw new Error(`no List-Unsubscribe mailed to ${address}`);
  const url = new URL(header.replace(/[<>]/g, ''));
  const res = await fetch(`${server.url}${url.pathname}${url.search}`, { method: 'POST' });
  expect(res.status).toBe(200);
}

/** Where the messages received from now on begin, once the mails under way have arrived. */
async function mark(): Promise<number> {
  await server.runtime.mail.flush();
  return smtp.messages.length;
}

/** The messages received since `from`, once every background send has finished. */
async function receivedSince(from: number): Promise<ReceivedMail[]> {
  await server.runtime.mail.flush();
  return smtp.messages.slice(from);
}

const addressesIn = (header: string | undefined) => (header ?? '').match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? [];

describe('an organizer messages the volunteers of their sheet', () => {
  let s: Scene;
  beforeAll(async () => {
    s = await scene();
    await unsubscribe(people.dan);
  });

  it('202 { recipients: 3 }: one copy each, to that volunteer alone, Reply-To the organizer, nobody else’s address in it', async () => {
    const from = await mark();
    const res = await organizer.post(`/api/signup-sheets/${s.sheetId}/messages`, {
      subject: 'Parking on Saturday',
      body: 'Please park behind the gym.\nThe front lot is closed.',
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recipients: 3 });

    const mails = await receivedSince(from);
    // Ann, Ben (on two slots: once) and Cat; not Dan (unsubscribed), not Eve (waitlisted).
    expect(mails.map((m) => m.envelopeTo).sort()).toEqual([[people.ann], [people.ben], [people.cat]]);
    for (const mail of mails) {
      const [own] = mail.envelopeTo;
      expect(mail.envelopeTo).toHaveLength(1);
      expect(addressesIn(rawHeader(mail, 'To'))).toEqual([own]);
      expect(rawHeader(mail, 'Cc')).toBeUndefined();
      expect(rawHeader(mail, 'Bcc')).toBeUndefined();
      expect(addressesIn(rawHeader(mail, 'Reply-To'))).toEqual([organizerEmail]);
      expect(mail.parsed.subject).toBe('Parking on Saturday');
      expect(mail.parsed.text).toContain('Please park behind the gym.\nThe front lot is closed.');
      expect(mail.parsed.text).toContain('Reply to this email to answer Olu Chair.');
      expect(rawHeader(mail, 'List-Unsubscribe')).toMatch(
        /^<http:\/\/pac\.test\/api\/reminders\/unsubscribe\/\d+\?token=/,
      );
      // Headers, text, HTML: no other volunteer's address anywhere (the raw message, and decoded).
      const whole = `${mail.raw}\n${mail.parsed.text ?? ''}\n${typeof mail.parsed.html === 'string' ? mail.parsed.html : ''}`;
      for (const other of everyone.filter((a) => a !== own)) expect(whole).not.toContain(other);
    }
    // Ben's one copy names both of his signups' manage links.
    const ben = mails.find((m) => m.envelopeTo.includes(people.ben));
    expect(ben?.parsed.text?.match(/http:\/\/pac\.test\/my-signup\?token=/g)).toHaveLength(2);
  });

  it('lists what was sent: when, by whom, subject and recipients', async () => {
    const res = await organizer.get<Record<string, unknown>[]>(`/api/signup-sheets/${s.sheetId}/messages`);
    expect(res.status).toBe(200);
    const [entry, ...rest] = res.body;
    expect(rest).toEqual([]);
    expect(typeof entry?.id).toBe('number');
    expect(entry?.sentAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(entry).toMatchObject({
      sentByName: 'Olu Chair',
      subject: 'Parking on Saturday',
      body: 'Please park behind the gym.\nThe front lot is closed.',
      slotId: null,
      slotTitle: null,
      includeWaitlisted: false,
      recipients: 3,
    });
    expect(Object.keys(entry ?? {}).sort()).toEqual(
      [
        'id',
        'sentAt',
        'sentByName',
        'subject',
        'body',
        'slotId',
        'slotTitle',
        'includeWaitlisted',
        'recipients',
      ].sort(),
    );
  });

  it('one slot with its waitlist: Ben, Cat and Eve; Dan still nothing', async () => {
    const from = await mark();
    const res = await organizer.post(`/api/signup-sheets/${s.sheetId}/messages`, {
      subject: 'Cleanup crew',
      body: 'Gloves are in the shed.',
      slotId: s.cleanupId,
      includeWaitlisted: true,
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recipients: 3 });
    const mails = await receivedSince(from);
    expect(mails.map((m) => m.envelopeTo).sort()).toEqual([[people.ben], [people.cat], [people.eve]]);
    for (const mail of mails) expect(mail.parsed.text).toContain('Sent to the volunteers of Cleanup');
  });

  it('refuses other organizers (403), no session (401), bad input (400) and a slot of another sheet', async () => {
    const body = { subject: 'Hi', body: 'Hello' };
    expect((await rival.post(`/api/signup-sheets/${s.sheetId}/messages`, body)).status).toBe(403);
    expect((await rival.get(`/api/signup-sheets/${s.sheetId}/messages`)).status).toBe(403);
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.post(`/api/signup-sheets/${s.sheetId}/messages`, body)).status).toBe(401);
    expect((await anonymous.get(`/api/signup-sheets/${s.sheetId}/messages`)).status).toBe(401);

    const noSubject = await organizer.post(`/api/signup-sheets/${s.sheetId}/messages`, { subject: ' ', body: 'x' });
    expect(noSubject.status).toBe(400);
    expect(noSubject.body).toMatchObject({
      message: 'Subject is required',
      issues: [{ path: 'subject', message: 'Subject is required' }],
    });
    const noBody = await organizer.post(`/api/signup-sheets/${s.sheetId}/messages`, { subject: 'x' });
    expect(noBody.body).toMatchObject({ message: 'Message is required' });

    const other = await scene();
    const wrongSlot = await organizer.post(`/api/signup-sheets/${s.sheetId}/messages`, {
      ...body,
      slotId: other.setupId,
    });
    expect(wrongSlot.status).toBe(400);
    expect(wrongSlot.body).toMatchObject({ message: 'That volunteer slot is not on this signup sheet' });
    expect((await organizer.post('/api/signup-sheets/999999/messages', body)).status).toBe(404);
    expect((await organizer.get(`/api/signup-sheets/${s.sheetId}/messages`)).body).toHaveLength(2);
  });

  it('answers 429 to the 6th message of the day, and sends and logs nothing for it', async () => {
    // Two sent above; three more make five.
    for (const n of [3, 4, 5]) {
      const res = await admin.post(`/api/signup-sheets/${s.sheetId}/messages`, { subject: `Note ${n}`, body: 'More.' });
      expect(res.status).toBe(202);
    }
    const from = await mark();
    const sixth = await organizer.post(`/api/signup-sheets/${s.sheetId}/messages`, {
      subject: 'Six',
      body: 'Too many.',
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({
      message: 'This sheet has had its 5 messages for today. You can send more tomorrow.',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(await receivedSince(from)).toEqual([]);
    const log = await organizer.get<{ subject: string; sentByName: string }[]>(
      `/api/signup-sheets/${s.sheetId}/messages`,
    );
    expect(log.body.map((m) => m.subject)).toEqual([
      'Note 5',
      'Note 4',
      'Note 3',
      'Cleanup crew',
      'Parking on Saturday',
    ]);
    expect(log.body[0]?.sentByName).toBe('Administrator');
  });
});
