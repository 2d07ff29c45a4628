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
import { type BackupLoopOptions, nextNightlyBackup, startBackupLoop } from './backups';

describe('nextNightlyBackup', () => {
  it('is the next 02:00 on the server clock, strictly after now', () => {
    expect(nextNightlyBackup(new Date(2030, 0, 15, 1, 0, 0))).toEqual(new Date(2030, 0, 15, 2, 0, 0));
    expect(nextNightlyBackup(new Date(2030, 0, 15, 2, 0, 0))).toEqual(new Date(2030, 0, 16, 2, 0, 0));
    expect(nextNightlyBackup(new Date(2030, 0, 15, 23, 30, 0))).toEqual(new Date(2030, 0, 16, 2, 0, 0));
    expect(nextNightlyBackup(new Date(2030, 11, 31, 12, 0, 0))).toEqual(new Date(2031, 0, 1, 2, 0, 0));
    expect(nextNightlyBackup(new Date(2030, 1, 28, 3, 0, 0), 4)).toEqual(new Date(2030, 1, 28, 4, 0, 0));
    expect(nextNightlyBackup(new Date(2030, 1, 28, 5, 0, 0), 4)).toEqual(new Date(2030, 2, 1, 4, 0, 0));
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

describe('startBackupLoop', () => {
  it('backs up at 02:00 every night, verified, with the uploads, and removes nightly backups older than BACKUP_KEEP_DAYS', async () => {
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
    const logged = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    fakeNight(new Date(2030, 0, 15, 1, 0, 0));
    const stop = startBackupLoop(options);

    await vi.advanceTimersByTimeAsync(59 * 60 * 1000);
    expect(readdirSync(dir).filter((f) => f.startsWith('pac-2030011'))).toEqual([]);
    await vi.advanceTimersByTimeAsync(60 * 1000);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    expect(logged.mock.calls[0]?.[0]).toMatch(
      /^Nightly backup: .*pac-20300115-020000\.sqlite \(verified\) with .*; removed 2 older than 14 days$/,
    );

    const backup = join(dir, 'pac-20300115-020000.sqlite');
    expect(queryOne<{ integrity_check: string }>(backup, 'PRAGMA integrity_check').integrity_check).toBe('ok');
    expect(queryOne<{ title: string }>(backup, 'SELECT title FROM signup_sheets').title).toBe('Winter Concert');
    expect(readdirSync(join(dir, 'pac-20300115-020000.uploads'))).toEqual(['hero-0123456789abcdef01234567.png']);
    expect(mode(backup)).toBe(0o600);
    expect(mode(join(dir, 'pac-20300115-020000.uploads'))).toBe(0o700);
    const names = readdirSync(dir);
    expect(names).not.toContain(files.old);
    expect(names).not.toContain(files.oldUploads);
    for (const kept of [files.recent, files.preMigration, files.other]) expect(names).toContain(kept);
    // A single self-contained file: no temporary copy, no -wal/-shm beside it.
    expect(names.filter((n) => n.startsWith('.') || n.endsWith('-wal') || n.endsWith('-shm'))).toEqual([]);

    // The next night, and then no more once stopped.
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(2));
    expect(existsSync(join(dir, 'pac-20300116-020000.sqlite'))).toBe(true);
    stop();
    await vi.advanceTimersByTimeAsync(3 * 24 * 60 * 60 * 1000);
    expect(logged).toHaveBeenCalledTimes(2);
    expect(readdirSync(dir).filter((f) => f.startsWith('pac-20300117') || f.startsWith('pac-20300118'))).toEqual([]);
  });

  it('logs a failed backup, keeps the old ones, and tries again the next night', async () => {
    const dir = join(server.dir, 'failing');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'pac-20200101-020000.sqlite'), 'x');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeNight(new Date(2030, 5, 1, 12, 0, 0));
    const stop = startBackupLoop({ ...options, databasePath: join(server.dir, 'missing.sqlite'), backupDir: dir });
    await vi.advanceTimersByTimeAsync(14 * 60 * 60 * 1000);
    await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(1));
    expect(errors.mock.calls[0]?.[0]).toBe('Nightly backup failed:');
    expect(readdirSync(dir)).toEqual(['pac-20200101-020000.sqlite']);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(2));
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
  it('starts the nightly loop with BACKUP_DIR and BACKUP_KEEP_DAYS, and stops it on close', async () => {
    fakeNight(new Date(2030, 2, 10, 1, 30, 0));
    const logged = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const nightly = await startTestServer({ env: { BACKUP_KEEP_DAYS: '7' } });
    try {
      await vi.advanceTimersByTimeAsync(30 * 60 * 1000);
      await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Nightly backup: /)));
      const backup = join(nightly.dir, 'backups', 'pac-20300310-020000.sqlite');
      expect(mode(join(nightly.dir, 'backups'))).toBe(0o700);
      expect(mode(backup)).toBe(0o600);
      expect(queryOne<{ n: number }>(backup, 'SELECT count(*) AS n FROM users').n).toBe(1);
    } finally {
      vi.useRealTimers();
      await nightly.stop();
    }
  });
});
