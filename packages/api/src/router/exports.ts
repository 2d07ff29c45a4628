import { volunteerCsvLines } from '../services/exports';
import { adminProcedure, router } from '../trpc';

export const exportsRouter = router({
  /**
   * The volunteer report. `lines` is produced lazily: the REST route streams it as the
   * volunteer-data.csv download; `csv` joins it for callers that want one string.
   */
  volunteers: adminProcedure.query(({ ctx }) => ({
    filename: 'volunteer-data.csv',
    contentType: 'text/csv; charset=utf-8',
    lines: volunteerCsvLines(ctx.db),
  })),
});
