import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/**
 * Mailboxes (packages/api/src/lib/mailbox.ts: lower case, `+tag` dropped) that asked, through the
 * link in a reminder, to get no more reminders or messages. Kept by address rather than on a
 * signup, so that no edit of a signup and no later signup naming the address turns them back on:
 * only the person can, from a link mailed to them.
 */
export const mailSuppressions = sqliteTable('mail_suppressions', {
  mailbox: text().primaryKey(),
  suppressedAt: createdAt(),
});

export type MailSuppression = typeof mailSuppressions.$inferSelect;

/**
 * How many emails each mailbox has been sent on each of the school's calendar days
 * (MAIL_PER_ADDRESS_PER_DAY), by the SHA-256 of the mailbox rather than the address (email/budget.ts
 * mailCountKey). Rows of days before yesterday are deleted as the days pass.
 */
export const mailDailyCounts = sqliteTable(
  'mail_daily_counts',
  {
    mailbox: text().notNull(),
    /** The school's calendar day, YYYY-MM-DD in SCHOOL_TIMEZONE. */
    day: text().notNull(),
    sent: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailbox, t.day] }), index('mail_daily_counts_day_idx').on(t.day)],
);

export type MailDailyCount = typeof mailDailyCounts.$inferSelect;
