import { changes, type Db, type Executor, type Monitor, monitors, type Snapshot, snapshots } from '@pac/db';
import { checkPage, type CheckOutcome } from '@pac/monitor';
import {
  and,
  avg,
  type Column,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  max,
  notInArray,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Context, logFor, type ServiceContext } from '../context';
import { recipientI18n } from '../email/language';
import { adminRecipient, sendMail } from '../email/service';
import { refuse } from '../lib/errors';
import { answerText } from '../lib/i18n';
import type { CheckResult, CheckTools } from '../lib/monitorRunner';
import { commitTogether } from '../lib/sharedCommits';
import { queueChange } from '../announcements/service';
import { notificationHistory } from '../notifications/service';
import { RuntimeKey } from '../runtime';

/**
 * The website watch at work: checking a monitor (a snapshot every time, a change when the content
 * really moved), and what the System Monitoring page reads back: health, activity, snapshots.
 */

/** How many of a monitor's recent versions count as 'seen before' (rotating banners). */
const recentVersions = 5;

/**
 * A monitor's versions: the successful snapshots that carry content. A check that finds the page
 * unchanged stores only the hash, so each of these is a distinct version.
 */
function isVersionOf(monitorId: number | Placeholder): SQL | undefined {
  return and(eq(snapshots.monitorId, monitorId), eq(snapshots.status, 'success'), isNotNull(snapshots.rawContent));
}

/**
 * The snapshots table as the versions' reads name it: through snapshots_versions_idx, which holds
 * every column they read (packages/db's schema says why the planner needs telling). A read that
 * named a missing index would fail to prepare, not fall back to walking the stored texts.
 */
const versionsIndexed = sql`${snapshots} INDEXED BY snapshots_versions_idx`;

/**
 * A column of snapshots selected from `versionsIndexed`, decoded as the column decodes it. (drizzle
 * refuses a column itself there: it cannot see the table in a FROM written as SQL.)
 */
function versionColumn<C extends Column>(column: C): SQL<C['_']['data']> {
  return sql<C['_']['data']>`${column}`.mapWith(column);
}

/**
 * The delete that keeps the newest `keep` snapshots of a monitor, the ones a change still points at,
 * and the recent versions (the content that unchanged snapshots stand for, and that the next diff
 * starts from). One statement, so a check's writes stay one short transaction.
 */
function pruneQuery(db: Executor, monitorId: number | Placeholder, keep: number | Placeholder) {
  const newest = db
    .select({ id: snapshots.id })
    .from(snapshots)
    .where(eq(snapshots.monitorId, monitorId))
    .orderBy(desc(snapshots.capturedAt), desc(snapshots.id))
    .limit(keep);
  const lastChanges = db
    .select({ snapshotId: changes.snapshotId })
    .from(changes)
    .where(eq(changes.monitorId, monitorId))
    .orderBy(desc(changes.detectedAt))
    .limit(keep)
    .as('last_changes');
  // The nulls (changes whose snapshot is gone) are left out: NOT IN a list holding NULL is never true.
  const referenced = db
    .select({ snapshotId: lastChanges.snapshotId })
    .from(lastChanges)
    .where(isNotNull(lastChanges.snapshotId));
  const versions = db
    .select({ id: versionColumn(snapshots.id) })
    .from(versionsIndexed)
    .where(isVersionOf(monitorId))
    .orderBy(desc(snapshots.capturedAt), desc(snapshots.id))
    .limit(recentVersions);
  return db
    .delete(snapshots)
    .where(
      and(
        eq(snapshots.monitorId, monitorId),
        notInArray(snapshots.id, newest),
        notInArray(snapshots.id, referenced),
        notInArray(snapshots.id, versions),
      ),
    );
}

/**
 * Keeps the newest `keep` snapshots of a monitor, the ones a change still points at, and the recent
 * versions (the content that unchanged snapshots stand for, and that the next diff starts from).
 */
export function pruneSnapshots(db: Executor, monitorId: number, keep: number): void {
  pruneQuery(db, monitorId, keep).run();
}

/** A value filled in when a prepared statement runs, usable where drizzle wants SQL. */
const param = (name: string): SQL => sql`${sql.placeholder(name)}`;

/**
 * What every check reads and writes, prepared once per database: building these queries anew for
 * each of 200 checks cost more CPU than running them.
 */
