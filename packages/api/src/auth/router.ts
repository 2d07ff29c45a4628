import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { publicProcedure, userProcedure } from '../trpc';
import {
  login,
  logout,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './service';

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
} satisfies TRPCRouterRecord;
