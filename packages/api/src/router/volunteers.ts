import { users, volunteers } from '@pac/db';
import { idSchema, volunteerSignupSchema, volunteerUpdateSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  assertMayChangeVolunteer,
  getVolunteer,
  hasChanges,
  messages,
  removeVolunteer,
  signUp,
} from '../services/signups';
import { publicProcedure, router } from '../trpc';

export const volunteersRouter = router({
  /**
   * Anyone may sign up. The signup belongs to the session's user; a userId in the payload
   * that names anyone else is refused (admins may sign up on behalf of any account).
   */
  create: publicProcedure.input(volunteerSignupSchema).mutation(({ ctx, input }) => {
    const claimed = input.userId ?? null;
    if (claimed !== null && claimed !== ctx.user?.id && !ctx.user?.isAdmin) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You can only sign up as yourself' });
    }
    // An admin signing up on behalf of an account: a missing account is the caller's mistake,
    // not a foreign-key failure (which would surface as a 500).
    if (claimed !== null && claimed !== ctx.user?.id) {
      const account = ctx.db.select({ id: users.id }).from(users).where(eq(users.id, claimed)).get();
      if (!account) throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
    }
    return signUp(ctx.db, {
      slotId: input.slotId,
      userId: claimed ?? ctx.user?.id ?? null,
      name: input.name,
      email: input.email,
      phone: input.phone,
      notes: input.notes ?? null,
      emailConsent: input.emailConsent,
    });
  }),

  update: publicProcedure.input(volunteerUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return ctx.db.transaction((tx) => {
      const volunteer = getVolunteer(tx, id);
      assertMayChangeVolunteer(volunteer, ctx.user);
      if (changes.email !== undefined) {
        const clash = tx
          .select({ id: volunteers.id })
          .from(volunteers)
          .where(and(eq(volunteers.slotId, volunteer.slotId), eq(volunteers.email, changes.email), ne(volunteers.id, id)))
          .get();
        if (clash) throw new TRPCError({ code: 'CONFLICT', message: messages.alreadySignedUp });
      }
      if (!hasChanges(changes)) return volunteer;
      const updated = tx.update(volunteers).set(changes).where(eq(volunteers.id, id)).returning().get();
      if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: messages.volunteerNotFound });
      return updated;
    });
  }),

  delete: publicProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => {
    const volunteer = getVolunteer(ctx.db, input.id);
    assertMayChangeVolunteer(volunteer, ctx.user);
    removeVolunteer(ctx.db, volunteer);
    return { success: true as const };
  }),
});
