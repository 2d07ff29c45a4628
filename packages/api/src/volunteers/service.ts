import {
  type Db,
  type Executor,
  signupSheets,
  type SignupSheet,
  type Volunteer,
  volunteers,
  type VolunteerStatus,
  type VolunteerSlot,
  volunteerSlots,
} from '@pac/db';
import type { volunteerSignupSchema, volunteerUpdateSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, inArray, isNull, lt, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, SessionUser, UserContext } from '../context';
import { assertOwnerOrAdmin, isOrganizer, managesSheet } from '../lib/access';
import { managesVolunteer, slotSheetOwner } from '../lib/sheetAccess';
import { assertValidLink } from '../lib/links';
import { hasChanges } from '../lib/updates';
import { currentSender } from '../notifications/service';
import { RuntimeKey } from '../runtime';
import { getSlotWithSheet, lowerVolunteerCount, slotHours, slotMessages } from '../slots/service';
import { userExists, userMessages, verifiedUserIdByEmail } from '../users/service';
import { sendSignupConfirmation, type SignupWithEvent } from './mail';

export const volunteerMessages = {
  volunteerNotFound: 'Volunteer not found',
  slotFull: 'This volunteer slot is full',
  signupsClosed: 'Signups for this slot have closed',
  alreadySignedUp: 'This email is already signed up for this volunteer slot',
  notYourSignup: 'You can only change your own signups',
  notYourself: 'You can only sign up as yourself',
  tooManySignups: 'Too many signups from this network. Please try again later.',
} as const;

/** A volunteer as a given viewer may see them. */
export interface VolunteerView {
  id: number;
  slotId: number;
  name: string;
  signupTime: Date;
  status: VolunteerStatus;
  isMine: boolean;
  userId?: number | null;
  email?: string;
  phone?: string;
  notes?: string | null;
  emailConsent?: boolean;
  /** Event-day check-in, for whoever runs the sheet. */
  attended?: boolean | null;
}

/** 'Jane Doe' → 'Jane D.'; a single name stays as it is. */
export function publicName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/**
 * Whoever runs the sheet (`managesSheet`: an administrator or its organizer) and the volunteer
 * themself see the contact details; everyone else a first name and initial.
 */
export function viewVolunteer(v: Volunteer, viewer: SessionUser | null, managesSheet: boolean): VolunteerView {
  const isMine = viewer !== null && v.userId === viewer.id;
  const base = { id: v.id, slotId: v.slotId, signupTime: v.signupTime, status: v.status, isMine };
  if (managesSheet || isMine) {
    return {
      ...base,
      name: v.name,
      userId: v.userId,
      email: v.email,
      phone: v.phone,
      notes: v.notes,
      emailConsent: v.emailConsent,
      ...(managesSheet ? { attended: v.attended } : {}),
    };
  }
  return { ...base, name: publicName(v.name) };
}

/** The volunteers of these slots as `viewer` may see them, in signup order, by slot (one statement). */
export function volunteerViewsBySlot(
  db: Db,
  slotIds: number[],
  viewer: SessionUser | null,
  managesSheet: boolean,
): Map<number, VolunteerView[]> {
  const bySlot = new Map<number, VolunteerView[]>();
  if (slotIds.length === 0) return bySlot;
  const rows = db
    .select()
    .from(volunteers)
    .where(inArray(volunteers.slotId, slotIds))
    .orderBy(asc(volunteers.signupTime), asc(volunteers.id))
    .all();
  for (const v of rows) {
    const view = viewVolunteer(v, viewer, managesSheet);
    const list = bySlot.get(v.slotId);
    if (list) list.push(view);
    else bySlot.set(v.slotId, [view]);
  }
  return bySlot;
}

export function getVolunteer(db: Executor, id: number): Volunteer {
  const volunteer = db.select().from(volunteers).where(eq(volunteers.id, id)).get();
  if (!volunteer) throw new TRPCError({ code: 'NOT_FOUND', message: volunteerMessages.volunteerNotFound });
  return volunteer;
}

/** A signup with its slot and sheet. */
export function signupWithEvent(db: Executor, volunteer: Volunteer): SignupWithEvent {
  return { volunteer, ...getSlotWithSheet(db, volunteer.slotId) };
}

/**
 * Signups close when the slot starts (or, for a slot without a start time, when its sheet's event
 * does): API.md "Signups close when the slot starts".
 */
