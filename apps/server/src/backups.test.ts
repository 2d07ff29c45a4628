import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, migrationJournal, openDatabase, pendingMigrations } from '@pac/db';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backupDatabase, backupFileName, pruneBackups, takeBackup, uploadsBesideBackup } from './backups';
import { queryOne, startTestServer } from '../test/support/harness';
import { captureLog } from '../test/support/log';

const fixture = fileURLToPath(new URL('../test/fixtures/pac-0004.sqlite', import.meta.url));
/** What the server applies to the fixture: every migration after 0004. */
const sinceFixture = migrationJournal()
  .map((m) => m.tag)
  .filter((tag) => tag > '0004_~');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pac-backups-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

/** A migrated database with one row, closed (no server holds it). */
function closedDatabase(): string {
  const path = join(dir, 'data', 'pac.sqlite');
  const handle = openDatabase(path);
  migrate(handle.db);
  handle.sqlite
    .prepare("INSERT INTO settings (key, value, updated_at) VALUES ('adminEmail', 'a@example.org', 0)")
    .run();
  handle.close();
  return path;
}

const mode = (path: string) => statSync(path).mode & 0o777;

describe('takeBackup', () => {
  it('writes pac-<stamp>.sqlite, a single verified file, and pac-<stamp>.uploads beside it', async () => {
    const databasePath = closedDatabase();
    const uploadDir = join(dir, 'data', 'uploads');
    mkdirSync(uploadDir);
    writeFileSync(join(uploadDir, 'logo-aaaaaaaaaaaaaaaaaaaaaaaa.png'), 'logo');
    const backupDir = join(dir, 'backups');
    const taken = await takeBackup({ databasePath, uploadDir, backupDir }, 'nightly', new Date(2031, 8, 7, 2, 0, 5));
    expect(taken).toEqual({
      database: join(backupDir, 'pac-20310907-020005.sqlite'),
      uploads: join(backupDir, 'pac-20310907-020005.uploads'),
    });
    expect(readdirSync(backupDir).sort()).toEqual(['pac-20310907-020005.sqlite', 'pac-20310907-020005.uploads']);
    expect(
      queryOne<{ value: string }>(taken.database, "SELECT value FROM settings WHERE key = 'adminEmail'").value,
    ).toBe('a@example.org');
    expect(readdirSync(uploadsBesideBackup(taken.database))).toEqual(['logo-aaaaaaaaaaaaaaaaaaaaaaaa.png']);
    expect([
      mode(backupDir),
      mode(taken.database),
      mode(join(taken.uploads ?? '', 'logo-aaaaaaaaaaaaaaaaaaaaaaaa.png')),
    ]).toEqual([0o700, 0o600, 0o600]);
    expect(backupFileName(new Date(2031, 8, 7, 2, 0, 5), 'pre-migration')).toBe(
      'pac-pre-migration-20310907-020005.sqlite',
    );
  });

  it('leaves nothing behind when the copy fails its check', async () => {
    const databasePath = join(dir, 'broken.sqlite');
    copyFileSync(closedDatabase(), databasePath);
    // Damage pages after the schema's: the file still opens, but the copy fails its check.
    const bytes = readFileSync(databasePath);
    bytes.fill(0xa5, 4096 * 2, 4096 * 10);
    writeFileSync(databasePath, bytes);
    const destination = join(dir, 'backups', 'pac-20310101-020000.sqlite');
    await expect(backupDatabase(databasePath, destination)).rejects.toThrow(/integrity check|malformed/);
    expect(readdirSync(join(dir, 'backups'))).toEqual([]);
  });
});

describe('pruneBackups', () => {
  it('removes nightly backups past BACKUP_KEEP_DAYS and day-old half-written copies, nothing else', () => {
    const backupDir = join(dir, 'backups');
    mkdirSync(backupDir);
    const now = new Date(2031, 0, 20, 2, 0, 0);
    const names = [
      'pac-20310105-020000.sqlite', // 15 days: removed
      'pac-20310106-020000.sqlite', // exactly 14 days: removed
      'pac-20310106-020001.sqlite', // just under 14 days: kept
      'pac-20310119-020000.sqlite',
      'pac-pre-migration-20200101-000000.sqlite',
      'pac-20310105-020000.sqlite.bak',
      'mine.sqlite',
      '.pac-20310101-020000.sqlite.tmp-123', // a day old: removed
      '.pac-20310120-015959.sqlite.tmp-456', // may be in progress: kept
    ];
    for (const name of names) writeFileSync(join(backupDir, name), 'x');
    const dayOld = (now.getTime() - 25 * 60 * 60 * 1000) / 1000;
    utimesSync(join(backupDir, '.pac-20310101-020000.sqlite.tmp-123'), dayOld, dayOld);
    utimesSync(join(backupDir, '.pac-20310120-015959.sqlite.tmp-456'), now.getTime() / 1000, now.getTime() / 1000);
    const removed = pruneBackups(backupDir, 14, now).map((p) => p.slice(backupDir.length + 1));
    expect(removed.sort()).toEqual([
      '.pac-20310101-020000.sqlite.tmp-123',
      'pac-20310105-020000.sqlite',
      'pac-20310106-020000.sqlite',
    ]);
    expect(readdirSync(backupDir).sort()).toEqual(names.filter((n) => !removed.includes(n)).sort());
  });
});

describe('the backup before a migration', () => {
  it('is taken when a database made by an older version is opened, before migrating it', async () => {
    copyFileSync(fixture, join(dir, 'pac.sqlite'));
    const log = captureLog();
    const server = await startTestServer({ dir, env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }, logger: log.logger });
    await server.stop();
    const [backup, ...others] = readdirSync(join(dir, 'backups'));
    expect(others).toEqual([]);
    expect(backup).toMatch(/^pac-pre-migration-\d{8}-\d{6}\.sqlite$/);
    // The copy is of the old schema: nothing of 0005 in it.
    const path = join(dir, 'backups', backup ?? '');
    expect(queryOne<{ n: number }>(path, "SELECT count(*) AS n FROM sqlite_master WHERE name = 'auth_tokens'").n).toBe(
      0,
    );
    expect(queryOne<{ integrity_check: string }>(path, 'PRAGMA integrity_check').integrity_check).toBe('ok');
    expect(log.lines().map((line) => line.msg)).toContainEqual(
      expect.stringMatching(new RegExp(`^Backed up the database to .* before applying ${sinceFixture.join(', ')}$`)),
    );

    // Started again, up to date: no second backup.
    const again = await startTestServer({ dir, env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } });
    await again.stop();
    expect(readdirSync(join(dir, 'backups'))).toEqual([backup]);
  });

  it('is not taken for a new database', async () => {
    const server = await startTestServer({ dir });
    await server.stop();
    expect(existsSync(join(dir, 'backups'))).toBe(false);
  });

  it('stops start-up, unmigrated, when it cannot be taken', async () => {
    copyFileSync(fixture, join(dir, 'pac.sqlite'));
    writeFileSync(join(dir, 'not-a-folder'), '');
    await expect(startTestServer({ dir, env: { BACKUP_DIR: join(dir, 'not-a-folder') } })).rejects.toThrow(
      /^The database was not migrated: the backup before the migration failed/,
    );
    const handle = openDatabase(join(dir, 'pac.sqlite'));
    expect(pendingMigrations(handle.db).map((m) => m.tag)).toEqual(sinceFixture);
    handle.close();
    expect(existsSync(join(dir, 'pac.sqlite.lock'))).toBe(false);
  });
});
