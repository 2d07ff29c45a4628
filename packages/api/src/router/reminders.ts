import { signupSheets, volunteers } from '@pac/db';
import { reminderPendingSchema, reminderSendSchema, volunteerLinkSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { verifyLink } from '../services/links';
import { currentSender, MailNotConfiguredError } from '../services/mail';
import { pendingReminders, sheetRecipients } from '../services/reminders';
import { messages } from '../services/signups';
import { getVolunteer } from '../services/signups';
import { sendReminderOnce } from '../services/volunteerMail';
import { adminProcedure, publicProcedure, router } from '../trpc';

const labels = { week: 'week', day: 'day', hour: 'day-of' } as const;

export const remindersRouter = router({
  pending: adminProcedure.input(reminderPendingSchema).query(({ ctx, input }) => pendingReminders(ctx.db, input.days)),

  /** Sends one type of reminder to the consenting volunteers of a sheet's upcoming slots, each once. */
  send: adminProcedure.input(reminderSendSchema).mutation(async ({ ctx, input }) => {
    const sheet = ctx.db.select().from(signupSheets).where(eq(signupSheets.id, input.signupSheetId)).get();
    if (!sheet) throw new TRPCError({ code: 'NOT_FOUND', message: messages.sheetNotFound });
    if (!currentSender(ctx.db, ctx.config)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: new MailNotConfiguredError().message });
    }
    let sent = 0;
    let failed = 0;
    for (const recipient of sheetRecipients(ctx.db, sheet.id)) {
      try {
        if (await sendReminderOnce(ctx.db, ctx.config, recipient, input.reminderType)) sent += 1;
      } catch (error) {
        failed += 1;
        console.error('Reminder failed:', error instanceof Error ? error.message : error);
      }
    }
    const label = labels[input.reminderType];
    const message =
      `Sent ${sent} ${label} reminder${sent === 1 ? '' : 's'} for ${sheet.title}` +
      (failed > 0 ? `; ${failed} could not be sent` : '');
    return { message, sent, failed };
  }),

  /** The link in every reminder: stops reminder emails to this volunteer's address. */
  unsubscribe: publicProcedure.input(volunteerLinkSchema).mutation(({ ctx, input }) => {
    if (!verifyLink(ctx.db, 'unsubscribe', input.id, input.token)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'This link is not valid' });
    }
    const volunteer = getVolunteer(ctx.db, input.id);
    ctx.db.update(volunteers).set({ emailConsent: false }).where(eq(volunteers.email, volunteer.email)).run();
    return { message: 'You will not receive any more reminder emails', email: volunteer.email };
  }),
});
