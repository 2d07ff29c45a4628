import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DbHandle, migrate, openDatabase } from './client';
import { settings } from './schema';
import { cannotWrite, probeWrites, writeFailure } from './writes';

// A full disk is SQLite's max_page_count on the connection: a write that needs a new page past it
// fails with SQLITE_FULL, as it does when the disk has no space left. A read-only one is
// query_only: every write fails with SQLITE_READONLY.

let dir: string;
let handle: DbHandle;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pac-db-writes-'));
  handle = openDatabase(join(dir, 'pac.sqlite'));
  migrate(handle.db);
});
afterEach(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

/** No page more than it has now. */
const full = () =>
  handle.sqlite.pragma(`max_page_count = ${Number(handle.sqlite.pragma('page_count', { simple: true }))}`);
const spaceBack = () => handle.sqlite.pragma('max_page_count = 4294967294');
/** A setting too large for any page the database has: it needs new ones. */
const insertLarge = (key: string) =>
  handle.db
    .insert(settings)
    .values({ key, value: 'v'.repeat(20_000) })
    .run();
const keys = () =>
  (handle.sqlite.prepare('SELECT key FROM settings ORDER BY key').all() as { key: string }[]).map((r) => r.key);

describe('cannotWrite', () => {
  it("names SQLite's failures of a disk that is full or read-only, and no others", () => {
    for (const code of [
      'SQLITE_FULL',
      'SQLITE_READONLY',
      'SQLITE_READONLY_DBMOVED',
      'SQLITE_READONLY_DIRECTORY',
      'SQLITE_IOERR_WRITE',
      'SQLITE_IOERR_FSYNC',
      'SQLITE_IOERR_DIR_FSYNC',
      'SQLITE_IOERR_SHMSIZE',
      'SQLITE_CANTOPEN',
    ])
      expect(cannotWrite(new Database.SqliteError('refused', code))?.code).toBe(code);
    for (const code of [
      'SQLITE_CORRUPT',
      'SQLITE_CORRUPT_INDEX',
      'SQLITE_BUSY',
      'SQLITE_NOMEM',
      'SQLITE_IOERR_READ',
      'SQLITE_CONSTRAINT_UNIQUE',
      'SQLITE_CANTOPEN_ISDIR',
    ])
      expect(cannotWrite(new Database.SqliteError('other', code))).toBeNull();
    expect(cannotWrite(new Error('plain'))).toBeNull();
    expect(cannotWrite('SQLITE_FULL')).toBeNull();
    expect(cannotWrite(undefined)).toBeNull();
  });

  it('finds it under the errors that wrap it (their causes)', () => {
    full();
    let thrown: unknown;
    try {
      insertLarge('big');
    } catch (error) {
      thrown = error;
    }
    expect(cannotWrite(thrown)?.code).toBe('SQLITE_FULL');
    const wrapped = new Error('outer', { cause: new Error('middle', { cause: thrown }) });
    expect(cannotWrite(wrapped)).toBe(thrown);
  });
});

describe("a connection's write state", () => {
  it('is marked by a write the full disk refuses, kept through reads, and cleared by the next write that commits', () => {
    expect(writeFailure(handle.sqlite)).toBeNull();
    full();
    expect(() => insertLarge('big')).toThrow();
    expect(writeFailure(handle.sqlite)?.code).toBe('SQLITE_FULL');
    expect(handle.db.select().from(settings).all()).toEqual([]);
    expect(writeFailure(handle.sqlite)?.code).toBe('SQLITE_FULL');
    // A write that changes nothing commits nothing.
    handle.db.update(settings).set({ value: 'x' }).where(eq(settings.key, 'none')).run();
    expect(writeFailure(handle.sqlite)?.code).toBe('SQLITE_FULL');
    spaceBack();
    insertLarge('big');
    expect(writeFailure(handle.sqlite)).toBeNull();
  });

  it('is marked by a transaction that fails so, and a transaction clears it only when it commits a change made after the failure', () => {
    handle.db.insert(settings).values({ key: 'small', value: 's' }).run();
    full();
    // The first change fits in its page; the second needs a new one. SQLite rolls back the whole
    // transaction: nothing half-written stays.
    expect(() =>
      handle.db.transaction((tx) => {
        tx.update(settings).set({ value: 'changed' }).where(eq(settings.key, 'small')).run();
        tx.insert(settings)
          .values({ key: 'big', value: 'v'.repeat(20_000) })
          .run();
      }),
    ).toThrow();
    expect(writeFailure(handle.sqlite)?.code).toBe('SQLITE_FULL');
    expect(handle.db.select({ key: settings.key, value: settings.value }).from(settings).all()).toEqual([
      { key: 'small', value: 's' },
    ]);

    // One that commits a change that fits: writes work again (for what fits).
    handle.db.transaction((tx) => {
      tx.update(settings).set({ value: 'fits' }).where(eq(settings.key, 'small')).run();
    });
    expect(writeFailure(handle.sqlite)).toBeNull();

    // A transaction whose change was refused (read-only: SQLite keeps the transaction), and which
    // then commits what it read: still marked.
    spaceBack();
    handle.db.transaction((tx) => {
      tx.update(settings).set({ value: 'before' }).where(eq(settings.key, 'small')).run();
      handle.sqlite.pragma('query_only = ON');
      expect(() => tx.insert(settings).values({ key: 'refused', value: 'r' }).run()).toThrow(/readonly/);
      tx.select().from(settings).all();
    });
    handle.sqlite.pragma('query_only = OFF');
    expect(writeFailure(handle.sqlite)?.code).toBe('SQLITE_READONLY');
    // A change after the failure, committed: cleared.
    handle.db.transaction((tx) => {
      tx.update(settings).set({ value: 'after' }).where(eq(settings.key, 'small')).run();
    });
    expect(writeFailure(handle.sqlite)).toBeNull();
    expect(keys()).toEqual(['small']);
  });

  it('is marked by writes a read-only database refuses, in transactions made on the connection itself too', () => {
    handle.sqlite.pragma('query_only = ON');
    const insert = handle.sqlite.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, 0)');
    expect(() => handle.sqlite.transaction(() => insert.run('a', 'b'))()).toThrow(/readonly/);
    expect(writeFailure(handle.sqlite)?.code).toBe('SQLITE_READONLY');
    handle.sqlite.pragma('query_only = OFF');
    // Its variants are watched as well, and keep better-sqlite3's shape.
    const write = handle.sqlite.transaction((key: string) => insert.run(key, 'b'));
    expect(typeof write.immediate).toBe('function');
    expect((write.immediate as unknown as { deferred: unknown }).deferred).toBe(write.deferred);
    handle.db.insert(settings).values({ key: 'drizzle', value: 'b' }).run();
    handle.sqlite.pragma('query_only = ON');
    expect(() => write.immediate('c')).toThrow(/readonly/);
    expect(writeFailure(handle.sqlite)?.code).toBe('SQLITE_READONLY');
    handle.sqlite.pragma('query_only = OFF');
    expect(keys()).toEqual(['drizzle']);
  });
});

