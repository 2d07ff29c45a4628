import {
  type Db,
  type Executor,
  signupSheets,
  type SignupSheet,
  volunteers,
  type VolunteerSlot,
  volunteerSlots,
} from '@pac/db';
import type { slotBatchSchema, slotCreateSchema, slotUpdateSchema } from '@pac/validators';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceContext, UserContext } from '../context';
import { refuse } from '../lib/errors';
import type { CatalogMessage } from '../lib/i18n';
import { assertManagesSheetId, assertManagesSlot, sheetAccessMessages } from '../lib/sheetAccess';
import { hasChanges } from '../lib/updates';
import { RuntimeKey } from '../runtime';
import { announcePromotions, promoteFromWaitlist } from '../waitlist/service';

export const slotMessages = {
  sheetNotFound: sheetAccessMessages.sheetNotFound,
  slotNotFound: sheetAccessMessages.slotNotFound,
  endBeforeStart: /*i18n*/ 'End time must be after start time',
  stayItem: /*i18n*/ 'Volunteers are bringing more than one of this item, so it stays an item slot',
  belowSignedUp: (signedUp: number): CatalogMessage => ({
    id: /*i18n*/ 'Number of volunteers needed cannot be lower than the {signedUp} already signed up',
    values: { signedUp },
  }),
} as const;

// Slots by start time, slots without a time last, ties by title (SPEC.md section 2).
const slotOrder = [sql`${volunteerSlots.startTime} IS NULL`, asc(volunteerSlots.startTime), asc(volunteerSlots.title)];

/** Hours a slot lasts (end minus start); a slot without both times counts 0. */
export function slotHours(slot: Pick<VolunteerSlot, 'startTime' | 'endTime'>): number {
  if (!slot.startTime || !slot.endTime) return 0;
  return Math.max(0, slot.endTime.getTime() - slot.startTime.getTime()) / 3_600_000;
}

export function getSlot(db: Executor, id: number): VolunteerSlot {
  const slot = db.select().from(volunteerSlots).where(eq(volunteerSlots.id, id)).get();
  if (!slot) throw refuse('NOT_FOUND', slotMessages.slotNotFound, { reason: 'slotNotFound' });
  return slot;
}

/** A slot with its sheet (what a signup's emails and pages show), or NOT_FOUND. */
export function getSlotWithSheet(db: Executor, id: number): { slot: VolunteerSlot; sheet: SignupSheet } {
  const row = db
    .select({ slot: volunteerSlots, sheet: signupSheets })
    .from(volunteerSlots)
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .where(eq(volunteerSlots.id, id))
    .get();
  if (!row) throw refuse('NOT_FOUND', slotMessages.slotNotFound, { reason: 'slotNotFound' });
  return row;
}

/** Every slot, in slot order, grouped by sheet (one statement). */
export function slotsBySheet(db: Db): Map<number, VolunteerSlot[]> {
  const bySheet = new Map<number, VolunteerSlot[]>();
  for (const slot of db
    .select()
    .from(volunteerSlots)
    .orderBy(...slotOrder)
    .all()) {
    const list = bySheet.get(slot.signupSheetId);
    if (list) list.push(slot);
    else bySheet.set(slot.signupSheetId, [slot]);
  }
  return bySheet;
}

function prepareSheetSlots(db: Db) {
  return db
    .select()
    .from(volunteerSlots)
    .where(eq(volunteerSlots.signupSheetId, sql.placeholder('sheetId')))
    .orderBy(...slotOrder)
    .prepare();
}
const sheetSlotsStatement = new RuntimeKey<ReturnType<typeof prepareSheetSlots>>('slots: of one sheet');

/** A sheet's slots in slot order, through a statement compiled once per database. */
export function slotsOfSheet(ctx: ServiceContext, sheetId: number): VolunteerSlot[] {
  return ctx.runtime.state(sheetSlotsStatement, prepareSheetSlots).all({ sheetId });
}

type SlotInput = Omit<z.output<typeof slotCreateSchema>, 'signupSheetId'>;

const slotRow = (signupSheetId: number, input: SlotInput) => ({
  ...input,
  signupSheetId,
  description: input.description ?? null,
  location: input.location ?? null,
  startTime: input.startTime ?? null,
  endTime: input.endTime ?? null,
});

/** A new slot on a sheet the caller runs. */
export function createSlot(ctx: UserContext, input: z.output<typeof slotCreateSchema>): VolunteerSlot {
  const { db } = ctx;
  const { signupSheetId, ...slot } = input;
  assertManagesSheetId(db, ctx.user, signupSheetId);
  const created = db.insert(volunteerSlots).values(slotRow(signupSheetId, slot)).returning().get();
  if (!created) throw new Error('Inserting the volunteer slot returned no row');
  return created;
}

/**
 * Several new slots on a sheet the caller runs (a generated run), in one transaction: all of them
 * or none. Answered in the order given.
 */
