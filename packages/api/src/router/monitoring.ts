import { changes, monitors, notifications, snapshots } from '@pac/db';
import { idSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { and, avg, count, desc, eq, gte, inArray, max } from 'drizzle-orm';
import { z } from 'zod';
import { snapshotContent } from '../services/monitoring';
import { adminProcedure, router } from '../trpc';

const dayMs = 24 * 60 * 60 * 1000;
const limitInput = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }).default({ limit: 50 });

export const monitoringRouter = router({
  /** System health: counts by status, failed checks in the last 24 hours, the last check and the average duration (ms). */
  health: adminProcedure.query(({ ctx }) => {
    const byStatus = ctx.db.select({ status: monitors.status, n: count() }).from(monitors).groupBy(monitors.status).all();
    const n = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0;
    const since = new Date(Date.now() - dayMs);
    const recentFailures =
      ctx.db
        .select({ n: count() })
        .from(snapshots)
        .where(and(inArray(snapshots.status, ['error', 'timeout']), gte(snapshots.capturedAt, since)))
        .get()?.n ?? 0;
    const last = ctx.db.select({ at: max(monitors.lastCheckAt) }).from(monitors).get()?.at ?? null;
    const average = ctx.db
      .select({ ms: avg(snapshots.durationMs) })
      .from(snapshots)
      .where(gte(snapshots.capturedAt, since))
      .get()?.ms;
    return {
      totalMonitors: byStatus.reduce((sum, r) => sum + r.n, 0),
      activeMonitors: n('active'),
      errorMonitors: n('error'),
      pausedMonitors: n('paused'),
      recentFailures,
      lastCheckTime: last === null ? null : new Date(last),
      averageCheckTime: average == null ? 0 : Math.round(Number(average)),
    };
  }),

  /** The activity feed: each check as an item, newest first. */
  activity: adminProcedure.input(limitInput).query(({ ctx, input }) =>
    ctx.db
      .select({ snapshot: snapshots, monitorName: monitors.name, changeId: changes.id, changeSummary: changes.summary })
      .from(snapshots)
      .innerJoin(monitors, eq(monitors.id, snapshots.monitorId))
      .leftJoin(changes, eq(changes.snapshotId, snapshots.id))
      .orderBy(desc(snapshots.capturedAt), desc(snapshots.id))
      .limit(input.limit)
      .all()
      .map((r) => ({
        id: r.snapshot.id,
        monitorName: r.monitorName,
        action: r.changeId !== null ? 'change_detected' : 'check',
        status: r.snapshot.status,
        message:
          r.snapshot.status !== 'success'
            ? (r.snapshot.errorMessage ?? 'Check failed')
            : (r.changeSummary ?? 'No change'),
        timestamp: r.snapshot.capturedAt,
        elementsFound: r.snapshot.elementsFound,
      })),
  ),

  /** Recent snapshots without their raw content (see snapshot). */
  snapshots: adminProcedure.input(limitInput).query(({ ctx, input }) =>
    ctx.db
      .select({
        id: snapshots.id,
        monitorId: snapshots.monitorId,
        contentHash: snapshots.contentHash,
        excerpt: snapshots.excerpt,
        status: snapshots.status,
        errorMessage: snapshots.errorMessage,
        elementsFound: snapshots.elementsFound,
        durationMs: snapshots.durationMs,
        capturedAt: snapshots.capturedAt,
        monitor: { name: monitors.name, url: monitors.url },
      })
      .from(snapshots)
      .innerJoin(monitors, eq(monitors.id, snapshots.monitorId))
      .orderBy(desc(snapshots.capturedAt), desc(snapshots.id))
      .limit(input.limit)
      .all(),
  ),

  /** One snapshot with its raw (extracted) content, for the detail dialog. Always shown as text. */
  snapshot: adminProcedure.input(z.object({ id: idSchema })).query(({ ctx, input }) => {
    const row = ctx.db
      .select({ snapshot: snapshots, monitor: { name: monitors.name, url: monitors.url } })
      .from(snapshots)
      .innerJoin(monitors, eq(monitors.id, snapshots.monitorId))
      .where(eq(snapshots.id, input.id))
      .get();
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Snapshot not found' });
    return { ...row.snapshot, rawContent: snapshotContent(ctx.db, row.snapshot), monitor: row.monitor };
  }),

  /** Notification history, newest first: change.monitor.name, change.summary, channel, status, sentAt. */
  notifications: adminProcedure.input(limitInput).query(({ ctx, input }) =>
    ctx.db
      .select({ notification: notifications, change: changes, monitor: { id: monitors.id, name: monitors.name } })
      .from(notifications)
      .innerJoin(changes, eq(changes.id, notifications.changeId))
      .innerJoin(monitors, eq(monitors.id, changes.monitorId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(input.limit)
      .all()
      .map((r) => ({ ...r.notification, change: { ...r.change, monitor: r.monitor } })),
  ),
});
