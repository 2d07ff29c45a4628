import { type Db, signupSheets, type SignupSheet, type VolunteerSlot } from '@pac/db';
import type { sheetCreateSchema, sheetUpdateSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser, UserContext } from '../context';
import { assertManagesSheet, isAdmin, isOrganizer, managesSheet } from '../lib/access';
import { hasChanges } from '../lib/updates';
import { slotMessages, slotsBySheet, slotsOfSheet } from '../slots/service';
import { getUser } from '../users/service';
import { type VolunteerView, volunteerViewsBySlot } from '../volunteers/service';

export const sheetMessages = {
  sheetNotFound: slotMessages.sheetNotFound,
  ownerAdminOnly: 'Only an administrator can hand a sheet to another organizer',
  ownerNotOrganizer: 'A signup sheet can only be handed to an organizer or an administrator',
} as const;

export type SheetWithSlots = SignupSheet & { slots: VolunteerSlot[] };
export type SlotWithVolunteers = VolunteerSlot & { volunteers: VolunteerView[] };
export type SheetDetail = SignupSheet & { slots: SlotWithVolunteers[] };

export function getSheet(db: Db, id: number): SignupSheet {
  const sheet = db.select().from(signupSheets).where(eq(signupSheets.id, id)).get();
  if (!sheet) throw new TRPCError({ code: 'NOT_FOUND', message: sheetMessages.sheetNotFound });
  return sheet;
}

/** Every sheet, soonest event first, each with its slots (two statements in all). */
export function listSheets(db: Db): SheetWithSlots[] {
  const sheets = db.select().from(signupSheets).orderBy(asc(signupSheets.eventDate), asc(signupSheets.id)).all();
  const bySheet = slotsBySheet(db);
  return sheets.map((s) => ({ ...s, slots: bySheet.get(s.id) ?? [] }));
}

/** The sheets the caller runs (an administrator: all of them), soonest event first, with their slots. */
export function listManagedSheets(db: Db, caller: SessionUser): SheetWithSlots[] {
  const all = listSheets(db);
  return isAdmin(caller) ? all : all.filter((s) => managesSheet(caller, s.ownerId));
}

/**
 * One sheet with its slots and their volunteers as `viewer` may see them (three statements,
 * whatever the size): contact details for the volunteer themself, administrators and the sheet's
 * organizer.
 */
export function getSheetDetail(db: Db, id: number, viewer: SessionUser | null): SheetDetail {
  const sheet = getSheet(db, id);
  const slots = slotsOfSheet(db, id);
  const bySlot = volunteerViewsBySlot(
    db,
    slots.map((s) => s.id),
    viewer,
    managesSheet(viewer, sheet.ownerId),
  );
  return { ...sheet, slots: slots.map((s) => ({ ...s, volunteers: bySlot.get(s.id) ?? [] })) };
}

/** A new sheet, owned by the organizer (or administrator) who made it. */
export function createSheet(ctx: UserContext, input: z.output<typeof sheetCreateSchema>): SheetWithSlots {
  const created = ctx.db
    .insert(signupSheets)
    .values({ ...input, description: input.description ?? null, ownerId: ctx.user.id })
    .returning()
    .get();
  if (!created) throw new Error('Inserting the signup sheet returned no row');
  return { ...created, slots: [] };
}

/**
 * Edits a sheet the caller runs. Handing it to someone else (`ownerId`) is for administrators, and
 * only to an organizer or an administrator.
 */
export function updateSheet(ctx: UserContext, input: z.output<typeof sheetUpdateSchema>): SheetDetail {
  const { db, user } = ctx;
  const { id, ...changes } = input;
  assertManagesSheet(user, getSheet(db, id).ownerId);
  if (changes.ownerId !== undefined) {
    if (!isAdmin(user)) throw new TRPCError({ code: 'FORBIDDEN', message: sheetMessages.ownerAdminOnly });
    const owner = getUser(db, changes.ownerId);
    if (!isOrganizer(owner)) throw new TRPCError({ code: 'BAD_REQUEST', message: sheetMessages.ownerNotOrganizer });
  }
  // With nothing to change there is nothing to write (drizzle refuses an empty SET).
  if (hasChanges(changes)) {
    const updated = db.update(signupSheets).set(changes).where(eq(signupSheets.id, id)).returning().get();
    if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: sheetMessages.sheetNotFound });
  }
  return getSheetDetail(db, id, user);
}

/** Slots and signups go with the sheet (foreign-key cascade). */
export function deleteSheet(ctx: UserContext, id: number): { success: true } {
  const { db } = ctx;
  assertManagesSheet(ctx.user, getSheet(db, id).ownerId);
  const removed = db.delete(signupSheets).where(eq(signupSheets.id, id)).run();
  if (removed.changes === 0) throw new TRPCError({ code: 'NOT_FOUND', message: sheetMessages.sheetNotFound });
  return { success: true as const };
}
