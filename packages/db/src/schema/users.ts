import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';

export const userRoles = ['admin', 'organizer', 'member'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = sqliteTable('users', {
  id: integer().primaryKey({ autoIncrement: true }),
  /** Stored lower-cased; unique. */
  email: text().notNull().unique(),
  name: text().notNull(),
  phone: text(),
  passwordHash: text().notNull(),
  /**
   * admin: everything; organizer: the sheets they own (API.md "Coordinator toolkit"); member: their
   * own account and signups. `isAdmin` in answers is `role === 'admin'`.
   */
  role: text({ enum: userRoles }).notNull().default('member'),
  /** Bumped to reset the private calendar feed: its secret URL is signed over the id and this number. */
  calendarFeedVersion: integer().notNull().default(0),
  /** Proven by following an emailed link; until then no signup made without an account joins it by email. */
  emailVerified: integer({ mode: 'boolean' }).notNull().default(false),
  emailConsent: integer({ mode: 'boolean' }).notNull().default(false),
  /**
   * The language the person reads (a BCP 47 tag of ours: 'pa', 'zh-Hant'); null until they choose
   * one, when the language menu's cookie or the browser's own decides (API.md "Languages").
   */
  language: text(),
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

/**
 * A single-use emailed link: email verification or password reset. Only the SHA-256 of the token
 * is stored; `email` is the address the link was sent to, so a link for an address the account
 * no longer has proves nothing.
 */
export const authTokens = sqliteTable(
  'auth_tokens',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['verifyEmail', 'resetPassword'] }).notNull(),
    email: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp().notNull(),
    usedAt: timestamp(),
  },
  (t) => [index('auth_tokens_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type AuthToken = typeof authTokens.$inferSelect;
export type AuthTokenPurpose = AuthToken['purpose'];
export type Session = typeof sessions.$inferSelect;
