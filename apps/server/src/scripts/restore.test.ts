import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationJournal } from '@pac/db';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeBackup } from '../backups';
import { serverLockPath } from '../serverLock';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { restoreBackup, RestoreRefused } from './restore';

const fixture = fileURLToPath(new URL('../../test/fixtures/pac-0004.sqlite', import.meta.url));
/** What the server applies to the fixture: every migration after 0004. */
const sinceFixture = migrationJournal()
  .map((m) => m.tag)
  .filter((tag) => tag > '0004_~');
const now = new Date(2031, 3, 2, 9, 30, 0);

let dir: string;
let server: TestServer | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pac-restore-'));
});
afterEach(async () => {
  await server?.stop();
  server = null;
  rmSync(dir, { recursive: true, force: true });
});

const target = () => ({ databasePath: join(dir, 'pac.sqlite'), uploadDir: join(dir, 'uploads') });
function sheetTitles(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('SELECT title FROM signup_sheets ORDER BY id').all() as { title: string }[]).map((r) => r.title);
  } finally {
    db.close();
  }
}

async function serverWithBackup(): Promise<string> {
  server = await startTestServer({ dir });
  const admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
  await createSheetWithSlot(admin, 2, { title: 'Kept in the backup' });
  mkdirSync(server.env.uploadDir, { recursive: true });
  writeFileSync(join(server.env.uploadDir, 'hero-111111111111111111111111.png'), 'the old hero');
  const { database } = await takeBackup({
    databasePath: server.databasePath,
    uploadDir: server.env.uploadDir,
    backupDir: join(dir, 'backups'),
  });
  // Life goes on after the backup: a new sheet, a new hero image.
  await createSheetWithSlot(admin, 2, { title: 'Made after the backup' });
  rmSync(join(server.env.uploadDir, 'hero-111111111111111111111111.png'));
  writeFileSync(join(server.env.uploadDir, 'hero-222222222222222222222222.png'), 'the new hero');
  return database;
}

