import {
  type Db,
  type Executor,
  sessions,
  signupSheets,
  type SignupSheet,
  users,
  volunteers,
  type VolunteerSlot,
  volunteerSlots,
} from '@pac/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { ApiConfig, SessionUser } from '../context';
import { sendAccountLink } from './accountEmails';
import { sendInBackground } from './mail';
import { toSessionUser } from './auth';
import { redeemEmailToken, revokeEmailTokens } from './emailTokens';
import type { PasswordHasher } from './passwords';

export const accountMessages = {
  userNotFound: 'User not found',
  emailTaken: 'An account with this email already exists',
  wrongPassword: 'Current password is incorrect',
  notYours: 'You can only view or change your own account',
} as const;

/** Profiles, account and password changes: the user themself or an admin (API.md). */
export function assertSelfOrAdmin(caller: SessionUser, userId: number): void {
  if (caller.id !== userId && !caller.isAdmin) {
    throw new TRPCError({ code: 'FORBIDDEN', message: accountMessages.notYours });
  }
}

function getUser(db: Db, id: number) {
  const user = db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: accountMessages.userNotFound });
  return user;
}

/**
 * Signups made without an account under this email join the account's history, but only once the
 * account has proved it owns the address (a followed verification or reset link): registering or
 * changing to someone else's address claims nothing.
 */
export function linkSignupsByEmail(db: Executor, user: { id: number; email: string; emailVerified: boolean }): void {
  if (!user.emailVerified) return;
  db.update(volunteers)
    .set({ userId: user.id })
    .where(and(eq(volunteers.email, user.email), isNull(volunteers.userId)))
    .run();
}

export interface HistoryEntry {
  id: number;
  signupTime: Date;
  notes: string | null;
  slot: VolunteerSlot;
  signupSheet: SignupSheet;
}

export type Profile = SessionUser & {
  volunteerHistory: HistoryEntry[];
  totalSignups: number;
  /** Sum of slot durations (end minus start) in hours, to 1 decimal; slots without an end count 0. */
  totalHours: number;
};

export function slotHours(slot: Pick<VolunteerSlot, 'startTime' | 'endTime'>): number {
  if (!slot.startTime || !slot.endTime) return 0;
  return Math.max(0, slot.endTime.getTime() - slot.startTime.getTime()) / 3_600_000;
}

export function getProfile(db: Db, userId: number): Profile {
  const user = getUser(db, userId);
  const rows = db
    .select({ volunteer: volunteers, slot: volunteerSlots, sheet: signupSheets })
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .where(eq(volunteers.userId, userId))
    .orderBy(desc(signupSheets.eventDate), desc(volunteers.signupTime))
    .all();
  const volunteerHistory = rows.map((r) => ({
    id: r.volunteer.id,
    signupTime: r.volunteer.signupTime,
    notes: r.volunteer.notes,
    slot: r.slot,
    signupSheet: r.sheet,
  }));
  const hours = rows.reduce((sum, r) => sum + slotHours(r.slot), 0);
  return {
    ...toSessionUser(user),
    volunteerHistory,
    totalSignups: rows.length,
    totalHours: Math.round(hours * 10) / 10,
  };
}

/**
 * Changes name, email, phone or consent. A new email makes the account unverified and sends a
 * verification link to the new address.
 */
export function updateAccount(
  db: Db,
  config: ApiConfig,
  userId: number,
  changes: { name: string; email: string; phone?: string | null; emailConsent?: boolean },
): SessionUser {
  const before = getUser(db, userId);
  const clash = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, changes.email), ne(users.id, userId)))
    .get();
  if (clash) throw new TRPCError({ code: 'CONFLICT', message: accountMessages.emailTaken });
  const emailChanged = changes.email !== before.email;
  const updated = db
    .update(users)
    .set({ ...changes, ...(emailChanged ? { emailVerified: false } : {}) })
    .where(eq(users.id, userId))
    .returning()
    .get();
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: accountMessages.userNotFound });
  if (emailChanged) sendAccountLink(db, config, updated, 'verifyEmail');
  return toSessionUser(updated);
}

/**
 * Checks the current password, stores the new one, and ends every other session of the account
 * (`keepSessionId` is the caller's own session when they change their own password).
 */
export async function changePassword(
  db: Db,
  passwords: PasswordHasher,
  userId: number,
  input: { currentPassword: string; newPassword: string },
  keepSessionId: number | null,
): Promise<void> {
  const user = getUser(db, userId);
  if (!(await passwords.verify(user.passwordHash, input.currentPassword))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: accountMessages.wrongPassword });
  }
  const passwordHash = await passwords.hash(input.newPassword);
  db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
    tx.delete(sessions)
      .where(keepSessionId === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
      .run();
  });
}

/** Follows a verification link: the account now owns its address, and its anonymous signups join it. */
export function verifyEmail(db: Db, token: string): SessionUser {
  return db.transaction((tx) => {
    const user = redeemEmailToken(tx, token, 'verifyEmail', { consume: true });
    const updated = tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id)).returning().get();
    if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: accountMessages.userNotFound });
    linkSignupsByEmail(tx, updated);
    return toSessionUser(updated);
  });
}

export const forgotPasswordMessage =
  'If an account exists for that email, we have sent it a link to reset the password. Please check your inbox.';

/**
 * 'Forgot password?': emails a reset link when the account exists. The answer is the same either
 * way, and comes as quickly, so it tells nobody who has an account.
 */
export function requestPasswordReset(db: Db, config: ApiConfig, email: string): { message: string } {
  // Everything that differs between a known and an unknown address (the token's write, the mail)
  // happens after the answer has gone out.
  sendInBackground('Password reset email', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    const user = db.select().from(users).where(eq(users.email, email)).get();
    if (user) sendAccountLink(db, config, user, 'resetPassword');
  });
  return { message: forgotPasswordMessage };
}

/**
 * Follows a reset link: stores the new password, ends every session of the account (whoever else
 * was signed in to it is signed out), ends its other reset links, and marks its email verified,
 * since the link proved that its owner reads that mailbox.
 */
export async function resetPassword(db: Db, passwords: PasswordHasher, input: { token: string; newPassword: string }): Promise<void> {
  // Checked before the (slow) hash so that a bad link costs no argon2 work; consumed after it.
  redeemEmailToken(db, input.token, 'resetPassword', { consume: false });
  const passwordHash = await passwords.hash(input.newPassword);
  db.transaction((tx) => {
    const user = redeemEmailToken(tx, input.token, 'resetPassword', { consume: true });
    const updated = tx.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, user.id)).returning().get();
    if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: accountMessages.userNotFound });
    tx.delete(sessions).where(eq(sessions.userId, user.id)).run();
    revokeEmailTokens(tx, user.id, 'resetPassword');
    linkSignupsByEmail(tx, updated);
  });
}
