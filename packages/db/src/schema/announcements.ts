import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { changes, monitors } from './monitoring';
import { users } from './users';

/**
 * `draft` waits for an admin; `approved` is (or is being) posted, and public on /news; `rejected`
 * and `expired` (a draft nobody decided in 7 days) are never posted or shown.
 */
export const announcementStatuses = ['draft', 'approved', 'rejected', 'expired'] as const;
export type AnnouncementStatus = (typeof announcementStatuses)[number];

/**
 * A detected change as news for families (API.md "Announcements a person approves"): its Facebook
 * and Instagram posts wait until an admin approves it. One per change.
 */
export const announcements = sqliteTable(
  'announcements',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    changeId: integer()
      .notNull()
      .references(() => changes.id, { onDelete: 'cascade' }),
    monitorId: integer().references(() => monitors.id, { onDelete: 'set null' }),
    /** The watched page's name when the change was found (kept if the monitor goes). */
    monitorName: text().notNull(),
    status: text({ enum: announcementStatuses }).notNull().default('draft'),
    /** The post's text, as written for parents; an admin may edit it while it is a draft. */
    text: text().notNull(),
    /** The card's headline (what was added, in a line). */
    headline: text().notNull(),
    /** The watched page. */
    link: text().notNull(),
    /** The card's description for screen readers (Instagram's alt_text). */
    imageAlt: text().notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp(),
    decidedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Who decided, as their name was then (kept if the account goes). */
    decidedByName: text(),
    rejectReason: text(),
  },
  (t) => [
    uniqueIndex('announcements_change_uq').on(t.changeId),
    index('announcements_status_created_idx').on(t.status, t.createdAt),
  ],
);

export type Announcement = typeof announcements.$inferSelect;
