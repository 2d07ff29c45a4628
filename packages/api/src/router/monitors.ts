import { changes, type Db, monitors } from '@pac/db';
import { checkMonitorUrl } from '@pac/monitor';
import { idSchema, monitorCreateSchema, monitorMessages, monitorUpdateSchema } from '@pac/validators';
import { TRPCError } from '@trpc/server';
import { asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiConfig } from '../context';
import { monitorConfig } from '../services/monitoring';
import { adminProcedure, router } from '../trpc';

const byId = z.object({ id: idSchema });
const monitorNotFound = 'Monitor not found';

/** SPEC.md's host rule: SCHOOL_DOMAIN or a subdomain, never an address or a private host. */
function approvedUrl(config: ApiConfig, raw: string): string {
  const { domain, allowPrivateAddresses } = monitorConfig(config);
  const checked = checkMonitorUrl(raw, { domain, allowPrivateAddresses });
  if (!checked.ok) {
    const message = checked.problem === 'invalid' ? monitorMessages.urlInvalid : monitorMessages.urlNotApproved(domain);
    throw new TRPCError({ code: 'BAD_REQUEST', message });
  }
  return checked.url.toString();
}

function getMonitor(db: Db, id: number) {
  const monitor = db.select().from(monitors).where(eq(monitors.id, id)).get();
  if (!monitor) throw new TRPCError({ code: 'NOT_FOUND', message: monitorNotFound });
  return monitor;
}

export const monitorsRouter = router({
  list: adminProcedure.query(({ ctx }) => ctx.db.select().from(monitors).orderBy(asc(monitors.createdAt), asc(monitors.id)).all()),

  byId: adminProcedure.input(byId).query(({ ctx, input }) => getMonitor(ctx.db, input.id)),

  create: adminProcedure.input(monitorCreateSchema).mutation(({ ctx, input }) => {
    const url = approvedUrl(ctx.config, input.url);
    const created = ctx.db.insert(monitors).values({ ...input, url }).returning().get();
    if (!created) throw new Error('Inserting the monitor returned no row');
    return created;
  }),

  /** Also pause / resume (status) and the per-monitor channel toggles. A new URL starts a new baseline. */
  update: adminProcedure.input(monitorUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...fields } = input;
    const monitor = getMonitor(ctx.db, id);
    const changes: Partial<typeof monitors.$inferInsert> = { ...fields, updatedAt: new Date() };
    if (fields.url !== undefined) {
      const url = approvedUrl(ctx.config, fields.url);
      if (url !== monitor.url) Object.assign(changes, { url, lastContentHash: null, etag: null, lastModified: null });
    }
    // Resuming a monitor that was in error gives it a fresh start.
    if (fields.status === 'active' && monitor.status !== 'active') changes.errorCount = 0;
    const updated = ctx.db.update(monitors).set(changes).where(eq(monitors.id, id)).returning().get();
    if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: monitorNotFound });
    return updated;
  }),

  delete: adminProcedure.input(byId).mutation(({ ctx, input }) => {
    const removed = ctx.db.delete(monitors).where(eq(monitors.id, input.id)).run();
    if (removed.changes === 0) throw new TRPCError({ code: 'NOT_FOUND', message: monitorNotFound });
    return { success: true as const };
  }),

  /** Rechecks one monitor now, through the same runner the loop uses. */
  check: adminProcedure.input(byId).mutation(async ({ ctx, input }) => {
    const result = await ctx.monitorRunner.check(getMonitor(ctx.db, input.id));
    return { ...result, monitor: getMonitor(ctx.db, input.id) };
  }),

  /** 'Check All Monitors': every monitor that is not paused, now. */
  checkAll: adminProcedure.mutation(async ({ ctx }) => {
    const list = ctx.db.select().from(monitors).all().filter((m) => m.status !== 'paused');
    const { results, errors } = await ctx.monitorRunner.checkAll(list);
    const changed = results.filter((r) => r.changeId !== null).length;
    const failed = results.filter((r) => r.outcome === 'error').length + errors;
    return {
      message: `Checked ${list.length} monitor${list.length === 1 ? '' : 's'}: ${changed} changed, ${failed} failed`,
      checked: list.length,
      changes: changed,
      errors: failed,
    };
  }),

  /** Creates the school's monitors once: a monitor whose URL already exists is not added again. */
  /**
   * The web client calls it without a slug. The REST route POST /api/monitors/setup-{SCHOOL_SLUG}
   * passes its suffix, and any other suffix is an unknown route.
   */
  setupSchool: adminProcedure.input(z.object({ slug: z.string().max(100).optional() }).default({})).mutation(({ ctx, input }) => {
    const mc = monitorConfig(ctx.config);
    if (input.slug !== undefined && input.slug !== mc.slug) throw new TRPCError({ code: 'NOT_FOUND', message: `No API route /api/monitors/setup-${input.slug}` });
    return ctx.db.transaction((tx) => {
      const existing = new Set(tx.select({ url: monitors.url }).from(monitors).all().map((m) => m.url));
      const created = [];
      for (const def of mc.schoolMonitors) {
        const url = approvedUrl(ctx.config, def.url);
        if (existing.has(url)) continue;
        const row = tx
          .insert(monitors)
          .values({
            name: def.name,
            url,
            selectors: def.selectors,
            ignoreSelectors: def.ignoreSelectors ?? [],
            scheduleMinutes: def.scheduleMinutes ?? 15,
          })
          .returning()
          .get();
        if (row) created.push(row);
        existing.add(url);
      }
      return {
        message:
          created.length === 0
            ? 'The school monitors are already set up'
            : `Created ${created.length} monitor${created.length === 1 ? '' : 's'}`,
        created: created.length,
        monitors: created,
      };
    });
  }),

  /** Detected changes, newest first, with their monitor's name. */
  changes: adminProcedure.input(z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }).default({ limit: 100 })).query(({ ctx, input }) =>
    ctx.db
      .select({ change: changes, monitor: { id: monitors.id, name: monitors.name, url: monitors.url } })
      .from(changes)
      .innerJoin(monitors, eq(monitors.id, changes.monitorId))
      .orderBy(desc(changes.detectedAt), desc(changes.id))
      .limit(input.limit)
      .all()
      .map((r) => ({ ...r.change, monitor: r.monitor })),
  ),
});
