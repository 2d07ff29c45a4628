import { z } from 'zod';
import { idSchema } from './common';

export const reminderTypeSchema = z.enum(['week', 'day', 'hour'], {
  error: /*i18n*/ 'Reminder type must be week, day or hour',
});

export const reminderSendSchema = z.object({
  signupSheetId: idSchema,
  reminderType: reminderTypeSchema,
});

export const reminderPendingSchema = z.object({
  days: z.coerce
    .number({ error: /*i18n*/ 'days must be a number from 1 to 30' })
    .int(/*i18n*/ 'days must be a number from 1 to 30')
    .min(1, /*i18n*/ 'days must be a number from 1 to 30')
    .max(30, /*i18n*/ 'days must be a number from 1 to 30')
    .default(1),
});

/** A signed link from an email: the volunteer's id and the token that proves the link is ours. */
export const volunteerLinkSchema = z.object({
  id: idSchema,
  token: z
    .string({ error: /*i18n*/ 'This link is not valid' })
    .min(10, /*i18n*/ 'This link is not valid')
    .max(200, /*i18n*/ 'This link is not valid'),
});
