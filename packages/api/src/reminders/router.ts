import { reminderPendingSchema, reminderSendSchema, volunteerLinkSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure, publicProcedure } from '../trpc';
import { pendingReminders, sendSheetReminders, unsubscribe } from './service';

export const remindersRouter = {
  pending: adminProcedure
    .input(reminderPendingSchema)
    .query(({ ctx, input }) => pendingReminders(ctx.db, input.days, ctx.runtime.now())),

  /** Sends one type of reminder to the consenting volunteers of a sheet's upcoming slots, each once. */
  send: adminProcedure.input(reminderSendSchema).mutation(({ ctx, input }) => sendSheetReminders(ctx, input)),

  /** The link in every reminder: stops reminder emails to this volunteer's address. */
  unsubscribe: publicProcedure.input(volunteerLinkSchema).mutation(({ ctx, input }) => unsubscribe(ctx, input)),
} satisfies TRPCRouterRecord;
