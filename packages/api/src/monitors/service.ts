import { type Db, type Executor, type Monitor, monitors } from '@pac/db';
import { checkMonitorUrl, prepareChecks } from '@pac/monitor';
import { monitorMessages, type monitorCreateSchema, type monitorUpdateSchema } from '@pac/validators';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApiConfig } from '../config';
import type { Context, ServiceContext } from '../context';
import { refuse } from '../lib/errors';
import { answerText } from '../lib/i18n';
import { checkMonitor, checkMonitors, listChanges } from '../monitoring/service';

const monitorNotFound = /*i18n*/ 'Monitor not found';

/** SPEC.md's host rule: SCHOOL_DOMAIN or a subdomain, never an address or a private host. */
function approvedUrl(config: ApiConfig, raw: string): string {
  const { domain, allowPrivateAddresses } = config.monitor;
  const checked = checkMonitorUrl(raw, { domain, allowPrivateAddresses });
  if (!checked.ok) {
    if (checked.problem === 'invalid')
      throw refuse('BAD_REQUEST', monitorMessages.urlInvalid, { reason: 'urlInvalid', field: 'url' });
    throw refuse(
      'BAD_REQUEST',
      { id: /*i18n*/ 'URL must be from an approved school domain (*.{host})', values: { host: domain } },
      { reason: 'urlNotApproved', field: 'url' },
    );
  }
  return checked.url.toString();
}

export function listMonitors(db: Db): Monitor[] {
  return db.select().from(monitors).orderBy(asc(monitors.createdAt), asc(monitors.id)).all();
}

export function getMonitor(db: Db, id: number): Monitor {
  const monitor = db.select().from(monitors).where(eq(monitors.id, id)).get();
  if (!monitor) throw refuse('NOT_FOUND', monitorNotFound, { reason: 'monitorNotFound' });
  return monitor;
}

export function createMonitor(ctx: ServiceContext, input: z.output<typeof monitorCreateSchema>): Monitor {
  const url = approvedUrl(ctx.config, input.url);
  const created = ctx.db
    .insert(monitors)
    .values({ ...input, url })
    .returning()
    .get();
  if (!created) throw new Error('Inserting the monitor returned no row');
  prepareChecks();
  return created;
}

/**
 * At start, for a server that has monitors: loads what a check runs on now, not on the first due
 * check (see prepareChecks). A server with none never loads it.
 */
export function prepareMonitorChecks(db: Db): void {
  if (db.select({ id: monitors.id }).from(monitors).limit(1).get()) prepareChecks();
}

/** Also pause / resume (status) and the per-monitor channel toggles. A new URL starts a new baseline. */
export function updateMonitor(ctx: ServiceContext, input: z.output<typeof monitorUpdateSchema>): Monitor {
  const { id, ...fields } = input;
  const monitor = getMonitor(ctx.db, id);
  const changes: Partial<typeof monitors.$inferInsert> = { ...fields, updatedAt: ctx.runtime.now() };
  if (fields.url !== undefined) {
    const url = approvedUrl(ctx.config, fields.url);
    if (url !== monitor.url) Object.assign(changes, { url, lastContentHash: null, etag: null, lastModified: null });
  }
  // Resuming a monitor that was in error gives it a fresh start.
  if (fields.status === 'active' && monitor.status !== 'active') changes.errorCount = 0;
  const updated = ctx.db.update(monitors).set(changes).where(eq(monitors.id, id)).returning().get();
  if (!updated) throw refuse('NOT_FOUND', monitorNotFound, { reason: 'monitorNotFound' });
  return updated;
}

export function deleteMonitor(db: Db, id: number): { success: true } {
  const removed = db.delete(monitors).where(eq(monitors.id, id)).run();
  if (removed.changes === 0) throw refuse('NOT_FOUND', monitorNotFound, { reason: 'monitorNotFound' });
  return { success: true as const };
}

/** Rechecks one monitor now, through the same runner the loop uses. */
export async function recheckMonitor(ctx: ServiceContext, id: number) {
  const result = await checkMonitor(ctx, getMonitor(ctx.db, id));
  return { ...result, monitor: getMonitor(ctx.db, id) };
}

/** 'Check All Monitors': every monitor that is not paused, now. */
export async function checkAllMonitors(ctx: Context) {
  const list = ctx.db
    .select()
    .from(monitors)
    .all()
    .filter((m) => m.status !== 'paused');
  const { results, errors } = await checkMonitors(ctx, list);
  const changed = results.filter((r) => r.changeId !== null).length;
  const failed = results.filter((r) => r.outcome === 'error').length + errors;
  return {
    message: answerText(ctx, {
      id: /*i18n*/ 'Checked {count, plural, one {{count} monitor} other {{count} monitors}}: {changed} changed, {failed} failed',
      values: { count: list.length, changed, failed },
    }),
    checked: list.length,
    changes: changed,
    errors: failed,
  };
}

/**
 * Creates the school's monitors once: a monitor whose URL already exists is not added again. The
 * web client calls it without a slug; the REST route POST /api/monitors/setup-{SCHOOL_SLUG} passes
 * its suffix, and any other suffix is an unknown route.
 */
export function setupSchoolMonitors(ctx: Context, slug: string | undefined) {
  const mc = ctx.config.monitor;
  if (slug !== undefined && slug !== mc.slug)
    throw refuse(
      'NOT_FOUND',
      { id: /*i18n*/ 'No API route {path}', values: { path: `/api/monitors/setup-${slug}` } },
      { reason: 'routeNotFound' },
    );
  return ctx.db.transaction((tx) => {
    const existing = new Set(
      tx
        .select({ url: monitors.url })
        .from(monitors)
        .all()
        .map((m) => m.url),
    );
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
    if (created.length > 0) prepareChecks();
    return {
      message: answerText(
        ctx,
        created.length === 0
          ? /*i18n*/ 'The school monitors are already set up'
          : {
              id: /*i18n*/ 'Created {count, plural, one {{count} monitor} other {{count} monitors}}',
              values: { count: created.length },
            },
      ),
      created: created.length,
      monitors: created,
    };
  });
}

/** Detected changes, newest first, with their monitor's name. */
export function recentChanges(db: Db, limit: number) {
  return listChanges(db, limit);
}

/** The monitor with this name, made (paused) with these values when there is none. */
export function monitorNamed(db: Executor, values: typeof monitors.$inferInsert & { name: string }): Monitor {
  const monitor =
    db.select().from(monitors).where(eq(monitors.name, values.name)).get() ??
    db.insert(monitors).values(values).returning().get();
  if (!monitor) throw new Error(`The monitor ${values.name} could not be created`);
  return monitor;
}
