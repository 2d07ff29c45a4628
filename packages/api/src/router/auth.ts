import { users } from '@pac/db';
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
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from '../context';
import { sendAccountLink } from '../services/accountEmails';
import {
  assertSelfOrAdmin,
  changePassword,
  getProfile,
  linkSignupsByEmail,
  requestPasswordReset,
  resetPassword,
  updateAccount,
  verifyEmail,
} from '../services/accounts';
import { createSession, endSession, toSessionUser } from '../services/auth';
import { publicProcedure, router, userProcedure } from '../trpc';

const userIdInput = z.object({ userId: idSchema });

// Answers slow down after a couple of failures, so that guessing is slow well before the 429.
const slowdownStepMs = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dayS = 24 * 60 * 60;

function startSession(ctx: Context, userId: number): void {
  const token = createSession(ctx.db, userId);
  ctx.cookies.set(token, ctx.config.sessionIdleDays * dayS);
}

function tooManyLogins(retryAfterSeconds: number): TRPCError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  });
}

export const authRouter = router({
  /**
   * Creates an unverified account, signs it in and emails a verification link. Signups made
   * earlier without an account join it only once the address is verified.
   */
  register: publicProcedure.input(registerSchema).mutation(async ({ ctx, input }) => {
    const callerIsAdmin = ctx.user?.isAdmin === true;
    if (input.isAdmin && !callerIsAdmin) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Only an administrator can create an administrator account' });
    }
    const taken = ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
    if (taken) throw new TRPCError({ code: 'CONFLICT', message: 'An account with this email already exists' });
    const passwordHash = await ctx.guards.passwords.hash(input.password);
    const created = ctx.db
      .insert(users)
      .values({
        email: input.email,
        name: input.name,
        phone: input.phone ?? null,
        passwordHash,
        isAdmin: input.isAdmin,
        emailConsent: input.emailConsent,
        lastLoginAt: callerIsAdmin ? null : new Date(),
      })
      .onConflictDoNothing()
      .returning()
      .get();
    // A concurrent registration may have taken the address between the check and the insert.
    if (!created) throw new TRPCError({ code: 'CONFLICT', message: 'An account with this email already exists' });
    sendAccountLink(ctx.db, ctx.config, created, 'verifyEmail');
    // An admin creating an account for someone else stays signed in as themself.
    if (!callerIsAdmin) {
      if (ctx.sessionId !== null) endSession(ctx.db, ctx.sessionId);
      startSession(ctx, created.id);
    }
    return toSessionUser(created);
  }),

  /**
   * The attempt is counted before its password is checked, so that no burst or batch gets more
   * than LOGIN_MAX_FAILURES guesses checked; argon2 runs through the shared bounded queue.
   */
  login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    const attempt = ctx.guards.loginThrottle.begin(input.email, ctx.clientAddress);
    if (!attempt.allowed) throw tooManyLogins(attempt.retryAfterSeconds);
    let ok: boolean;
    const user = ctx.db.select().from(users).where(eq(users.email, input.email)).get();
    try {
      if (attempt.failures >= 2) await sleep(Math.min(attempt.failures - 1, 8) * slowdownStepMs);
      ok = await ctx.guards.passwords.verify(user?.passwordHash ?? null, input.password);
    } catch (error) {
      attempt.abandoned();
      throw error;
    }
    if (!user || !ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
    attempt.succeeded();
    linkSignupsByEmail(ctx.db, user);
    const updated = ctx.db
      .update(users)
      .set({ lastLoginAt: new Date() })
      .where(eq(users.id, user.id))
      .returning()
      .get();
    if (ctx.sessionId !== null) endSession(ctx.db, ctx.sessionId);
    startSession(ctx, user.id);
    return toSessionUser(updated ?? user);
  }),

  logout: publicProcedure.mutation(({ ctx }) => {
    if (ctx.sessionId !== null) endSession(ctx.db, ctx.sessionId);
    ctx.cookies.clear();
    return { success: true as const };
  }),

  /** The session's user, or null when signed out. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /** Follows the emailed verification link (no session needed: the token is the proof). */
  verifyEmail: publicProcedure.input(verifyEmailSchema).mutation(({ ctx, input }) => verifyEmail(ctx.db, input.token)),

  /** Sends the signed-in account a new verification link. */
  resendVerification: userProcedure.mutation(({ ctx }) => {
    if (ctx.user.emailVerified) return { message: 'Your email address is already verified' };
    const outcome = sendAccountLink(ctx.db, ctx.config, ctx.user, 'verifyEmail');
    if (outcome === 'limited') {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Too many emails sent to this address. Please try again later.' });
    }
    if (outcome === 'notConfigured') {
      throw new TRPCError({
        code: 'PRECONDITION_FAILED',
        message: 'Email is not set up on this site yet. Please ask an administrator.',
      });
    }
    return { message: `We sent a new link to ${ctx.user.email}` };
  }),

  /** 'Forgot password?': the same answer whether or not the account exists. */
  forgotPassword: publicProcedure
    .input(forgotPasswordSchema)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.db, ctx.config, input.email)),

  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(async ({ ctx, input }) => {
    await resetPassword(ctx.db, ctx.guards.passwords, input);
    return { success: true as const, message: 'Your password has been reset. You can now log in with it.' };
  }),

  profile: userProcedure.input(userIdInput).query(({ ctx, input }) => {
    assertSelfOrAdmin(ctx.user, input.userId);
    return getProfile(ctx.db, input.userId);
  }),

  updateAccount: userProcedure.input(userIdInput.extend(accountUpdateSchema.shape)).mutation(({ ctx, input }) => {
    const { userId, ...changes } = input;
    assertSelfOrAdmin(ctx.user, userId);
    return updateAccount(ctx.db, ctx.config, userId, changes);
  }),

  changePassword: userProcedure
    .input(z.object({ userId: idSchema }).and(changePasswordSchema))
    .mutation(async ({ ctx, input }) => {
      assertSelfOrAdmin(ctx.user, input.userId);
      const ownSession = input.userId === ctx.user.id ? ctx.sessionId : null;
      await changePassword(ctx.db, ctx.guards.passwords, input.userId, input, ownSession);
      return { success: true as const, message: 'Password updated' };
    }),
});
