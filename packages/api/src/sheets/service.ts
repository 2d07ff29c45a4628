import {
  type Db,
  type Executor,
  type SheetQuestion,
  signupSheets,
  type SignupSheet,
  type VolunteerSlot,
  volunteerSlots,
} from '@pac/db';
import { randomBytes } from 'node:crypto';
import {
  idSchema,
  type questionInputSchema,
  type sheetCreateSchema,
  type sheetDuplicateSchema,
  type sheetDuplicateSeriesSchema,
  type sheetUpdateSchema,
} from '@pac/validators';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceContext, SessionUser, UserContext } from '../context';
import { assertManagesSheet, isAdmin, isOrganizer, managesSheet } from '../lib/access';
import { getUser } from '../lib/accounts';
import { refuse } from '../lib/errors';
import { assertManagesSheetId } from '../lib/sheetAccess';
import { hasChanges } from '../lib/updates';
import { RuntimeKey } from '../runtime';
import { setSlotTimes, slotMessages, slotsBySheet, slotsOfSheet } from '../slots/service';
import { hasSignupOnSheet, type VolunteerView, volunteerViewsOfSheet } from '../volunteers/history';
import { waitlistCountsBySlot } from '../waitlist/service';

export const sheetMessages = {
  sheetNotFound: slotMessages.sheetNotFound,
  ownerAdminOnly: /*i18n*/ 'Only an administrator can hand a sheet to another organizer',
  ownerNotOrganizer: /*i18n*/ 'A signup sheet can only be handed to an organizer or an administrator',
  /** A new event date so far from the old one that a slot's moved time would not be a date. */
  slotsOutOfRange: /*i18n*/ 'The new event date is too far from the original for its slots',
} as const;

export type SheetWithSlots = SignupSheet & { slots: VolunteerSlot[] };
/** A slot in a sheet answer: how many wait on its waitlist (everyone sees the count, not the names). */
export type SlotWithWaitlist = VolunteerSlot & { waitlistCount: number };
export type SheetWithWaitlists = SignupSheet & { slots: SlotWithWaitlist[] };
export type SlotWithVolunteers = SlotWithWaitlist & { volunteers: VolunteerView[] };
/** `viewerManages`: the caller runs this sheet (an administrator or its organizer), so the page shows their controls. */
export type SheetDetail = SignupSheet & { slots: SlotWithVolunteers[]; viewerManages: boolean };

function prepareSheet(db: Db) {
  return db
    .select()
    .from(signupSheets)
    .where(eq(signupSheets.id, sql.placeholder('id')))
    .prepare();
}
const sheetStatement = new RuntimeKey<ReturnType<typeof prepareSheet>>('sheets: one by id');

/** One sheet by id (a statement compiled once per database), or NOT_FOUND. */
export function getSheet(ctx: ServiceContext, id: number): SignupSheet {
  const sheet = ctx.runtime.state(sheetStatement, prepareSheet).get({ id });
  if (!sheet) throw refuse('NOT_FOUND', sheetMessages.sheetNotFound, { reason: 'sheetNotFound' });
  return sheet;
}

/** Every sheet, soonest event first, each with its slots and their waitlist counts (three statements in all). */
export function listSheets(db: Db): SheetWithWaitlists[] {
  const sheets = db.select().from(signupSheets).orderBy(asc(signupSheets.eventDate), asc(signupSheets.id)).all();
  const bySheet = slotsBySheet(db);
  const waiting = waitlistCountsBySlot(db);
  return sheets.map((s) => ({
    ...s,
    slots: (bySheet.get(s.id) ?? []).map((slot) => ({ ...slot, waitlistCount: waiting.get(slot.id) ?? 0 })),
  }));
}

/** The sheets the caller runs (an administrator: all of them), soonest event first, with their slots. */
export function listManagedSheets(db: Db, caller: SessionUser): SheetWithWaitlists[] {
  const all = listSheets(db);
  return isAdmin(caller) ? all : all.filter((s) => managesSheet(caller, s.ownerId));
}

/**
 * One sheet with its slots and their volunteers as `viewer` may see them: three statements,
 * whatever the size, each compiled once per database (the page every parent opens). Contact
 * details go to the volunteer themself, administrators and the sheet's organizer; the waitlist to
 * administrators and the organizer, a count to everyone.
 */
