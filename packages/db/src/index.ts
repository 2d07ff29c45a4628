export * as schema from './schema';
export * from './schema';
export { openDatabase, migrate, type Db, type DbHandle, type Executor, type Tx } from './client';
export { lastAppliedMigration, type MigrationEntry, migrationJournal, pendingMigrations } from './migrations';
