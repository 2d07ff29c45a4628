import { z } from 'zod';
import { type Language, languageTags } from './languages';
import { organizerNotifications, slotKinds } from './slotKinds';
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
import { answersRecordSchema, answersSchema, questionsSchema } from './questions';
import { maxSlotsPerSignup, signupMessages } from './signupMessages';
import { fill } from './fill';

export { maxSlotsPerSignup, signupMessages } from './signupMessages';

/** How many slots one email may hold on a sheet: a whole number of at least 1, or null for no limit. */
export const maxSlotsPerPersonSchema = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^[0-9]+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: signupMessages.maxSlotsPerPerson })
    .int(signupMessages.maxSlotsPerPerson)
    .min(1, signupMessages.maxSlotsPerPerson)
    .max(1000, /*i18n*/ 'Slots per person must be at most 1000')
    .nullable(),
);

const sheetFields = {
  title: requiredText(/*i18n*/ 'Title is required', 200),
  description: optionalText(5000),
  /** Where the event happens (a place, an address); empty clears it. */
  location: optionalText(200),
  eventDate: requiredDate(/*i18n*/ 'Event date is required'),
  organizerName: personName(/*i18n*/ 'Organizer name is required'),
  organizerEmail: z
    .string({ error: /*i18n*/ 'Organizer email is required' })
    .trim()
    .min(1, /*i18n*/ 'Organizer email is required')
    .pipe(emailSchema),
  /** null: no limit. */
  maxSlotsPerPerson: maxSlotsPerPersonSchema.optional(),
  questions: questionsSchema.optional(),
  /** What the organizer hears of signups (default `each`). */
  notifyOrganizer: z
    .enum(organizerNotifications, { error: /*i18n*/ 'Organizer notifications must be each, daily or off' })
    .optional(),
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
  moveSlots: z.boolean({ error: /*i18n*/ 'moveSlots must be true or false' }).default(true),
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
    .int(/*i18n*/ 'Number of volunteers must be a whole number')
    .min(1, /*i18n*/ 'Number of volunteers must be at least 1')
    .max(10000, /*i18n*/ 'Number of volunteers must be at most 10000'),
);

function endAfterStart(v: { startTime?: Date | null; endTime?: Date | null }): boolean {
  return !v.startTime || !v.endTime || v.endTime.getTime() > v.startTime.getTime();
}
const endAfterStartIssue = { message: /*i18n*/ 'End time must be after start time', path: ['endTime'] };

const slotFields = {
  title: requiredText(/*i18n*/ 'Title is required', 200),
  description: optionalText(5000),
  /** Where this slot happens when not where its sheet does; empty: the sheet's location. */
  location: optionalText(200),
  startTime: optionalDate,
  endTime: optionalDate,
  // .default(1) changes nothing at run time (the preprocess already turns a missing value into 1)
  // but makes the key optional in the input type, as SPEC.md says it is.
  maxVolunteers: maxVolunteersSchema.default(1),
  /** task: people help; item: people bring something, and maxVolunteers is the quantity needed. */
  kind: z.enum(slotKinds, { error: /*i18n*/ 'Slot kind must be task or item' }).default('task'),
};

export const slotCreateSchema = z
  .object({ signupSheetId: idSchema, ...slotFields })
  .refine(endAfterStart, endAfterStartIssue);
export type SlotCreateInput = z.input<typeof slotCreateSchema>;

/** How many slots one batch may add (API.md "An organizer's season"). */
export const maxBatchSlots = 100;

export const slotBatchMessages = {
  slotsRequired: /*i18n*/ 'Add at least one slot',
  tooManySlots: fill(/*i18n*/ 'You can add at most {count} slots at once', { count: maxBatchSlots }),
} as const;

/**
 * Several slots of one sheet in one request (the slot dialog's generated run): 1 to 100, each
 * checked as a single new slot is; an issue's path names the slot (`slots.3.endTime`).
 */
