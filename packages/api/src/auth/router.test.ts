import { sessions, users } from '@pac/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSessionUser } from './service';
import {
  anonymousCaller,
  callerFor,
  createTestDb,
  defaultPassword,
  insertAdmin,
  insertUser,
  RecordingCookies,
  registerUser,
  sessionUserFromDb,
  type TestDb,
  testConfig,
  uniqueEmail,
} from '../../test/db';

let t: TestDb;
beforeAll(() => {
  t = createTestDb();
});
afterAll(() => t.cleanup());

function userRowByEmail(email: string) {
  return t.db.select().from(users).where(eq(users.email, email)).get();
}

function sessionsOf(userId: number) {
  return t.db.select().from(sessions).where(eq(sessions.userId, userId)).all();
}

/** Logs in through the API and returns the session user, its session id and a caller bound to it. */
async function signIn(email: string, password = defaultPassword) {
  const cookies = new RecordingCookies();
  await anonymousCaller(t.db, { cookies }).auth.login({ email, password });
  const token = cookies.sets[0]?.token;
  if (token === undefined) throw new Error('login set no cookie');
  const found = findSessionUser(t.db, token, testConfig.sessionIdleDays);
  if (!found) throw new Error('login session not found');
  return { ...found, token };
}

describe('auth.register', () => {
  it('creates the user and returns it without passwordHash', async () => {
    const email = uniqueEmail('reg');
    const user = await anonymousCaller(t.db).auth.register({
      name: 'Jane Doe',
      email,
      password: 'secret1',
      phone: '555-0100',
      emailConsent: true,
    });
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).toMatchObject({ email, name: 'Jane Doe', phone: '555-0100', isAdmin: false, emailConsent: true });
    expect(user.id).toBeGreaterThan(0);
    const row = userRowByEmail(email);
    expect(row?.id).toBe(user.id);
    // The stored hash is not the password itself.
    expect(row?.passwordHash).toBeTruthy();
    expect(row?.passwordHash).not.toContain('secret1');
  });

  it('stores the email trimmed and lower-cased', async () => {
    const email = uniqueEmail('mixed');
    const user = await anonymousCaller(t.db).auth.register({
      name: 'Mixed Case',
      email: `  ${email.toUpperCase()} `,
      password: 'secret1',
    });
    expect(user.email).toBe(email);
    expect(userRowByEmail(email)?.id).toBe(user.id);
  });

  it('hands a session token to ctx.cookies.set that identifies the new user', async () => {
    const cookies = new RecordingCookies();
    const user = await anonymousCaller(t.db, { cookies }).auth.register({
      name: 'Cookie Jar',
      email: uniqueEmail('cookie'),
      password: 'secret1',
    });
    expect(cookies.sets).toHaveLength(1);
    const set = cookies.sets[0];
    expect(set?.maxAgeSeconds).toBe(testConfig.sessionIdleDays * 24 * 60 * 60);
    const found = findSessionUser(t.db, set?.token ?? '', testConfig.sessionIdleDays);
    expect(found?.user.id).toBe(user.id);
    expect(found?.user).not.toHaveProperty('passwordHash');
    // Only a hash of the token is stored.
    expect(sessionsOf(user.id).map((s) => s.tokenHash)).not.toContain(set?.token);
  });

  it('refuses a duplicate email with CONFLICT, whatever its case', async () => {
    const email = uniqueEmail('dup');
    await anonymousCaller(t.db).auth.register({ name: 'First', email, password: 'secret1' });
    await expect(
      anonymousCaller(t.db).auth.register({ name: 'Second', email: email.toUpperCase(), password: 'secret2' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'An account with this email already exists' });
    expect(t.db.select().from(users).where(eq(users.email, email)).all()).toHaveLength(1);
    expect(userRowByEmail(email)?.name).toBe('First');
  });

  it('refuses isAdmin:true from an anonymous caller with FORBIDDEN and creates nothing', async () => {
    const email = uniqueEmail('sneaky');
    const cookies = new RecordingCookies();
    await expect(
      anonymousCaller(t.db, { cookies }).auth.register({ name: 'Sneaky', email, password: 'secret1', isAdmin: true }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(userRowByEmail(email)).toBeUndefined();
    expect(cookies.sets).toHaveLength(0);
  });

  it('refuses isAdmin:true from a non-admin user with FORBIDDEN and creates nothing', async () => {
    const plain = await insertUser(t.db);
    const email = uniqueEmail('sneaky');
    await expect(
      callerFor(t.db, plain).auth.register({ name: 'Sneaky', email, password: 'secret1', isAdmin: true }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(userRowByEmail(email)).toBeUndefined();
  });

  it('lets an admin create an admin; the admin stays signed in and no cookie is set', async () => {
    const admin = await insertAdmin(t.db);
    const session = await signIn(admin.email);
    const cookies = new RecordingCookies();
    const caller = callerFor(t.db, session.user, { sessionId: session.sessionId, cookies });
    const email = uniqueEmail('new-admin');
    const created = await caller.auth.register({ name: 'New Admin', email, password: 'secret1', isAdmin: true });
    expect(created).toMatchObject({ email, isAdmin: true });
    expect(created).not.toHaveProperty('passwordHash');
    expect(userRowByEmail(email)?.role).toBe('admin');
    expect(cookies.sets).toHaveLength(0);
    expect(cookies.clears).toBe(0);
    // The admin's own session is untouched, and the new account has none.
    expect(findSessionUser(t.db, session.token, testConfig.sessionIdleDays)?.user.id).toBe(admin.id);
    expect(sessionsOf(created.id)).toHaveLength(0);
  });

  it('ends the previous session when a signed-in non-admin registers another account', async () => {
    const { user, token } = await registerUser(t.db);
    const before = findSessionUser(t.db, token, testConfig.sessionIdleDays);
    if (!before) throw new Error('no session after register');
    const cookies = new RecordingCookies();
    const created = await callerFor(t.db, user, { sessionId: before.sessionId, cookies }).auth.register({
      name: 'Second Account',
      email: uniqueEmail('second'),
      password: 'secret1',
    });
    expect(findSessionUser(t.db, token, testConfig.sessionIdleDays)).toBeNull();
    const newToken = cookies.sets[0]?.token ?? '';
    expect(findSessionUser(t.db, newToken, testConfig.sessionIdleDays)?.user.id).toBe(created.id);
  });
});

describe('auth.login', () => {
  it('signs in with the right password, returns the user without passwordHash and sets a cookie', async () => {
    const user = await insertUser(t.db, { password: 'letmein' });
    const cookies = new RecordingCookies();
    const result = await anonymousCaller(t.db, { cookies }).auth.login({ email: user.email, password: 'letmein' });
    expect(result.id).toBe(user.id);
    expect(result).not.toHaveProperty('passwordHash');
    expect(result.lastLoginAt).toBeInstanceOf(Date);
    expect(sessionUserFromDb(t.db, user.id).lastLoginAt).toEqual(result.lastLoginAt);
    expect(cookies.sets).toHaveLength(1);
    expect(findSessionUser(t.db, cookies.sets[0]?.token ?? '', testConfig.sessionIdleDays)?.user.id).toBe(user.id);
  });

  it("refuses a wrong password and an unknown email alike: UNAUTHORIZED 'Invalid email or password'", async () => {
    const user = await insertUser(t.db, { password: 'letmein' });
    const cookies = new RecordingCookies();
    const caller = anonymousCaller(t.db, { cookies });
    const sessionsBefore = t.db.select().from(sessions).all().length;
    await expect(caller.auth.login({ email: user.email, password: 'letmeout' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
    await expect(caller.auth.login({ email: uniqueEmail('nobody'), password: 'letmein' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Invalid email or password',
    });
    expect(cookies.sets).toHaveLength(0);
    expect(t.db.select().from(sessions).all()).toHaveLength(sessionsBefore);
  });

  it('lower-cases (and trims) the email before looking it up', async () => {
    const email = uniqueEmail('case');
    const user = await insertUser(t.db, { email, password: 'letmein' });
    const result = await anonymousCaller(t.db).auth.login({ email: `  ${email.toUpperCase()}  `, password: 'letmein' });
    expect(result.id).toBe(user.id);
  });

  it('replaces the session the caller already had', async () => {
    const user = await insertUser(t.db);
    const first = await signIn(user.email);
    const cookies = new RecordingCookies();
    await callerFor(t.db, first.user, { sessionId: first.sessionId, cookies }).auth.login({
      email: user.email,
      password: defaultPassword,
    });
    expect(findSessionUser(t.db, first.token, testConfig.sessionIdleDays)).toBeNull();
    expect(findSessionUser(t.db, cookies.sets[0]?.token ?? '', testConfig.sessionIdleDays)?.user.id).toBe(user.id);
  });
});

describe('auth.logout and auth.me', () => {
  it('logout deletes the session row and clears the cookie', async () => {
    const user = await insertUser(t.db);
    const session = await signIn(user.email);
    expect(t.db.select().from(sessions).where(eq(sessions.id, session.sessionId)).get()).toBeDefined();
    const cookies = new RecordingCookies();
    const result = await callerFor(t.db, session.user, { sessionId: session.sessionId, cookies }).auth.logout();
    expect(result).toEqual({ success: true });
    expect(t.db.select().from(sessions).where(eq(sessions.id, session.sessionId)).get()).toBeUndefined();
    expect(findSessionUser(t.db, session.token, testConfig.sessionIdleDays)).toBeNull();
    expect(cookies.clears).toBe(1);
  });

  it('logout leaves the same user’s other sessions alone', async () => {
    const user = await insertUser(t.db);
    const a = await signIn(user.email);
    const b = await signIn(user.email);
    await callerFor(t.db, a.user, { sessionId: a.sessionId }).auth.logout();
    expect(findSessionUser(t.db, a.token, testConfig.sessionIdleDays)).toBeNull();
    expect(findSessionUser(t.db, b.token, testConfig.sessionIdleDays)?.user.id).toBe(user.id);
  });

  it('me returns the session user, or null when signed out', async () => {
    const user = await insertUser(t.db);
    expect(await anonymousCaller(t.db).auth.me()).toBeNull();
    expect(await callerFor(t.db, user).auth.me()).toEqual(user);
  });
});
