import type Database from 'better-sqlite3';

/**
 * When the disk is full or read-only (API.md, "Mail that cannot be turned against anyone"): which
 * SQLite failures mean that the database cannot be written right now, and whether the last write
 * on a connection failed that way. The connection watches its own writes (see watchWrites, which
 * openDatabase applies): a write that fails this way marks it, and the next write that commits
 * clears it. GET /api/health reads the mark, and while it is set tries a write of its own
 * (probeWrites), so that it sees space come back even when nobody else writes.
 */

/** SQLite's error as better-sqlite3 throws it: `code` is the extended result code's name. */
export interface SqliteFailure extends Error {
  code: string;
}

/**
 * The result codes of a write the disk refused: full (SQLITE_FULL, also what max_page_count
 * answers), read-only (SQLITE_READONLY and its extended codes), a write or sync of the file, the
 * journal, the WAL or its index that failed, or a journal or WAL that could not be opened
 * (SQLITE_CANTOPEN: the database itself is open by then). Not SQLITE_CORRUPT, SQLITE_BUSY or
 * SQLITE_NOMEM: those are other troubles, and a 500.
 */
const cannotWriteCodes = new Set([
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR_WRITE',
  'SQLITE_IOERR_FSYNC',
  'SQLITE_IOERR_DIR_FSYNC',
  'SQLITE_IOERR_TRUNCATE',
  'SQLITE_IOERR_DELETE',
  'SQLITE_IOERR_SHMOPEN',
  'SQLITE_IOERR_SHMSIZE',
]);

function isCannotWriteCode(code: string): boolean {
  return cannotWriteCodes.has(code) || code === 'SQLITE_READONLY' || code.startsWith('SQLITE_READONLY_');
}

/**
 * The SQLite failure behind `error` when it says that the database cannot be written right now;
 * else null. It looks through the causes that wrap it (drizzle's DrizzleQueryError, a TRPCError).
 */
export function cannotWrite(error: unknown): SqliteFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && isCannotWriteCode(code)) return current as SqliteFailure;
    current = current.cause;
  }
  return null;
}

/**
 * Runs a write that is housekeeping (a session's last-seen time, old mail counts): a disk that
 * refuses it (see cannotWrite) skips it instead of failing the request around it. The refusal still
 * marks the connection, so /api/health says so.
 */
export function unlessCannotWrite(write: () => unknown): void {
  try {
    write();
  } catch (error) {
    if (!cannotWrite(error)) throw error;
  }
}

/** What one connection knows of its writes. */
export class WriteState {
  /** The failure of the last write, while no write has committed since. */
  failure: SqliteFailure | null = null;
  /** A statement changed rows in the transaction under way, and nothing in it has failed since. */
  changedInTransaction = false;

  constructor(private readonly sqlite: Database.Database) {}

  /** A statement changed rows: committed at once outside a transaction, else with the transaction. */
  changed(): void {
    if (this.sqlite.inTransaction) this.changedInTransaction = true;
    else this.failure = null;
  }

  /** The outermost transaction committed. */
  committed(): void {
    if (this.changedInTransaction) this.failure = null;
    this.changedInTransaction = false;
  }

  /** A write of probeWrites committed. */
  probed(): void {
    this.failure = null;
  }

  /** A statement or transaction failed; true when it failed because the database cannot be written. */
  failed(error: unknown): boolean {
    // Whatever the failure, what was changed before it may have been rolled back: only a change
    // made after it shows that the commit wrote something.
    this.changedInTransaction = false;
    const failure = cannotWrite(error);
    if (failure) this.failure = failure;
    return failure !== null;
  }
}

const states = new WeakMap<Database.Database, WriteState>();

/** The write state of a connection (made on first use). */
export function writeState(sqlite: Database.Database): WriteState {
  let state = states.get(sqlite);
  if (!state) {
    state = new WriteState(sqlite);
    states.set(sqlite, state);
  }
  return state;
}

/**
 * The failure of the connection's last write when it could not write (the disk full or
 * read-only) and nothing has committed since; else null.
 */
export function writeFailure(sqlite: Database.Database): SqliteFailure | null {
  return states.get(sqlite)?.failure ?? null;
}

type TransactionFunction = ReturnType<Database.Database['transaction']>;
type RunTransaction = (...args: never[]) => unknown;
/** The ways better-sqlite3 offers to run one transaction function (`default` is the function itself). */
const transactionVariants = ['deferred', 'immediate', 'exclusive'] as const;

/**
 * Makes every transaction on the connection (drizzle's `db.transaction`, and those made on
 * `$client` directly, as SharedCommits does) report how it ended: a commit, or a failure (also of
 * the COMMIT itself, which is where a full disk refuses a WAL's frames). better-sqlite3 still runs
 * and rolls back each transaction as it always does; this only watches.
 */
export function watchWrites(sqlite: Database.Database): void {
  const state = writeState(sqlite);
  const transaction = sqlite.transaction.bind(sqlite);
  const watched = (run: RunTransaction) =>
    function watchedTransaction(this: unknown, ...args: never[]): unknown {
      const outermost = !sqlite.inTransaction;
      let result: unknown;
      try {
        result = run.apply(this, args);
      } catch (error) {
        state.failed(error);
        throw error;
      }
      if (outermost) state.committed();
      return result;
    };
  const watchedTransaction = (fn: RunTransaction): TransactionFunction => {
    const native = transaction(fn);
    const runs = native as unknown as Record<(typeof transactionVariants)[number], RunTransaction>;
    const variants: Record<string, RunTransaction> = { default: watched(native) };
    for (const name of transactionVariants) variants[name] = watched(runs[name]);
    // Each variant carries all of them, as better-sqlite3's own do.
    const properties: PropertyDescriptorMap = { database: { value: sqlite, enumerable: true } };
    for (const [name, variant] of Object.entries(variants)) properties[name] = { value: variant };
    for (const variant of Object.values(variants)) Object.defineProperties(variant, properties);
    return variants['default'] as unknown as TransactionFunction;
  };
  sqlite.transaction = watchedTransaction as Database.Database['transaction'];
}

/**
 * Tries a write, for GET /api/health while the last write failed: in one transaction that
 * commits, a new table made and taken back again (it needs a new page, which a full database
 * cannot give; nothing of it stays) and the file header's user_version written back unchanged (a
 * commit that reaches the disk). True when it committed, which clears the connection's failure;
 * false when the database still cannot be written. Any other failure is thrown.
 */
export function probeWrites(sqlite: Database.Database): boolean {
  const state = writeState(sqlite);
  // Never inside someone's transaction (better-sqlite3's are synchronous, so none is open between
  // two requests); then the state is all there is to go on.
  if (sqlite.inTransaction) return state.failure === null;
  try {
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      sqlite.exec(
        'SAVEPOINT pac_write_probe; CREATE TABLE pac_write_probe (x); ROLLBACK TO pac_write_probe; RELEASE pac_write_probe',
      );
      const userVersion = Number(sqlite.pragma('user_version', { simple: true }));
      sqlite.pragma(`user_version = ${userVersion}`);
      sqlite.exec('COMMIT');
    } catch (error) {
      // SQLite may have rolled the transaction back itself (it does for SQLITE_FULL).
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw error;
    }
  } catch (error) {
    if (state.failed(error)) return false;
    throw error;
  }
  state.probed();
  return true;
}
