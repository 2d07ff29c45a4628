import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { changes, type Monitor, monitors, notifications, snapshots } from '@pac/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiConfig } from '../config';
import type { ServiceContext } from '../context';
import { createTestDb, testConfig, testRuntime } from '../../test/db';
import { checkMonitor, checkMonitors, pruneSnapshots, runCheck, snapshotContent } from './service';

const t = createTestDb();
afterAll(() => t.cleanup());

function insertMonitor(values: Partial<typeof monitors.$inferInsert> = {}): Monitor {
  return t.db
    .insert(monitors)
    .values({ name: 'News', url: 'https://www.example-district.org/', selectors: ['main'], ...values })
    .returning()
    .get();
}

describe('pruneSnapshots', () => {
  it('keeps the newest snapshots and the version that the unchanged ones stand for', () => {
    const monitor = insertMonitor();
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 10, minute));
    const version = t.db
      .insert(snapshots)
      .values({
        monitorId: monitor.id,
        status: 'success',
        contentHash: 'h1',
        rawContent: 'The page',
        capturedAt: at(0),
      })
      .returning()
      .get();
    for (let i = 1; i <= 10; i += 1) {
      t.db
        .insert(snapshots)
        .values({ monitorId: monitor.id, status: 'success', contentHash: 'h1', rawContent: null, capturedAt: at(i) })
        .run();
    }
    pruneSnapshots(t.db, monitor.id, 3);
    const left = t.db.select().from(snapshots).where(eq(snapshots.monitorId, monitor.id)).all();
    expect(left).toHaveLength(4);
    expect(left.some((s) => s.id === version.id)).toBe(true);
    const newest = left.reduce((a, b) => (a.capturedAt > b.capturedAt ? a : b));
    expect(newest.rawContent).toBeNull();
    expect(snapshotContent(t.db, newest)).toBe('The page');
  });

  it('keeps what the latest changes point at, and still prunes when one of them points at nothing', () => {
    const monitor = insertMonitor();
    const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 10, minute));
    const ids = Array.from(
      { length: 8 },
      (_, i) =>
        t.db
          .insert(snapshots)
          .values({ monitorId: monitor.id, status: 'error', errorMessage: 'down', capturedAt: at(i) })
          .returning()
          .get().id,
    );
    const change = (snapshotId: number | null, minute: number) =>
      t.db
        .insert(changes)
        .values({ monitorId: monitor.id, snapshotId, changeType: 'modified', summary: 's', detectedAt: at(minute) })
        .run();
    change(ids[1] ?? null, 20);
    // A change whose snapshot is gone: NOT IN a list holding NULL would keep every row.
    change(null, 21);
    pruneSnapshots(t.db, monitor.id, 2);
    const left = t.db
      .select({ id: snapshots.id })
      .from(snapshots)
      .where(eq(snapshots.monitorId, monitor.id))
      .orderBy(asc(snapshots.id))
      .all()
      .map((s) => s.id);
    expect(left).toEqual([ids[1], ids[6], ids[7]]);
  });
});

