import { type Db, type Executor, signupSheets, type User, type UserRole, users, volunteers } from '@pac/db';
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { ServiceContext, SessionUser } from '../context';
import { RuntimeKey } from '../runtime';

/**
 * The account rows, as the other domains look them up (auth for accounts, volunteers for whose
 * signup it is), and the administrators' list of people. It imports no other domain; the account
 * page, which uses auth and volunteers, is account.ts.
 */

export const userMessages = {
  userNotFound: 'User not found',
} as const;

/** The account as the procedures show it: never the password hash. */
export function toSessionUser(user: User): SessionUser {
  const { passwordHash: _hash, calendarFeedVersion: _version, ...rest } = user;
  return { ...rest, isAdmin: user.role === 'admin' };
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

// ---------------------------------------------------------------------------------------------
// People: the administrators' list of accounts and their roles (API.md "Coordinator toolkit")

export const peopleMessages = {
  lastAdmin: 'The last administrator cannot be demoted',
} as const;

export interface Person {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  emailVerified: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** Confirmed signups. */
  signups: number;
  /** Sheets the person owns. */
  sheets: number;
}

/** Every account, administrators first, then organizers, then members, each by name. */
export function listPeople(db: Db): Person[] {
  const confirmedSignups = db
    .select({ userId: volunteers.userId, n: count().as('signups') })
    .from(volunteers)
    .where(eq(volunteers.status, 'confirmed'))
    .groupBy(volunteers.userId)
    .as('confirmed_signups');
  const ownedSheets = db
    .select({ ownerId: signupSheets.ownerId, n: count().as('sheets') })
    .from(signupSheets)
    .groupBy(signupSheets.ownerId)
    .as('owned_sheets');
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      signups: sql<number>`coalesce(${confirmedSignups.n}, 0)`.mapWith(Number),
      sheets: sql<number>`coalesce(${ownedSheets.n}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(confirmedSignups, eq(confirmedSignups.userId, users.id))
    .leftJoin(ownedSheets, eq(ownedSheets.ownerId, users.id))
    .orderBy(
      sql`case ${users.role} when 'admin' then 0 when 'organizer' then 1 else 2 end`,
      asc(users.name),
      asc(users.id),
    )
    .all();
}

/**
 * Changes an account's role. The last administrator cannot be demoted (CONFLICT), checked and
 * written in one transaction so that two admins demoting each other at once leave one.
 */
export function setRole(db: Db, input: { id: number; role: UserRole }): SessionUser {
  const updated = db.transaction((tx) => {
    const user = getUser(tx, input.id);
    if (user.role === 'admin' && input.role !== 'admin') {
      const admins = tx.select({ n: count() }).from(users).where(eq(users.role, 'admin')).get()?.n ?? 0;
      if (admins <= 1) throw new TRPCError({ code: 'CONFLICT', message: peopleMessages.lastAdmin });
    }
    return tx.update(users).set({ role: input.role }).where(eq(users.id, input.id)).returning().get();
  });
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: userMessages.userNotFound });
  return toSessionUser(updated);
}
