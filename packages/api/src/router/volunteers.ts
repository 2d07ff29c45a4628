import { type Db, signupSheets, type Volunteer, volunteers, volunteerSlots } from '@pac/db';
import { idSchema, volunteerLinkSchema, volunteerSignupSchema, volunteerUpdateSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { verifyLink } from '../services/links';
import { currentSender, sendInBackground } from '../services/mail';
import {
  assertMayChangeVolunteer,
  getVolunteer,
  hasChanges,
  messages,
  removeVolunteer,
  signUp,
  signupOwner,
} from '../services/signups';
import { sendSignupConfirmation } from '../services/volunteerMail';
import { publicProcedure, router } from '../trpc';
import type { Context } from '../context';

/** A signup with its slot and sheet. */
function signupWithEvent(db: Db, volunteer: Volunteer) {
  const row = db
    .select({ slot: volunteerSlots, sheet: signupSheets })
    .from(volunteerSlots)
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .where(eq(volunteerSlots.id, volunteer.slotId))
    .get();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.slotNotFound });
  return { volunteer, ...row };
}

/** The signup behind a signed cancel link, or FORBIDDEN when the link is not ours. */
function linkedSignup(ctx: Context, input: { id: number; token: string }) {
  const volunteer = getVolunteer(ctx.db, input.id);
  if (!verifyLink(ctx.db, 'cancel', input.id, input.token)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'This link is not valid' });
  }
  return signupWithEvent(ctx.db, volunteer);
}

export const volunteersRouter = router({
  /**
   * Anyone may sign up; whose signup it is follows `signupOwner`. Each client address may make
   * SIGNUP_RATE_LIMIT signups in 10 minutes (admins exempt), and each email address receives at
   * most a few confirmations an hour, so that the form cannot be used to flood anyone's mailbox.
   */
  create: publicProcedure.input(volunteerSignupSchema).mutation(({ ctx, input }) => {
    const userId = signupOwner(ctx.db, ctx.user, input);
    const limited = !ctx.user?.isAdmin && ctx.clientAddress !== null;
    const taken = limited ? ctx.guards.signups.take(ctx.clientAddress ?? '') : null;
    if (taken && !taken.allowed) {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Too many signups from this network. Please try again later.' });
    }
    let volunteer: Volunteer;
    try {
      volunteer = signUp(ctx.db, {
        slotId: input.slotId,
        userId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        notes: input.notes ?? null,
        emailConsent: input.emailConsent,
      });
    } catch (error) {
      // Only signups that happened count against the address.
      if (taken?.allowed) taken.ticket.release();
      throw error;
    }
    // The confirmation goes out after the answer: a slow or failing mail server never costs a signup.
    if (currentSender(ctx.db, ctx.config) && ctx.guards.confirmationMail.take(volunteer.email).allowed) {
      const { db, config } = ctx;
      const signup = signupWithEvent(db, volunteer);
      sendInBackground('Signup confirmation', () => sendSignupConfirmation(db, config, signup));
    }
    return volunteer;
  }),

  /** What a cancel link from the confirmation email is about, for the page that asks to confirm. */
  cancelInfo: publicProcedure.input(volunteerLinkSchema).query(({ ctx, input }) => {
    const { volunteer, slot, sheet } = linkedSignup(ctx, input);
    return {
      name: volunteer.name,
      slotTitle: slot.title,
      startTime: slot.startTime,
      endTime: slot.endTime,
      sheetId: sheet.id,
      sheetTitle: sheet.title,
      eventDate: sheet.eventDate,
    };
  }),

  /** Cancels a signup from the link in its confirmation email, without an account. */
  cancelByLink: publicProcedure.input(volunteerLinkSchema).mutation(({ ctx, input }) => {
    const { volunteer } = linkedSignup(ctx, input);
    removeVolunteer(ctx.db, volunteer);
    return { message: 'Your signup has been cancelled' };
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
