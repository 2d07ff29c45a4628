import { accountUpdateSchema, changePasswordSchema, idSchema, userRoleUpdateSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure, userProcedure } from '../trpc';
import { changePassword, getProfile, listPeople, setRole, updateAccount } from './service';

/** People: administrators list accounts and change their roles. */
export const usersRouter = {
  list: adminProcedure.query(({ ctx }) => listPeople(ctx.db)),

  /** The last administrator cannot be demoted (409). */
  setRole: adminProcedure.input(userRoleUpdateSchema).mutation(({ ctx, input }) => setRole(ctx.db, input)),
} satisfies TRPCRouterRecord;

const userIdInput = z.object({ userId: idSchema });

/** The account page's procedures, served under `auth.*` (root.ts), where the web app and REST call them. */
export const accountRouter = {
  /** The user themself or an admin. */
  profile: userProcedure.input(userIdInput).query(({ ctx, input }) => getProfile(ctx, input.userId)),

  updateAccount: userProcedure
    .input(userIdInput.extend(accountUpdateSchema.shape))
    .mutation(({ ctx, input }) => updateAccount(ctx, input)),

  changePassword: userProcedure
    .input(userIdInput.and(changePasswordSchema))
    .mutation(({ ctx, input }) => changePassword(ctx, input)),
} satisfies TRPCRouterRecord;
