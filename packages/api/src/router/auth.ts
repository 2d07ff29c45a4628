import { users } from '@pac/db';
import { accountUpdateSchema, changePasswordSchema, idSchema, loginSchema, registerSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from '../context';
import {
  assertSelfOrAdmin,
  changePassword,
  getProfile,
  linkSignupsByEmail,
  updateAccount,
} from '../services/accounts';
import { createSession, endSession, hashPassword, toSessionUser, verifyPassword } from '../services/auth';
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

export const authRouter = router({
  register: publicProcedure.input(registerSchema).mutation(async ({ ctx, input }) => {
    const callerIsAdmin = ctx.user?.isAdmin === true;
    if (input.isAdmin && !callerIsAdmin) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Only an administrator can create an administrator account' });
    }
    const taken = ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
    if (taken) throw new TRPCError({ code: 'CONFLICT', message: 'An account with this email already exists' });
    const passwordHash = await hashPassword(input.password);
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
    linkSignupsByEmail(ctx.db, created);
    // An admin creating an account for someone else stays signed in as themself.
    if (!callerIsAdmin) {
      if (ctx.sessionId !== null) endSession(ctx.db, ctx.sessionId);
      startSession(ctx, created.id);
    }
    return toSessionUser(created);
  }),

  login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    const verdict = ctx.loginThrottle.check(input.email, ctx.clientAddress);
    if (!verdict.allowed) {
      const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      });
    }
    if (verdict.failures >= 2) await sleep(Math.min(verdict.failures - 1, 8) * slowdownStepMs);
    const user = ctx.db.select().from(users).where(eq(users.email, input.email)).get();
    const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !ok) {
      ctx.loginThrottle.recordFailure(input.email, ctx.clientAddress);
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
    }
    ctx.loginThrottle.recordSuccess(input.email);
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

  profile: userProcedure.input(userIdInput).query(({ ctx, input }) => {
    assertSelfOrAdmin(ctx.user, input.userId);
    return getProfile(ctx.db, input.userId);
  }),

  updateAccount: userProcedure.input(userIdInput.extend(accountUpdateSchema.shape)).mutation(({ ctx, input }) => {
    const { userId, ...changes } = input;
    assertSelfOrAdmin(ctx.user, userId);
    return updateAccount(ctx.db, userId, changes);
  }),

  changePassword: userProcedure
    .input(z.object({ userId: idSchema }).and(changePasswordSchema))
    .mutation(async ({ ctx, input }) => {
      assertSelfOrAdmin(ctx.user, input.userId);
      const ownSession = input.userId === ctx.user.id ? ctx.sessionId : null;
      await changePassword(ctx.db, input.userId, input, ownSession);
      return { success: true as const, message: 'Password updated' };
    }),
});
