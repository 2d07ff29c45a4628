import type { TRPCRouterRecord } from '@trpc/server';
import { organizerProcedure } from '../trpc';
import { volunteerReport } from './service';

export const exportsRouter = {
  /** The volunteer report (an organizer's own sheets), streamed by the REST route as the volunteer-data.csv download. */
  volunteers: organizerProcedure.query(({ ctx }) => volunteerReport(ctx)),
} satisfies TRPCRouterRecord;
