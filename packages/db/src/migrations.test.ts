import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DbHandle, migrate, openDatabase } from './client';
import { lastAppliedMigration, migrationJournal, pendingMigrations } from './migrations';

const committed = fileURLToPath(new URL('../drizzle', import.meta.url));

let dir: string;
let handle: DbHandle;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pac-db-migrations-'));
  handle = openDatabase(join(dir, 'pac.sqlite'));
});
afterEach(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A migrations folder holding only the first `count` committed migrations. */
function firstMigrations(count: number): string {
  const folder = join(dir, 'drizzle');
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const entries = migrationJournal(committed).slice(0, count);
  for (const e of entries) copyFileSync(join(committed, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  const journal = {
    version: '7',
    dialect: 'sqlite',
    entries: entries.map((e, idx) => ({ idx, version: '6', breakpoints: true, ...e })),
  };
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return folder;
}

describe('pendingMigrations', () => {
  it('lists every committed migration for a database never migrated, and none once migrated', () => {
    const all = migrationJournal().map((m) => m.tag);
    expect(all[0]).toBe('0000_init');
    expect(lastAppliedMigration(handle.sqlite)).toBeNull();
    expect(pendingMigrations(handle.db).map((m) => m.tag)).toEqual(all);
    migrate(handle.db);
    expect(pendingMigrations(handle.db)).toEqual([]);
    expect(lastAppliedMigration(handle.sqlite)).toBe(migrationJournal().at(-1)?.when);
  });

  it('lists only the newer ones for a database made by an older version', () => {
    const all = migrationJournal();
    migrate(handle.db, firstMigrations(all.length - 1));
    expect(pendingMigrations(handle.db).map((m) => m.tag)).toEqual([all.at(-1)?.tag]);
    // The folder it is given is the one it reads.
    expect(pendingMigrations(handle.db, firstMigrations(all.length - 1))).toEqual([]);
  });
});
