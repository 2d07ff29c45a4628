import { z } from 'zod';
import { emailSchema, messages } from './common';

/** Every key the settings table may hold (SPEC.md section 3). */
export const settingKeys = [
  'heroImageUrl',
  'heroContent',
  'emailRecipients',
  'emailSettings',
  'adminEmail',
  'senderEmail',
  'senderPassword',
  'privacyContact',
] as const;
export type SettingKey = (typeof settingKeys)[number];

/** The keys `POST /api/settings/{key}` writes; the others have their own routes. */
export const writableSettingKeys = ['adminEmail', 'senderEmail', 'senderPassword', 'privacyContact'] as const;
export type WritableSettingKey = (typeof writableSettingKeys)[number];

export const settingKeySchema = z.enum(settingKeys, { error: /*i18n*/ 'Unknown setting key' });

const valueRequired = z
  .string({ error: /*i18n*/ 'Value cannot be empty' })
  .trim()
  .min(1, /*i18n*/ 'Value cannot be empty');

export const adminEmailSchema = valueRequired.pipe(emailSchema);
export const senderEmailSchema = valueRequired.pipe(emailSchema);
export const senderPasswordSchema = z
  .string({ error: /*i18n*/ 'App password is required' })
  // Gmail shows app passwords in groups of four; the spaces are not part of it.
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().min(1, /*i18n*/ 'App password is required').max(200, /*i18n*/ 'App password is too long'));

export const settingWriteSchema = z.discriminatedUnion(
  'key',
  [
    z.object({ key: z.literal('adminEmail'), value: adminEmailSchema }),
    z.object({ key: z.literal('senderEmail'), value: senderEmailSchema }),
    z.object({ key: z.literal('senderPassword'), value: senderPasswordSchema }),
    // The council's contact for privacy requests, on /privacy-policy (API.md "Privacy").
    z.object({ key: z.literal('privacyContact'), value: valueRequired.pipe(emailSchema) }),
  ],
  { error: /*i18n*/ 'This setting cannot be changed here' },
);
export type SettingWriteInput = z.input<typeof settingWriteSchema>;

/** The forms of the Email Settings tab. */
export const adminEmailFormSchema = z.object({ adminEmail: adminEmailSchema });
export const senderFormSchema = z.object({
  senderEmail: z.string().trim().min(1, messages.emailInvalid).pipe(emailSchema),
  senderPassword: senderPasswordSchema,
});
