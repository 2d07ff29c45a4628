import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';

/** One committed migration, as listed in drizzle/meta/_journal.json. */
export interface MigrationEntry {
  tag: string;
  /** drizzle records this in `__drizzle_migrations.created_at` when it applies the migration. */
  when: number;
}

const defaultFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** The committed migrations, oldest first. `folder` defaults to packages/db/drizzle. */
export function migrationJournal(folder: string = defaultFolder): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: MigrationEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The newest `created_at` in `__drizzle_migrations`, or null when none was ever applied. */
export function lastAppliedMigration(sqlite: Database.Database): number | null {
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (!table) return null;
  const row = sqlite.prepare('SELECT max(created_at) AS last FROM __drizzle_migrations').get() as {
    last: number | string | null;
  };
  return row.last === null ? null : Number(row.last);
}

/**
 * The migrations `migrate()` would apply to this database, oldest first. Same rule as drizzle's
 * migrator: every journal entry newer than the newest applied one.
 */
export function pendingMigrations(db: { $client: Database.Database }, folder?: string): MigrationEntry[] {
  const last = lastAppliedMigration(db.$client);
  return migrationJournal(folder).filter((m) => last === null || m.when > last);
}
