import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate as drizzleMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export interface DbHandle {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * Opens (creating if needed) the SQLite file with the settings the app relies on:
 * WAL, foreign keys with cascades, a busy timeout, and full fsync so that a committed
 * signup survives a crash of the process or the machine.
 */
export function openDatabase(path: string): DbHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle({ client: sqlite, schema, casing: 'snake_case' });
  return {
    db,
    sqlite,
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}

/** Applies the committed migrations under packages/db/drizzle. */
export function migrate(db: Db): void {
  drizzleMigrate(db, { migrationsFolder });
}

/** A transaction handed to `db.transaction(fn)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database itself or a transaction on it. */
export type Executor = Db | Tx;
