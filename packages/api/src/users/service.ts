import { type Db, signupSheets, type UserRole, users, volunteers } from '@pac/db';
import type { accountUpdateSchema, changePasswordSchema } from '@pac/validators';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountMessages, endSessionsOf, sendAccountLink } from '../auth/service';
import type { SessionUser, UserContext } from '../context';
import { recordConsent } from '../lib/consent';
import { emailTaken, getUser, toSessionUser, userMessages } from '../lib/accounts';
import { revokeEmailTokens } from '../lib/emailTokens';
import { refuse } from '../lib/errors';
import { answerText } from '../lib/i18n';
import { assertOwnerOrAdmin } from '../lib/access';
import { type HistoryEntry, signupHistory } from '../volunteers/history';

/**
 * Accounts as people see them: the account page (the user themself or an admin: the profile with
 * its volunteer history, changing the details or the password) and the administrators' list of
 * people and their roles. Above auth (a changed address gets a verification link, a new password
 * ends the other sessions) and volunteers (the history); the account rows themselves, which those
 * domains look up too, are lib/accounts.ts.
 */

// ---------------------------------------------------------------------------------------------
// The account page: the user themself or an admin (API.md). Its procedures keep their auth.*
// paths (router.ts accountRouter, mounted under auth in root.ts).

export type Profile = SessionUser & {
  volunteerHistory: HistoryEntry[];
  /** Confirmed signups (waitlist places are not counted). */
  totalSignups: number;
  /**
   * Sum of slot durations (end minus start) in hours, to 1 decimal, over the signups that count
   * (confirmed; attended once the slot has check-ins); slots without an end count 0.
   */
  totalHours: number;
};

export function getProfile(ctx: UserContext, userId: number): Profile {
  assertOwnerOrAdmin(ctx.user, userId, accountMessages.notYours, { reason: 'notYours' });
  const user = getUser(ctx.db, userId);
  const volunteerHistory = signupHistory(ctx.db, userId);
  const hours = volunteerHistory.reduce((sum, entry) => sum + entry.hours, 0);
  return {
    ...toSessionUser(user),
    volunteerHistory,
    totalSignups: volunteerHistory.filter((entry) => entry.status === 'confirmed').length,
    totalHours: Math.round(hours * 10) / 10,
  };
}

/**
 * Changes name, email, phone or consent. A new email makes the account unverified, ends every
 * verification and reset link mailed before (in the same transaction: a link to the old address
 * must not work again, even once the account changes back to it), and sends a verification link
 * to the new address.
 */
export function updateAccount(
  ctx: UserContext,
  input: { userId: number } & z.output<typeof accountUpdateSchema>,
): SessionUser {
  const { userId, ...changes } = input;
  assertOwnerOrAdmin(ctx.user, userId, accountMessages.notYours, { reason: 'notYours' });
  const before = getUser(ctx.db, userId);
  if (changes.email !== undefined && emailTaken(ctx.db, changes.email, userId))
    throw refuse('CONFLICT', accountMessages.emailTaken, { reason: 'emailTaken', field: 'email' });
  const emailChanged = changes.email !== undefined && changes.email !== before.email;
  // Only the fields sent change (`{ language }` alone is an edit); nothing sent, nothing changes.
  if (Object.values(changes).every((value) => value === undefined)) return toSessionUser(before);
  const updated = ctx.db.transaction((tx) => {
    const row = tx
      .update(users)
      .set({ ...changes, ...(emailChanged ? { emailVerified: false } : {}) })
      .where(eq(users.id, userId))
      .returning()
      .get();
    if (!row) throw refuse('NOT_FOUND', accountMessages.userNotFound, { reason: 'userNotFound' });
    if (emailChanged) revokeEmailTokens(tx, userId);
    if (row.emailConsent !== before.emailConsent)
      recordConsent(tx, {
        email: row.email,
        userId,
        consent: row.emailConsent,
        // By the person in their account, or by an admin for them.
        source: ctx.user.id === userId ? 'account' : 'admin',
        at: ctx.runtime.now(),
      });
    return row;
  });
  if (emailChanged) sendAccountLink(ctx, updated, 'verifyEmail');
  return toSessionUser(updated);
}

/**
 * Checks the current password, stores the new one, and ends every other session of the account
 * (the caller's own session stays when they change their own password).
 */
export async function changePassword(
  ctx: UserContext,
  input: { userId: number } & z.output<typeof changePasswordSchema>,
) {
  const { db } = ctx;
  assertOwnerOrAdmin(ctx.user, input.userId, accountMessages.notYours, { reason: 'notYours' });
  const keepSessionId = input.userId === ctx.user.id ? ctx.sessionId : null;
  const passwords = ctx.runtime.limits.passwords;
  const user = getUser(db, input.userId);
  if (!(await passwords.verify(user.passwordHash, input.currentPassword))) {
    throw refuse('BAD_REQUEST', accountMessages.wrongPassword, { reason: 'wrongPassword', field: 'currentPassword' });
  }
  const passwordHash = await passwords.hash(input.newPassword);
  db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, input.userId)).run();
    endSessionsOf(tx, input.userId, keepSessionId);
  });
  return { success: true as const, message: answerText(ctx, /*i18n*/ 'Password updated') };
}

// ---------------------------------------------------------------------------------------------
// People: the administrators' list of accounts and their roles (API.md "Coordinator toolkit")

export const peopleMessages = {
  lastAdmin: /*i18n*/ 'The last administrator cannot be demoted',
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
      if (admins <= 1) throw refuse('CONFLICT', peopleMessages.lastAdmin, { reason: 'lastAdmin', field: 'role' });
    }
    return tx.update(users).set({ role: input.role }).where(eq(users.id, input.id)).returning().get();
  });
  if (!updated) throw refuse('NOT_FOUND', userMessages.userNotFound, { reason: 'userNotFound' });
  return toSessionUser(updated);
}
