import { changes, type Db, type Executor, type Monitor, monitors, type Snapshot, snapshots } from '@pac/db';
import { checkPage, type CheckOutcome, type HostSpacer } from '@pac/monitor';
import { and, desc, eq, isNotNull, notInArray } from 'drizzle-orm';
import type { ApiConfig, MonitorConfig } from '../context';
import { adminRecipient, sendInBackground, sendMail } from './mail';
import { queueChangeNotifications } from './notifications';

/** How many of a monitor's recent versions count as 'seen before' (rotating banners). */
const recentVersions = 5;

export function monitorConfig(config: ApiConfig): MonitorConfig {
  return config.monitor;
}

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

export interface CheckResult {
  monitorId: number;
  outcome: CheckOutcome['kind'];
  snapshotId: number;
  changeId: number | null;
  status: Monitor['status'];
  durationMs: number;
}

/**
 * Checks one monitor now and records what happened: a snapshot for every check, a change (with its
 * notifications queued) only when the content really moved. The first success is the baseline;
 * content that returns to a recent version is no new change. Repeated failures turn the monitor to
 * status error and email the admin once; a success brings it back.
 */
export async function runCheck(db: Db, config: ApiConfig, monitor: Monitor, spacer?: HostSpacer): Promise<CheckResult> {
  const mc = monitorConfig(config);
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
  const now = new Date();

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
      return { snapshotId: snapshot.id, changeId: null, status, turnedToError: status === 'error' && monitor.status !== 'error' };
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
  if (result.turnedToError && outcome.kind === 'error') notifyAdminOfFailure(db, config, monitor, outcome.message);
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
function notifyAdminOfFailure(db: Db, config: ApiConfig, monitor: Monitor, message: string): void {
  const to = adminRecipient(db, config);
  if (!to) return;
  sendInBackground('Monitor failure email', () =>
    sendMail(db, config, {
      to,
      subject: `[${config.schoolName}] Website check failing: ${monitor.name}`,
      text:
        `The website check "${monitor.name}" (${monitor.url}) has failed ${monitorConfig(config).errorThreshold} times in a row ` +
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
