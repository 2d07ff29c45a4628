import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';

export const settings = sqliteTable('settings', {
  id: integer().primaryKey({ autoIncrement: true }),
  key: text().notNull().unique(),
  value: text().notNull(),
  updatedAt: timestamp()
    .notNull()
    .$defaultFn(() => new Date()),
});

export type Setting = typeof settings.$inferSelect;

/** Secrets the server makes for itself on first start (e.g. the key that signs email links). */
export const serverSecrets = sqliteTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp()
    .notNull()
    .$defaultFn(() => new Date()),
});
