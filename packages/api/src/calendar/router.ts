import { calendarFeedTokenSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { publicProcedure, userProcedure } from '../trpc';
import { eventsFeed, myFeed, personalFeed, resetFeed } from './service';

export const calendarRouter = {
  /** The public iCalendar feed of upcoming sheets (text/calendar over REST). */
  events: publicProcedure.query(({ ctx }) => eventsFeed(ctx)),

  /** An account's private feed of its own signups; the token is the secret (NOT_FOUND otherwise). */
  feed: publicProcedure.input(calendarFeedTokenSchema).query(({ ctx, input }) => personalFeed(ctx, input.token)),

  /** The signed-in account's private feed URL. */
  myFeed: userProcedure.query(({ ctx }) => myFeed(ctx)),

  /** A new private feed URL; the old one stops working. */
  resetFeed: userProcedure.mutation(({ ctx }) => resetFeed(ctx)),
} satisfies TRPCRouterRecord;
