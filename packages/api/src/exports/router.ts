import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure } from '../trpc';
import { volunteerReport } from './service';

export const exportsRouter = {
  /** The volunteer report, streamed by the REST route as the volunteer-data.csv download. */
  volunteers: adminProcedure.query(({ ctx }) => volunteerReport(ctx)),
} satisfies TRPCRouterRecord;
