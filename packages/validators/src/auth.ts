import { z } from 'zod';
import { emailSchema, messages, optionalText, personName } from './common';
import { type Language, languageTags } from './languages';
import { fill } from './fill';

export const passwordMin = 6;

export const registerSchema = z.object({
  name: personName(messages.nameRequired),
  email: z
    .string({ error: /*i18n*/ 'Email is required' })
    .trim()
    .min(1, /*i18n*/ 'Email is required')
    .pipe(emailSchema),
  password: z
    .string({ error: /*i18n*/ 'Password must be at least 6 characters' })
    .min(passwordMin, /*i18n*/ 'Password must be at least 6 characters')
    .max(200, /*i18n*/ 'Password must be at most 200 characters'),
  phone: optionalText(40),
  emailConsent: z.boolean().default(false),
  isAdmin: z.boolean().default(false),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: /*i18n*/ 'Password is required' }).min(1, /*i18n*/ 'Password is required').max(200),
});
export type LoginInput = z.input<typeof loginSchema>;

const newPasswordFields = {
  newPassword: z
    .string({ error: /*i18n*/ 'New password must be at least 6 characters' })
    .min(passwordMin, /*i18n*/ 'New password must be at least 6 characters')
    .max(200, /*i18n*/ 'Password must be at most 200 characters'),
  confirmPassword: z
    .string({ error: /*i18n*/ 'Please confirm your new password' })
    .min(1, /*i18n*/ 'Please confirm your new password'),
};

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: /*i18n*/ 'Current password is required' })
      .min(1, /*i18n*/ 'Current password is required'),
    ...newPasswordFields,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: /*i18n*/ "New passwords don't match",
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: /*i18n*/ 'New password must be different from current password',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** 'Forgot password?': the address to send a reset link to. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** A token from an emailed link (verification or password reset). */
export const emailTokenSchema = z
  .string({ error: /*i18n*/ 'This link is invalid or has expired' })
  .trim()
  .min(1, /*i18n*/ 'This link is invalid or has expired')
  .max(200, /*i18n*/ 'This link is invalid or has expired');

export const verifyEmailSchema = z.object({ token: emailTokenSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** The reset page: a new password twice, with the change-password rules and messages. */
export const resetPasswordSchema = z
  .object({ token: emailTokenSchema, ...newPasswordFields })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: /*i18n*/ "New passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/**
 * PATCH /api/auth/account/{id}: the fields sent change, the others stay (`{ language: 'pa' }` alone
 * is an edit too). `language` is one of ours (a BCP 47 tag such as 'pa' or 'zh-Hant'), or null to
 * let the language menu and the browser decide again.
 */
export const accountUpdateSchema = z.object({
  name: personName(messages.nameRequired).optional(),
  email: emailSchema.optional(),
  phone: optionalText(40),
  emailConsent: z.boolean().optional(),
  language: z
    .enum(languageTags as [Language, ...Language[]], {
      error: fill(/*i18n*/ 'Language must be one of {languages}', { languages: languageTags.join(', ') }),
    })
    .nullable()
    .optional(),
});
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;
