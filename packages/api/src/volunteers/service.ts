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
import type { mySignupMoveSchema, mySignupSchema, volunteerSignupSchema, volunteerUpdateSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, getTableColumns, isNull, lt, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, ServiceContext, SessionUser, UserContext } from '../context';
import { currentSender } from '../email/service';
import { assertOwnerOrAdmin, isOrganizer, managesSheet } from '../lib/access';
import { managesVolunteer, slotSheetOwner } from '../lib/sheetAccess';
import { assertValidLink } from '../lib/links';
import { manageTokenVolunteerId } from '../lib/manageLink';
import { commitTogether } from '../lib/sharedCommits';
import type { SignupWithEvent } from '../lib/signupEmail';
import { hasChanges } from '../lib/updates';
import { RuntimeKey } from '../runtime';
import { getSlotWithSheet, lowerVolunteerCount, slotHours, slotMessages, slotsOfSheet } from '../slots/service';
import { userExists, userMessages, verifiedUserIdByEmail } from '../users/service';
import { announcePromotions, promoteFromWaitlist, waitlistPosition } from '../waitlist/service';
import { sendSignupConfirmation } from './mail';

export const volunteerMessages = {
  volunteerNotFound: 'Volunteer not found',
  slotFull: 'This volunteer slot is full',
  signupsClosed: 'Signups for this slot have closed',
  alreadySignedUp: 'This email is already signed up for this volunteer slot',
  notYourSignup: 'You can only change your own signups',
  notYourself: 'You can only sign up as yourself',
  tooManySignups: 'Too many signups from this network. Please try again later.',
  signupCancelled: 'Your signup has been cancelled',
  otherSheet: 'You can only move your signup to another slot of the same signup sheet',
  sameSlot: 'Your signup is already in this volunteer slot',
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

/** The volunteers of one sheet, in signup order, with one statement compiled once per database. */
function prepareSheetVolunteers(db: Db) {
  return db
    .select(getTableColumns(volunteers))
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .where(eq(volunteerSlots.signupSheetId, sql.placeholder('sheetId')))
    .orderBy(asc(volunteers.signupTime), asc(volunteers.id))
    .prepare();
}
const sheetVolunteersStatement = new RuntimeKey<ReturnType<typeof prepareSheetVolunteers>>('volunteers: of one sheet');

export interface SheetVolunteerViews {
  /** Each slot's volunteers as the viewer may see them, in signup order. */
  bySlot: Map<number, VolunteerView[]>;
  /** How many wait on each slot's waitlist (everyone sees the count). */
  waitlistCounts: Map<number, number>;
}

/**
 * The volunteers of a sheet's slots as `viewer` may see them, in signup order (so a slot's
 * waitlist is in the order it will be promoted), by slot, and each slot's waitlist count: one
 * prepared statement, the sheet page's read path. Whoever runs the sheet sees the waitlist;
 * everyone else only their own waitlisted entry (the rest is the count).
 */
export function volunteerViewsOfSheet(
  ctx: ServiceContext,
  sheetId: number,
  viewer: SessionUser | null,
  managesSheet: boolean,
): SheetVolunteerViews {
  const bySlot = new Map<number, VolunteerView[]>();
  const waitlistCounts = new Map<number, number>();
  for (const v of ctx.runtime.state(sheetVolunteersStatement, prepareSheetVolunteers).all({ sheetId })) {
    if (v.status === 'waitlisted') {
      waitlistCounts.set(v.slotId, (waitlistCounts.get(v.slotId) ?? 0) + 1);
      if (!managesSheet && (viewer === null || v.userId !== viewer.id)) continue;
    }
    const view = viewVolunteer(v, viewer, managesSheet);
    const list = bySlot.get(v.slotId);
    if (list) list.push(view);
    else bySlot.set(v.slotId, [view]);
  }
  return { bySlot, waitlistCounts };
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
  /**
   * Whose signup it is (see signupOwner), asked only once the signup is going in: a refused
   * signup (a full slot) never pays for the account lookup.
   */
  owner: () => number | null;
  name: string;
  email: string;
  phone: string;
  notes: string | null;
  emailConsent: boolean;
  signupTime: Date;
  /** On a full slot, join its waitlist instead of being refused (ignored while the slot has room). */
  waitlist: boolean;
};

/**
 * The answer to a signup on a full slot: the one most signups get the evening a newsletter goes
 * out. It is an expected answer, not a fault, so no stack trace is captured for it (capturing one,
 * through the procedure's async frames, was a twentieth of a refused signup's CPU).
 */
function slotFullRefusal(): TRPCError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new TRPCError({ code: 'CONFLICT', message: volunteerMessages.slotFull });
  } finally {
    Error.stackTraceLimit = limit;
  }
}

