import { volunteerCsvLines } from '../services/exports';
import { adminProcedure, router } from '../trpc';

export const exportsRouter = router({
  /**
   * The volunteer report. `lines` is produced lazily and is meant for the REST route, which streams
   * it as the volunteer-data.csv download (a generator does not travel over the tRPC wire).
   */
  volunteers: adminProcedure.query(({ ctx }) => ({
    filename: 'volunteer-data.csv',
    contentType: 'text/csv; charset=utf-8',
    lines: volunteerCsvLines(ctx.db, ctx.config.timeZone),
  })),
});
