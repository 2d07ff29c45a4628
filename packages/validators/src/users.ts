import { z } from 'zod';
import { idSchema } from './common';

/** An account's role (API.md "Coordinator toolkit"). */
export const userRoleValues = ['admin', 'organizer', 'member'] as const;
export type UserRoleValue = (typeof userRoleValues)[number];

export const userRoleUpdateSchema = z.object({
  id: idSchema,
  role: z.enum(userRoleValues, { error: /*i18n*/ 'Role must be admin, organizer or member' }),
});
export type UserRoleUpdateInput = z.input<typeof userRoleUpdateSchema>;
