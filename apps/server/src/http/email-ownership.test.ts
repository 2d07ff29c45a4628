/**
 * Who owns an email address (API.md "Trust: who owns an email address"): signups made without an
 * account join an account only once it has proved its address by an emailed link; password reset
 * by emailed single-use link. Every attack here worked before verification existed.
 */
import { openDatabase } from '@pac/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { type ReceivedMail, smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

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
beforeEach(async () => {
  await server.runtime.mail.flush();
  smtp.messages.length = 0;
});

interface User {
  id: number;
  email: string;
  emailVerified: boolean;
}
interface Profile {
  totalSignups: number;
  totalHours: number;
  volunteerHistory: { id: number }[];
}
interface SheetView {
  slots: { id: number; volunteers: { id: number; name: string; phone?: string; notes?: string | null }[] }[];
}

/** Every message sent so far, once the background sends have finished. */
async function sentMail(): Promise<ReceivedMail[]> {
  await server.runtime.mail.flush();
  return smtp.messages;
}

/** The token of the newest link of this kind mailed to this address. */
async function linkToken(to: string, path: '/verify-email' | '/reset-password'): Promise<string> {
  const mails = (await sentMail()).filter((m) => m.envelopeTo.includes(to));
  const pattern = new RegExp(`http://pac\\.test${path}\\?token=([A-Za-z0-9_%-]+)`);
  for (const mail of [...mails].reverse()) {
    const match = pattern.exec(mail.parsed.text ?? '');
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

async function anonymousSignup(slotId: number, email: string, extra: Record<string, unknown> = {}) {
  const res = await new ApiClient(server.url).post<{ id: number; userId: number | null }>('/api/volunteers', {
    slotId,
    name: 'Erin Example',
    email,
    phone: '555-0142',
    notes: 'needs wheelchair access',
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function registered(email: string, password = 'stranger-pass') {
  const client = new ApiClient(server.url);
  const res = await client.post<User>('/api/auth/register', { name: 'Some Body', email, password });
  expect(res.status).toBe(201);
  return { client, user: res.body };
}

describe('registration and verification', () => {
  it('creates an unverified account, signs it in, and mails a single-use link that verifies it', async () => {
    const { client, user } = await registered('vera@example.org', 'vera-pass-1');
    expect(user.emailVerified).toBe(false);
    expect((await client.get<User>('/api/auth/me')).body.emailVerified).toBe(false);
    const token = await linkToken('vera@example.org', '/verify-email');

    const verified = await new ApiClient(server.url).post<User>('/api/auth/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ id: user.id, email: 'vera@example.org', emailVerified: true });
    expect((await client.get<User>('/api/auth/me')).body.emailVerified).toBe(true);

    const again = await client.post('/api/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This link is invalid or has expired');
    for (const bad of ['', 'not-a-token', token.slice(1)]) {
      const res = await client.post('/api/auth/verify-email', { token: bad });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This link is invalid or has expired');
    }
  });

  it('refuses an expired link', async () => {
    const { client } = await registered('late@example.org');
    const token = await linkToken('late@example.org', '/verify-email');
    // 48 hours later: move the link's expiry into the past through a second connection.
    const handle = openDatabase(server.databasePath);
    handle.sqlite
      .prepare("UPDATE auth_tokens SET expires_at = ? WHERE email = 'late@example.org'")
      .run(Date.now() - 1000);
    handle.close();
    const res = await client.post('/api/auth/verify-email', { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This link is invalid or has expired');
  });

  it('resends a link to a signed-in account (202), and only when signed in', async () => {
    const { client } = await registered('resend@example.org');
    const res = await client.post('/api/auth/resend-verification');
    expect(res.status).toBe(202);
    const links = (await sentMail()).filter((m) => m.envelopeTo.includes('resend@example.org'));
    expect(links).toHaveLength(2);
    expect((await new ApiClient(server.url).post('/api/auth/resend-verification')).status).toBe(401);
    // The newest link works.
    const token = await linkToken('resend@example.org', '/verify-email');
    expect((await client.post<User>('/api/auth/verify-email', { token })).body.emailVerified).toBe(true);
  });

  it('keeps the bootstrap admin verified', async () => {
    expect((await admin.get<User>('/api/auth/me')).body.emailVerified).toBe(true);
  });
});

describe('taking over a parent’s signups by registering their email', () => {
  it('gives the stranger nothing; the owner gets the account back by a reset link and then the signup', async () => {
    const { slotId, sheetId } = await createSheetWithSlot(admin, 3, { title: 'Takeover Fair' });
    const erinsSignup = await anonymousSignup(slotId, 'erin@example.org');

    // A stranger registers Erin's address (any capitalisation) with a password of their own.
    const { client: stranger, user: strangerUser } = await registered('Erin@Example.org');
    const profile = await stranger.get<Profile>(`/api/auth/profile/${strangerUser.id}`);
    expect(profile.body.totalSignups).toBe(0);
    const sheet = await stranger.get<SheetView>(`/api/signup-sheets/${sheetId}`);
    const seen = sheet.body.slots[0]?.volunteers.find((v) => v.id === erinsSignup.id);
    expect(seen).toEqual(expect.objectContaining({ name: 'Erin E.' }));
    expect(seen).not.toHaveProperty('phone');
    expect(seen).not.toHaveProperty('notes');
    expect((await stranger.patch(`/api/volunteers/${erinsSignup.id}`, { notes: 'mine' })).status).toBe(403);
    expect((await stranger.delete(`/api/volunteers/${erinsSignup.id}`)).status).toBe(403);
    // Signing in again claims nothing either.
    await stranger.post('/api/auth/logout');
    await stranger.login('erin@example.org', 'stranger-pass');
    expect((await stranger.get<Profile>(`/api/auth/profile/${strangerUser.id}`)).body.totalSignups).toBe(0);

    // Erin cannot register (the address is taken) but can reset the password by mail.
    const erin = new ApiClient(server.url);
    expect(
      (await erin.post('/api/auth/register', { name: 'Erin', email: 'erin@example.org', password: 'x-pass-1' })).status,
    ).toBe(409);
    const forgot = await erin.post('/api/auth/forgot-password', { email: 'ERIN@example.org' });
    expect(forgot.status).toBe(202);
    const token = await linkToken('erin@example.org', '/reset-password');
    const reset = await erin.post('/api/auth/reset-password', {
      token,
      newPassword: 'erins-own-pass',
      confirmPassword: 'erins-own-pass',
    });
    expect(reset.status).toBe(200);

    // Every session of the account ended: the stranger is out, and the old password is dead.
    expect((await stranger.get('/api/auth/me')).status).toBe(401);
    expect(
      (
        await new ApiClient(server.url).post('/api/auth/login', {
          email: 'erin@example.org',
          password: 'stranger-pass',
        })
      ).status,
    ).toBe(401);
    const me = await erin.login('erin@example.org', 'erins-own-pass');
    expect((await erin.get<User>('/api/auth/me')).body.emailVerified).toBe(true);
    const history = await erin.get<Profile>(`/api/auth/profile/${me.id}`);
    expect(history.body.volunteerHistory.map((h) => h.id)).toEqual([erinsSignup.id]);
    const mine = await erin.get<SheetView>(`/api/signup-sheets/${sheetId}`);
    expect(mine.body.slots[0]?.volunteers.find((v) => v.id === erinsSignup.id)).toMatchObject({
      notes: 'needs wheelchair access',
    });
  });

  it('an email change claims nothing until the new address is verified, and mails the link there', async () => {
    const { slotId } = await createSheetWithSlot(admin, 3, { title: 'Email Change Fair' });
    const signup = await anonymousSignup(slotId, 'frank@example.org');
    const { client, user } = await registered('mallory.change@example.org');
    const changed = await client.patch<User>(`/api/auth/account/${user.id}`, {
      name: 'Mallory',
      email: 'frank@example.org',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.emailVerified).toBe(false);
    expect((await client.get<Profile>(`/api/auth/profile/${user.id}`)).body.totalSignups).toBe(0);
    await client.post('/api/auth/logout');
    await client.login('frank@example.org', 'stranger-pass');
    expect((await client.get<Profile>(`/api/auth/profile/${user.id}`)).body.totalSignups).toBe(0);

    // The link went to the new address; the old address's link no longer proves anything.
    const oldToken = await linkToken('mallory.change@example.org', '/verify-email');
    expect((await client.post('/api/auth/verify-email', { token: oldToken })).status).toBe(400);
    const token = await linkToken('frank@example.org', '/verify-email');
    // Only the owner of that mailbox can follow it: then the signup joins.
    const verified = await new ApiClient(server.url).post<User>('/api/auth/verify-email', { token });
    expect(verified.body.emailVerified).toBe(true);
    const history = await client.get<Profile>(`/api/auth/profile/${user.id}`);
    expect(history.body.volunteerHistory.map((h) => h.id)).toEqual([signup.id]);
  });

  it("an organizer's signup for a volunteer who phoned in never lands in the organizer's history or hours", async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    const sheet = await admin.post<{ id: number }>('/api/signup-sheets', {
      title: 'Phone-in Day',
      eventDate: start.toISOString(),
      organizerName: 'Ann',
      organizerEmail: 'ann@example.org',
    });
    const slot = await admin.post<{ id: number }>('/api/volunteer-slots', {
      signupSheetId: sheet.body.id,
      title: 'Desk',
      maxVolunteers: 3,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    });
    const me = await admin.get<User>('/api/auth/me');
    const before = (await admin.get<Profile>(`/api/auth/profile/${me.body.id}`)).body;
    const entered = await admin.post<{ userId: number | null }>('/api/volunteers', {
      slotId: slot.body.id,
      userId: me.body.id,
      name: 'Pat Phoned',
      email: 'pat.phoned@example.org',
      phone: '555-0101',
    });
    expect(entered.status).toBe(201);
    expect(entered.body.userId).toBeNull();
    const after = (await admin.get<Profile>(`/api/auth/profile/${me.body.id}`)).body;
    expect(after.totalSignups).toBe(before.totalSignups);
    expect(after.totalHours).toBe(before.totalHours);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails only an existing one', async () => {
    await registered('forgetful@example.org', 'old-pass-1');
    await sentMail();
    smtp.messages.length = 0;
    const known = await new ApiClient(server.url).post('/api/auth/forgot-password', { email: 'forgetful@example.org' });
    const unknown = await new ApiClient(server.url).post('/api/auth/forgot-password', { email: 'nobody@example.org' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(typeof known.body.message).toBe('string');
    const mails = await sentMail();
    expect(mails.map((m) => m.envelopeTo)).toEqual([['forgetful@example.org']]);
  });

  it('checks the new password with the change-password rules and refuses bad links', async () => {
    await registered('rules@example.org', 'old-pass-1');
    await new ApiClient(server.url).post('/api/auth/forgot-password', { email: 'rules@example.org' });
    const token = await linkToken('rules@example.org', '/reset-password');
    const client = new ApiClient(server.url);
    const short = await client.post('/api/auth/reset-password', { token, newPassword: 'abc', confirmPassword: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('New password must be at least 6 characters');
    const mismatch = await client.post('/api/auth/reset-password', {
      token,
      newPassword: 'new-pass-1',
      confirmPassword: 'new-pass-2',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe("New passwords don't match");
    const bad = await client.post('/api/auth/reset-password', {
      token: 'nope',
      newPassword: 'new-pass-1',
      confirmPassword: 'new-pass-1',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('This link is invalid or has expired');
    // The link survived the refused attempts, works once, and then never again.
    const ok = await client.post('/api/auth/reset-password', {
      token,
      newPassword: 'new-pass-1',
      confirmPassword: 'new-pass-1',
    });
    expect(ok.status).toBe(200);
    const reused = await client.post('/api/auth/reset-password', {
      token,
      newPassword: 'new-pass-2',
      confirmPassword: 'new-pass-2',
    });
    expect(reused.status).toBe(400);
    await client.login('rules@example.org', 'new-pass-1');
  });

  it('sends at most 3 reset links an hour to one account, even to a burst, and still answers 202', async () => {
    await registered('flooded@example.org');
    await sentMail();
    smtp.messages.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        new ApiClient(server.url).post('/api/auth/forgot-password', { email: 'flooded@example.org' }),
      ),
    );
    expect(answers.every((a) => a.status === 202)).toBe(true);
    expect(await sentMail()).toHaveLength(3);
  });
});
