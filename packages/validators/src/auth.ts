import { z } from 'zod';
import { emailSchema, messages, optionalText, personName } from './common';

export const passwordMin = 6;

export const registerSchema = z.object({
  name: personName(messages.nameRequired),
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(emailSchema),
  password: z
    .string({ error: 'Password must be at least 6 characters' })
    .min(passwordMin, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
  phone: optionalText(40),
  emailConsent: z.boolean().default(false),
  isAdmin: z.boolean().default(false),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.input<typeof loginSchema>;

const newPasswordFields = {
  newPassword: z
    .string({ error: 'New password must be at least 6 characters' })
    .min(passwordMin, 'New password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
  confirmPassword: z.string({ error: 'Please confirm your new password' }).min(1, 'Please confirm your new password'),
};

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
    ...newPasswordFields,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "New passwords don't match",
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: 'New password must be different from current password',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** 'Forgot password?': the address to send a reset link to. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** A token from an emailed link (verification or password reset). */
export const emailTokenSchema = z
  .string({ error: 'This link is invalid or has expired' })
  .trim()
  .min(1, 'This link is invalid or has expired')
  .max(200, 'This link is invalid or has expired');

export const verifyEmailSchema = z.object({ token: emailTokenSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** The reset page: a new password twice, with the change-password rules and messages. */
export const resetPasswordSchema = z
  .object({ token: emailTokenSchema, ...newPasswordFields })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "New passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const accountUpdateSchema = z.object({
  name: personName(messages.nameRequired),
  email: emailSchema,
  phone: optionalText(40),
  emailConsent: z.boolean().optional(),
});
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;
