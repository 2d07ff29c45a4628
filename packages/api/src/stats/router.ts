import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure } from '../trpc';
import { computeStats } from './service';

export const statsRouter = {
  get: adminProcedure.query(({ ctx }) => computeStats(ctx.db, ctx.config.timeZone, ctx.runtime.now())),
} satisfies TRPCRouterRecord;
