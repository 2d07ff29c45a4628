import { users } from '@pac/db';
import { loginSchema, registerSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { Context } from '../context';
import { createSession, endSession, hashPassword, toSessionUser, verifyPassword } from '../services/auth';
import { publicProcedure, router } from '../trpc';

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
    // An admin creating an account for someone else stays signed in as themself.
    if (!callerIsAdmin) {
      if (ctx.sessionId !== null) endSession(ctx.db, ctx.sessionId);
      startSession(ctx, created.id);
    }
    return toSessionUser(created);
  }),

  login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    const user = ctx.db.select().from(users).where(eq(users.email, input.email)).get();
    const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !ok) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
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
});