describe('pnpm restore', () => {
  it('refuses while the server runs, through the lock the server holds', async () => {
    const backup = await serverWithBackup();
    const lock = serverLockPath(target().databasePath);
    expect(readFileSync(lock, 'utf8').trim()).toBe(String(process.pid));
    expect(statSync(lock).mode & 0o777).toBe(0o600);
    expect(() => restoreBackup(backup, target(), () => undefined, now)).toThrow(
      new RestoreRefused(
        `The server is running (process ${process.pid}, from ${lock}). Stop it first (e.g. sudo systemctl stop pac-hub), then run pnpm restore again.`,
      ),
    );
    // The command itself, as `pnpm restore` runs it: exit status 1 and the same sentence.
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const cli = spawnSync(tsx, [fileURLToPath(new URL('./restore.ts', import.meta.url)), backup], {
      env: { ...process.env, DATABASE_PATH: target().databasePath, UPLOAD_DIR: target().uploadDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain(`The server is running (process ${process.pid}`);
    expect(sheetTitles(target().databasePath)).toEqual(['Kept in the backup', 'Made after the backup']);
    expect(readdirSync(dir).filter((n) => n.includes('replaced') || n.includes('restoring'))).toEqual([]);

    await server?.stop();
    server = null;
    expect(existsSync(lock)).toBe(false);
  }, 40_000);

  it('ignores a lock left by a server that crashed', async () => {
    const backup = await serverWithBackup();
    await server?.stop();
    server = null;
    writeFileSync(serverLockPath(target().databasePath), '2147483646\n');
    expect(() => restoreBackup(backup, target(), () => undefined, now)).not.toThrow();
  });

  it('refuses a corrupt file and a SQLite file that is not a PAC Hub database, changing nothing', async () => {
    const backup = await serverWithBackup();
    await server?.stop();
    server = null;
    const before = readFileSync(target().databasePath);

    const garbage = join(dir, 'garbage.sqlite');
    writeFileSync(garbage, 'this is not a database, just some text '.repeat(200));
    expect(() => restoreBackup(garbage, target(), () => undefined, now)).toThrow(
      /garbage\.sqlite is not a sound SQLite database/,
    );

    const damaged = join(dir, 'damaged.sqlite');
    const bytes = readFileSync(backup);
    bytes.fill(0x5a, 4096 * 2, 4096 * 12);
    writeFileSync(damaged, bytes);
    expect(() => restoreBackup(damaged, target(), () => undefined, now)).toThrow(
      /damaged\.sqlite is not a sound SQLite database/,
    );

    const other = join(dir, 'other.sqlite');
    const db = new Database(other);
    db.exec("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('bread')");
    db.close();
    expect(() => restoreBackup(other, target(), () => undefined, now)).toThrow(
      /other\.sqlite is not a PAC Hub database/,
    );

    expect(() => restoreBackup(join(dir, 'nope.sqlite'), target(), () => undefined, now)).toThrow(/No backup file at/);

    expect(readFileSync(target().databasePath).equals(before)).toBe(true);
    expect(readdirSync(dir).filter((n) => n.includes('replaced') || n.includes('restoring'))).toEqual([]);
  });

  it('puts the backup and its uploads in place, keeps what it replaces, and the server then serves the restored data', async () => {
    const backup = await serverWithBackup();
    await server?.stop();
    server = null;
    const lines: string[] = [];
    restoreBackup(backup, target(), (line) => lines.push(line), now);

    const { databasePath, uploadDir } = target();
    const replaced = `${databasePath}.replaced-20310402-093000`;
    expect(lines).toEqual([
      `Checked ${backup}: integrity ok, a PAC Hub database.`,
      `Kept the database it replaces as ${replaced}.`,
      `Restored ${backup} to ${databasePath}.`,
      `Kept the uploads it replaces as ${uploadDir}.replaced-20310402-093000.`,
      `Restored the uploads (hero image, logo) from ${backup.replace(/\.sqlite$/, '.uploads')} to ${uploadDir}.`,
      'Start the server again (e.g. sudo systemctl start pac-hub).',
    ]);
    // The backup is copied, not moved; the replaced database is whole (its WAL folded in) and kept.
    expect(existsSync(backup)).toBe(true);
    expect(sheetTitles(replaced)).toEqual(['Kept in the backup', 'Made after the backup']);
    expect(readdirSync(dir).filter((n) => n.endsWith('-wal') || n.endsWith('-shm') || n.includes('restoring'))).toEqual(
      [],
    );
    expect(readdirSync(`${uploadDir}.replaced-20310402-093000`)).toEqual(['hero-222222222222222222222222.png']);
    expect(readdirSync(uploadDir)).toEqual(['hero-111111111111111111111111.png']);
    expect(statSync(databasePath).mode & 0o777).toBe(0o600);

    server = await startTestServer({ dir });
    const admin = new ApiClient(server.url);
    await admin.login(adminCredentials.email, adminCredentials.password);
    const sheets = await admin.get<{ title: string; slots: unknown[] }[]>('/api/signup-sheets');
    expect(sheets.body.map((s) => [s.title, s.slots.length])).toEqual([['Kept in the backup', 1]]);
    const hero = await fetch(`${server.url}/uploads/hero-111111111111111111111111.png`);
    expect(await hero.text()).toBe('the old hero');
  });

  it('restores a backup made by an older version, which the server then migrates', async () => {
    const old = join(dir, 'pac-20261121-020000.sqlite');
    copyFileSync(fixture, old);
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    restoreBackup(old, target(), (line) => lines.push(line), now);
    expect(lines).toContain(
      `The server applies ${sinceFixture.length} newer migration(s) to it when it starts (${sinceFixture.join(', ')}), after a pre-migration backup.`,
    );
    expect(lines).toContain(
      `No uploads folder beside the backup (${join(dir, 'pac-20261121-020000.uploads')}); ${target().uploadDir} is left as it is.`,
    );
    server = await startTestServer({ dir, env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } });
    expect(queryOne<{ n: number }>(server.databasePath, 'SELECT count(*) AS n FROM volunteers').n).toBe(4);
    vi.restoreAllMocks();
  });
});
