import { computeStats } from '../services/stats';
import { adminProcedure, router } from '../trpc';

export const statsRouter = router({
  get: adminProcedure.query(({ ctx }) => computeStats(ctx.db, ctx.config.timeZone)),
});
