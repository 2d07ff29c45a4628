import { changes, type Db, type Executor, type Monitor, monitors, type Snapshot, snapshots } from '@pac/db';
import { checkPage, type HostSpacer } from '@pac/monitor';
import { TRPCError } from '@trpc/server';
import { and, avg, count, desc, eq, gte, inArray, isNotNull, max, notInArray } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import type { CheckResult } from '../lib/monitorRunner';
import { adminRecipient, notificationHistory, queueChangeNotifications, sendMail } from '../notifications/service';

/**
 * The website watch at work: checking a monitor (a snapshot every time, a change when the content
 * really moved), and what the System Monitoring page reads back: health, activity, snapshots.
 */

/** How many of a monitor's recent versions count as 'seen before' (rotating banners). */
const recentVersions = 5;

/**
 * The monitor's recent versions, newest first: the successful snapshots that carry content. A check
 * that finds the page unchanged stores only the hash, so each of these is a distinct version.
 */
function recentVersionsOf(db: Executor, monitorId: number, limit: number): Snapshot[] {
  return db
    .select()
    .from(snapshots)
    .where(and(eq(snapshots.monitorId, monitorId), eq(snapshots.status, 'success'), isNotNull(snapshots.rawContent)))
    .orderBy(desc(snapshots.capturedAt), desc(snapshots.id))
    .limit(limit)
    .all();
}

/**
 * Keeps the newest `keep` snapshots of a monitor, the ones a change still points at, and the recent
 * versions (the content that unchanged snapshots stand for, and that the next diff starts from).
 */
export function pruneSnapshots(db: Db, monitorId: number, keep: number): void {
  const kept = db
    .select({ id: snapshots.id })
    .from(snapshots)
    .where(eq(snapshots.monitorId, monitorId))
    .orderBy(desc(snapshots.capturedAt), desc(snapshots.id))
    .limit(keep)
    .all()
    .map((r) => r.id);
  const referenced = db
    .select({ id: changes.snapshotId })
    .from(changes)
    .where(eq(changes.monitorId, monitorId))
    .orderBy(desc(changes.detectedAt))
    .limit(keep)
    .all()
    .flatMap((r) => (r.id === null ? [] : [r.id]));
  const versions = recentVersionsOf(db, monitorId, recentVersions).map((v) => v.id);
  const keepIds = [...new Set([...kept, ...referenced, ...versions])];
  if (keepIds.length === 0) return;
  db.delete(snapshots)
    .where(and(eq(snapshots.monitorId, monitorId), notInArray(snapshots.id, keepIds)))
    .run();
}

/**
 * Checks one monitor now and records what happened: a snapshot for every check, a change (with its
 * notifications queued) only when the content really moved. The first success is the baseline;
 * content that returns to a recent version is no new change. Repeated failures turn the monitor to
 * status error and email the admin once; a success brings it back.
 */
