import { users } from '@pac/db';
import type { accountUpdateSchema, changePasswordSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { accountMessages, endSessionsOf, sendAccountLink } from '../auth/service';
import type { SessionUser, UserContext } from '../context';
import { assertOwnerOrAdmin } from '../lib/access';
import { type HistoryEntry, signupHistory } from '../volunteers/history';
import { emailTaken, getUser, toSessionUser } from './service';

/**
 * The account page: the user themself or an admin (API.md). The profile with its volunteer
 * history and totals, and changing the account's details or password. Its procedures keep their
 * auth.* paths (auth/router.ts). Above auth (the verification link, the sessions a new password
 * ends) and volunteers (the history), unlike users/service.ts, which those domains import.
 */

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
  assertOwnerOrAdmin(ctx.user, userId, accountMessages.notYours);
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
 * Changes name, email, phone or consent. A new email makes the account unverified and sends a
 * verification link to the new address.
 */
export function updateAccount(
  ctx: UserContext,
  input: { userId: number } & z.output<typeof accountUpdateSchema>,
): SessionUser {
  const { userId, ...changes } = input;
  assertOwnerOrAdmin(ctx.user, userId, accountMessages.notYours);
  const before = getUser(ctx.db, userId);
  if (emailTaken(ctx.db, changes.email, userId))
    throw new TRPCError({ code: 'CONFLICT', message: accountMessages.emailTaken });
  const emailChanged = changes.email !== before.email;
  const updated = ctx.db
    .update(users)
    .set({ ...changes, ...(emailChanged ? { emailVerified: false } : {}) })
    .where(eq(users.id, userId))
    .returning()
    .get();
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: accountMessages.userNotFound });
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
  assertOwnerOrAdmin(ctx.user, input.userId, accountMessages.notYours);
  const keepSessionId = input.userId === ctx.user.id ? ctx.sessionId : null;
  const passwords = ctx.runtime.limits.passwords;
  const user = getUser(db, input.userId);
  if (!(await passwords.verify(user.passwordHash, input.currentPassword))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: accountMessages.wrongPassword });
  }
  const passwordHash = await passwords.hash(input.newPassword);
  db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, input.userId)).run();
    endSessionsOf(tx, input.userId, keepSessionId);
  });
  return { success: true as const, message: 'Password updated' };
}
