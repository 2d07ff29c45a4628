import type { RouterOutputs } from '@pac/api';

/** A user as the server answers it (never a password hash). */
export type User = RouterOutputs['auth']['login'];
/** A sheet in the list, with its slots (no volunteers). */
export type SheetListItem = RouterOutputs['sheets']['list'][number];
/** A sheet with its slots and their volunteers, as the current viewer may see them. */
export type SheetDetail = RouterOutputs['sheets']['byId'];
export type SlotDetail = SheetDetail['slots'][number];
export type VolunteerView = SlotDetail['volunteers'][number];
/** A user's profile: the account, its volunteer history and totals. */
export type Profile = RouterOutputs['auth']['profile'];
export type HistoryEntry = Profile['volunteerHistory'][number];
