import { z } from 'zod';
import { emailSchema } from './common';
import { mySignupSchema } from './waitlist';

/** Privacy (API.md): a person's export, deleting an account or a signup's details, an admin's answer to a request. */
export const privacyMessages = {
  passwordRequired: /*i18n*/ 'Password is required',
  wrongPassword: /*i18n*/ 'Password is incorrect',
  lastAdmin: /*i18n*/ 'The last administrator account cannot be deleted',
  /** What an erased signup is called from then on. */
  formerVolunteer: /*i18n*/ 'Former volunteer',
  privacyContactInvalid: /*i18n*/ 'Please enter a valid email address',
} as const;

/** DELETE /api/auth/account: the account's own password, asked again. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: privacyMessages.passwordRequired }).min(1, privacyMessages.passwordRequired).max(200),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** POST /api/my-signup/erase: the manage link's token names the signup. */
export const eraseSignupSchema = mySignupSchema;

/** An admin's search or erasure of what is held about one email address. */
export const privacyEmailSchema = z.object({ email: emailSchema });
export type PrivacyEmailInput = z.input<typeof privacyEmailSchema>;

/** RETENTION_MONTHS: how long signups are kept after their event, and backups at all. */
export const retentionDefaults = { months: 16, min: 1, max: 120 } as const;
