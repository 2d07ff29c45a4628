import { checkInSchema, rosterGetSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { organizerProcedure } from '../trpc';
import { checkIn, getRoster } from './service';

export const rosterRouter = {
  /** The roster of a sheet the caller runs: slots with open spots, confirmed volunteers by name with contacts, answers and check-ins, and each waitlist. */
  get: organizerProcedure.input(rosterGetSchema).query(({ ctx, input }) => getRoster(ctx, input.sheetId)),

  /** Records (or, with `attended: null`, clears) a confirmed volunteer's attendance on a sheet the caller runs. */
  checkIn: organizerProcedure.input(checkInSchema).mutation(({ ctx, input }) => checkIn(ctx, input)),
} satisfies TRPCRouterRecord;