describe('checks', () => {
  let page = '<main><h1>News</h1><p>Bake sale Friday</p></main>';
  const pages = new Map<string, string>();
  let port = 0;
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages.get(req.url ?? '') ?? page);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const config: ApiConfig = {
    ...testConfig,
    monitor: {
      ...testConfig.monitor,
      allowPrivateAddresses: true,
      resolve: new Map([['www.example-district.org', '127.0.0.1']]),
    },
  };
  const ctx: ServiceContext = { db: t.db, config, runtime: testRuntime(t.db, config) };
  const siteUrl = (path: string) => `http://www.example-district.org:${port}${path}`;
  const reload = (id: number) => t.db.select().from(monitors).where(eq(monitors.id, id)).get();

  it('takes a baseline, stores unchanged content once, and records a change with its notifications', async () => {
    const monitor = insertMonitor({ url: siteUrl('/news') });
    const first = await checkMonitor(ctx, monitor);
    expect(first).toMatchObject({ outcome: 'baseline', changeId: null, status: 'active' });
    const again = await checkMonitor(ctx, monitor);
    expect(again).toMatchObject({ outcome: 'unchanged', changeId: null });

    page = '<main><h1>News</h1><p>Snow day: school closed Friday</p><p>Bake sale Friday</p></main>';
    const changed = await checkMonitor(ctx, monitor);
    expect(changed.outcome).toBe('changed');
    const change = t.db
      .select()
      .from(changes)
      .where(eq(changes.id, changed.changeId ?? 0))
      .get();
    expect(change).toMatchObject({ severity: 'high', snapshotId: changed.snapshotId });
    expect(change?.diffContent).toContain('+ Snow day: school closed Friday');
    const queued = t.db
      .select()
      .from(notifications)
      .where(eq(notifications.changeId, change?.id ?? 0))
      .all();
    expect(queued.length).toBeGreaterThan(0);

    const rows = t.db
      .select()
      .from(snapshots)
      .where(eq(snapshots.monitorId, monitor.id))
      .orderBy(asc(snapshots.id))
      .all();
    expect(rows.map((s) => s.rawContent)).toEqual([
      'News\nBake sale Friday',
      null,
      'News\nSnow day: school closed Friday\nBake sale Friday',
    ]);
    expect(reload(monitor.id)?.lastContentHash).toBe(rows[2]?.contentHash);
  });

  it('reads and prunes through indexes: no scan of snapshots or changes, and no version row read', async () => {
    // A database of its own, so that every statement a check runs is compiled (and seen) here.
    const own = createTestDb();
    try {
      const compiled = new Set<string>();
      const { sqlite } = own.handle;
      const prepare = sqlite.prepare.bind(sqlite);
      sqlite.prepare = (source: string) => {
        compiled.add(source);
        return prepare(source);
      };
      const ownCtx: ServiceContext = { db: own.db, config, runtime: testRuntime(own.db, config) };
      const monitor = own.db
        .insert(monitors)
        .values({ name: 'Plan', url: siteUrl('/plan'), selectors: ['main'] })
        .returning()
        .get();
      // A baseline, an unchanged check, and a change: each reads the versions and prunes.
      const outcomes = [];
      for (const text of ['Term dates', 'Term dates', 'Term dates moved']) {
        pages.set('/plan', `<main><p>${text}</p></main>`);
        outcomes.push((await checkMonitor(ownCtx, monitor)).outcome);
      }
      expect(outcomes).toEqual(['baseline', 'unchanged', 'changed']);
      sqlite.prepare = prepare;

      /** SQLite's plan for a statement, each of its parameters (drizzle writes every value as `?`) null. */
      const planOf = (source: string): string[] => {
        const params = Array<null>(source.split('?').length - 1).fill(null);
        return (prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as { detail: string }[]).map((r) => r.detail);
      };
      const touching = [...compiled].filter((source) => /"(snapshots|changes)"/.test(source));
      expect(touching.some((source) => source.startsWith('delete from "snapshots"'))).toBe(true);
      const versionReads = touching.filter((source) => source.includes('"raw_content" is not null'));
      expect(versionReads.length).toBeGreaterThanOrEqual(2);
      for (const source of touching) {
        const plan = planOf(source);
        // SCAN of a subquery's rows is fine; a SCAN of either table reads all of it, every check.
        expect(
          plan.filter((step) => /^SCAN (snapshots|changes)\b/.test(step)),
          source,
        ).toEqual([]);
      }
      for (const source of versionReads)
        expect(planOf(source).join(' | '), source).toMatch(/snapshots USING INDEX snapshots_versions_idx/);
    } finally {
      own.cleanup();
    }
  });

  it('writes checks that finish together, and one that cannot be written fails alone', async () => {
    const down = [1, 2].map((i) => insertMonitor({ name: `Down ${i}`, url: `https://${i}.invalid.test/` }));
    const gone = { ...insertMonitor({ name: 'Gone' }), url: 'https://gone.invalid.test/' };
    t.db.delete(monitors).where(eq(monitors.id, gone.id)).run();

    const settled = await Promise.allSettled([...down, gone].map((m) => runCheck(ctx, m)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    for (const m of down) {
      expect(reload(m.id)?.errorCount).toBe(1);
      const written = t.db.select().from(snapshots).where(eq(snapshots.monitorId, m.id)).all();
      expect(written.map((s) => s.status)).toEqual(['error']);
    }
    expect(t.db.select().from(snapshots).where(eq(snapshots.monitorId, gone.id)).all()).toEqual([]);

    const { results, errors } = await checkMonitors(ctx, down);
    expect(errors).toBe(0);
    expect(results.map((r) => r.outcome)).toEqual(['error', 'error']);
    expect(down.map((m) => reload(m.id)?.errorCount)).toEqual([2, 2]);
  });

  it('rolls back all of a check that fails halfway, and only that check', async () => {
    pages.set('/boom', '<main><p>Before</p></main>');
    const boom = insertMonitor({ name: 'Boom', url: siteUrl('/boom') });
    const down = insertMonitor({ name: 'Down', url: 'https://down.invalid.test/' });
    await checkMonitor(ctx, boom);
    const baseline = reload(boom.id);
    // The change's row is refused after the snapshot's went in.
    t.db.$client.exec(
      "CREATE TRIGGER refuse_boom BEFORE INSERT ON changes WHEN NEW.summary LIKE 'Boom%' BEGIN SELECT RAISE(ABORT, 'refused'); END",
    );
    try {
      pages.set('/boom', '<main><p>After</p></main>');
      const settled = await Promise.allSettled([runCheck(ctx, reload(boom.id) ?? boom), runCheck(ctx, down)]);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled']);
    } finally {
      t.db.$client.exec('DROP TRIGGER refuse_boom');
    }
    expect(t.db.select().from(snapshots).where(eq(snapshots.monitorId, boom.id)).all()).toHaveLength(1);
    expect(reload(boom.id)).toEqual(baseline);
    expect(t.db.select().from(snapshots).where(eq(snapshots.monitorId, down.id)).all()).toHaveLength(1);
  });
});
