import {
  type Db,
  type Executor,
  signupSheets,
  users,
  type SignupSheet,
  type Volunteer,
  volunteers,
  type VolunteerSlot,
  volunteerSlots,
} from '@pac/db';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { SessionUser } from '../context';

export type SheetWithSlots = SignupSheet & { slots: VolunteerSlot[] };

/** A volunteer as a given viewer may see them. */
export interface VolunteerView {
  id: number;
  slotId: number;
  name: string;
  signupTime: Date;
  isMine: boolean;
  userId?: number | null;
  email?: string;
  phone?: string;
  notes?: string | null;
  emailConsent?: boolean;
}

export type SlotWithVolunteers = VolunteerSlot & { volunteers: VolunteerView[] };
export type SheetDetail = SignupSheet & { slots: SlotWithVolunteers[] };

export const messages = {
  sheetNotFound: 'Signup sheet not found',
  slotNotFound: 'Volunteer slot not found',
  volunteerNotFound: 'Volunteer not found',
  slotFull: 'This volunteer slot is full',
  alreadySignedUp: 'This email is already signed up for this volunteer slot',
} as const;

// Slots by start time, slots without a time last, ties by title (SPEC.md section 2).
const slotOrder = [sql`${volunteerSlots.startTime} IS NULL`, asc(volunteerSlots.startTime), asc(volunteerSlots.title)];

/**
 * Whether a partial update names any field to change. Drizzle throws 'No values to set' for an
 * UPDATE whose SET would be empty (every value undefined), so a no-op update must skip it.
 */
export function hasChanges(changes: Record<string, unknown>): boolean {
  return Object.values(changes).some((v) => v !== undefined);
}

/** 'Jane Doe' → 'Jane D.'; a single name stays as it is. */
export function publicName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

export function viewVolunteer(v: Volunteer, viewer: SessionUser | null): VolunteerView {
  const isMine = viewer !== null && v.userId === viewer.id;
  if (viewer?.isAdmin || isMine) {
    return {
      id: v.id,
      slotId: v.slotId,
      name: v.name,
      signupTime: v.signupTime,
      isMine,
      userId: v.userId,
      email: v.email,
      phone: v.phone,
      notes: v.notes,
      emailConsent: v.emailConsent,
    };
  }
  return { id: v.id, slotId: v.slotId, name: publicName(v.name), signupTime: v.signupTime, isMine };
}

/** Every sheet, soonest event first, each with its slots (two statements in all). */
export function listSheets(db: Db): SheetWithSlots[] {
  const sheets = db.select().from(signupSheets).orderBy(asc(signupSheets.eventDate), asc(signupSheets.id)).all();
  const slots = db.select().from(volunteerSlots).orderBy(...slotOrder).all();
  const bySheet = new Map<number, VolunteerSlot[]>();
  for (const slot of slots) {
    const list = bySheet.get(slot.signupSheetId);
    if (list) list.push(slot);
    else bySheet.set(slot.signupSheetId, [slot]);
  }
  return sheets.map((s) => ({ ...s, slots: bySheet.get(s.id) ?? [] }));
}

/** One sheet with its slots and their volunteers (three statements, whatever the size). */
export function getSheetDetail(db: Db, id: number, viewer: SessionUser | null): SheetDetail {
  const sheet = db.select().from(signupSheets).where(eq(signupSheets.id, id)).get();
  if (!sheet) throw new TRPCError({ code: 'NOT_FOUND', message: messages.sheetNotFound });
  const slots = db.select().from(volunteerSlots).where(eq(volunteerSlots.signupSheetId, id)).orderBy(...slotOrder).all();
  const slotIds = slots.map((s) => s.id);
  const rows =
    slotIds.length === 0
      ? []
      : db
          .select()
          .from(volunteers)
          .where(inArray(volunteers.slotId, slotIds))
          .orderBy(asc(volunteers.signupTime), asc(volunteers.id))
          .all();
  const bySlot = new Map<number, VolunteerView[]>();
  for (const v of rows) {
    const view = viewVolunteer(v, viewer);
    const list = bySlot.get(v.slotId);
    if (list) list.push(view);
    else bySlot.set(v.slotId, [view]);
  }
  return { ...sheet, slots: slots.map((s) => ({ ...s, volunteers: bySlot.get(s.id) ?? [] })) };
}

