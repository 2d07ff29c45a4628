import { readFileSync } from 'node:fs';
import { openDatabase } from '@pac/db';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { type ReceivedMail, smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

/**
 * API.md "Privacy", against the real server, its SQLite file and a real SMTP server: a person's
 * export, deleting an account, 'Delete my details' from a signup's link, an admin's answer to a
 * request (search, erase, the log), the privacy contact, and consent records. After an erasure the
 * database file and its write-ahead log, checkpointed, hold none of the person's details.
 */

let smtp: TestSmtp;
let server: TestServer;
let admin: ApiClient;
let n = 0;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    env: { ...smtpEnv(smtp), PUBLIC_BASE_URL: 'http://pac.test', SIGNUP_RATE_LIMIT: '1000' },
  });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});
afterEach(() => server.runtime.mail.flush());

/** A person, unique to each test: their name, email, phone and notes are what must not remain. */
function person() {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return {
    name: `Quinn Zephyrine-${tag}`,
    email: `quinn.${tag}@parents.example.org`,
    phone: `604-555-${String(1000 + n).slice(-4)}-${tag}`,
    notes: `Allergic to walnuts ${tag}`,
  };
}

async function register(who: ReturnType<typeof person>, emailConsent = true) {
  const client = new ApiClient(server.url);
  const res = await client.post<{ id: number }>('/api/auth/register', {
    name: who.name,
    email: who.email,
    password: 'parent-pass-1',
    phone: who.phone,
    emailConsent,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { client, id: res.body.id };
}

async function signUp(client: ApiClient, slotId: number, who: ReturnType<typeof person>, userId?: number) {
  const res = await client.post<{ id: number }>('/api/volunteers', {
    slotId,
    ...(userId === undefined ? {} : { userId }),
    name: who.name,
    email: who.email,
    phone: who.phone,
    notes: who.notes,
    emailConsent: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const slotCount = (slotId: number) =>
  queryOne<{ c: number }>(
    server.databasePath,
    'SELECT current_volunteers AS c FROM volunteer_slots WHERE id = ?',
    slotId,
  ).c;

/** Moves a sheet's event, and its slots' times, `days` into the past (its signups become history). */
function moveIntoPast(sheetId: number, days: number): void {
  const handle = openDatabase(server.databasePath);
  try {
    const at = Date.now() - days * 86_400_000;
    handle.sqlite.prepare('UPDATE signup_sheets SET event_date = ? WHERE id = ?').run(at, sheetId);
    handle.sqlite
      .prepare('UPDATE volunteer_slots SET start_time = ?, end_time = ? WHERE signup_sheet_id = ?')
      .run(at, at + 2 * 3_600_000, sheetId);
  } finally {
    handle.close();
  }
}

/**
 * Whether any of `needles` is anywhere in the database file or its write-ahead log, after a
 * checkpoint that writes the log into the file and empties it.
 */
function bytesFound(needles: readonly string[]): string[] {
  const handle = openDatabase(server.databasePath);
  try {
    handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    handle.close();
  }
  const files = [server.databasePath, `${server.databasePath}-wal`].map((path) => {
    try {
      return readFileSync(path);
    } catch {
      return Buffer.alloc(0);
    }
  });
  return needles.filter((needle) => files.some((bytes) => bytes.includes(Buffer.from(needle, 'utf8'))));
}

const manageLink = (mail: ReceivedMail | undefined): string => {
  const match = /http:\/\/pac\.test\/my-signup\?token=([A-Za-z0-9_-]+)/.exec(mail?.parsed.text ?? '');
  if (!match?.[1]) throw new Error(`no manage link in: ${mail?.parsed.text ?? '(no mail)'}`);
  return match[1];
};

interface Export {
  exportedAt: string;
  account: { id: number; email: string; name: string; phone: string | null; emailConsent: boolean } | null;
  signups: {
    id: number;
    name: string;
    email: string;
    notes: string | null;
    status: string;
    sheet: { id: number; title: string };
    slot: { id: number; title: string };
  }[];
  consentHistory: { consent: boolean; source: string; at: string }[];
}

describe("a person's own data", () => {
  it('exports the account, every signup with its sheet and slot, and the consent history, as an attachment', async () => {
    const who = person();
    const { client, id } = await register(who);
    const { sheetId, slotId } = await createSheetWithSlot(admin, 4, { title: 'Walnut-free Bake Sale' });
    const volunteerId = await signUp(client, slotId, who, id);
    // A change of consent in the account, recorded with how.
    expect(
      (await client.patch(`/api/auth/account/${id}`, { name: who.name, email: who.email, emailConsent: false })).status,
    ).toBe(200);

    const res = await fetch(`${server.url}/api/auth/export`, { headers: { cookie: client.cookie ?? '' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="pac-hub-my-data.json"');
    const data = JSON.parse(await res.text()) as Export;
    expect(data.account).toMatchObject({ id, email: who.email, name: who.name, phone: who.phone, emailConsent: false });
    expect(data.signups).toHaveLength(1);
    expect(data.signups[0]).toMatchObject({
      id: volunteerId,
      name: who.name,
      email: who.email,
      notes: who.notes,
      status: 'confirmed',
      sheet: { id: sheetId, title: 'Walnut-free Bake Sale' },
      slot: { id: slotId, title: 'Bake sale table' },
    });
    expect(data.consentHistory.map((c) => [c.source, c.consent])).toEqual([
      ['account', true],
      ['signup', true],
      ['account', false],
    ]);
    expect((await fetch(`${server.url}/api/auth/export`)).status).toBe(401);
  });

  it('deletes the account with its password: sessions end, its signups stay counted without the person, nothing of them is left in the file', async () => {
    const who = person();
    const { client, id } = await register(who);
    const { sheetId, slotId } = await createSheetWithSlot(admin, 4, { title: 'Field Day' });
    await signUp(client, slotId, who, id);
    const pastSheet = await createSheetWithSlot(admin, 4, { title: 'Last Year Fair' });
    const pastId = await signUp(client, pastSheet.slotId, who, id);
    moveIntoPast(pastSheet.sheetId, 30);
    expect(slotCount(slotId)).toBe(1);

    const wrong = await client.request('DELETE', '/api/auth/account', { password: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Password is incorrect' });
    const missing = await client.request('DELETE', '/api/auth/account', {});
    expect(missing.status).toBe(400);

    const done = await client.request('DELETE', '/api/auth/account', { password: 'parent-pass-1' });
    expect(done.status).toBe(204);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(
      (await new ApiClient(server.url).post('/api/auth/login', { email: who.email, password: 'parent-pass-1' })).status,
    ).toBe(401);

    // Still counted, by nobody in particular.
    expect(slotCount(slotId)).toBe(1);
    const roster = await admin.get<{ slots: { volunteers: { name: string; email: string; phone: string }[] }[] }>(
      `/api/signup-sheets/${sheetId}/roster`,
    );
    expect(roster.status).toBe(200);
    expect(roster.body.slots[0]?.volunteers).toEqual([
      expect.objectContaining({ name: 'Former volunteer', email: '', phone: '' }),
    ]);
    const past = queryOne<{ name: string; notes: string | null; answers: string; user_id: number | null }>(
      server.databasePath,
      'SELECT name, notes, answers, user_id FROM volunteers WHERE id = ?',
      pastId,
    );
    expect(past).toEqual({ name: 'Former volunteer', notes: null, answers: '{}', user_id: null });
    expect(bytesFound([who.email, who.name, who.phone, who.notes])).toEqual([]);
  });

  it("keeps a deleted account's place on a waitlist; promoted, it mails nobody and sends no organizer a name", async () => {
    const who = person();
    const { client, id } = await register(who);
    const { slotId } = await createSheetWithSlot(admin, 1, { title: 'Sold-out Gala' });
    const first = person();
    const firstId = await signUp(new ApiClient(server.url), slotId, first);
    const waiting = await client.post<{ id: number; status: string }>('/api/volunteers', {
      slotId,
      userId: id,
      name: who.name,
      email: who.email,
      phone: who.phone,
      waitlist: true,
    });
    expect(waiting.body.status).toBe('waitlisted');
    expect((await client.request('DELETE', '/api/auth/account', { password: 'parent-pass-1' })).status).toBe(204);
    await server.runtime.mail.flush();
    smtp.messages.length = 0;

    expect((await admin.delete(`/api/volunteers/${firstId}`)).status).toBe(204);
    await server.runtime.mail.flush();
    expect(
      queryOne<{ status: string; name: string }>(
        server.databasePath,
        'SELECT status, name FROM volunteers WHERE id = ?',
        waiting.body.id,
      ),
    ).toEqual({ status: 'confirmed', name: 'Former volunteer' });
    // The first volunteer hears of the cancellation; nobody is written to at an erased address.
    expect(smtp.messages.every((m) => m.envelopeTo.every((to) => to !== ''))).toBe(true);
    expect(smtp.messages.some((m) => (m.parsed.text ?? '').includes(who.name))).toBe(false);
  });

  it('refuses to delete the last administrator account', async () => {
    const res = await admin.request('DELETE', '/api/auth/account', { password: adminCredentials.password });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'The last administrator account cannot be deleted' });
    expect((await admin.get('/api/auth/me')).status).toBe(200);
  });
});

describe("'Delete my details' from a signup's link", () => {
  it('cancels a signup still to come, then forgets it', async () => {
    const who = person();
    const { slotId } = await createSheetWithSlot(admin, 3, { title: 'Book Swap' });
    await signUp(new ApiClient(server.url), slotId, who);
    const token = manageLink((await smtp.waitForMatching((m) => m.envelopeTo.includes(who.email), 1, 20_000))[0]);
    expect(slotCount(slotId)).toBe(1);

    const res = await fetch(`${server.url}/api/my-signup/erase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(res.status).toBe(204);
    expect(slotCount(slotId)).toBe(0);
    await server.runtime.mail.flush();
    expect(bytesFound([who.email, who.name, who.phone, who.notes])).toEqual([]);
    const again = await fetch(`${server.url}/api/my-signup?token=${token}`);
    expect(again.status).toBe(404);
  });

  it('keeps a past signup counted as Former volunteer', async () => {
    const who = person();
    const { sheetId, slotId } = await createSheetWithSlot(admin, 3, { title: 'Spring Concert' });
    const id = await signUp(new ApiClient(server.url), slotId, who);
    const token = manageLink((await smtp.waitForMatching((m) => m.envelopeTo.includes(who.email), 1, 20_000))[0]);
    moveIntoPast(sheetId, 2);

    const res = await fetch(`${server.url}/api/my-signup/erase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(res.status).toBe(204);
    expect(slotCount(slotId)).toBe(1);
    expect(
      queryOne(
        server.databasePath,
        'SELECT name, email, phone, notes, erased_at IS NOT NULL AS erased FROM volunteers WHERE id = ?',
        id,
      ),
    ).toEqual({ name: 'Former volunteer', email: '', phone: '', notes: null, erased: 1 });
    expect(bytesFound([who.email, who.name, who.phone, who.notes])).toEqual([]);
    // The links in their emails open nothing any more: the manage link, and the unsubscribe link.
    expect((await fetch(`${server.url}/api/my-signup?token=${token}`)).status).toBe(404);
    const mail = smtp.messages.find((m) => m.envelopeTo.includes(who.email));
    const unsubscribe = /http:\/\/pac\.test\/unsubscribe\/(\d+)\?token=([A-Za-z0-9_-]+)/.exec(mail?.parsed.text ?? '');
    if (!unsubscribe) throw new Error('no unsubscribe link in the confirmation');
    const stop = await fetch(`${server.url}/api/reminders/unsubscribe/${unsubscribe[1]}?token=${unsubscribe[2]}`, {
      method: 'POST',
    });
    expect(stop.status).toBe(404);
    expect(
      queryOne<{ n: number }>(server.databasePath, "SELECT count(*) AS n FROM mail_suppressions WHERE mailbox = ''").n,
    ).toBe(0);
  });

  it('answers a forged link with 403 and changes nothing', async () => {
    const res = await fetch(`${server.url}/api/my-signup/erase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: '1-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
    });
    expect([400, 403]).toContain(res.status);
  });
});

describe("an admin answers a person's request", () => {
  it('finds everything held about an address (any case, any +tag), exports it, erases it, and logs who did', async () => {
    const who = person();
    const { client, id } = await register(who);
    const { slotId } = await createSheetWithSlot(admin, 5, { title: 'Science Fair' });
    await signUp(client, slotId, who, id);
    // The same mailbox, spelled otherwise, without an account.
    const tagged = { ...who, email: who.email.replace('@', '+pac@').toUpperCase() };
    const other = await createSheetWithSlot(admin, 5, { title: 'Winter Market' });
    await signUp(new ApiClient(server.url), other.slotId, tagged);

    const member = new ApiClient(server.url);
    await member.login(who.email, 'parent-pass-1');
    expect((await member.get(`/api/privacy/search?email=${encodeURIComponent(who.email)}`)).status).toBe(403);
    expect((await member.get('/api/privacy/log')).status).toBe(403);
    expect((await member.post('/api/privacy/erase', { email: who.email })).status).toBe(403);
    expect((await new ApiClient(server.url).get('/api/privacy/log')).status).toBe(401);

    const found = await admin.get<Export & { email: string }>(
      `/api/privacy/search?email=${encodeURIComponent(who.email)}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.account).toMatchObject({ id, email: who.email });
    expect(found.body.signups.map((s) => s.sheet.title).sort()).toEqual(['Science Fair', 'Winter Market']);
    expect((await admin.get('/api/privacy/search?email=not-an-email')).status).toBe(400);

    const csv = await fetch(`${server.url}/api/export/volunteers`, { headers: { cookie: admin.cookie ?? '' } });
    expect(csv.status).toBe(200);
    await csv.text();

    const erased = await admin.post<{ signups: number; account: boolean }>('/api/privacy/erase', { email: who.email });
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ signups: 2, account: true });
    expect(slotCount(slotId)).toBe(1);
    expect(slotCount(other.slotId)).toBe(1);
    const after = await admin.get<Export>(`/api/privacy/search?email=${encodeURIComponent(who.email)}`);
    expect(after.body).toMatchObject({ account: null, signups: [], consentHistory: [] });
    expect(bytesFound([who.email, tagged.email, who.email.toUpperCase(), who.name, who.phone, who.notes])).toEqual([]);

    const log =
      await admin.get<{ action: string; actorName: string; detail: string; at: string }[]>('/api/privacy/log');
    expect(log.status).toBe(200);
    expect(log.body.slice(0, 4).map((e) => [e.action, e.actorName])).toEqual([
      ['search', 'Administrator'],
      ['erase', 'Administrator'],
      ['volunteersCsv', 'Administrator'],
      ['search', 'Administrator'],
    ]);
    expect(log.body[1]?.detail).toBe('2 signups and 1 account erased');
    // The log names who looked, never whom they looked for.
    expect(JSON.stringify(log.body)).not.toContain(who.email);
  });

  it('refuses to erase the last administrator', async () => {
    const res = await admin.post('/api/privacy/erase', { email: adminCredentials.email });
    expect(res.status).toBe(409);
  });
});

describe('the privacy contact and consent records', () => {
  it('keeps the privacy contact as a public setting, for admins to set', async () => {
    expect((await admin.post('/api/settings/privacyContact', { value: 'not an email' })).status).toBe(400);
    const set = await admin.post('/api/settings/privacyContact', { value: 'Privacy@MaplePAC.example.org' });
    expect(set.status).toBe(200);
    const read = await new ApiClient(server.url).get('/api/settings/privacyContact');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ key: 'privacyContact', value: 'privacy@maplepac.example.org' });
    const member = new ApiClient(server.url);
    expect((await member.post('/api/settings/privacyContact', { value: 'x@example.org' })).status).toBe(401);
  });

  it('records an unsubscribe from the link in an email, and an admin turning consent off, with how and when', async () => {
    const who = person();
    const { client, id } = await register(who);
    const { slotId } = await createSheetWithSlot(admin, 3, { title: 'Garden Day' });
    await signUp(client, slotId, who, id);
    const [mail] = await smtp.waitForMatching(
      (m) => m.envelopeTo.includes(who.email) && /unsubscribe/.test(m.parsed.text ?? ''),
      1,
      20_000,
    );
    const unsubscribe = /http:\/\/pac\.test\/unsubscribe\/(\d+)\?token=([A-Za-z0-9_-]+)/.exec(mail?.parsed.text ?? '');
    if (!unsubscribe) throw new Error(`no unsubscribe link in ${mail?.parsed.text ?? ''}`);
    const res = await fetch(`${server.url}/api/reminders/unsubscribe/${unsubscribe[1]}?token=${unsubscribe[2]}`, {
      method: 'POST',
    });
    expect(res.status, await res.text()).toBe(200);
    expect(
      (await admin.patch(`/api/auth/account/${id}`, { name: who.name, email: who.email, emailConsent: false })).status,
    ).toBe(200);

    const data = (await client.get<Export>('/api/auth/export')).body;
    expect(data.consentHistory.map((c) => [c.source, c.consent])).toEqual([
      ['account', true],
      ['signup', true],
      ['unsubscribe', false],
      ['admin', false],
    ]);
    for (const c of data.consentHistory) expect(Number.isNaN(Date.parse(c.at))).toBe(false);
  });
});