interface SignupSteps {
  /**
   * Refuses, on one read and before any write, a signup that the slot's state alone refuses: no
   * such slot, signups closed, or full for someone not asking for the waitlist.
   */
  refuseEarly(row: SignupRow): void;
  /** The signup's writes; run inside a transaction, which its throw rolls back. */
  write(row: SignupRow): Volunteer;
}

/**
 * The signup's statements, built and compiled once per database rather than on every signup. On
 * the busiest write path, building the drizzle queries, compiling them again and making a new
 * transaction wrapper (drizzle's `db.transaction` makes one per call) took ~150 µs of CPU per
 * signup; prepared once, the signup takes ~17 µs (bench/results.md notes). It reads the slot's
 * times and raises its count itself: prepared statements cannot call another domain's functions.
 */
function prepareSignup(db: Db): SignupSteps {
  const slotId = sql.placeholder('slotId');
  // The sheet's date through a subquery, not a join: SQLite 3.54 (better-sqlite3 13) compiles a
  // join whose WHERE holds a bound parameter again on every run after the parameter is bound,
  // which tripled this read, the whole of a refused signup's database work (bench/results.md notes).
  const slot = db
    .select({
      startTime: volunteerSlots.startTime,
      eventDate:
        sql`(select ${signupSheets.eventDate} from ${signupSheets} where ${signupSheets.id} = ${volunteerSlots.signupSheetId})`.mapWith(
          signupSheets.eventDate,
        ),
      currentVolunteers: volunteerSlots.currentVolunteers,
      maxVolunteers: volunteerSlots.maxVolunteers,
    })
    .from(volunteerSlots)
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
      status: sql.placeholder('status'),
    })
    .returning()
    .prepare();
  /** The slot, or the refusal every signup on it gets whatever the count. */
  const openSlot = (row: SignupRow) => {
    const found = slot.get({ slotId: row.slotId });
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: slotMessages.slotNotFound });
    if (!row.allowClosed && signupsClosed(found, row.signupTime)) {
      throw new TRPCError({ code: 'CONFLICT', message: volunteerMessages.signupsClosed });
    }
    return found;
  };
  /**
   * Once a slot is full, nearly every signup on it is refused (the evening a newsletter goes out,
   * most of them). Such a refusal writes nothing, so it is decided on one read, with no
   * transaction: the slot was full when it was read, which is when the signup happened.
   */
  const refuseEarly = (row: SignupRow) => {
    const found = openSlot(row);
    if (!row.waitlist && found.currentVolunteers >= found.maxVolunteers) throw slotFullRefusal();
  };
  // One connection, so statements prepared on `db` run in the caller's transaction. Its guarded
  // UPDATE alone decides whether a spot is still there. The slot is read again: the write runs a
  // turn of the event loop after refuseEarly, and the slot may have been removed or started since.
  const write = (row: SignupRow): Volunteer => {
    openSlot(row);
    // Capacity first: on a full slot everyone who does not ask for the waitlist hears the same
    // thing, so the answer never tells a stranger whether some address is signed up. (A throw
    // below rolls the raised count back.) A slot with room has an empty waitlist (every freed spot
    // is filled from it in the same transaction), so a confirmed signup never jumps the line.
    const confirmed = raise.run({ slotId: row.slotId }).changes > 0;
    if (!confirmed && !row.waitlist) throw slotFullRefusal();
    if (duplicate.get({ slotId: row.slotId, email: row.email })) {
      throw new TRPCError({ code: 'CONFLICT', message: volunteerMessages.alreadySignedUp });
    }
    const status: VolunteerStatus = confirmed ? 'confirmed' : 'waitlisted';
    const created = insert.get({ ...row, userId: row.owner(), status });
    if (!created) throw new Error('Inserting the volunteer returned no row');
    return created;
  };
  return { refuseEarly, write };
}

const signupStatements = new RuntimeKey<SignupSteps>('volunteers: signup statements');

/**
 * Whose signup this is. An admin may name an account (`userId`). Otherwise it is the caller's own
 * only when made with the caller's own email; with any other email (an organizer entering a
 * volunteer who phoned in) it belongs to the verified account with that email, or to nobody. A
 * userId naming someone else is refused for everyone but admins. The claim is checked here; the
 * answer is a lookup that the signup asks only when it is about to insert its row.
 */
export function signupOwner(
  ctx: ServiceContext,
  caller: SessionUser | null,
  input: { userId?: number | null; email: string },
): () => number | null {
  const claimed = input.userId ?? null;
  if (claimed !== null && claimed !== caller?.id) {
    assertOwnerOrAdmin(caller, claimed, volunteerMessages.notYourself);
    // A missing account is the caller's mistake, not a foreign-key failure (which would be a 500).
    if (!userExists(ctx.db, claimed)) throw new TRPCError({ code: 'NOT_FOUND', message: userMessages.userNotFound });
    return () => claimed;
  }
  if (caller && caller.email === input.email) return () => caller.id;
  return () => verifiedUserIdByEmail(ctx, input.email);
}