export function getSlot(db: Executor, id: number): VolunteerSlot {
  const slot = db.select().from(volunteerSlots).where(eq(volunteerSlots.id, id)).get();
  if (!slot) throw new TRPCError({ code: 'NOT_FOUND', message: messages.slotNotFound });
  return slot;
}

export function getVolunteer(db: Executor, id: number): Volunteer {
  const volunteer = db.select().from(volunteers).where(eq(volunteers.id, id)).get();
  if (!volunteer) throw new TRPCError({ code: 'NOT_FOUND', message: messages.volunteerNotFound });
  return volunteer;
}

/** Admins may change anyone's signup; a signed-in volunteer only their own. */
export function assertMayChangeVolunteer(volunteer: Volunteer, user: SessionUser | null): void {
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
  if (!user.isAdmin && volunteer.userId !== user.id) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You can only change your own signups' });
  }
}

export interface SignupInput {
  slotId: number;
  userId: number | null;
  name: string;
  email: string;
  phone: string;
  notes: string | null;
  emailConsent: boolean;
}

/**
 * The signup as one transaction whose statements are built and compiled once per database rather
 * than on every signup. On the busiest write path, building the drizzle queries, compiling them
 * again and making a new transaction wrapper (drizzle's `db.transaction` makes one per call) took
 * ~150 µs of CPU per signup; prepared once, the signup takes ~17 µs (bench/results.md notes).
 */
function signupTransaction(db: Db): (input: SignupInput) => Volunteer {
  const slotId = sql.placeholder('slotId');
  const slot = db.select({ id: volunteerSlots.id }).from(volunteerSlots).where(eq(volunteerSlots.id, slotId)).prepare();
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
  return db.$client.transaction((input: SignupInput): Volunteer => {
    if (!slot.get({ slotId: input.slotId })) throw new TRPCError({ code: 'NOT_FOUND', message: messages.slotNotFound });
    // Capacity first: on a full slot everyone hears the same thing, so the answer never tells a
    // stranger whether some address is signed up. (A throw below rolls the raised count back.)
    if (raise.run({ slotId: input.slotId }).changes === 0) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.slotFull });
    }
    if (duplicate.get({ slotId: input.slotId, email: input.email })) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.alreadySignedUp });
    }
    const created = insert.get({ ...input, signupTime: new Date() });
    if (!created) throw new Error('Inserting the volunteer returned no row');
    return created;
  });
}

const signupTransactions = new WeakMap<Db, (input: SignupInput) => Volunteer>();

/**
 * Signs a volunteer up. The capacity check and the insert are one transaction, and the count
 * is raised by a guarded UPDATE, so concurrent signups can never overfill a slot.
 */
export function signUp(db: Db, input: SignupInput): Volunteer {
  let run = signupTransactions.get(db);
  if (!run) {
    run = signupTransaction(db);
    signupTransactions.set(db, run);
  }
  return run(input);
}

/**
 * Whose signup this is. An admin may name an account (`userId`). Otherwise it is the caller's own
 * only when made with the caller's own email; with any other email (an organizer entering a
 * volunteer who phoned in) it belongs to the verified account with that email, or to nobody. A
 * userId naming someone else is refused for everyone but admins.
 */
export function signupOwner(db: Db, caller: SessionUser | null, input: { userId?: number | null; email: string }): number | null {
  const claimed = input.userId ?? null;
  if (claimed !== null && claimed !== caller?.id) {
    if (!caller?.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'You can only sign up as yourself' });
    // A missing account is the caller's mistake, not a foreign-key failure (which would be a 500).
    const account = db.select({ id: users.id }).from(users).where(eq(users.id, claimed)).get();
    if (!account) throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
    return claimed;
  }
  if (caller && caller.email === input.email) return caller.id;
  const verified = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), eq(users.emailVerified, true)))
    .get();
  return verified?.id ?? null;
}

/** Removes a signup and lowers its slot's count in the same transaction. */
export function removeVolunteer(db: Db, volunteer: Volunteer): void {
  db.transaction((tx) => {
    const removed = tx.delete(volunteers).where(eq(volunteers.id, volunteer.id)).run();
    if (removed.changes === 0) return;
    tx.update(volunteerSlots)
      .set({ currentVolunteers: sql`${volunteerSlots.currentVolunteers} - 1` })
      .where(eq(volunteerSlots.id, volunteer.slotId))
      .run();
  });
}
