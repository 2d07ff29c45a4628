import { TRPCError } from '@trpc/server';
import type { SessionUser } from '../context';

/**
 * Who may do what, in one place. Whether a caller may call a procedure at all is its tier
 * (trpc.ts: publicProcedure, userProcedure, adminProcedure); these helpers are for the rules a
 * service applies to one row: whose it is, and what an administrator may do beyond that.
 */

/** An administrator: the admin tier, and the few things admins may do in a public procedure. */
export function isAdmin(caller: SessionUser | null): boolean {
  return caller?.isAdmin === true;
}

/** Whether the caller owns what `ownerId` names, or is an administrator. */
export function isOwnerOrAdmin(caller: SessionUser | null, ownerId: number | null): boolean {
  return isAdmin(caller) || (caller !== null && ownerId !== null && ownerId === caller.id);
}

/** Ownership: "your own signup", "your own account", or an administrator; otherwise FORBIDDEN with `message`. */
export function assertOwnerOrAdmin(caller: SessionUser | null, ownerId: number | null, message: string): void {
  if (!isOwnerOrAdmin(caller, ownerId)) throw new TRPCError({ code: 'FORBIDDEN', message });
}
