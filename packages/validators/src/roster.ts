import { z } from 'zod';
import { idSchema } from './common';

/** API.md "Coordinator toolkit", Event day: the printable roster and check-in. */

export const rosterMessages = {
  attendedInvalid: /*i18n*/ 'Attended must be true, false or null',
} as const;

/** The roster of one sheet. */
export const rosterGetSchema = z.object({ sheetId: idSchema });
export type RosterGetInput = z.input<typeof rosterGetSchema>;

/**
 * Records whether a confirmed volunteer came: true or false, or null to clear a check-in made by
 * mistake (the slot's hours then count as if that volunteer had never been checked in).
 */
export const checkInSchema = z.object({
  id: idSchema,
  attended: z.boolean({ error: rosterMessages.attendedInvalid }).nullable(),
});
export type CheckInInput = z.input<typeof checkInSchema>;
