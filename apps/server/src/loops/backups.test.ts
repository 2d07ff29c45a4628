import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { captureLog } from '../../test/support/log';
import { type BackupLoopOptions, nextNightlyBackup, startBackupLoop } from './backups';

describe('nextNightlyBackup', () => {
  const at = (iso: string) => new Date(iso);

  it("is the next 02:00 on the school's clock, strictly after now, whatever the server's zone", () => {
    // Tokyo (UTC+9): 01:30 on the 16th is 16:30 UTC on the 15th; its 02:00 is 17:00 UTC.
    expect(nextNightlyBackup(at('2030-01-15T16:30:00Z'), 'Asia/Tokyo')).toEqual(at('2030-01-15T17:00:00Z'));
    expect(nextNightlyBackup(at('2030-01-15T17:00:00Z'), 'Asia/Tokyo')).toEqual(at('2030-01-16T17:00:00Z'));
    // 22:00 in Vancouver is already the next day in UTC: tonight's 02:00 is still ahead.
    expect(nextNightlyBackup(at('2027-01-15T05:00:00Z'), 'America/Vancouver')).toEqual(at('2027-01-15T09:00:00Z'));
    // Over a month's and a year's end.
    expect(nextNightlyBackup(at('2027-01-01T10:00:00Z'), 'America/Vancouver')).toEqual(at('2027-01-02T09:00:00Z'));
    expect(nextNightlyBackup(at('2026-12-31T12:00:00Z'), 'America/Vancouver')).toEqual(at('2027-01-01T09:00:00Z'));
    // Another hour.
    expect(nextNightlyBackup(at('2030-02-28T10:00:00Z'), 'Asia/Tokyo', 4)).toEqual(at('2030-02-28T19:00:00Z'));
    expect(nextNightlyBackup(at('2030-02-28T20:00:00Z'), 'Asia/Tokyo', 4)).toEqual(at('2030-03-01T19:00:00Z'));
  });

  it('follows a daylight-saving change (America/Toronto)', () => {
    const zone = 'America/Toronto';
    // Sunday 10 March 2030, clocks spring forward at 02:00 EST to 03:00 EDT: there is no 02:00, and
    // the backup runs at the first instant after the gap (03:00 EDT, 07:00 UTC), not a day later.
    expect(nextNightlyBackup(at('2030-03-09T12:00:00Z'), zone)).toEqual(at('2030-03-10T07:00:00Z'));
    // The night before, 02:00 EST; the night after, 02:00 EDT (06:00 UTC): 23 hours apart.
    expect(nextNightlyBackup(at('2030-03-08T12:00:00Z'), zone)).toEqual(at('2030-03-09T07:00:00Z'));
    expect(nextNightlyBackup(at('2030-03-10T07:00:00Z'), zone)).toEqual(at('2030-03-11T06:00:00Z'));
    // Sunday 3 November 2030, back from EDT to EST at 02:00: 02:00 EDT (06:00 UTC) on the 2nd,
    // then 02:00 EST (07:00 UTC) on the 3rd, once, 25 hours later.
    expect(nextNightlyBackup(at('2030-11-01T12:00:00Z'), zone)).toEqual(at('2030-11-02T06:00:00Z'));
    expect(nextNightlyBackup(at('2030-11-02T06:00:00Z'), zone)).toEqual(at('2030-11-03T07:00:00Z'));
    expect(nextNightlyBackup(at('2030-11-03T07:00:00Z'), zone)).toEqual(at('2030-11-04T07:00:00Z'));
  });

  it('keeps Vancouver on UTC-7 after 2026-11-01 (permanent daylight time in the tz database)', () => {
    const zone = 'America/Vancouver';
    expect(nextNightlyBackup(at('2026-10-30T12:00:00Z'), zone)).toEqual(at('2026-10-31T09:00:00Z'));
    // Under the old rules the clocks would have gone back that Sunday, and 02:00 PST been 10:00 UTC.
    expect(nextNightlyBackup(at('2026-11-01T12:00:00Z'), zone)).toEqual(at('2026-11-02T09:00:00Z'));
    expect(nextNightlyBackup(at('2027-01-14T20:00:00Z'), zone)).toEqual(at('2027-01-15T09:00:00Z'));
    // And no spring-forward gap in March 2027: 02:00 on the 14th exists, at 09:00 UTC.
    expect(nextNightlyBackup(at('2027-03-13T12:00:00Z'), zone)).toEqual(at('2027-03-14T09:00:00Z'));
  });
});