export function signupsClosed(slot: { startTime: Date | null; eventDate: Date }, now: Date): boolean {
  return (slot.startTime ?? slot.eventDate).getTime() <= now.getTime();
}

// A type, not an interface: prepared statements take it as a record of named parameters.
type SignupRow = {
  slotId: number;
  /** Admins may still add volunteers to a slot that has started (API.md). */
  allowClosed: boolean;
  userId: number | null;
  name: string;
  email: string;
  phone: string;
  notes: string | null;
  emailConsent: boolean;
  signupTime: Date;
};

/**
 * The signup as one transaction whose statements are built and compiled once per database rather
 * than on every signup. On the busiest write path, building the drizzle queries, compiling them
 * again and making a new transaction wrapper (drizzle's `db.transaction` makes one per call) took
 * ~150 µs of CPU per signup; prepared once, the signup takes ~17 µs (bench/results.md notes). It
 * reads the slot's times and raises its count itself: prepared statements cannot call another
 * domain's functions.
 */
function signupTransaction(db: Db): (row: SignupRow) => Volunteer {
  const slotId = sql.placeholder('slotId');
  const slot = db
    .select({ startTime: volunteerSlots.startTime, eventDate: signupSheets.eventDate })
    .from(volunteerSlots)
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .where(eq(volunteerSlots.id, slotId))
    .prepare();
  const duplicate = db
    .select({ id: volunteers.id })
    .from(volunteers)
    .where(and(eq(volunteers.slotId, slotId), eq(volunteers.email, sql.placeholder('email'))))
    .prepare();
  const raise = db
    .update(volunteerSlots)
    .set({ currentVolunteers: sql`${volunteerSlots.currentVolunteers} + 1` })
    .where(and(eq(volunteerSlots.id, slotId), lt(volunteerSlots.currentVolunteers, volunteerSlots.maxVolunteers)))
    .prepare();
  const insert = db
    .insert(volunteers)
    .values({
      slotId,
      userId: sql.placeholder('userId'),
      name: sql.placeholder('name'),
      email: sql.placeholder('email'),
      phone: sql.placeholder('phone'),
      notes: sql.placeholder('notes'),
      emailConsent: sql.placeholder('emailConsent'),
      // A placeholder, not the column's default: a default would be fixed when the statement is built.
      signupTime: sql.placeholder('signupTime'),
    })
    .returning()
    .prepare();
  // better-sqlite3's own transaction (what drizzle's db.transaction calls underneath): BEGIN, the
  // function, COMMIT, or ROLLBACK when it throws. One connection, so statements prepared on `db` run in it.
  return db.$client.transaction((row: SignupRow): Volunteer => {
    const found = slot.get({ slotId: row.slotId });
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: slotMessages.slotNotFound });
    if (!row.allowClosed && signupsClosed(found, row.signupTime)) {
      throw new TRPCError({ code: 'CONFLICT', message: volunteerMessages.signupsClosed });
    }
    // Capacity first: on a full slot everyone hears the same thing, so the answer never tells a
    // stranger whether some address is signed up. (A throw below rolls the raised count back.)
    if (raise.run({ slotId: row.slotId }).changes === 0) {
      throw new TRPCError({ code: 'CONFLICT', message: volunteerMessages.slotFull });
    }
    if (duplicate.get({ slotId: row.slotId, email: row.email })) {
      throw new TRPCError({ code: 'CONFLICT', message: volunteerMessages.alreadySignedUp });
    }
    const created = insert.get(row);
    if (!created) throw new Error('Inserting the volunteer returned no row');
    return created;
  });
}

const signupStatements = new RuntimeKey<(row: SignupRow) => Volunteer>('volunteers: signup transaction');

/**
 * Whose signup this is. An admin may name an account (`userId`). Otherwise it is the caller's own
 * only when made with the caller's own email; with any other email (an organizer entering a
 * volunteer who phoned in) it belongs to the verified account with that email, or to nobody. A
 * userId naming someone else is refused for everyone but admins.
 */