export async function runCheck(ctx: ServiceContext, monitor: Monitor, spacer?: HostSpacer): Promise<CheckResult> {
  const { db, config } = ctx;
  const mc = config.monitor;
  const recent = recentVersionsOf(db, monitor.id, recentVersions);
  const last = recent[0];
  const outcome = await checkPage(
    {
      url: monitor.url,
      selectors: monitor.selectors,
      ignoreSelectors: monitor.ignoreSelectors,
      filterFutureEvents: monitor.filterFutureEvents,
      name: monitor.name,
    },
    {
      hash: monitor.lastContentHash,
      text: last?.rawContent ?? null,
      etag: monitor.etag ?? undefined,
      lastModified: monitor.lastModified ?? undefined,
      recentHashes: recent.flatMap((s) => (s.contentHash ? [s.contentHash] : [])),
    },
    {
      domain: mc.domain,
      allowPrivateAddresses: mc.allowPrivateAddresses,
      resolve: mc.resolve,
      timeoutMs: mc.timeoutMs,
      maxBytes: mc.maxBytes,
      spacer,
      timeZone: config.timeZone,
    },
  );
  const now = ctx.runtime.now();

  const result = db.transaction((tx) => {
    if (outcome.kind === 'error') {
      const snapshot = tx
        .insert(snapshots)
        .values({
          monitorId: monitor.id,
          status: outcome.snapshotStatus,
          errorMessage: outcome.message,
          elementsFound: outcome.elementsFound ?? 0,
          durationMs: outcome.durationMs,
          capturedAt: now,
        })
        .returning()
        .get();
      const errorCount = monitor.errorCount + 1;
      const status: Monitor['status'] =
        monitor.status === 'paused' ? 'paused' : errorCount >= mc.errorThreshold ? 'error' : monitor.status;
      tx.update(monitors)
        .set({ errorCount, status, lastCheckAt: now, updatedAt: now })
        .where(eq(monitors.id, monitor.id))
        .run();
      return {
        snapshotId: snapshot.id,
        changeId: null,
        status,
        turnedToError: status === 'error' && monitor.status !== 'error',
      };
    }

    // 304: nothing was downloaded; the last content still stands.
    const hash = outcome.kind === 'unchanged' && outcome.notModified ? monitor.lastContentHash : outcome.hash;
    const snapshot = tx
      .insert(snapshots)
      .values({
        monitorId: monitor.id,
        status: 'success',
        contentHash: hash,
        // Unchanged content is not stored again: the snapshot that holds this hash's text stands for it.
        rawContent: outcome.kind === 'unchanged' ? null : outcome.text,
        excerpt: outcome.kind === 'unchanged' && outcome.notModified ? (last?.excerpt ?? null) : outcome.excerpt,
        elementsFound: outcome.elementsFound ?? last?.elementsFound ?? 0,
        durationMs: outcome.durationMs,
        capturedAt: now,
      })
      .returning()
      .get();
    let changeId: number | null = null;
    if (outcome.kind === 'changed') {
      const change = tx
        .insert(changes)
        .values({
          monitorId: monitor.id,
          snapshotId: snapshot.id,
          changeType: outcome.changeType,
          summary: outcome.summary,
          diffContent: outcome.diff.unified,
          severity: outcome.severity,
          detectedAt: now,
        })
        .returning()
        .get();
      changeId = change.id;
      queueChangeNotifications(tx, config, monitor, change.id);
    }
    const status: Monitor['status'] = monitor.status === 'paused' ? 'paused' : 'active';
    tx.update(monitors)
      .set({
        lastCheckAt: now,
        lastContentHash: hash,
        etag: outcome.etag ?? monitor.etag,
        lastModified: outcome.lastModified ?? monitor.lastModified,
        errorCount: 0,
        status,
        updatedAt: now,
      })
      .where(eq(monitors.id, monitor.id))
      .run();
    return { snapshotId: snapshot.id, changeId, status, turnedToError: false };
  });

  pruneSnapshots(db, monitor.id, mc.snapshotRetention);
  if (result.turnedToError && outcome.kind === 'error') notifyAdminOfFailure(ctx, monitor, outcome.message);
  return {
    monitorId: monitor.id,
    outcome: outcome.kind,
    snapshotId: result.snapshotId,
    changeId: result.changeId,
    status: result.status,
    durationMs: outcome.durationMs,
  };
}

/** Emailed once, when a monitor turns to status error (not on every failed check after). */
function notifyAdminOfFailure(ctx: ServiceContext, monitor: Monitor, message: string): void {
  const { config } = ctx;
  const to = adminRecipient(ctx);
  if (!to) return;
  ctx.runtime.mail.inBackground('Monitor failure email', () =>
    sendMail(ctx, {
      to,
      subject: `[${config.schoolName}] Website check failing: ${monitor.name}`,
      text:
        `The website check "${monitor.name}" (${monitor.url}) has failed ${config.monitor.errorThreshold} times in a row ` +
        `and is now marked as error.\n\nLast error: ${message}\n\nIt will keep trying on its schedule and recover by itself ` +
        `once the page can be read again.\n\n${config.publicBaseUrl}/monitoring\n`,
    }),
  );
}

/** Monitors due for a check: not paused, never checked or last checked at least scheduleMinutes ago. */
export function dueMonitors(db: Db, now = new Date()): Monitor[] {
  return db
    .select()
    .from(monitors)
    .all()
    .filter(
      (m) =>
        m.status !== 'paused' &&
        (m.lastCheckAt === null || now.getTime() - m.lastCheckAt.getTime() >= m.scheduleMinutes * 60_000),
    );
}

/** The text a snapshot stands for: its own, or (for an unchanged check) that of its version. */
export function snapshotContent(db: Db, snapshot: Snapshot): string | null {
  if (snapshot.rawContent !== null || snapshot.contentHash === null) return snapshot.rawContent;
  return (
    db
      .select({ rawContent: snapshots.rawContent })
      .from(snapshots)
      .where(
        and(
          eq(snapshots.monitorId, snapshot.monitorId),
          eq(snapshots.contentHash, snapshot.contentHash),
          isNotNull(snapshots.rawContent),
        ),
      )
      .orderBy(desc(snapshots.capturedAt), desc(snapshots.id))
      .limit(1)
      .get()?.rawContent ?? null
  );
}

