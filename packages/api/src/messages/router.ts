import { sheetMessageAudienceSchema, sheetMessageListSchema, sheetMessageSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { organizerProcedure } from '../trpc';
import { countRecipients, listMessages, sendMessage } from './service';

export const messagesRouter = {
  /**
   * Sends a message to the volunteers of a sheet the caller runs (or of one of its slots): one copy
   * per mailbox, Reply-To the organizer; at most 5 a sheet a school day. Answers how many copies go.
   */
  send: organizerProcedure.input(sheetMessageSchema).mutation(({ ctx, input }) => sendMessage(ctx, input)),

  /** The messages a sheet the caller runs has sent, newest first. */
  list: organizerProcedure
    .input(sheetMessageListSchema)
    .query(({ ctx, input }) => listMessages(ctx, input.signupSheetId)),

  /** The composer's preview: how many volunteers a message to this audience would reach, and how many messages are left today. */
  recipients: organizerProcedure
    .input(sheetMessageAudienceSchema)
    .query(({ ctx, input }) => countRecipients(ctx, input)),
} satisfies TRPCRouterRecord;
