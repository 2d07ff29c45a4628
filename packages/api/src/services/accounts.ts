import {
  type Db,
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
import type { SessionUser } from '../context';
import { hashPassword, toSessionUser, verifyPassword } from './auth';

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
 * Signups made without an account under this email join the account's history once its owner
 * registers or signs in with that email.
 */
export function linkSignupsByEmail(db: Db, user: { id: number; email: string }): void {
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

export function updateAccount(
  db: Db,
  userId: number,
  changes: { name: string; email: string; phone?: string | null; emailConsent?: boolean },
): SessionUser {
  getUser(db, userId);
  const clash = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, changes.email), ne(users.id, userId)))
    .get();
  if (clash) throw new TRPCError({ code: 'CONFLICT', message: accountMessages.emailTaken });
  const updated = db.update(users).set(changes).where(eq(users.id, userId)).returning().get();
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: accountMessages.userNotFound });
  return toSessionUser(updated);
}

/**
 * Checks the current password, stores the new one, and ends every other session of the account
 * (`keepSessionId` is the caller's own session when they change their own password).
 */
export async function changePassword(
  db: Db,
  userId: number,
  input: { currentPassword: string; newPassword: string },
  keepSessionId: number | null,
): Promise<void> {
  const user = getUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: accountMessages.wrongPassword });
  }
  const passwordHash = await hashPassword(input.newPassword);
  db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
    tx.delete(sessions)
      .where(keepSessionId === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
      .run();
  });
}
