import { type Executor, type User, users } from '@pac/db';
import { TRPCError } from '@trpc/server';
import { and, eq, ne } from 'drizzle-orm';
import type { SessionUser } from '../context';

/** The account rows, as the other domains look them up (auth for accounts, volunteers for whose signup it is). */

export const userMessages = {
  userNotFound: 'User not found',
} as const;

/** The account as the procedures show it: never the password hash. */
export function toSessionUser(user: User): SessionUser {
  const { passwordHash: _omitted, ...rest } = user;
  return rest;
}

export function getUser(db: Executor, id: number): User {
  const user = db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: userMessages.userNotFound });
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

/** The account that has proved it owns this email (a followed verification or reset link), if any. */
export function verifiedUserIdByEmail(db: Executor, email: string): number | null {
  const verified = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.emailVerified, true)))
    .get();
  return verified?.id ?? null;
}
