import {
  accountUpdateSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  idSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { publicProcedure, userProcedure } from '../trpc';
import { changePassword, getProfile, updateAccount } from '../users/account';
import {
  login,
  logout,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './service';

const userIdInput = z.object({ userId: idSchema });

export const authRouter = {
  /** Creates an account, signs it in and emails a verification link (an admin may create one for someone else). */
  register: publicProcedure.input(registerSchema).mutation(({ ctx, input }) => register(ctx, input)),

  /** Limited per account and per address (LOGIN_MAX_FAILURES); see the service. */
  login: publicProcedure.input(loginSchema).mutation(({ ctx, input }) => login(ctx, input)),

  logout: publicProcedure.mutation(({ ctx }) => logout(ctx)),

  /** The session's user, or null when signed out. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /** Follows the emailed verification link (no session needed: the token is the proof). */
  verifyEmail: publicProcedure.input(verifyEmailSchema).mutation(({ ctx, input }) => verifyEmail(ctx.db, input.token)),

  /** Sends the signed-in account a new verification link. */
  resendVerification: userProcedure.mutation(({ ctx }) => resendVerification(ctx)),

  /** 'Forgot password?': the same answer whether or not the account exists. */
  forgotPassword: publicProcedure
    .input(forgotPasswordSchema)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input.email)),

  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(({ ctx, input }) => resetPassword(ctx, input)),

  /** The user themself or an admin. */
  profile: userProcedure.input(userIdInput).query(({ ctx, input }) => getProfile(ctx, input.userId)),

  updateAccount: userProcedure
    .input(userIdInput.extend(accountUpdateSchema.shape))
    .mutation(({ ctx, input }) => updateAccount(ctx, input)),

  changePassword: userProcedure
    .input(userIdInput.and(changePasswordSchema))
    .mutation(({ ctx, input }) => changePassword(ctx, input)),
} satisfies TRPCRouterRecord;
