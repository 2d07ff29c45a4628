export * as schema from './schema';
export * from './schema';
export { openDatabase, migrate, type Db, type DbHandle, type Executor, type Tx } from './client';
export { cannotWrite, probeWrites, type SqliteFailure, unlessCannotWrite, writeFailure } from './writes';
export { lastAppliedMigration, type MigrationEntry, migrationJournal, pendingMigrations } from './migrations';