/**
 * Signs a volunteer up. The capacity check and the insert are one transaction (a savepoint in the
 * commit it shares with other signups of the same moment), and the count is raised by a guarded
 * UPDATE, so concurrent signups can never overfill a slot. It answers once that commit is on
 * disk; a signup the slot refuses outright (full, closed) is answered at once. Each client address
 * may make SIGNUP_RATE_LIMIT signups in 10 minutes (admins exempt), and each email address receives
 * at most a few confirmations an hour, so that the form cannot be used to flood anyone's mailbox.
 * `confirmationEmail` says whether a confirmation is on its way (the page promises one only then).
 * On a full slot, `waitlist: true` makes the signup `waitlisted` instead of refused.
 */
export async function signUp(
  ctx: Context,
  input: z.output<typeof volunteerSignupSchema>,
): Promise<Volunteer & { confirmationEmail: boolean }> {
  const { db, runtime } = ctx;
  // Whoever runs the sheet may add volunteers to a slot that has started, without the per-address limit.
  const admin = isOrganizer(ctx.user) && managesSheet(ctx.user, slotSheetOwner(db, input.slotId).ownerId);
  const owner = signupOwner(ctx, ctx.user, input);
  const row: SignupRow = {
    slotId: input.slotId,
    allowClosed: admin,
    owner,
    name: input.name,
    email: input.email,
    phone: input.phone,
    notes: input.notes ?? null,
    emailConsent: input.emailConsent,
    signupTime: runtime.now(),
    waitlist: input.waitlist === true,
  };
  const steps = runtime.state(signupStatements, prepareSignup);
  steps.refuseEarly(row);
  const taken = !admin && ctx.clientAddress !== null ? runtime.limits.signups.take(ctx.clientAddress) : null;
  if (taken && !taken.allowed)
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: volunteerMessages.tooManySignups });
  let volunteer: Volunteer;
  try {
    // Answered only once committed (synchronous = FULL); signups arriving together share the commit.
    volunteer = await commitTogether(ctx, () => steps.write(row));
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
    const position = waitlistPosition(db, volunteer);
    runtime.mail.inBackground('Signup confirmation', () => sendSignupConfirmation(ctx, signup, position));
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
  removeVolunteer(ctx, volunteer.id);
  return { message: volunteerMessages.signupCancelled };
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
  removeVolunteer(ctx, volunteer.id);
  return { success: true as const };
}

/**
 * Removes a signup. A confirmed one frees its spot: the slot's count goes down and the earliest
 * waitlisted volunteer takes the spot, in the same transaction; they are emailed after it commits.
 */
export function removeVolunteer(ctx: ServiceContext, volunteerId: number): void {
  const promoted = ctx.db.transaction((tx) => {
    // What the row was when it went, not when the caller read it.
    const removed = tx
      .delete(volunteers)
      .where(eq(volunteers.id, volunteerId))
      .returning({ slotId: volunteers.slotId, status: volunteers.status })
      .get();
    if (removed?.status !== 'confirmed') return [];
    lowerVolunteerCount(tx, removed.slotId);
    return promoteFromWaitlist(tx, removed.slotId);
  });
  announcePromotions(ctx, promoted);
}

// ---------------------------------------------------------------------------------------------
// "Manage my signup": the page behind the link in a volunteer's emails, without an account.

/** The signup behind a manage link as its page shows it: no phone or notes (a link can be forwarded). */
export interface ManagedSignup {
  id: number;
  slotId: number;
  name: string;
  email: string;
  status: VolunteerStatus;
  signupTime: Date;
  /** 1 is next in line; null when confirmed. */
  waitlistPosition: number | null;
}

function managedSignup(db: Executor, volunteer: Volunteer): ManagedSignup {
  return {
    id: volunteer.id,
    slotId: volunteer.slotId,
    name: volunteer.name,
    email: volunteer.email,
    status: volunteer.status,
    signupTime: volunteer.signupTime,
    waitlistPosition: waitlistPosition(db, volunteer),
  };
}

/** The volunteer behind a manage link: FORBIDDEN unless we signed it, NOT_FOUND once cancelled. */
function managedVolunteer(ctx: ServiceContext, token: string): Volunteer {
  return getVolunteer(ctx.db, manageTokenVolunteerId(ctx, token));
}

/**
 * What the manage page shows: the signup, its slot and sheet, whether the slot has started, and the
 * other slots of the sheet it could move to (not started, with spots left).
 */
