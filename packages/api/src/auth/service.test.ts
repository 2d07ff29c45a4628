import { sessions, users } from '@pac/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, registerUser, type TestDb, createTestDb, testConfig } from '../../test/db';
import { verifyPassword } from '../lib/passwords';
import { ensureAdmin, findSessionUser, pruneSessions } from './service';

const dayMs = 24 * 60 * 60 * 1000;

let t: TestDb;
beforeAll(() => {
  t = createTestDb();
});
afterAll(() => t.cleanup());

function setLastSeen(sessionId: number, at: Date): void {
  t.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId)).run();
}

function sessionRow(sessionId: number) {
  return t.db.select().from(sessions).where(eq(sessions.id, sessionId)).get();
}

describe('findSessionUser', () => {
  it('returns the user (without passwordHash) and session id for a known token', async () => {
    const { user, token } = await registerUser(t.db);
    const found = findSessionUser(t.db, token, testConfig.sessionIdleDays);
    expect(found?.user).toEqual(user);
    expect(found?.user).not.toHaveProperty('passwordHash');
    expect(found?.sessionId).toBeGreaterThan(0);
  });

  it('returns null for an unknown token', async () => {
    await registerUser(t.db);
    expect(findSessionUser(t.db, 'no-such-token', testConfig.sessionIdleDays)).toBeNull();
    expect(findSessionUser(t.db, '', testConfig.sessionIdleDays)).toBeNull();
  });

  it('returns null for a session idle longer than sessionIdleDays, and deletes it', async () => {
    const { token } = await registerUser(t.db);
    const found = findSessionUser(t.db, token, testConfig.sessionIdleDays);
    if (!found) throw new Error('no session');
    setLastSeen(found.sessionId, new Date(Date.now() - (testConfig.sessionIdleDays + 1) * dayMs));
    expect(findSessionUser(t.db, token, testConfig.sessionIdleDays)).toBeNull();
    expect(sessionRow(found.sessionId)).toBeUndefined();
  });

  it('keeps a session idle for less than sessionIdleDays and refreshes its lastSeenAt', async () => {
    const { user, token } = await registerUser(t.db);
    const found = findSessionUser(t.db, token, testConfig.sessionIdleDays);
    if (!found) throw new Error('no session');
    const old = new Date(Date.now() - (testConfig.sessionIdleDays - 1) * dayMs);
    setLastSeen(found.sessionId, old);
    expect(findSessionUser(t.db, token, testConfig.sessionIdleDays)?.user.id).toBe(user.id);
    const lastSeen = sessionRow(found.sessionId)?.lastSeenAt.getTime() ?? 0;
    expect(Date.now() - lastSeen).toBeLessThan(60_000);
  });

  it('ends with the user: deleting the user removes the session', async () => {
    const { user, token } = await registerUser(t.db);
    t.db.delete(users).where(eq(users.id, user.id)).run();
    expect(findSessionUser(t.db, token, testConfig.sessionIdleDays)).toBeNull();
  });
});

describe('pruneSessions', () => {
  it('removes idle sessions and keeps fresh ones', async () => {
    const idle = await registerUser(t.db);
    const fresh = await registerUser(t.db);
    const idleFound = findSessionUser(t.db, idle.token, testConfig.sessionIdleDays);
    if (!idleFound) throw new Error('no session');
    setLastSeen(idleFound.sessionId, new Date(Date.now() - 40 * dayMs));
    pruneSessions(t.db, testConfig.sessionIdleDays);
    expect(sessionRow(idleFound.sessionId)).toBeUndefined();
    expect(findSessionUser(t.db, fresh.token, testConfig.sessionIdleDays)?.user.id).toBe(fresh.user.id);
  });
});

describe('ensureAdmin', () => {
  it('creates an admin with a lower-cased email, then promotes and re-passwords on a second call', async () => {
    const first = await ensureAdmin(t.db, { email: '  Boss@Example.ORG ', password: 'first-pass' });
    expect(first.created).toBe(true);
    expect(first.user).toMatchObject({ email: 'boss@example.org', isAdmin: true });
    expect(first.user).not.toHaveProperty('passwordHash');

    t.db.update(users).set({ role: 'member' }).where(eq(users.id, first.user.id)).run();
    const second = await ensureAdmin(t.db, { email: 'boss@example.org', password: 'second-pass' });
    expect(second).toMatchObject({ created: false, user: { id: first.user.id, isAdmin: true } });
    const row = t.db.select().from(users).where(eq(users.id, first.user.id)).get();
    expect(await verifyPassword(row?.passwordHash ?? null, 'second-pass')).toBe(true);
    expect(await verifyPassword(row?.passwordHash ?? null, 'first-pass')).toBe(false);
  });

  it('promotes an existing plain user', async () => {
    const plain = await insertUser(t.db);
    const result = await ensureAdmin(t.db, { email: plain.email, password: 'whatever1' });
    expect(result).toMatchObject({ created: false, user: { id: plain.id, isAdmin: true } });
  });
});