// The loop with fake clocks, the backup with real files: a real server's database and uploads.
let server: TestServer;
let options: BackupLoopOptions;
beforeAll(async () => {
  server = await startTestServer({ env: { BACKUP_KEEP_DAYS: '0' } });
  const admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
  await createSheetWithSlot(admin, 3, { title: 'Winter Concert' });
  mkdirSync(server.env.uploadDir, { recursive: true });
  writeFileSync(join(server.env.uploadDir, 'hero-0123456789abcdef01234567.png'), 'png bytes');
  options = {
    databasePath: server.databasePath,
    uploadDir: server.env.uploadDir,
    backupDir: join(server.dir, 'nightly'),
    keepDays: 14,
    // Far from the server's UTC: 02:00 here is 09:00 UTC (see nextNightlyBackup).
    timeZone: 'America/Vancouver',
    logger: captureLog().logger,
  };
});
afterAll(() => server.stop());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Fake clock and timeouts only: SQLite's backup steps and file I/O run for real. */
function fakeNight(now: Date) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now });
}

const mode = (path: string) => statSync(path).mode & 0o777;

/** A fresh log for one test: the loop's options with its logger, and the lines it wrote at `level` (30 info, 50 error). */
function loggedAt(level: number) {
  const log = captureLog();
  return {
    options: { ...options, logger: log.logger },
    lines: () => log.lines().filter((line) => line.level === level),
  };
}