function prepareChecks(db: Db) {
  const monitorId = sql.placeholder('monitorId');
  const now = sql.placeholder('now');
  return {
    db,
    monitor: db.select().from(monitors).where(eq(monitors.id, monitorId)).prepare(),
    /** The recent versions, newest first, without their text (only a diff needs the newest one's). */
    versions: db
      .select({
        id: versionColumn(snapshots.id),
        contentHash: versionColumn(snapshots.contentHash),
        excerpt: versionColumn(snapshots.excerpt),
        elementsFound: versionColumn(snapshots.elementsFound),
      })
      .from(versionsIndexed)
      .where(isVersionOf(monitorId))
      .orderBy(desc(snapshots.capturedAt), desc(snapshots.id))
      .limit(recentVersions)
      .prepare(),
    text: db
      .select({ rawContent: snapshots.rawContent })
      .from(snapshots)
      .where(eq(snapshots.id, sql.placeholder('snapshotId')))
      .prepare(),
    insertSnapshot: db
      .insert(snapshots)
      .values({
        monitorId,
        status: sql.placeholder('status'),
        contentHash: sql.placeholder('contentHash'),
        rawContent: sql.placeholder('rawContent'),
        excerpt: sql.placeholder('excerpt'),
        errorMessage: sql.placeholder('errorMessage'),
        elementsFound: sql.placeholder('elementsFound'),
        durationMs: sql.placeholder('durationMs'),
        capturedAt: now,
      })
      .returning({ id: snapshots.id })
      .prepare(),
    // An update's values take no bare placeholder, only SQL: these pass to SQLite as given, so the
    // times go in as the epoch milliseconds the timestamp columns store.
    recordSuccess: db
      .update(monitors)
      .set({
        lastCheckAt: param('nowMs'),
        lastContentHash: param('hash'),
        etag: param('etag'),
        lastModified: param('lastModified'),
        errorCount: 0,
        status: param('status'),
        updatedAt: param('nowMs'),
      })
      .where(eq(monitors.id, monitorId))
      .prepare(),
    recordError: db
      .update(monitors)
      .set({
        errorCount: param('errorCount'),
        status: param('status'),
        lastCheckAt: param('nowMs'),
        updatedAt: param('nowMs'),
      })
      .where(eq(monitors.id, monitorId))
      .prepare(),
    prune: pruneQuery(db, monitorId, sql.placeholder('keep')).prepare(),
  };
}

const checkStatements = new RuntimeKey<ReturnType<typeof prepareChecks>>('monitoring: check statements');

interface Written {
  snapshotId: number;
  changeId: number | null;
  status: Monitor['status'];
  turnedToError: boolean;
}

/** Records one check: its snapshot, the change (with its notifications) if any, the monitor's state. */
function recordCheck(
  ctx: ServiceContext,
  monitor: Monitor,
  last: { excerpt: string | null; elementsFound: number } | undefined,
  outcome: CheckOutcome,
  now: Date,
): Written {
  const s = ctx.runtime.state(checkStatements, prepareChecks);
  const mc = ctx.config.monitor;
  const monitorId = monitor.id;
  let written: Written;
  if (outcome.kind === 'error') {
    const snapshot = s.insertSnapshot.get({
      monitorId,
      status: outcome.snapshotStatus,
      contentHash: null,
      rawContent: null,
      excerpt: null,
      errorMessage: outcome.message,
      elementsFound: outcome.elementsFound ?? 0,
      durationMs: outcome.durationMs,
      now,
    });
    if (!snapshot) throw new Error('Inserting the snapshot returned no row');
    const errorCount = monitor.errorCount + 1;
    const status: Monitor['status'] =
      monitor.status === 'paused' ? 'paused' : errorCount >= mc.errorThreshold ? 'error' : monitor.status;
    s.recordError.run({ monitorId, errorCount, status, nowMs: now.getTime() });
    written = {
      snapshotId: snapshot.id,
      changeId: null,
      status,
      turnedToError: status === 'error' && monitor.status !== 'error',
    };
  } else {
    // 304: nothing was downloaded; the last content still stands.
    const notModified = outcome.kind === 'unchanged' && outcome.notModified;
    const hash = notModified ? monitor.lastContentHash : outcome.hash;
    const snapshot = s.insertSnapshot.get({
      monitorId,
      status: 'success',
      contentHash: hash,
      // Unchanged content is not stored again: the snapshot that holds this hash's text stands for it.
      rawContent: outcome.kind === 'unchanged' ? null : outcome.text,
      excerpt: 'excerpt' in outcome ? outcome.excerpt : (last?.excerpt ?? null),
      errorMessage: null,
      elementsFound: outcome.elementsFound ?? last?.elementsFound ?? 0,
      durationMs: outcome.durationMs,
      now,
    });
    if (!snapshot) throw new Error('Inserting the snapshot returned no row');
    let changeId: number | null = null;
    if (outcome.kind === 'changed') {
      const change = s.db
        .insert(changes)
        .values({
          monitorId,
          snapshotId: snapshot.id,
          changeType: outcome.changeType,
          summary: outcome.summary,
          diffContent: outcome.diff.unified,
          severity: outcome.severity,
          detectedAt: now,
        })
        .returning()
        .get();
      if (!change) throw new Error('Inserting the change returned no row');
      changeId = change.id;
      queueChange(s.db, ctx.config, monitor, change, now);
    }
    const status: Monitor['status'] = monitor.status === 'paused' ? 'paused' : 'active';
    s.recordSuccess.run({
      monitorId,
      hash,
      etag: outcome.etag ?? monitor.etag,
      lastModified: outcome.lastModified ?? monitor.lastModified,
      status,
      nowMs: now.getTime(),
    });
    written = { snapshotId: snapshot.id, changeId, status, turnedToError: false };
  }
  s.prune.run({ monitorId, keep: mc.snapshotRetention });
  return written;
}

