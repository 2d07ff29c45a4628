import { reminderPendingSchema, reminderSendSchema, volunteerLinkSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { sheetOwnerScope } from '../lib/access';
import { organizerProcedure, publicProcedure } from '../trpc';
import { pendingReminders, reminderEmailStatus, resubscribe, sendSheetReminders, unsubscribe } from './service';

export const remindersRouter = {
  /** An organizer's own sheets; every sheet for an administrator. */
  pending: organizerProcedure
    .input(reminderPendingSchema)
    .query(({ ctx, input }) => pendingReminders(ctx.db, input.days, ctx.runtime.now(), sheetOwnerScope(ctx.user))),

  /** Sends one type of reminder to the consenting volunteers of a sheet's upcoming slots, each once. */
  send: organizerProcedure.input(reminderSendSchema).mutation(({ ctx, input }) => sendSheetReminders(ctx, input)),

  /** The link in every reminder: stops reminder emails to this volunteer's address. */
  unsubscribe: publicProcedure.input(volunteerLinkSchema).mutation(({ ctx, input }) => unsubscribe(ctx, input)),

  /** The same link's page: whether reminders reach that address now. */
  emailStatus: publicProcedure.input(volunteerLinkSchema).query(({ ctx, input }) => reminderEmailStatus(ctx, input)),

  /** The same link, the other way: reminders reach that address again (only from this mailed link). */
  resubscribe: publicProcedure.input(volunteerLinkSchema).mutation(({ ctx, input }) => resubscribe(ctx, input)),
} satisfies TRPCRouterRecord;
