import { copyFileSync, cpSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lastAppliedMigration, migrationJournal } from '@pac/db';
import Database from 'better-sqlite3';
import { backupStamp, ensurePrivateDir, makePrivate, uploadsBesideBackup, verifyDatabaseCopy } from '../backups';
import { loadDotEnv, loadEnv } from '../env';
import { serverLockHolder, serverLockPath } from '../serverLock';

/** Why a restore did not happen; nothing was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreTarget {
  databasePath: string;
  uploadDir: string;
}

/** Tables every PAC Hub database has had since its first migration. */
const appTables = [
  '__drizzle_migrations',
  'users',
  'sessions',
  'signup_sheets',
  'volunteer_slots',
  'volunteers',
  'settings',
  'monitors',
];

/**
 * Checks a copy of the backup: SQLite's integrity check passes, it has PAC Hub's tables, and it
 * was not made by a newer version than this one. Returns the migrations the server will apply
 * to it on start. Throws RestoreRefused.
 */
function checkBackup(copy: string, original: string, migrationsFolder?: string): string[] {
  let tables: Set<string>;
  let applied: number | null;
  try {
    verifyDatabaseCopy(copy);
    const db = new Database(copy, { readonly: true, fileMustExist: true });
    try {
      tables = new Set(
        db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
          .all()
          .map((r) => (r as { name: string }).name),
      );
      applied = lastAppliedMigration(db);
    } finally {
      db.close();
    }
  } catch (error) {
    throw new RestoreRefused(
      `${original} is not a sound SQLite database: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const missing = appTables.filter((t) => !tables.has(t));
  if (missing.length > 0 || applied === null) {
    throw new RestoreRefused(
      `${original} is not a PAC Hub database (it has no ${(missing.length ? missing : appTables).join(', ')} table)`,
    );
  }
  const journal = migrationJournal(migrationsFolder);
  const newest = journal.at(-1);
  if (newest && applied > newest.when) {
    throw new RestoreRefused(
      `${original} was made by a newer version of PAC Hub than this one (which knows migrations up to ${newest.tag}); check out that version first`,
    );
  }
  return journal.filter((m) => m.when > applied).map((m) => m.tag);
}

/** Folds the -wal into the database and leaves it a single file; false when it cannot be opened. */
function checkpoint(path: string): boolean {
  try {
    const db = new Database(path, { fileMustExist: true });
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.pragma('journal_mode = DELETE');
    } finally {
      db.close();
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * `pnpm restore FILE`: puts a backup in place of the database at DATABASE_PATH, and the uploads
 * saved beside it (`….uploads/`) in place of UPLOAD_DIR. Refuses while the server runs (its lock,
 * see serverLock.ts) and when the file is not a sound PAC Hub database. What it replaces is kept
 * beside, renamed `….replaced-<stamp>`; the backup itself is copied, never moved.
 */
export function restoreBackup(
  file: string,
  target: RestoreTarget,
  log: (line: string) => void = console.log,
  now: Date = new Date(),
  migrationsFolder?: string,
): void {
  const backup = resolve(file);
  const { databasePath, uploadDir } = target;
  if (!existsSync(backup) || !statSync(backup).isFile()) throw new RestoreRefused(`No backup file at ${backup}`);
  if (backup === databasePath) throw new RestoreRefused(`${backup} is the database itself; give a backup file`);
  const pid = serverLockHolder(databasePath);
  if (pid !== null) {
    throw new RestoreRefused(
      `The server is running (process ${pid}, from ${serverLockPath(databasePath)}). Stop it first (e.g. sudo systemctl stop pac-hub), then run pnpm restore again.`,
    );
  }

  // Checked as a copy beside the database, so the backup itself is never opened for writing and
  // the swap below is a rename on one file system.
  ensurePrivateDir(dirname(databasePath));
  const staged = `${databasePath}.restoring-${process.pid}`;
  copyFileSync(backup, staged);
  let pending: string[];
  try {
    makePrivate(staged);
    pending = checkBackup(staged, backup, migrationsFolder);
  } catch (error) {
    rmSync(staged, { force: true });
    throw error;
  }
  log(`Checked ${backup}: integrity ok, a PAC Hub database.`);

  const stamp = backupStamp(now);
  if (existsSync(databasePath)) {
    const replaced = `${databasePath}.replaced-${stamp}`;
    const single = checkpoint(databasePath);
    renameSync(databasePath, replaced);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(databasePath + suffix)) renameSync(databasePath + suffix, replaced + suffix);
    }
    log(
      `Kept the database it replaces as ${replaced}${single ? '' : ' (it could not be opened; its -wal/-shm were moved beside it)'}.`,
    );
  }
  renameSync(staged, databasePath);
  log(`Restored ${backup} to ${databasePath}.`);

  const savedUploads = uploadsBesideBackup(backup);
  if (existsSync(savedUploads) && statSync(savedUploads).isDirectory()) {
    if (existsSync(uploadDir)) {
      const replaced = `${uploadDir}.replaced-${stamp}`;
      renameSync(uploadDir, replaced);
      log(`Kept the uploads it replaces as ${replaced}.`);
    }
    ensurePrivateDir(dirname(uploadDir));
    cpSync(savedUploads, uploadDir, { recursive: true });
    makePrivate(uploadDir);
    log(`Restored the uploads (hero image, logo) from ${savedUploads} to ${uploadDir}.`);
  } else {
    log(`No uploads folder beside the backup (${savedUploads}); ${uploadDir} is left as it is.`);
  }
  if (pending.length > 0) {
    log(
      `The server applies ${pending.length} newer migration(s) to it when it starts (${pending.join(', ')}), after a pre-migration backup.`,
    );
  }
  log('Start the server again (e.g. sudo systemctl start pac-hub).');
}

function main(): void {
  loadDotEnv();
  const env = loadEnv();
  const file = process.argv[2];
  if (!file)
    throw new RestoreRefused('Usage: pnpm restore FILE (a backup such as data/backups/pac-20261122-020000.sqlite)');
  restoreBackup(file, env);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