// ---------------------------------------------------------------------------------------------
// Checks through the Runtime's runner (the loop, 'Check All' and rechecks alike)

/** Checks one monitor through the runner (joining a check of it already under way). */
export function checkMonitor(ctx: ServiceContext, monitor: Monitor): Promise<CheckResult> {
  return ctx.runtime.monitorRunner.check(monitor.id, (spacer) => {
    // Re-read: the row may have changed (or gone) while waiting for a slot.
    const fresh = ctx.db.select().from(monitors).where(eq(monitors.id, monitor.id)).get() ?? monitor;
    return runCheck(ctx, fresh, spacer);
  });
}

/** Checks these monitors; one failing check never stops the others. */
export async function checkMonitors(
  ctx: ServiceContext,
  list: Monitor[],
): Promise<{ results: CheckResult[]; errors: number }> {
  const settled = await Promise.allSettled(list.map((m) => checkMonitor(ctx, m)));
  const results = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  for (const s of settled) if (s.status === 'rejected') console.error('Monitor check failed:', s.reason);
  return { results, errors: settled.length - results.length };
}

/** The monitor loop's tick: every monitor that is due and not being checked already. */
export function checkDueMonitors(ctx: ServiceContext): Promise<{ results: CheckResult[]; errors: number }> {
  const runner = ctx.runtime.monitorRunner;
  return checkMonitors(
    ctx,
    dueMonitors(ctx.db, ctx.runtime.now()).filter((m) => !runner.isChecking(m.id)),
  );
}

/** A change found some other way than a check (the Facebook app review's demo). */
export function recordChange(db: Executor, values: typeof changes.$inferInsert) {
  const change = db.insert(changes).values(values).returning().get();
  if (!change) throw new Error('The change could not be recorded');
  return change;
}

/** Detected changes, newest first, with their monitor's name. */
export function listChanges(db: Db, limit: number) {
  return db
    .select({ change: changes, monitor: { id: monitors.id, name: monitors.name, url: monitors.url } })
    .from(changes)
    .innerJoin(monitors, eq(monitors.id, changes.monitorId))
    .orderBy(desc(changes.detectedAt), desc(changes.id))
    .limit(limit)
    .all()
    .map((r) => ({ ...r.change, monitor: r.monitor }));
}

// ---------------------------------------------------------------------------------------------
// The System Monitoring page

const dayMs = 24 * 60 * 60 * 1000;

/** System health: counts by status, failed checks in the last 24 hours, the last check and the average duration (ms). */
export function monitoringHealth(ctx: ServiceContext) {
  const { db } = ctx;
  const byStatus = db.select({ status: monitors.status, n: count() }).from(monitors).groupBy(monitors.status).all();
  const n = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0;
  const since = new Date(ctx.runtime.now().getTime() - dayMs);
  const recentFailures =
    db
      .select({ n: count() })
      .from(snapshots)
      .where(and(inArray(snapshots.status, ['error', 'timeout']), gte(snapshots.capturedAt, since)))
      .get()?.n ?? 0;
  const last =
    db
      .select({ at: max(monitors.lastCheckAt) })
      .from(monitors)
      .get()?.at ?? null;
  const average = db
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
}

/** The activity feed: each check as an item, newest first. */
export function monitoringActivity(db: Db, limit: number) {
  return db
    .select({ snapshot: snapshots, monitorName: monitors.name, changeId: changes.id, changeSummary: changes.summary })
    .from(snapshots)
    .innerJoin(monitors, eq(monitors.id, snapshots.monitorId))
    .leftJoin(changes, eq(changes.snapshotId, snapshots.id))
    .orderBy(desc(snapshots.capturedAt), desc(snapshots.id))
    .limit(limit)
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
    }));
}

/** Recent snapshots without their raw content (see getSnapshot). */
export function listSnapshots(db: Db, limit: number) {
  return db
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
    .limit(limit)
    .all();
}

/** One snapshot with its raw (extracted) content, for the detail dialog. Always shown as text. */
export function getSnapshot(db: Db, id: number) {
  const row = db
    .select({ snapshot: snapshots, monitor: { name: monitors.name, url: monitors.url } })
    .from(snapshots)
    .innerJoin(monitors, eq(monitors.id, snapshots.monitorId))
    .where(eq(snapshots.id, id))
    .get();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Snapshot not found' });
  return { ...row.snapshot, rawContent: snapshotContent(db, row.snapshot), monitor: row.monitor };
}

/** Notification history, newest first (the notifications domain's). */
export function monitoringNotifications(db: Db, limit: number) {
  return notificationHistory(db, limit);
}