describe('startBackupLoop', () => {
  it('backs up at 02:00 school time every night, verified, with the uploads, and removes nightly backups older than BACKUP_KEEP_DAYS', async () => {
    const dir = options.backupDir;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const files = {
      old: 'pac-20291231-020000.sqlite', // 15 days before the first run: removed
      oldUploads: 'pac-20291231-020000.uploads',
      recent: 'pac-20300105-020000.sqlite', // 10 days: kept
      preMigration: 'pac-pre-migration-20290101-000000.sqlite', // not a nightly backup: kept
      other: 'notes.txt', // not ours: kept
    };
    for (const name of Object.values(files)) {
      if (name.endsWith('.uploads')) mkdirSync(join(dir, name));
      else writeFileSync(join(dir, name), 'x');
    }
    const logged = loggedAt(30);
    // 01:00 in Vancouver, 08:00 UTC (the server's clock, which names the files).
    fakeNight(new Date('2030-01-15T08:00:00Z'));
    const stop = startBackupLoop(logged.options);

    await vi.advanceTimersByTimeAsync(59 * 60 * 1000);
    expect(readdirSync(dir).filter((f) => f.startsWith('pac-2030011'))).toEqual([]);
    await vi.advanceTimersByTimeAsync(60 * 1000);
    await vi.waitFor(() => expect(logged.lines()).toHaveLength(1));
    expect(logged.lines()[0]?.msg).toMatch(
      /^Nightly backup: .*pac-20300115-090000\.sqlite \(verified\) with .*; removed 2 older than 14 days$/,
    );
    expect(logged.lines()[0]).toMatchObject({
      loop: 'backup',
      backup: join(dir, 'pac-20300115-090000.sqlite'),
      removed: 2,
    });

    const backup = join(dir, 'pac-20300115-090000.sqlite');
    expect(queryOne<{ integrity_check: string }>(backup, 'PRAGMA integrity_check').integrity_check).toBe('ok');
    expect(queryOne<{ title: string }>(backup, 'SELECT title FROM signup_sheets').title).toBe('Winter Concert');
    expect(readdirSync(join(dir, 'pac-20300115-090000.uploads'))).toEqual(['hero-0123456789abcdef01234567.png']);
    expect(mode(backup)).toBe(0o600);
    expect(mode(join(dir, 'pac-20300115-090000.uploads'))).toBe(0o700);
    const names = readdirSync(dir);
    expect(names).not.toContain(files.old);
    expect(names).not.toContain(files.oldUploads);
    for (const kept of [files.recent, files.preMigration, files.other]) expect(names).toContain(kept);
    // A single self-contained file: no temporary copy, no -wal/-shm beside it.
    expect(names.filter((n) => n.startsWith('.') || n.endsWith('-wal') || n.endsWith('-shm'))).toEqual([]);

    // The next night, and then no more once stopped.
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    await vi.waitFor(() => expect(logged.lines()).toHaveLength(2));
    expect(existsSync(join(dir, 'pac-20300116-090000.sqlite'))).toBe(true);
    stop();
    await vi.advanceTimersByTimeAsync(3 * 24 * 60 * 60 * 1000);
    expect(logged.lines()).toHaveLength(2);
    expect(readdirSync(dir).filter((f) => f.startsWith('pac-20300117') || f.startsWith('pac-20300118'))).toEqual([]);
  });

  it('logs a failed backup, keeps the old ones, and tries again the next night', async () => {
    const dir = join(server.dir, 'failing');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'pac-20200101-020000.sqlite'), 'x');
    const errors = loggedAt(50);
    // Noon UTC is 05:00 in Vancouver: the next 02:00 there is 21 hours away.
    fakeNight(new Date('2030-06-01T12:00:00Z'));
    const stop = startBackupLoop({
      ...errors.options,
      databasePath: join(server.dir, 'missing.sqlite'),
      backupDir: dir,
    });
    await vi.advanceTimersByTimeAsync(20 * 60 * 60 * 1000);
    expect(errors.lines()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    await vi.waitFor(() => expect(errors.lines()).toHaveLength(1));
    expect(errors.lines()[0]?.msg).toBe('Nightly backup failed');
    // One JSON line naming the loop, with the error.
    expect(errors.lines()[0]?.loop).toBe('backup');
    expect(errors.lines()[0]?.err).toHaveProperty('message');
    expect(readdirSync(dir)).toEqual(['pac-20200101-020000.sqlite']);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    await vi.waitFor(() => expect(errors.lines()).toHaveLength(2));
    stop();
  });

  it('is off at BACKUP_KEEP_DAYS=0', async () => {
    const run = vi.fn(() => Promise.reject(new Error('never')));
    fakeNight(new Date(2030, 0, 1, 0, 0, 0));
    const stop = startBackupLoop({ ...options, keepDays: 0 }, run);
    await vi.advanceTimersByTimeAsync(10 * 24 * 60 * 60 * 1000);
    stop();
    expect(run).not.toHaveBeenCalled();
  });
});

describe('the server', () => {
  it("starts the nightly loop with BACKUP_DIR, BACKUP_KEEP_DAYS and SCHOOL_TIMEZONE's 02:00, and stops it on close", async () => {
    // 01:30 EST in Toronto on the night the clocks spring forward: 02:00 is skipped, and the backup
    // runs at 03:00 EDT (07:00 UTC), half an hour later.
    fakeNight(new Date('2030-03-10T06:30:00Z'));
    const logged = captureLog();
    const nightly = await startTestServer({
      env: { BACKUP_KEEP_DAYS: '7', SCHOOL_TIMEZONE: 'America/Toronto' },
      logger: logged.logger,
    });
    const messages = () => logged.lines().map((line) => line.msg);
    try {
      await vi.advanceTimersByTimeAsync(29 * 60 * 1000);
      expect(messages()).not.toContainEqual(expect.stringMatching(/^Nightly backup: /));
      await vi.advanceTimersByTimeAsync(60 * 1000);
      await vi.waitFor(() => expect(messages()).toContainEqual(expect.stringMatching(/^Nightly backup: /)));
      const backup = join(nightly.dir, 'backups', 'pac-20300310-070000.sqlite');
      expect(mode(join(nightly.dir, 'backups'))).toBe(0o700);
      expect(mode(backup)).toBe(0o600);
      expect(queryOne<{ n: number }>(backup, 'SELECT count(*) AS n FROM users').n).toBe(1);
    } finally {
      vi.useRealTimers();
      await nightly.stop();
    }
  });
});
