import { z } from 'zod';
import { idSchema, requiredDate } from './common';
import { fill } from './fill';

/**
 * Duplicate a sheet (API.md "Coordinator toolkit"): the copy's event date; its slots move by the
 * same offset from the original's.
 */
export const sheetDuplicateSchema = z.object({
  id: idSchema,
  eventDate: requiredDate(/*i18n*/ 'Event date is required'),
});
export type SheetDuplicateInput = z.input<typeof sheetDuplicateSchema>;

/** How many copies one series may make (API.md "An organizer's season": a weekly sheet for a year). */
export const maxSeriesDates = 52;

export const sheetSeriesMessages = {
  datesRequired: /*i18n*/ 'Choose at least one date',
  tooManyDates: fill(/*i18n*/ 'You can copy a sheet onto at most {count} dates at once', { count: maxSeriesDates }),
  /** Two copies on the same instant are a slip, not a plan: refused rather than quietly merged. */
  repeatedDate: /*i18n*/ 'Each date can be chosen only once',
} as const;

/**
 * Duplicate a sheet onto a series of dates (API.md "An organizer's season"): 1 to 52 distinct
 * event dates, each copy made as a single duplicate would be.
 */
export const sheetDuplicateSeriesSchema = z.object({
  id: idSchema,
  eventDates: z
    .array(requiredDate(/*i18n*/ 'Event date is required'), { error: sheetSeriesMessages.datesRequired })
    .min(1, sheetSeriesMessages.datesRequired)
    .max(maxSeriesDates, sheetSeriesMessages.tooManyDates)
    .superRefine((dates, ctx) => {
      const seen = new Set<number>();
      dates.forEach((date, index) => {
        if (seen.has(date.getTime()))
          ctx.addIssue({ code: 'custom', message: sheetSeriesMessages.repeatedDate, path: [index] });
        seen.add(date.getTime());
      });
    }),
});
export type SheetDuplicateSeriesInput = z.input<typeof sheetDuplicateSeriesSchema>;

/**
 * The volunteer CSV (API.md "An organizer's season"): every sheet the caller runs, or with
 * `signupSheetId` that sheet only.
 */
export const volunteerExportSchema = z.object({ signupSheetId: idSchema.optional() }).optional();
export type VolunteerExportInput = z.input<typeof volunteerExportSchema>;