/**
 * Checks one monitor now and records what happened: a snapshot for every check, a change (with its
 * notifications queued) only when the content really moved. The first success is the baseline;
 * content that returns to a recent version is no new change. Repeated failures turn the monitor to
 * status error and email the admin once; a success brings it back.
 */
export async function runCheck(
  ctx: ServiceContext,
  monitor: Monitor,
  tools: Partial<CheckTools> = {},
): Promise<CheckResult> {
  const { config } = ctx;
  const mc = config.monitor;
  const s = ctx.runtime.state(checkStatements, prepareChecks);
  const recent = s.versions.all({ monitorId: monitor.id });
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
      // Read only if the page changed (for the diff): most checks find the same text, or a 304.
      text: last ? () => s.text.get({ snapshotId: last.id })?.rawContent ?? '' : null,
      etag: monitor.etag ?? undefined,
      lastModified: monitor.lastModified ?? undefined,
      recentHashes: recent.flatMap((v) => (v.contentHash ? [v.contentHash] : [])),
    },
    {
      domain: mc.domain,
      allowPrivateAddresses: mc.allowPrivateAddresses,
      resolve: mc.resolve,
      timeoutMs: mc.timeoutMs,
      maxBytes: mc.maxBytes,
      spacer: tools.spacer,
      connections: tools.connections,
      timeZone: config.timeZone,
    },
  );
  const now = ctx.runtime.now();
  // A check that found nothing new is what the next check would record again: its commit need not
  // wait for an fsync of its own (a first pass over 200 pages made 200 of them). A change (with its
  // notifications) and a failure (which may email the admin) are on disk before anyone hears of them.
  const durability = outcome.kind === 'changed' || outcome.kind === 'error' ? 'full' : 'deferred';
  const result = await commitTogether(ctx, () => recordCheck(ctx, monitor, last, outcome, now), durability);
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
  const i18n = recipientI18n(ctx.db, to);
  const check = { name: monitor.name, url: monitor.url, count: config.monitor.errorThreshold };
  ctx.runtime.mail.inBackground(
    'Monitor failure email',
    async () => {
      await sendMail(
        ctx,
        {
          to,
          subject: i18n._('[{schoolName}] Website check failing: {name}', {
            schoolName: config.schoolName,
            name: monitor.name,
          }),
          text: [
            i18n._(
              '{count, plural, one {The website check "{name}" ({url}) has failed # time in a row and is now marked as error.} other {The website check "{name}" ({url}) has failed # times in a row and is now marked as error.}}',
              check,
            ),
            '',
            i18n._('Last error: {message}', { message }),
            '',
            i18n._('It will keep trying on its schedule and recover by itself once the page can be read again.'),
            '',
            `${config.publicBaseUrl}/monitoring`,
            '',
          ].join('\n'),
        },
        { kind: 'notice' },
      );
    },
    ctx,
    { monitorId: monitor.id },
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
  return ctx.runtime.monitorRunner.check(monitor.id, (tools) => {
    // Re-read: the row may have changed (or gone) while waiting for a slot.
    const fresh = ctx.runtime.state(checkStatements, prepareChecks).monitor.get({ monitorId: monitor.id }) ?? monitor;
    return runCheck(ctx, fresh, tools);
  });
}

/** Checks these monitors; one failing check never stops the others. */
export async function checkMonitors(
  ctx: ServiceContext,
  list: Monitor[],
): Promise<{ results: CheckResult[]; errors: number }> {
  const settled = await Promise.allSettled(list.map((m) => checkMonitor(ctx, m)));
  const results = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  for (const [i, s] of settled.entries())
    if (s.status === 'rejected')
      logFor(ctx).error({ err: s.reason as unknown, monitorId: list[i]?.id }, 'Monitor check failed');
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

/** The activity feed: each check as an item, newest first (our own words in the caller's language). */
export function monitoringActivity(ctx: Pick<Context, 'db' | 'language'>, limit: number) {
  return ctx.db
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
          ? (r.snapshot.errorMessage ?? answerText(ctx, /*i18n*/ 'Check failed'))
          : (r.changeSummary ?? answerText(ctx, /*i18n*/ 'No change')),
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
  if (!row) throw refuse('NOT_FOUND', /*i18n*/ 'Snapshot not found', { reason: 'snapshotNotFound' });
  return { ...row.snapshot, rawContent: snapshotContent(db, row.snapshot), monitor: row.monitor };
}

/** Notification history, newest first (the notifications domain's). */
export function monitoringNotifications(db: Db, limit: number) {
  return notificationHistory(db, limit);
}
