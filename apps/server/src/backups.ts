import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type Db, lastAppliedMigration, pendingMigrations } from '@pac/db';
import Database from 'better-sqlite3';
import type { Logger } from './log';

/**
 * One shape for every backup, whoever takes it (the nightly loop, the pre-migration backup,
 * `pnpm backup`) and for `pnpm restore`: `pac-YYYYMMDD-HHMMSS.sqlite`, a single self-contained
 * SQLite file, and beside it `pac-YYYYMMDD-HHMMSS.uploads/`, a copy of UPLOAD_DIR (hero image, logo).
 */
export type BackupKind = 'nightly' | 'pre-migration';

export interface BackupSources {
  databasePath: string;
  uploadDir: string;
  backupDir: string;
}

export interface TakenBackup {
  database: string;
  /** null when there was no UPLOAD_DIR to copy. */
  uploads: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `20261122-013000`, on the server's clock. */
export function backupStamp(now: Date): string {
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
}

/** `pac-20261122-013000.sqlite`, or `pac-pre-migration-20261122-013000.sqlite`. */
export function backupFileName(now: Date, kind: BackupKind = 'nightly'): string {
  return `pac-${kind === 'pre-migration' ? 'pre-migration-' : ''}${backupStamp(now)}.sqlite`;
}

/** The uploads folder that belongs to a backup file: `x/pac-….sqlite` → `x/pac-….uploads`. */
export function uploadsBesideBackup(file: string): string {
  return `${file.replace(/\.sqlite$/, '')}.uploads`;
}

/** Nightly backups (and `pnpm backup`'s), the only files retention removes. */
const nightlyName = /^pac-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.(sqlite|uploads)$/;
/** Half-written copies: `.pac-….sqlite.tmp-<pid>`. */
const tempName = /^\.pac-.*\.tmp-\d+$/;

function tempPath(destination: string): string {
  return join(dirname(destination), `.${basename(destination)}.tmp-${process.pid}`);
}

/** Makes a folder only the service's user can open (0700). An existing folder is left as it is. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Makes a copied tree readable by the owner only: folders 0700, files 0600. */
export function makePrivate(path: string): void {
  if (statSync(path).isDirectory()) {
    chmodSync(path, 0o700);
    for (const entry of readdirSync(path)) makePrivate(join(path, entry));
  } else {
    chmodSync(path, 0o600);
  }
}

/**
 * Makes a copied database a self-contained file (rollback journal, not WAL, so that opening it
 * leaves no -wal/-shm beside it) and checks it with `PRAGMA integrity_check`. Throws when it fails.
 */
export function verifyDatabaseCopy(path: string): void {
  const copy = new Database(path, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`The copy failed its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
}

/**
 * Writes a consistent copy of the live database with SQLite's online backup API (safe while the
 * server runs and writes), checks it, and only then gives it its name: a file at `destination` is
 * always a complete, verified backup (mode 0600, in a 0700 folder when the folder is new).
 */
export async function backupDatabase(databasePath: string, destination: string): Promise<string> {
  ensurePrivateDir(dirname(destination));
  const temp = tempPath(destination);
  rmSync(temp, { force: true });
  try {
    const source = new Database(databasePath, { readonly: true, fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      await source.backup(temp);
    } finally {
      source.close();
    }
    chmodSync(temp, 0o600);
    verifyDatabaseCopy(temp);
    renameSync(temp, destination);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return destination;
}

/** Copies UPLOAD_DIR to `destination` (temp name, then rename). Returns null when there are no uploads. */
export function backupUploads(uploadDir: string, destination: string): string | null {
  if (!existsSync(uploadDir)) return null;
  const temp = tempPath(destination);
  rmSync(temp, { recursive: true, force: true });
  try {
    cpSync(uploadDir, temp, { recursive: true });
    makePrivate(temp);
    rmSync(destination, { recursive: true, force: true });
    renameSync(temp, destination);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  return destination;
}

/** A verified backup of the database and a copy of the uploads beside it, into `backupDir`. */
export async function takeBackup(
  sources: BackupSources,
  kind: BackupKind = 'nightly',
  now: Date = new Date(),
): Promise<TakenBackup> {
  const database = await backupDatabase(sources.databasePath, join(sources.backupDir, backupFileName(now, kind)));
  const uploads = backupUploads(sources.uploadDir, uploadsBesideBackup(database));
  return { database, uploads };
}

/**
 * Removes nightly backups (`pac-YYYYMMDD-HHMMSS.sqlite` and its `.uploads`) whose stamp is
 * `keepDays` days or more before `now` (so a nightly run keeps `keepDays` of them), and copies left half-written by a crash. Anything else in the
 * folder (pre-migration backups, the operator's own files) is left alone. Returns what it removed.
 */
export function pruneBackups(backupDir: string, keepDays: number, now: Date = new Date()): string[] {
  if (!existsSync(backupDir)) return [];
  const cutoff = now.getTime() - keepDays * 24 * 60 * 60 * 1000;
  const removed: string[] = [];
  for (const name of readdirSync(backupDir)) {
    const path = join(backupDir, name);
    const stamp = nightlyName.test(name) ? stampOf(name) : null;
    let old = false;
    if (stamp) {
      old = stamp.getTime() <= cutoff;
    } else if (tempName.test(name)) {
      // Another backup may be writing it right now; one left over from yesterday is not.
      old = statSync(path).mtimeMs < now.getTime() - 24 * 60 * 60 * 1000;
    }
    if (!old) continue;
    rmSync(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

/** Every backup this app writes, nightly or before a migration: `pac-[pre-migration-]YYYYMMDD-HHMMSS.(sqlite|uploads)`. */
const anyBackupName = /^pac-(?:pre-migration-)?(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.(?:sqlite|uploads)$/;

/** When a backup of ours was taken, from its name's stamp (on the server's clock, backupStamp); null for any other file. */
function stampOf(name: string): Date | null {
  const m = anyBackupName.exec(name);
  if (!m) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map(Number);
  return new Date(year, month - 1, day, hour, minute, second);
}

/**
 * RETENTION_MONTHS (API.md "Privacy"): removes every backup the app wrote, nightly or before a
 * migration, whose stamp is before `before`, so that what an erasure or the nightly retention
 * removed from the database is gone from the backups too within the retention window. The
 * operator's own files are left alone. Returns what it removed.
 */
export function pruneExpiredBackups(backupDir: string, before: Date): string[] {
  if (!existsSync(backupDir)) return [];
  const removed: string[] = [];
  for (const name of readdirSync(backupDir)) {
    const stamp = stampOf(name);
    if (!stamp || stamp.getTime() >= before.getTime()) continue;
    const path = join(backupDir, name);
    rmSync(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

/**
 * Before a migration changes the schema of a database that holds data, takes a verified backup
 * (`pac-pre-migration-<stamp>.sqlite` and its uploads) into BACKUP_DIR. A new database, or one
 * with nothing to apply, needs none. Returns the backup's path, or null when none was needed, and
 * logs the one it took. Throws when the backup fails, so that the migration does not run without one.
 */
export async function backupBeforeMigration(
  db: Db,
  sources: BackupSources,
  logger: Logger,
  migrationsFolder?: string,
  now: Date = new Date(),
): Promise<string | null> {
  if (lastAppliedMigration(db.$client) === null) return null;
  const pending = pendingMigrations(db, migrationsFolder);
  if (pending.length === 0) return null;
  let database: string;
  try {
    ({ database } = await takeBackup(sources, 'pre-migration', now));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The database was not migrated: the backup before the migration failed (${reason})`, {
      cause: error,
    });
  }
  const migrations = pending.map((m) => m.tag);
  logger.info(
    { backup: database, migrations },
    `Backed up the database to ${database} before applying ${migrations.join(', ')}`,
  );
  return database;
}