describe('probeWrites', () => {
  it('fails while the database cannot grow, succeeds once it can, and leaves nothing behind', () => {
    handle.db.insert(settings).values({ key: 'kept', value: 'k' }).run();
    const prepared = handle.db.select({ key: settings.key }).from(settings).prepare();
    const version = handle.sqlite.pragma('user_version', { simple: true });
    const tables = () => handle.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    const before = tables();
    full();
    expect(() => insertLarge('big')).toThrow();

    expect(probeWrites(handle.sqlite)).toBe(false);
    expect(probeWrites(handle.sqlite)).toBe(false);
    expect(writeFailure(handle.sqlite)?.code).toBe('SQLITE_FULL');
    expect(handle.sqlite.inTransaction).toBe(false);

    spaceBack();
    expect(probeWrites(handle.sqlite)).toBe(true);
    expect(writeFailure(handle.sqlite)).toBeNull();
    expect(tables()).toEqual(before);
    expect(handle.sqlite.pragma('user_version', { simple: true })).toBe(version);
    // Statements compiled before the probe still run.
    expect(prepared.all()).toEqual([{ key: 'kept' }]);
    const other = openDatabase(join(dir, 'pac.sqlite'));
    try {
      expect(
        other.sqlite.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'pac_write_probe'").get(),
      ).toEqual({ n: 0 });
    } finally {
      other.close();
    }
  });

  it('fails while the database is read-only', () => {
    handle.sqlite.pragma('query_only = ON');
    expect(probeWrites(handle.sqlite)).toBe(false);
    expect(writeFailure(handle.sqlite)?.code).toBe('SQLITE_READONLY');
    handle.sqlite.pragma('query_only = OFF');
    expect(probeWrites(handle.sqlite)).toBe(true);
  });
});
