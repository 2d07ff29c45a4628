import { idSchema, monitorCreateSchema, monitorUpdateSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure } from '../trpc';
import {
  checkAllMonitors,
  createMonitor,
  deleteMonitor,
  getMonitor,
  listMonitors,
  recentChanges,
  recheckMonitor,
  setupSchoolMonitors,
  updateMonitor,
} from './service';

const byId = z.object({ id: idSchema });

export const monitorsRouter = {
  list: adminProcedure.query(({ ctx }) => listMonitors(ctx.db)),

  byId: adminProcedure.input(byId).query(({ ctx, input }) => getMonitor(ctx.db, input.id)),

  create: adminProcedure.input(monitorCreateSchema).mutation(({ ctx, input }) => createMonitor(ctx, input)),

  /** Also pause / resume (status) and the per-monitor channel toggles. A new URL starts a new baseline. */
  update: adminProcedure.input(monitorUpdateSchema).mutation(({ ctx, input }) => updateMonitor(ctx, input)),

  delete: adminProcedure.input(byId).mutation(({ ctx, input }) => deleteMonitor(ctx.db, input.id)),

  /** Rechecks one monitor now, through the same runner the loop uses. */
  check: adminProcedure.input(byId).mutation(({ ctx, input }) => recheckMonitor(ctx, input.id)),

  /** 'Check All Monitors': every monitor that is not paused, now. */
  checkAll: adminProcedure.mutation(({ ctx }) => checkAllMonitors(ctx)),

  /**
   * Creates the school's monitors once. The web client calls it without a slug; the REST route
   * POST /api/monitors/setup-{SCHOOL_SLUG} passes its suffix.
   */
  setupSchool: adminProcedure
    .input(z.object({ slug: z.string().max(100).optional() }).default({}))
    .mutation(({ ctx, input }) => setupSchoolMonitors(ctx, input.slug)),

  /** Detected changes, newest first, with their monitor's name. */
  changes: adminProcedure
    .input(z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }).default({ limit: 100 }))
    .query(({ ctx, input }) => recentChanges(ctx.db, input.limit)),
} satisfies TRPCRouterRecord;