export function getSheetDetail(ctx: ServiceContext, id: number, viewer: SessionUser | null): SheetDetail {
  const sheet = getSheet(ctx, id);
  const slots = slotsOfSheet(ctx, id);
  const viewerManages = managesSheet(viewer, sheet.ownerId);
  const { bySlot, waitlistCounts } = volunteerViewsOfSheet(ctx, id, viewer, viewerManages);
  return {
    ...sheet,
    viewerManages,
    slots: slots.map((s) => ({
      ...s,
      waitlistCount: waitlistCounts.get(s.id) ?? 0,
      volunteers: bySlot.get(s.id) ?? [],
    })),
  };
}

/**
 * `sharedView` of sheets.byId: whose answer a signed-in viewer's is. Someone with no signup of
 * their own on the sheet sees what everyone of their kind sees (viewVolunteer: `isMine` is false
 * throughout): the signed-out answer, or, when they run the sheet, the answer of its organizers and
 * the administrators. Someone with a signup there gets their own (null). Two indexed reads.
 */
export function sheetViewerClass(ctx: ServiceContext, viewer: SessionUser, input: unknown): string | null {
  const id = idSchema.safeParse(
    typeof input === 'object' && input !== null ? (input as { id?: unknown }).id : undefined,
  );
  if (!id.success) return null;
  const sheet = ctx.runtime.state(sheetStatement, prepareSheet).get({ id: id.data });
  if (!sheet || hasSignupOnSheet(ctx, sheet.id, viewer.id)) return null;
  return managesSheet(viewer, sheet.ownerId) ? 'manager' : 'public';
}

/**
 * A sheet's questions as it keeps them: each with an id. A question given without one gets a new
 * random id, so that answers to a removed question never attach to a later one.
 */
export function questionsWithIds(questions: readonly QuestionInputOutput[]): SheetQuestion[] {
  return questions.map((q) => ({ ...q, id: q.id ?? `q${randomBytes(6).toString('base64url')}` }));
}
type QuestionInputOutput = z.output<typeof questionInputSchema>;

/** A new sheet, owned by the organizer (or administrator) who made it. */
export function createSheet(ctx: UserContext, input: z.output<typeof sheetCreateSchema>): SheetWithSlots {
  const { questions, maxSlotsPerPerson, ...fields } = input;
  const created = ctx.db
    .insert(signupSheets)
    .values({
      ...fields,
      description: input.description ?? null,
      location: input.location ?? null,
      maxSlotsPerPerson: maxSlotsPerPerson ?? null,
      questions: questionsWithIds(questions ?? []),
      ownerId: ctx.user.id,
    })
    .returning()
    .get();
  if (!created) throw new Error('Inserting the signup sheet returned no row');
  return { ...created, slots: [] };
}

/**
 * A slot's time moved by `offsetMs`; a slot without that time stays without. The one shift that
 * duplicating and rescheduling a sheet share: an offset that would carry a time past what a date
 * can hold is refused (BAD_REQUEST), and nothing is written.
 */
export function shiftSlotTime(time: Date | null, offsetMs: number): Date | null {
  if (time === null) return null;
  const moved = new Date(time.getTime() + offsetMs);
  if (Number.isNaN(moved.getTime()))
    throw refuse('BAD_REQUEST', sheetMessages.slotsOutOfRange, { reason: 'slotsOutOfRange', field: 'eventDate' });
  return moved;
}

/**
 * Edits a sheet the caller runs. Handing it to someone else (`ownerId`) is for administrators, and
 * only to an organizer or an administrator. A new `eventDate` moves every slot's start and end by
 * the same offset (new date minus old) unless `moveSlots` is false. One transaction: the sheet and
 * its slots move together or not at all.
 */
export function updateSheet(ctx: UserContext, input: z.output<typeof sheetUpdateSchema>): SheetDetail {
  const { db, user } = ctx;
  const { id, moveSlots, questions, ...fields } = input;
  const changes = questions === undefined ? fields : { ...fields, questions: questionsWithIds(questions) };
  db.transaction((tx) => {
    // better-sqlite3 has one connection: reads through `ctx` here run inside this transaction.
    const sheet = getSheet(ctx, id);
    assertManagesSheet(user, sheet.ownerId);
    if (changes.ownerId !== undefined) {
      if (!isAdmin(user))
        throw refuse('FORBIDDEN', sheetMessages.ownerAdminOnly, { reason: 'ownerAdminOnly', field: 'ownerId' });
      const owner = getUser(tx, changes.ownerId);
      if (!isOrganizer(owner))
        throw refuse('BAD_REQUEST', sheetMessages.ownerNotOrganizer, { reason: 'ownerNotOrganizer', field: 'ownerId' });
    }
    const offset = changes.eventDate === undefined ? 0 : changes.eventDate.getTime() - sheet.eventDate.getTime();
    if (moveSlots && offset !== 0) {
      // Every new time first, so that a refused one leaves every slot as it was.
      const moved = slotsOfSheet(ctx, id).map((slot) => ({
        id: slot.id,
        startTime: shiftSlotTime(slot.startTime, offset),
        endTime: shiftSlotTime(slot.endTime, offset),
      }));
      for (const { id: slotId, ...times } of moved) setSlotTimes(tx, slotId, times);
    }
    // With nothing to change there is nothing to write (drizzle refuses an empty SET).
    if (hasChanges(changes)) {
      const updated = tx.update(signupSheets).set(changes).where(eq(signupSheets.id, id)).returning().get();
      if (!updated) throw refuse('NOT_FOUND', sheetMessages.sheetNotFound, { reason: 'sheetNotFound' });
    }
  });
  return getSheetDetail(ctx, id, user);
}

