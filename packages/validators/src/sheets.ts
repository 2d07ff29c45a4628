import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  messages,
  optionalDate,
  optionalText,
  personName,
  requiredDate,
  requiredText,
} from './common';

const sheetFields = {
  title: requiredText('Title is required', 200),
  description: optionalText(5000),
  eventDate: requiredDate('Event date is required'),
  organizerName: personName('Organizer name is required'),
  organizerEmail: z
    .string({ error: 'Organizer email is required' })
    .trim()
    .min(1, 'Organizer email is required')
    .pipe(emailSchema),
};

export const sheetCreateSchema = z.object(sheetFields);
export type SheetCreateInput = z.input<typeof sheetCreateSchema>;

export const sheetUpdateSchema = z.object({
  id: idSchema,
  ...z.object(sheetFields).partial().shape,
  /** Hands the sheet to another organizer (administrators only). */
  ownerId: idSchema.optional(),
  /**
   * A new eventDate moves every slot's start and end by the same offset (new date minus old),
   * unless this is false: then the slots keep their times.
   */
  moveSlots: z.boolean({ error: 'moveSlots must be true or false' }).default(true),
});
export type SheetUpdateInput = z.input<typeof sheetUpdateSchema>;

/**
 * Capacity of a slot: a whole number of at least 1. Values that are not numbers at all
 * (missing, empty, 'abc') become the default of 1, as SPEC.md says; numbers below 1 or
 * with a fraction are refused.
 */
export const maxVolunteersSchema = z.preprocess(
  (v) => {
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    return 1;
  },
  z
    .number()
    .int('Number of volunteers must be a whole number')
    .min(1, 'Number of volunteers must be at least 1')
    .max(10000, 'Number of volunteers must be at most 10000'),
);

function endAfterStart(v: { startTime?: Date | null; endTime?: Date | null }): boolean {
  return !v.startTime || !v.endTime || v.endTime.getTime() > v.startTime.getTime();
}
const endAfterStartIssue = { message: 'End time must be after start time', path: ['endTime'] };

const slotFields = {
  title: requiredText('Title is required', 200),
  description: optionalText(5000),
  startTime: optionalDate,
  endTime: optionalDate,
  // .default(1) changes nothing at run time (the preprocess already turns a missing value into 1)
  // but makes the key optional in the input type, as SPEC.md says it is.
  maxVolunteers: maxVolunteersSchema.default(1),
};

export const slotCreateSchema = z
  .object({ signupSheetId: idSchema, ...slotFields })
  .refine(endAfterStart, endAfterStartIssue);
export type SlotCreateInput = z.input<typeof slotCreateSchema>;

export const slotUpdateSchema = z
  .object({
    id: idSchema,
    title: slotFields.title.optional(),
    description: slotFields.description,
    startTime: slotFields.startTime,
    endTime: slotFields.endTime,
    // Missing stays undefined (no change); a given value is coerced as on create. (A union with
    // z.undefined() here reported 'Invalid input' instead of the whole-number message for 2.5.)
    maxVolunteers: maxVolunteersSchema.optional(),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type SlotUpdateInput = z.input<typeof slotUpdateSchema>;

const volunteerFields = {
  name: personName(messages.nameRequired),
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(emailSchema),
  phone: requiredText('Phone is required', 40),
  notes: optionalText(2000),
  emailConsent: z.boolean().default(false),
};

export const volunteerSignupSchema = z.object({
  slotId: idSchema,
  userId: idSchema.nullish(),
  ...volunteerFields,
  /** Join the slot's waitlist when it is full (ignored on an open slot). */
  waitlist: z.boolean().optional(),
});
export type VolunteerSignupInput = z.input<typeof volunteerSignupSchema>;

/** The admin's volunteer edit form: every field optional. */
export const volunteerUpdateSchema = z.object({
  id: idSchema,
  name: volunteerFields.name.optional(),
  email: volunteerFields.email.optional(),
  phone: volunteerFields.phone.optional(),
  notes: volunteerFields.notes,
  emailConsent: z.boolean().optional(),
});
export type VolunteerUpdateInput = z.input<typeof volunteerUpdateSchema>;
