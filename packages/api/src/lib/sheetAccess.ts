import { type Executor, signupSheets, volunteers, volunteerSlots } from '@pac/db';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../context';
import { assertManagesSheet, managesSheet } from './access';
import { refuse } from './errors';

/**
 * Sheet ownership, looked up: the one place that answers "does this caller run the sheet that this
 * sheet, slot or signup belongs to?" for every domain that acts on a sheet's behalf (sheets, slots,
 * volunteers, reminders, exports, rosters). A missing row is NOT_FOUND with the domain's message,
 * checked before ownership, as before roles.
 */

export const sheetAccessMessages = {
  sheetNotFound: /*i18n*/ 'Signup sheet not found',
  slotNotFound: /*i18n*/ 'Volunteer slot not found',
  volunteerNotFound: /*i18n*/ 'Volunteer not found',
} as const;

/** NOT_FOUND with the message of `key`, which is also its reason ('sheetNotFound'). */
function notFound(key: keyof typeof sheetAccessMessages): never {
  throw refuse('NOT_FOUND', sheetAccessMessages[key], { reason: key });
}

/** The owner of a sheet, or NOT_FOUND. */
export function sheetOwner(db: Executor, sheetId: number): number | null {
  const row = db.select({ ownerId: signupSheets.ownerId }).from(signupSheets).where(eq(signupSheets.id, sheetId)).get();
  return row ? row.ownerId : notFound('sheetNotFound');
}

/** The sheet a slot is on and its owner, or NOT_FOUND. */
export function slotSheetOwner(db: Executor, slotId: number): { sheetId: number; ownerId: number | null } {
  const row = db
    .select({ sheetId: signupSheets.id, ownerId: signupSheets.ownerId })
    .from(volunteerSlots)
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .where(eq(volunteerSlots.id, slotId))
    .get();
  return row ?? notFound('slotNotFound');
}

/** FORBIDDEN unless the caller runs this sheet (NOT_FOUND first for a missing sheet). */
export function assertManagesSheetId(db: Executor, caller: SessionUser | null, sheetId: number): void {
  assertManagesSheet(caller, sheetOwner(db, sheetId));
}

/** FORBIDDEN unless the caller runs the sheet this slot is on. */
export function assertManagesSlot(db: Executor, caller: SessionUser | null, slotId: number): void {
  assertManagesSheet(caller, slotSheetOwner(db, slotId).ownerId);
}

/** Whether the caller runs the sheet this signup is on (a missing signup: NOT_FOUND). */
export function managesVolunteer(db: Executor, caller: SessionUser | null, volunteerId: number): boolean {
  const row = db
    .select({ ownerId: signupSheets.ownerId })
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .where(eq(volunteers.id, volunteerId))
    .get();
  if (!row) notFound('volunteerNotFound');
  return managesSheet(caller, row.ownerId);
}
