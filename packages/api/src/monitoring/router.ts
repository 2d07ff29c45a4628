import { idSchema } from '@pac/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { adminProcedure } from '../trpc';
import { getSnapshot, listSnapshots, monitoringActivity, monitoringHealth, monitoringNotifications } from './service';

const limitInput = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }).default({ limit: 50 });

export const monitoringRouter = {
  /** System health: counts by status, failed checks in the last 24 hours, the last check and the average duration (ms). */
  health: adminProcedure.query(({ ctx }) => monitoringHealth(ctx)),

  /** The activity feed: each check as an item, newest first. */
  activity: adminProcedure.input(limitInput).query(({ ctx, input }) => monitoringActivity(ctx, input.limit)),

  /** Recent snapshots without their raw content (see snapshot). */
  snapshots: adminProcedure.input(limitInput).query(({ ctx, input }) => listSnapshots(ctx.db, input.limit)),

  /** One snapshot with its raw (extracted) content, for the detail dialog. Always shown as text. */
  snapshot: adminProcedure.input(z.object({ id: idSchema })).query(({ ctx, input }) => getSnapshot(ctx.db, input.id)),

  /** Notification history, newest first: change.monitor.name, change.summary, channel, status, sentAt. */
  notifications: adminProcedure
    .input(limitInput)
    .query(({ ctx, input }) => monitoringNotifications(ctx.db, input.limit)),
} satisfies TRPCRouterRecord;
