import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';

export const users = sqliteTable('users', {
  id: integer().primaryKey({ autoIncrement: true }),
  /** Stored lower-cased; unique. */
  email: text().notNull().unique(),
  name: text().notNull(),
  phone: text(),
  passwordHash: text().notNull(),
  isAdmin: integer({ mode: 'boolean' }).notNull().default(false),
  emailConsent: integer({ mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  lastLoginAt: timestamp(),
});

/** A signed-in browser. Only the SHA-256 of the cookie token is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp().notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
