import { type Db, signupSheets, type SignupSheet, type VolunteerSlot } from '@pac/db';
import type { sheetCreateSchema, sheetUpdateSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../context';
import { hasChanges } from '../lib/updates';
import { slotMessages, slotsBySheet, slotsOfSheet } from '../slots/service';
import { type VolunteerView, volunteerViewsBySlot } from '../volunteers/service';

export const sheetMessages = {
  sheetNotFound: slotMessages.sheetNotFound,
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

/** One sheet with its slots and their volunteers as `viewer` may see them (three statements, whatever the size). */
export function getSheetDetail(db: Db, id: number, viewer: SessionUser | null): SheetDetail {
  const sheet = getSheet(db, id);
  const slots = slotsOfSheet(db, id);
  const bySlot = volunteerViewsBySlot(
    db,
    slots.map((s) => s.id),
    viewer,
  );
  return { ...sheet, slots: slots.map((s) => ({ ...s, volunteers: bySlot.get(s.id) ?? [] })) };
}

export function createSheet(db: Db, input: z.output<typeof sheetCreateSchema>): SheetWithSlots {
  const created = db
    .insert(signupSheets)
    .values({ ...input, description: input.description ?? null })
    .returning()
    .get();
  if (!created) throw new Error('Inserting the signup sheet returned no row');
  return { ...created, slots: [] };
}

export function updateSheet(
  db: Db,
  input: z.output<typeof sheetUpdateSchema>,
  viewer: SessionUser | null,
): SheetDetail {
  const { id, ...changes } = input;
  // With nothing to change there is nothing to write (drizzle refuses an empty SET);
  // getSheetDetail still answers NOT_FOUND for a missing sheet.
  if (hasChanges(changes)) {
    const updated = db.update(signupSheets).set(changes).where(eq(signupSheets.id, id)).returning().get();
    if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: sheetMessages.sheetNotFound });
  }
  return getSheetDetail(db, id, viewer);
}

/** Slots and signups go with the sheet (foreign-key cascade). */
export function deleteSheet(db: Db, id: number): { success: true } {
  const removed = db.delete(signupSheets).where(eq(signupSheets.id, id)).run();
  if (removed.changes === 0) throw new TRPCError({ code: 'NOT_FOUND', message: sheetMessages.sheetNotFound });
  return { success: true as const };
}
