import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate as drizzleMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';
import { watchWrites, type WriteState, writeState } from './writes';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export interface DbHandle {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** How many distinct SQL texts keep their compiled statement (queries with `IN (?, ?, …)` vary). */
export const statementCacheSize = 256;

/**
 * One use of a cached statement, as drizzle holds it: its own raw (arrays) or object mode, applied
 * to the shared statement before each read, since better-sqlite3 keeps the mode on the statement
 * and drizzle sets it only when it wants arrays. It tells the connection's write state (writes.ts)
 * when it changed rows or failed.
 */
class StatementUse {
  #raw = false;
  constructor(
    private readonly statement: Database.Statement,
    private readonly writes: WriteState,
  ) {}

  get reader(): boolean {
    return this.statement.reader;
  }

  get source(): string {
    return this.statement.source;
  }

  raw(toggle = true): this {
    this.#raw = toggle;
    return this;
  }

  #mode(): Database.Statement {
    if (this.statement.reader) this.statement.raw(this.#raw);
    return this.statement;
  }

  run(...params: unknown[]): Database.RunResult {
    let result: Database.RunResult;
    try {
      result = this.statement.run(...params);
    } catch (error) {
      this.writes.failed(error);
      throw error;
    }
    if (result.changes > 0) this.writes.changed();
    return result;
  }

  get(...params: unknown[]): unknown {
    let row: unknown;
    try {
      row = this.#mode().get(...params);
    } catch (error) {
      this.writes.failed(error);
      throw error;
    }
    // A write with RETURNING answers the rows it changed.
    if (row !== undefined && !this.statement.readonly) this.writes.changed();
    return row;
  }

  all(...params: unknown[]): unknown[] {
    let rows: unknown[];
    try {
      rows = this.#mode().all(...params);
    } catch (error) {
      this.writes.failed(error);
      throw error;
    }
    if (rows.length > 0 && !this.statement.readonly) this.writes.changed();
    return rows;
  }

  iterate(...params: unknown[]): IterableIterator<unknown> {
    return this.#mode().iterate(...params);
  }
}

/**
 * The client drizzle runs on: the database, with each SQL text compiled once. drizzle prepares
 * every query it runs afresh, and better-sqlite3 13 (Node-API) takes about 10 µs to prepare a
 * statement, three times what 12 took: on Node 24 that was most of a refused signup's database
 * time (bench/results.md notes). Statements stay compiled for the most recent
 * `statementCacheSize` texts; one that is still being iterated is not shared.
 */
export function cachingClient(sqlite: Database.Database): Database.Database {
  const statements = new Map<string, Database.Statement>();
  const writes = writeState(sqlite);
  const prepare = (source: string): StatementUse => {
    let statement = statements.get(source);
    if (statement?.busy) return new StatementUse(sqlite.prepare(source), writes);
    if (statement === undefined) {
      statement = sqlite.prepare(source);
      if (statements.size >= statementCacheSize) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
    } else statements.delete(source);
    // Most recently used last: the first key is the one to drop.
    statements.set(source, statement);
    return new StatementUse(statement, writes);
  };
  // drizzle's session calls only prepare() and transaction() on its client.
  const client = { prepare, transaction: sqlite.transaction.bind(sqlite) };
  return client as unknown as Database.Database;
}

function ownerOnly(file: string): void {
  if (existsSync(file)) chmodSync(file, 0o600);
}

/**
 * Opens (creating if needed) the SQLite file with the settings the app relies on:
 * WAL, foreign keys with cascades, a busy timeout, and full fsync so that a committed
 * signup survives a crash of the process or the machine.
 */
export function openDatabase(path: string): DbHandle {
  const onDisk = path !== ':memory:';
  // Parents' names, emails and phone numbers: readable by the service's user only. A folder made
  // here is 0700 (an existing one is left as it is); the file and its -wal/-shm are 0600, set
  // before WAL mode so that SQLite creates the -wal and -shm with the file's mode.
  if (onDisk) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const sqlite = new Database(path);
  if (onDisk) ownerOnly(path);
  sqlite.pragma('journal_mode = WAL');
  if (onDisk) for (const suffix of ['-wal', '-shm']) ownerOnly(path + suffix);
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // What a statement deletes or overwrites is zeroed in its b-tree page (not left readable in the
  // file until the page is reused): an erased parent's email, phone and name leave the file's
  // live pages (API.md "Privacy"). FAST: only where the page is written anyway, so no extra I/O.
  sqlite.pragma('secure_delete = FAST');
  // better-sqlite3 builds SQLite with a 16 MB page cache; SQLite's own default of 2 MB holds this
  // database's hot pages, and the rest is in the OS's file cache anyway. A monitoring pass writes
  // thousands of pages of snapshot text, and the full 16 MB stayed in the server's memory after it.
  sqlite.pragma('cache_size = -2000');
  // A write refused by a full or read-only disk marks the connection until a write commits again
  // (GET /api/health reports it); before cachingClient, which binds the transactions it hands drizzle.
  watchWrites(sqlite);
  const db = drizzle({ client: cachingClient(sqlite), schema, casing: 'snake_case' });
  // `$client` is the database itself, for the few direct statements (health, migrations, backups).
  db.$client = sqlite;
  return {
    db,
    sqlite,
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}

/**
 * Applies the committed migrations: by default those under packages/db/drizzle, found from this
 * module's own location; a bundled server, where that location is the bundle's, passes the copy
 * its build put beside it.
 */
export function migrate(db: Db, folder: string = migrationsFolder): void {
  drizzleMigrate(db, { migrationsFolder: folder });
}

/** A transaction handed to `db.transaction(fn)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database itself or a transaction on it. */
export type Executor = Db | Tx;