export function manageInfo(ctx: ServiceContext, input: z.output<typeof mySignupSchema>) {
  const volunteer = managedVolunteer(ctx, input.token);
  const { slot, sheet } = getSlotWithSheet(ctx.db, volunteer.slotId);
  const now = ctx.runtime.now();
  const otherSlots = slotsOfSheet(ctx, sheet.id)
    .filter(
      (s) =>
        s.id !== slot.id &&
        s.currentVolunteers < s.maxVolunteers &&
        !signupsClosed({ startTime: s.startTime, eventDate: sheet.eventDate }, now),
    )
    .map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      startTime: s.startTime,
      endTime: s.endTime,
      maxVolunteers: s.maxVolunteers,
      currentVolunteers: s.currentVolunteers,
      spotsLeft: s.maxVolunteers - s.currentVolunteers,
    }));
  return {
    ...managedSignup(ctx.db, volunteer),
    /** The slot has started (or its event has passed). */
    closed: signupsClosed({ startTime: slot.startTime, eventDate: sheet.eventDate }, now),
    slot: {
      id: slot.id,
      title: slot.title,
      description: slot.description,
      startTime: slot.startTime,
      endTime: slot.endTime,
    },
    sheet: {
      id: sheet.id,
      title: sheet.title,
      description: sheet.description,
      eventDate: sheet.eventDate,
      organizerName: sheet.organizerName,
      organizerEmail: sheet.organizerEmail,
    },
    otherSlots,
  };
}

/** Cancels the signup behind a manage link (a confirmed one's spot goes to the waitlist). */
export function cancelByToken(ctx: ServiceContext, input: z.output<typeof mySignupSchema>) {
  const volunteer = managedVolunteer(ctx, input.token);
  removeVolunteer(ctx, volunteer.id);
  return { message: volunteerMessages.signupCancelled };
}

/**
 * Moves the signup behind a manage link to another slot of the same sheet, in one transaction: the
 * target's spot is taken by a guarded UPDATE (so concurrent moves and signups never overfill it),
 * and a confirmed volunteer's old spot goes to the old slot's waitlist. A waitlisted volunteer who
 * moves to a slot with room becomes confirmed there. The volunteer gets a fresh confirmation (with
 * the calendar invitation for the new time), those promoted their promotion email.
 */
export function moveSignup(ctx: ServiceContext, input: z.output<typeof mySignupMoveSchema>): ManagedSignup {
  const id = manageTokenVolunteerId(ctx, input.token);
  const now = ctx.runtime.now();
  const { moved, promoted } = ctx.db.transaction((tx) => {
    const volunteer = getVolunteer(tx, id);
    const from = getSlotWithSheet(tx, volunteer.slotId);
    const to = getSlotWithSheet(tx, input.slotId);
    if (to.sheet.id !== from.sheet.id)
      throw new TRPCError({ code: 'BAD_REQUEST', message: volunteerMessages.otherSheet });
    if (to.slot.id === from.slot.id) throw new TRPCError({ code: 'BAD_REQUEST', message: volunteerMessages.sameSlot });
    if (signupsClosed({ startTime: to.slot.startTime, eventDate: to.sheet.eventDate }, now))
      throw new TRPCError({ code: 'CONFLICT', message: volunteerMessages.signupsClosed });
    const taken = tx
      .update(volunteerSlots)
      .set({ currentVolunteers: sql`${volunteerSlots.currentVolunteers} + 1` })
      .where(and(eq(volunteerSlots.id, to.slot.id), lt(volunteerSlots.currentVolunteers, volunteerSlots.maxVolunteers)))
      .run();
    if (taken.changes === 0) throw new TRPCError({ code: 'CONFLICT', message: volunteerMessages.slotFull });
    const clash = tx
      .select({ id: volunteers.id })
      .from(volunteers)
      .where(and(eq(volunteers.slotId, to.slot.id), eq(volunteers.email, volunteer.email)))
      .get();
    if (clash) throw new TRPCError({ code: 'CONFLICT', message: volunteerMessages.alreadySignedUp });
    const updated = tx
      .update(volunteers)
      // A check-in belonged to the old slot.
      .set({ slotId: to.slot.id, status: 'confirmed', attended: null, checkedInAt: null })
      .where(eq(volunteers.id, id))
      .returning()
      .get();
    if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: volunteerMessages.volunteerNotFound });
    if (volunteer.status !== 'confirmed') return { moved: updated, promoted: [] };
    lowerVolunteerCount(tx, from.slot.id);
    return { moved: updated, promoted: promoteFromWaitlist(tx, from.slot.id) };
  });
  announcePromotions(ctx, promoted);
  if (currentSender(ctx) !== null && ctx.runtime.limits.confirmationMail.take(moved.email).allowed) {
    const signup = signupWithEvent(ctx.db, moved);
    ctx.runtime.mail.inBackground('Signup confirmation', () => sendSignupConfirmation(ctx, signup));
  }
  return managedSignup(ctx.db, moved);
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
