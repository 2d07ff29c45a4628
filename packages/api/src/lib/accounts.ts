import { type Db, type Executor, type User, users } from '@pac/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ServiceContext, SessionUser } from '../context';
import { RuntimeKey } from '../runtime';
import { refuse } from './errors';

/**
 * The account rows, as the domains look them up: auth (sign-in, registration), volunteers (whose
 * signup it is), sheets and the calendar (an account by id), users (the account page). Shared here,
 * below every domain, because the account page (users/) sits above auth and volunteers, which
 * need these lookups too.
 */

export const userMessages = {
  userNotFound: /*i18n*/ 'User not found',
} as const;

/** The account as the procedures show it: never the password hash. */
export function toSessionUser(user: User): SessionUser {
  const { passwordHash: _hash, calendarFeedVersion: _version, ...rest } = user;
  return { ...rest, isAdmin: user.role === 'admin' };
}

export function getUser(db: Executor, id: number): User {
  const user = db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw refuse('NOT_FOUND', userMessages.userNotFound, { reason: 'userNotFound' });
  return user;
}

export function findUserByEmail(db: Executor, email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email)).get();
}

export function userExists(db: Executor, id: number): boolean {
  return db.select({ id: users.id }).from(users).where(eq(users.id, id)).get() !== undefined;
}

/** Whether another account (not `exceptUserId`) already has this email. */
export function emailTaken(db: Executor, email: string, exceptUserId?: number): boolean {
  const where =
    exceptUserId === undefined ? eq(users.email, email) : and(eq(users.email, email), ne(users.id, exceptUserId));
  return db.select({ id: users.id }).from(users).where(where).get() !== undefined;
}

function prepareVerifiedUserId(db: Db) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, sql.placeholder('email')), eq(users.emailVerified, true)))
    .prepare();
}

// Built and compiled once per database: every signup asks it, and building the query anew took a
// quarter of a refused signup's CPU (bench/results.md notes).
const verifiedUserIdStatement = new RuntimeKey<ReturnType<typeof prepareVerifiedUserId>>('users: verified id by email');

/** The account that has proved it owns this email (a followed verification or reset link), if any. */
export function verifiedUserIdByEmail(ctx: Pick<ServiceContext, 'runtime'>, email: string): number | null {
  return ctx.runtime.state(verifiedUserIdStatement, prepareVerifiedUserId).get({ email })?.id ?? null;
}