export function createSlots(ctx: UserContext, input: z.output<typeof slotBatchSchema>): VolunteerSlot[] {
  return ctx.db.transaction((tx) => {
    assertManagesSheetId(tx, ctx.user, input.signupSheetId);
    const created = tx
      .insert(volunteerSlots)
      .values(input.slots.map((slot) => slotRow(input.signupSheetId, slot)))
      .returning()
      .all();
    if (created.length !== input.slots.length) throw new Error('Inserting the volunteer slots returned too few rows');
    return created;
  });
}

/**
 * Changes a slot on a sheet the caller runs: its end stays after its start, and it never needs
 * fewer volunteers than have signed up. More spots go to its waitlist, earliest first, in the same
 * transaction; those promoted are emailed once it has committed.
 */
export function updateSlot(ctx: UserContext, input: z.output<typeof slotUpdateSchema>): VolunteerSlot {
  const { id, ...changes } = input;
  const result = ctx.db.transaction((tx) => {
    assertManagesSlot(tx, ctx.user, id);
    const slot = getSlot(tx, id);
    const startTime = changes.startTime === undefined ? slot.startTime : changes.startTime;
    const endTime = changes.endTime === undefined ? slot.endTime : changes.endTime;
    if (startTime && endTime && endTime.getTime() <= startTime.getTime()) {
      throw refuse('BAD_REQUEST', slotMessages.endBeforeStart, { reason: 'endBeforeStart', field: 'endTime' });
    }
    if (changes.maxVolunteers !== undefined && changes.maxVolunteers < slot.currentVolunteers) {
      throw refuse('CONFLICT', slotMessages.belowSignedUp(slot.currentVolunteers), {
        reason: 'belowSignedUp',
        field: 'maxVolunteers',
      });
    }
    // A task counts people, one each: an item some bring several of cannot become one.
    if (changes.kind === 'task' && slot.kind === 'item') {
      const several = tx
        .select({ id: volunteers.id })
        .from(volunteers)
        .where(and(eq(volunteers.slotId, id), gt(volunteers.quantity, 1)))
        .get();
      if (several) throw refuse('CONFLICT', slotMessages.stayItem, { reason: 'stayItem', field: 'kind' });
    }
    if (!hasChanges(changes)) return { slot, promoted: [] };
    const updated = tx.update(volunteerSlots).set(changes).where(eq(volunteerSlots.id, id)).returning().get();
    if (!updated) throw refuse('NOT_FOUND', slotMessages.slotNotFound, { reason: 'slotNotFound' });
    if (updated.maxVolunteers <= slot.maxVolunteers) return { slot: updated, promoted: [] };
    const promoted = promoteFromWaitlist(tx, id, ctx.runtime.now());
    return { slot: getSlot(tx, id), promoted };
  });
  announcePromotions(ctx, result.promoted);
  return result.slot;
}

/** Its signups go with the slot (foreign-key cascade). */
export function deleteSlot(ctx: UserContext, id: number): { success: true } {
  const { db } = ctx;
  assertManagesSlot(db, ctx.user, id);
  const removed = db.delete(volunteerSlots).where(eq(volunteerSlots.id, id)).run();
  if (removed.changes === 0) throw refuse('NOT_FOUND', slotMessages.slotNotFound, { reason: 'slotNotFound' });
  return { success: true as const };
}

/**
 * Gives a slot new start and end times, inside the caller's transaction (a sheet moving its slots
 * with its date). The caller keeps end after start, as moving both by one offset does.
 */
export function setSlotTimes(
  tx: Executor,
  slotId: number,
  times: { startTime: Date | null; endTime: Date | null },
): void {
  tx.update(volunteerSlots).set(times).where(eq(volunteerSlots.id, slotId)).run();
}

/**
 * Raises the slot's count by `by` (a person, or an item's quantity; a negative change lowers it)
 * only if the slot still has room for it, inside the caller's transaction: the guarded UPDATE that
 * alone decides whether the spots are there. False when it does not.
 */
export function raiseVolunteerCount(tx: Executor, slotId: number, by: number): boolean {
  return (
    tx
      .update(volunteerSlots)
      .set({ currentVolunteers: sql`${volunteerSlots.currentVolunteers} + ${by}` })
      .where(
        and(
          eq(volunteerSlots.id, slotId),
          sql`${volunteerSlots.currentVolunteers} + ${by} <= ${volunteerSlots.maxVolunteers}`,
        ),
      )
      .run().changes > 0
  );
}

/**
 * One confirmed signup fewer on this slot (the volunteer row goes in the same transaction): its
 * quantity, on an item slot.
 */
export function lowerVolunteerCount(tx: Executor, slotId: number, quantity = 1): void {
  tx.update(volunteerSlots)
    .set({ currentVolunteers: sql`${volunteerSlots.currentVolunteers} - ${quantity}` })
    .where(eq(volunteerSlots.id, slotId))
    .run();
}