export function signupOwner(
  db: Db,
  caller: SessionUser | null,
  input: { userId?: number | null; email: string },
): number | null {
  const claimed = input.userId ?? null;
  if (claimed !== null && claimed !== caller?.id) {
    assertOwnerOrAdmin(caller, claimed, volunteerMessages.notYourself);
    // A missing account is the caller's mistake, not a foreign-key failure (which would be a 500).
    if (!userExists(db, claimed)) throw new TRPCError({ code: 'NOT_FOUND', message: userMessages.userNotFound });
    return claimed;
  }
  if (caller && caller.email === input.email) return caller.id;
  return verifiedUserIdByEmail(db, input.email);
}

/**
 * Signs a volunteer up. The capacity check and the insert are one transaction, and the count is
 * raised by a guarded UPDATE, so concurrent signups can never overfill a slot. Each client address
 * may make SIGNUP_RATE_LIMIT signups in 10 minutes (admins exempt), and each email address receives
 * at most a few confirmations an hour, so that the form cannot be used to flood anyone's mailbox.
 * `confirmationEmail` says whether a confirmation is on its way (the page promises one only then).
 */
export function signUp(
  ctx: Context,
  input: z.output<typeof volunteerSignupSchema>,
): Volunteer & { confirmationEmail: boolean } {
  const { db, runtime } = ctx;
  // Whoever runs the sheet may add volunteers to a slot that has started, without the per-address limit.
  const admin = isOrganizer(ctx.user) && managesSheet(ctx.user, slotSheetOwner(db, input.slotId).ownerId);
  const userId = signupOwner(db, ctx.user, input);
  const taken = !admin && ctx.clientAddress !== null ? runtime.limits.signups.take(ctx.clientAddress) : null;
  if (taken && !taken.allowed)
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: volunteerMessages.tooManySignups });
  let volunteer: Volunteer;
  try {
    volunteer = runtime.state(
      signupStatements,
      signupTransaction,
    )({
      slotId: input.slotId,
      allowClosed: admin,
      userId,
      name: input.name,
      email: input.email,
      phone: input.phone,
      notes: input.notes ?? null,
      emailConsent: input.emailConsent,
      signupTime: runtime.now(),
    });
  } catch (error) {
    // Only signups that happened count against the address.
    if (taken?.allowed) taken.ticket.release();
    throw error;
  }
  // The confirmation goes out after the answer: a slow or failing mail server never costs a signup.
  const confirmationEmail =
    currentSender(ctx) !== null && runtime.limits.confirmationMail.take(volunteer.email).allowed;
  if (confirmationEmail) {
    const signup = signupWithEvent(db, volunteer);
    runtime.mail.inBackground('Signup confirmation', () => sendSignupConfirmation(ctx, signup));
  }
  return { ...volunteer, confirmationEmail };
}

/** The signup behind a signed cancel link, or FORBIDDEN when the link is not ours. */
function linkedSignup(ctx: Context, link: { id: number; token: string }): SignupWithEvent {
  const volunteer = getVolunteer(ctx.db, link.id);
  assertValidLink(ctx, 'cancel', link.id, link.token);
  return signupWithEvent(ctx.db, volunteer);
}

/** What a cancel link from the confirmation email is about, for the page that asks to confirm. */
export function cancelInfo(ctx: Context, link: { id: number; token: string }) {
  const { volunteer, slot, sheet } = linkedSignup(ctx, link);
  return {
    name: volunteer.name,
    slotTitle: slot.title,
    startTime: slot.startTime,
    endTime: slot.endTime,
    sheetId: sheet.id,
    sheetTitle: sheet.title,
    eventDate: sheet.eventDate,
  };
}

/** Cancels a signup from the link in its confirmation email, without an account. */
export function cancelByLink(ctx: Context, link: { id: number; token: string }) {
  const { volunteer } = linkedSignup(ctx, link);
  removeVolunteer(ctx.db, volunteer);
  return { message: 'Your signup has been cancelled' };
}

/** Whether the caller may change this signup: their own, or one on a sheet they run. */
function assertMaySignupChange(db: Executor, caller: SessionUser, volunteer: Volunteer): void {
  if (volunteer.userId === caller.id) return;
  if (!managesVolunteer(db, caller, volunteer.id))
    throw new TRPCError({ code: 'FORBIDDEN', message: volunteerMessages.notYourSignup });
}

/**
 * Changes a signup: the caller's own, or one on a sheet they run; an email already on the slot is
 * refused.
 */
