import type { SessionUser } from '../context';
import { type ErrorDetails, refuse } from './errors';

/**
 * Who may do what, in one place. Whether a caller may call a procedure at all is its tier
 * (trpc.ts: publicProcedure, userProcedure, organizerProcedure, adminProcedure); these helpers are
 * for the rules a service applies to one row: whose it is, and what an administrator may do beyond
 * that. Sheet ownership (an organizer's own sheets) reads the database: lib/sheetAccess.ts.
 */

export const accessMessages = {
  adminOnly: /*i18n*/ 'Administrator access required',
  organizerOnly: /*i18n*/ 'Organizer access required',
  notYourSheet: /*i18n*/ 'You can only manage your own signup sheets',
} as const;

/** An administrator: the admin tier, and the few things admins may do in a public procedure. */
export function isAdmin(caller: Pick<SessionUser, 'role'> | null): boolean {
  return caller?.role === 'admin';
}

/** An organizer or an administrator: the organizer tier. */
export function isOrganizer(caller: Pick<SessionUser, 'role'> | null): boolean {
  return caller?.role === 'admin' || caller?.role === 'organizer';
}

/** Whether the caller owns what `ownerId` names, or is an administrator. */
export function isOwnerOrAdmin(caller: SessionUser | null, ownerId: number | null): boolean {
  return isAdmin(caller) || (caller !== null && ownerId !== null && ownerId === caller.id);
}

/**
 * Ownership: "your own signup", "your own account", or an administrator; otherwise FORBIDDEN with
 * `message` and its reason (and field).
 */
export function assertOwnerOrAdmin(
  caller: SessionUser | null,
  ownerId: number | null,
  message: string,
  details: ErrorDetails,
): void {
  if (!isOwnerOrAdmin(caller, ownerId)) throw refuse('FORBIDDEN', message, details);
}

/**
 * Whether the caller runs a sheet owned by `sheetOwnerId`: an administrator, or the organizer who
 * owns it (a member who once owned a sheet no longer runs it).
 */
export function managesSheet(caller: SessionUser | null, sheetOwnerId: number | null): boolean {
  return isAdmin(caller) || (isOrganizer(caller) && isOwnerOrAdmin(caller, sheetOwnerId));
}

/**
 * For lists that span sheets (reminders, the CSV export): undefined for an administrator (every
 * sheet), else the caller's id, to keep only the sheets they own.
 */
export function sheetOwnerScope(caller: SessionUser): number | undefined {
  return isAdmin(caller) ? undefined : caller.id;
}

/** FORBIDDEN 'You can only manage your own signup sheets' unless the caller runs the sheet. */
export function assertManagesSheet(caller: SessionUser | null, sheetOwnerId: number | null): void {
  if (!managesSheet(caller, sheetOwnerId))
    throw refuse('FORBIDDEN', accessMessages.notYourSheet, { reason: 'notYourSheet' });
}
