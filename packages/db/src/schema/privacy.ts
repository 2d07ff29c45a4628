import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { volunteers } from './sheets';
import { users } from './users';

/**
 * How a person's email consent changed (API.md "Privacy"): on the signup form, in their account,
 * by the unsubscribe link in an email, or by an admin.
 */
export const consentSources = ['signup', 'account', 'unsubscribe', 'admin'] as const;
export type ConsentSource = (typeof consentSources)[number];

/**
 * Every change of a volunteer's or an account's email consent, with when and how (BC's PIPA: consent
 * and its withdrawal are to be shown). In the person's export; erased with them.
 */
export const consentRecords = sqliteTable(
  'consent_records',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** The address the consent is about, lower-cased. */
    email: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    volunteerId: integer().references(() => volunteers.id, { onDelete: 'set null' }),
    consent: integer({ mode: 'boolean' }).notNull(),
    source: text({ enum: consentSources }).notNull(),
    at: createdAt(),
  },
  (t) => [index('consent_records_email_idx').on(t.email, t.at), index('consent_records_user_idx').on(t.userId)],
);

export type ConsentRecord = typeof consentRecords.$inferSelect;

/** What the privacy log records: an admin's search for a person's data, an erasure, a volunteers CSV. */
export const privacyActions = ['search', 'erase', 'volunteersCsv'] as const;
export type PrivacyAction = (typeof privacyActions)[number];

/**
 * Who looked up, erased or exported people's data, and when (GET /api/privacy/log). It names the
 * admin, never the person searched for: the log must not keep what an erasure removed.
 */
export const privacyLog = sqliteTable(
  'privacy_log',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    action: text({ enum: privacyActions }).notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The admin's name then (kept if the account goes). */
    actorName: text().notNull(),
    /** What it came to: records found, signups and accounts erased, rows exported. */
    detail: text().notNull(),
    at: createdAt(),
  },
  (t) => [index('privacy_log_at_idx').on(t.at)],
);

export type PrivacyLogEntry = typeof privacyLog.$inferSelect;
