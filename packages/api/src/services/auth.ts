import { createHash, randomBytes } from 'node:crypto';
import { type Db, sessions, type User, users } from '@pac/db';
import argon2 from 'argon2';
import { and, eq, lt } from 'drizzle-orm';
import type { SessionUser } from '../context';

const argonOptions = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, argonOptions);
}

// Verified when the account does not exist, so that a login for an unknown email takes as
// long as one with a wrong password and timing reveals nothing.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

export function toSessionUser(user: User): SessionUser {
  const { passwordHash: _omitted, ...rest } = user;
  return rest;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const dayMs = 24 * 60 * 60 * 1000;
// lastSeenAt is refreshed at most this often, so that reads do not write on every request.
const touchEveryMs = 60 * 1000;

/** Starts a session and returns the token for the cookie; only its hash is stored. */
export function createSession(db: Db, userId: number): string {
  const token = randomBytes(32).toString('base64url');
  db.insert(sessions).values({ tokenHash: hashToken(token), userId, lastSeenAt: new Date() }).run();
  return token;
}

/** The user behind a cookie token, or null when unknown or idle longer than `idleDays`. */
export function findSessionUser(
  db: Db,
  token: string,
  idleDays: number,
): { user: SessionUser; sessionId: number } | null {
  const row = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .get();
  if (!row) return null;
  const now = Date.now();
  if (now - row.session.lastSeenAt.getTime() > idleDays * dayMs) {
    db.delete(sessions).where(eq(sessions.id, row.session.id)).run();
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() > touchEveryMs) {
    db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, row.session.id)).run();
  }
  return { user: toSessionUser(row.user), sessionId: row.session.id };
}

export function endSession(db: Db, sessionId: number): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Removes sessions idle longer than `idleDays`. */
export function pruneSessions(db: Db, idleDays: number): void {
  db.delete(sessions)
    .where(and(lt(sessions.lastSeenAt, new Date(Date.now() - idleDays * dayMs))))
    .run();
}

/**
 * Makes sure an administrator account with this email exists and has this password. Used by
 * the ADMIN_EMAIL/ADMIN_PASSWORD bootstrap and `pnpm admin:create`; the operator who runs them
 * vouches for the address, so the account is verified.
 */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<{ user: SessionUser; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const existing = db.select().from(users).where(eq(users.email, email)).get();
  if (existing) {
    const passwordOk = await verifyPassword(existing.passwordHash, input.password);
    const passwordHash = passwordOk ? existing.passwordHash : await hashPassword(input.password);
    const updated = db
      .update(users)
      .set({ isAdmin: true, passwordHash, emailVerified: true })
      .where(eq(users.id, existing.id))
      .returning()
      .get();
    return { user: toSessionUser(updated ?? existing), created: false };
  }
  const created = db
    .insert(users)
    .values({
      email,
      name: input.name ?? 'Administrator',
      passwordHash: await hashPassword(input.password),
      isAdmin: true,
      emailVerified: true,
    })
    .returning()
    .get();
  return { user: toSessionUser(created), created: true };
}