export const slotBatchSchema = z.object({
  signupSheetId: idSchema,
  slots: z
    .array(z.object(slotFields).refine(endAfterStart, endAfterStartIssue), { error: slotBatchMessages.slotsRequired })
    .min(1, slotBatchMessages.slotsRequired)
    .max(maxBatchSlots, slotBatchMessages.tooManySlots),
});
export type SlotBatchInput = z.input<typeof slotBatchSchema>;

export const slotUpdateSchema = z
  .object({
    id: idSchema,
    title: slotFields.title.optional(),
    description: slotFields.description,
    location: slotFields.location,
    startTime: slotFields.startTime,
    endTime: slotFields.endTime,
    // Missing stays undefined (no change); a given value is coerced as on create. (A union with
    // z.undefined() here reported 'Invalid input' instead of the whole-number message for 2.5.)
    maxVolunteers: maxVolunteersSchema.optional(),
    kind: z.enum(slotKinds, { error: /*i18n*/ 'Slot kind must be task or item' }).optional(),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type SlotUpdateInput = z.input<typeof slotUpdateSchema>;

const volunteerFields = {
  name: personName(messages.nameRequired),
  email: z
    .string({ error: /*i18n*/ 'Email is required' })
    .trim()
    .min(1, /*i18n*/ 'Email is required')
    .pipe(emailSchema),
  phone: requiredText(/*i18n*/ 'Phone is required', 40),
  notes: optionalText(2000),
  emailConsent: z.boolean().default(false),
};

/** How many of an item slot's needed items a signup brings. */
export const quantitySchema = z
  .number({ error: signupMessages.quantity })
  .int(signupMessages.quantity)
  .min(1, signupMessages.quantity)
  .max(10000, /*i18n*/ 'Quantity must be at most 10000');

const signupFields = {
  userId: idSchema.nullish(),
  ...volunteerFields,
  /** Join the waitlist of a slot that is full (ignored on an open slot). */
  waitlist: z.boolean().optional(),
  /** What the person brings to an item slot (each item slot of a multi-slot signup); task slots take none. */
  quantity: quantitySchema.optional(),
  answers: answersSchema,
  /**
   * The language of their emails and reminders, when the signup form asks (API.md "Languages");
   * else the request's (the account's, the `lang` cookie, the browser's).
   */
  language: z
    .enum(languageTags as [Language, ...Language[]], {
      error: fill(/*i18n*/ 'Language must be one of {languages}', { languages: languageTags.join(', ') }),
    })
    .optional(),
};

/** A signup for one slot. */
export const volunteerSignupSchema = z.object({ slotId: idSchema, ...signupFields });
export type VolunteerSignupInput = z.input<typeof volunteerSignupSchema>;

/**
 * A signup for several slots of one sheet at once (1 to 20), saved all or nothing. `quantities`
 * names an item slot's quantity by slot id, else `quantity` applies.
 */
export const volunteerMultiSignupSchema = z.object({
  slotIds: z
    .array(idSchema, { error: signupMessages.slotRequired })
    .min(1, signupMessages.slotRequired)
    .max(maxSlotsPerSignup, signupMessages.tooManySlots),
  ...signupFields,
  quantities: z
    .record(z.string().regex(/^[0-9]+$/, /*i18n*/ 'Quantities are keyed by slot id'), quantitySchema)
    .optional(),
});
export type VolunteerMultiSignupInput = z.input<typeof volunteerMultiSignupSchema>;

/** The signup form's own fields (the person, their answers): what the page validates before sending. */
export const signupDetailsSchema = z.object({ ...volunteerFields, answers: answersSchema });
export type SignupDetailsInput = z.input<typeof signupDetailsSchema>;

/** The admin's volunteer edit form: every field optional. */
export const volunteerUpdateSchema = z.object({
  id: idSchema,
  name: volunteerFields.name.optional(),
  email: volunteerFields.email.optional(),
  phone: volunteerFields.phone.optional(),
  notes: volunteerFields.notes,
  emailConsent: z.boolean().optional(),
  /** Replaces the signup's answers (checked against the sheet's questions). */
  answers: answersRecordSchema.optional(),
  /** An item signup's quantity (capacity checked). */
  quantity: quantitySchema.optional(),
});
export type VolunteerUpdateInput = z.input<typeof volunteerUpdateSchema>;
