import { volunteerExportSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { organizerProcedure } from '../trpc';
import { volunteerReport } from './service';

export const exportsRouter = {
  /**
   * The volunteer report (an organizer's own sheets, or the one `signupSheetId` names), streamed by
   * the REST route as the volunteer-data.csv download.
   */
  volunteers: organizerProcedure
    .input(volunteerExportSchema)
    .query(({ ctx, input }) => volunteerReport(ctx, input?.signupSheetId)),
} satisfies TRPCRouterRecord;