/** Slots and signups go with the sheet (foreign-key cascade). */
export function deleteSheet(ctx: UserContext, id: number): { success: true } {
  const { db } = ctx;
  assertManagesSheet(ctx.user, getSheet(ctx, id).ownerId);
  const removed = db.delete(signupSheets).where(eq(signupSheets.id, id)).run();
  if (removed.changes === 0) throw refuse('NOT_FOUND', sheetMessages.sheetNotFound, { reason: 'sheetNotFound' });
  return { success: true as const };
}

/**
 * Inserts one copy of `source` on `eventDate`, owned by `ownerId`: the same fields and questions,
 * and the same slots moved by the same offset (new event date minus old; a slot without times stays
 * without), with their capacities and no volunteers. Runs inside the caller's transaction.
 */
function insertCopy(
  ctx: UserContext,
  tx: Executor,
  source: SignupSheet,
  sourceSlots: VolunteerSlot[],
  eventDate: Date,
): SignupSheet {
  const offset = eventDate.getTime() - source.eventDate.getTime();
  const slots = sourceSlots.map((slot) => ({
    title: slot.title,
    description: slot.description,
    location: slot.location,
    startTime: shiftSlotTime(slot.startTime, offset),
    endTime: shiftSlotTime(slot.endTime, offset),
    maxVolunteers: slot.maxVolunteers,
    kind: slot.kind,
  }));
  const created = tx
    .insert(signupSheets)
    .values({
      title: source.title,
      description: source.description,
      location: source.location,
      eventDate,
      organizerName: source.organizerName,
      organizerEmail: source.organizerEmail,
      maxSlotsPerPerson: source.maxSlotsPerPerson,
      questions: source.questions,
      notifyOrganizer: source.notifyOrganizer,
      ownerId: ctx.user.id,
    })
    .returning()
    .get();
  if (!created) throw new Error('Inserting the copied signup sheet returned no row');
  if (slots.length > 0)
    tx.insert(volunteerSlots)
      .values(slots.map((slot) => ({ ...slot, signupSheetId: created.id })))
      .run();
  return created;
}

/**
 * A copy of a sheet the caller runs, on another date (see insertCopy). The copy is the caller's
 * own. One transaction: a failure leaves no half-copied sheet.
 */
export function duplicateSheet(ctx: UserContext, input: z.output<typeof sheetDuplicateSchema>): SheetDetail {
  const { db, user } = ctx;
  const copy = db.transaction((tx) => {
    assertManagesSheetId(tx, user, input.id);
    // better-sqlite3 has one connection: reads through `db` here run inside this transaction.
    const source = getSheet(ctx, input.id);
    return insertCopy(ctx, tx, source, slotsOfSheet(ctx, source.id), input.eventDate);
  });
  return getSheetDetail(ctx, copy.id, user);
}

/**
 * A series: one copy of the sheet per date, each as duplicateSheet makes it, in the order given.
 * One transaction for the whole series: a refused date (one that would move a slot out of range)
 * leaves no copy at all.
 */
export function duplicateSheetSeries(
  ctx: UserContext,
  input: z.output<typeof sheetDuplicateSeriesSchema>,
): SheetDetail[] {
  const { db, user } = ctx;
  const copies = db.transaction((tx) => {
    assertManagesSheetId(tx, user, input.id);
    const source = getSheet(ctx, input.id);
    const sourceSlots = slotsOfSheet(ctx, source.id);
    return input.eventDates.map((eventDate) => insertCopy(ctx, tx, source, sourceSlots, eventDate));
  });
  return copies.map((copy) => getSheetDetail(ctx, copy.id, user));
}
