import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachingClient, type DbHandle, migrate, openDatabase, statementCacheSize } from './client';
import { signupSheets, volunteers, volunteerSlots } from './schema';

let dir: string;
let handle: DbHandle;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pac-db-'));
  handle = openDatabase(join(dir, 'nested', 'pac.sqlite'));
  migrate(handle.db);
});
afterEach(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

function seed() {
  const sheet = handle.db
    .insert(signupSheets)
    .values({
      title: 'Fair',
      eventDate: new Date('2030-05-01T10:00:00Z'),
      organizerName: 'A',
      organizerEmail: 'a@example.org',
    })
    .returning()
    .get();
  const slot = handle.db.insert(volunteerSlots).values({ signupSheetId: sheet.id, title: 'Tickets' }).returning().get();
  return { sheet, slot };
}

describe('openDatabase and migrate', () => {
  it("keeps SQLite's own 2 MB page cache, and a transaction far larger than it still commits whole", () => {
    // better-sqlite3's build defaults to 16 MB, which a monitoring pass filled and the server kept.
    expect(handle.sqlite.pragma('cache_size', { simple: true })).toBe(-2000);
    const value = 'n'.repeat(4000);
    const rows = 3000; // ~12 MB, six times the cache
    const insert = handle.sqlite.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, 0)');
    handle.sqlite.transaction(() => {
      for (let i = 0; i < rows; i++) insert.run(`bulk${i}`, value);
    })();
    const reopened = openDatabase(join(dir, 'nested', 'pac.sqlite'));
    try {
      const stored = reopened.sqlite
        .prepare("SELECT count(*) AS n, sum(length(value)) AS chars FROM settings WHERE key LIKE 'bulk%'")
        .get() as { n: number; chars: number };
      expect(stored).toEqual({ n: rows, chars: rows * value.length });
    } finally {
      reopened.close();
    }
  });

  it('creates the folder and file, in WAL mode with foreign keys on', () => {
    expect(handle.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(handle.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = handle.sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'",
      )
      .all()
      .map((r) => (r as { name: string }).name)
      .sort();
    expect(tables).toEqual([
      'announcements',
      'auth_tokens',
      'changes',
      'consent_records',
      'mail_daily_counts',
      'mail_suppressions',
      'monitors',
      'notifications',
      'privacy_log',
      'reminder_deliveries',
      'server_secrets',
      'sessions',
      'settings',
      'sheet_messages',
      'sheet_reminder_sends',
      'signup_events',
      'signup_sheets',
      'snapshots',
      'users',
      'volunteer_slots',
      'volunteers',
    ]);
  });

  it('is idempotent: migrating twice changes nothing', () => {
    seed();
    migrate(handle.db);
    expect(handle.db.select().from(signupSheets).all()).toHaveLength(1);
  });

  it('applies the SPEC defaults', () => {
    const { slot } = seed();
    expect(slot.maxVolunteers).toBe(1);
    expect(slot.currentVolunteers).toBe(0);
    expect(slot.startTime).toBeNull();
  });

  it('cascades a sheet delete to its slots and their volunteers', () => {
    const { sheet, slot } = seed();
    handle.db.insert(volunteers).values({ slotId: slot.id, name: 'V', email: 'v@example.org', phone: '1' }).run();
    handle.db.delete(signupSheets).where(eq(signupSheets.id, sheet.id)).run();
    expect(handle.db.select().from(volunteerSlots).all()).toHaveLength(0);
    expect(handle.db.select().from(volunteers).all()).toHaveLength(0);
  });

  it('refuses a volunteer for a slot that does not exist', () => {
    expect(() =>
      handle.db.insert(volunteers).values({ slotId: 9999, name: 'V', email: 'v@example.org', phone: '1' }).run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it('refuses, at the database itself, a count above capacity or a capacity below 1', () => {
    const { slot } = seed();
    expect(() =>
      handle.db.update(volunteerSlots).set({ currentVolunteers: 2 }).where(eq(volunteerSlots.id, slot.id)).run(),
    ).toThrow(/CHECK/);
    expect(() =>
      handle.db.update(volunteerSlots).set({ maxVolunteers: 0 }).where(eq(volunteerSlots.id, slot.id)).run(),
    ).toThrow(/CHECK/);
  });

  it('allows one email once per slot', () => {
    const { slot } = seed();
    handle.db.insert(volunteers).values({ slotId: slot.id, name: 'V', email: 'v@example.org', phone: '1' }).run();
    expect(() =>
      handle.db.insert(volunteers).values({ slotId: slot.id, name: 'W', email: 'v@example.org', phone: '2' }).run(),
    ).toThrow(/UNIQUE/);
  });
});

describe('file permissions', () => {
  const mode = (path: string) => statSync(path).mode & 0o777;

  it('makes the folder 0700 and the database, its -wal and -shm 0600', () => {
    const path = join(dir, 'nested', 'pac.sqlite');
    expect(mode(join(dir, 'nested'))).toBe(0o700);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(mode(file)).toBe(0o600);
  });

  it('tightens a database file an older version left readable by others', () => {
    handle.close();
    const path = join(dir, 'old.sqlite');
    writeFileSync(path, '');
    chmodSync(path, 0o644);
    handle = openDatabase(path);
    migrate(handle.db);
    expect(mode(path)).toBe(0o600);
    // SQLite makes the -wal and -shm with the database file's mode.
    expect(mode(`${path}-wal`)).toBe(0o600);
    expect(mode(`${path}-shm`)).toBe(0o600);
  });
});

describe('compiled statements, kept per SQL text', () => {
  it('gives each query its own mode: arrays for one never turn into arrays for another with the same SQL', () => {
    const { sheet } = seed();
    const query = sql`select ${signupSheets.id} as id, ${signupSheets.title} as title from ${signupSheets}`;
    // drizzle reads rows as arrays (values) and as objects (get) through the same compiled statement.
    for (let round = 0; round < 3; round++) {
      expect(handle.db.values(query)).toEqual([[sheet.id, 'Fair']]);
      expect(handle.db.get(query)).toEqual({ id: sheet.id, title: 'Fair' });
      expect(handle.db.all(query)).toEqual([{ id: sheet.id, title: 'Fair' }]);
    }
    // The query builder (arrays, mapped to fields) and a prepared query share it too.
    const prepared = handle.db.select().from(signupSheets).where(eq(signupSheets.id, sheet.id)).prepare();
    expect(handle.db.all(query)).toEqual([{ id: sheet.id, title: 'Fair' }]);
    expect(prepared.get()?.title).toBe('Fair');
    expect(handle.db.get(query)).toEqual({ id: sheet.id, title: 'Fair' });
  });

  it('still answers every query once more distinct SQL texts have run than it keeps', () => {
    const { sheet } = seed();
    const count = statementCacheSize + 20;
    for (let i = 0; i < count; i++) {
      expect(handle.db.get(sql.raw(`select ${i} as n, title from signup_sheets where id = ${sheet.id}`))).toEqual({
        n: i,
        title: 'Fair',
      });
    }
    // The oldest were dropped; asking again compiles them anew.
    expect(handle.db.get(sql.raw(`select 0 as n, title from signup_sheets where id = ${sheet.id}`))).toEqual({
      n: 0,
      title: 'Fair',
    });
  });

  it('does not share a statement that is still being iterated', () => {
    const sqlite = new Database(':memory:');
    try {
      sqlite.exec('create table t (n integer); insert into t values (1), (2), (3);');
      const client = cachingClient(sqlite);
      const text = 'select n from t order by n';
      const outer = client.prepare(text).iterate();
      const first = outer.next();
      // While the first use is mid-iteration, the same SQL runs whole through another.
      expect(client.prepare(text).all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(first.value).toEqual({ n: 1 });
      expect([...outer]).toEqual([{ n: 2 }, { n: 3 }]);
    } finally {
      sqlite.close();
    }
  });

  it('leaves the database itself as $client, for statements of its own', () => {
    expect(handle.db.$client).toBe(handle.sqlite);
    expect(handle.db.$client.prepare('select 1 as one').get()).toEqual({ one: 1 });
  });
});
