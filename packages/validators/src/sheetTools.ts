import { z } from 'zod';
import { idSchema, requiredDate } from './common';

/**
 * Duplicate a sheet (API.md "Coordinator toolkit"): the copy's event date; its slots move by the
 * same offset from the original's.
 */
export const sheetDuplicateSchema = z.object({
  id: idSchema,
  eventDate: requiredDate('Event date is required'),
});
export type SheetDuplicateInput = z.input<typeof sheetDuplicateSchema>;