export function updateSignup(ctx: UserContext, input: z.output<typeof volunteerUpdateSchema>): Volunteer {
  const { id, ...changes } = input;
  return ctx.db.transaction((tx) => {
    const volunteer = getVolunteer(tx, id);
    assertMaySignupChange(tx, ctx.user, volunteer);
    if (changes.email !== undefined) {
      const clash = tx
        .select({ id: volunteers.id })
        .from(volunteers)
        .where(and(eq(volunteers.slotId, volunteer.slotId), eq(volunteers.email, changes.email), ne(volunteers.id, id)))
        .get();
      if (clash) throw new TRPCError({ code: 'CONFLICT', message: volunteerMessages.alreadySignedUp });
    }
    if (!hasChanges(changes)) return volunteer;
    const updated = tx.update(volunteers).set(changes).where(eq(volunteers.id, id)).returning().get();
    if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: volunteerMessages.volunteerNotFound });
    return updated;
  });
}

/** Cancels a signup: the caller's own, or one on a sheet they run. */
export function deleteSignup(ctx: UserContext, id: number): { success: true } {
  const volunteer = getVolunteer(ctx.db, id);
  assertMaySignupChange(ctx.db, ctx.user, volunteer);
  removeVolunteer(ctx.db, volunteer);
  return { success: true as const };
}

/** Removes a signup and lowers its slot's count in the same transaction. */
export function removeVolunteer(db: Db, volunteer: Volunteer): void {
  db.transaction((tx) => {
    const removed = tx.delete(volunteers).where(eq(volunteers.id, volunteer.id)).run();
    if (removed.changes === 0) return;
    lowerVolunteerCount(tx, volunteer.slotId);
  });
}

/** Signups made without an account under this email join the account (see auth's linkSignupsByEmail). */
export function claimSignupsByEmail(db: Executor, userId: number, email: string): void {
  db.update(volunteers)
    .set({ userId })
    .where(and(eq(volunteers.email, email), isNull(volunteers.userId)))
    .run();
}

/** Stops reminder emails to every signup with this email address. */
export function withdrawEmailConsent(db: Executor, email: string): void {
  db.update(volunteers).set({ emailConsent: false }).where(eq(volunteers.email, email)).run();
}

export interface HistoryEntry {
  id: number;
  signupTime: Date;
  notes: string | null;
  status: VolunteerStatus;
  attended: boolean | null;
  /** The hours this signup counts (see countedHours). */
  hours: number;
  slot: VolunteerSlot;
  signupSheet: SignupSheet;
}

/**
 * Whether a signup counts towards hours: a confirmed one, and once its slot has check-ins only if
 * the volunteer was marked as attended (API.md "Event day").
 */
export function countsForHours(
  signup: { status: VolunteerStatus; attended: boolean | null },
  slotHasCheckIns: boolean,
) {
  return signup.status === 'confirmed' && (!slotHasCheckIns || signup.attended === true);
}

/** SQL: whether the slot `slotId` names has any check-in recorded. */
export function slotHasCheckInsSql(slotId: SQLWrapper) {
  return sql<number>`exists (select 1 from ${volunteers} as checked where checked.slot_id = ${slotId} and checked.attended is not null)`;
}

/**
 * Signups joined with their slot and sheet, `{ volunteer, slot, sheet }`: the start of every list
 * of signups (the account history, reminders, the volunteer report); callers add where, order, limit.
 */
export function signupsWithEvent(db: Executor) {
  return db
    .select({ volunteer: volunteers, slot: volunteerSlots, sheet: signupSheets })
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .$dynamic();
}

/** An account's signups with their slot and sheet, latest event first. */
export function signupHistory(db: Db, userId: number): HistoryEntry[] {
  return db
    .select({
      volunteer: volunteers,
      slot: volunteerSlots,
      sheet: signupSheets,
      slotHasCheckIns: slotHasCheckInsSql(volunteerSlots.id).mapWith(Boolean),
    })
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .where(eq(volunteers.userId, userId))
    .orderBy(desc(signupSheets.eventDate), desc(volunteers.signupTime))
    .all()
    .map((r) => ({
      id: r.volunteer.id,
      signupTime: r.volunteer.signupTime,
      notes: r.volunteer.notes,
      status: r.volunteer.status,
      attended: r.volunteer.attended,
      hours: countsForHours(r.volunteer, r.slotHasCheckIns) ? slotHours(r.slot) : 0,
      slot: r.slot,
      signupSheet: r.sheet,
    }));
}
