import { z } from 'zod';
import { idSchema, optionalText, personName, messages, requiredText } from './common';
import { answersRecordSchema } from './questions';
import { quantitySchema } from './sheets';

/** The sentence for an emailed link we did not sign (the server answers it with 403). */
const invalidLink = /*i18n*/ 'This link is not valid';

/**
 * The token of a "manage my signup" link (`/my-signup?token=…`). Any text is accepted here: whether
 * it is one of ours is the server's check (403 'This link is not valid'), so a missing or mangled
 * token reads the same as a forged one.
 */
export const manageTokenSchema = z.preprocess((v) => v ?? '', z.string({ error: invalidLink }).max(500, invalidLink));

export const mySignupSchema = z.object({ token: manageTokenSchema });
export type MySignupInput = z.input<typeof mySignupSchema>;

/** Moves the signup behind a manage link to another slot of the same sheet. */
export const mySignupMoveSchema = z.object({ token: manageTokenSchema, slotId: idSchema });
export type MySignupMoveInput = z.input<typeof mySignupMoveSchema>;

/**
 * What the volunteer may correct from the manage page: name, phone, notes, answers and an item's
 * quantity (not the email: the link was mailed to it).
 */
export const mySignupUpdateSchema = z.object({
  token: manageTokenSchema,
  name: personName(messages.nameRequired).optional(),
  phone: requiredText(/*i18n*/ 'Phone is required', 40).optional(),
  notes: optionalText(2000),
  answers: answersRecordSchema.optional(),
  quantity: quantitySchema.optional(),
});
export type MySignupUpdateInput = z.input<typeof mySignupUpdateSchema>;
