import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';

export const monitorStatuses = ['active', 'paused', 'error'] as const;
export const snapshotStatuses = ['success', 'error', 'timeout'] as const;
export const changeTypes = ['added', 'modified', 'removed'] as const;
export const severities = ['low', 'medium', 'high'] as const;
export const notificationChannels = ['email', 'internal', 'webhook', 'facebook', 'instagram'] as const;
export const notificationStatuses = ['pending', 'sent', 'failed'] as const;

export const monitors = sqliteTable('monitors', {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull(),
  url: text().notNull(),
  selectors: text({ mode: 'json' }).$type<string[]>().notNull(),
  ignoreSelectors: text({ mode: 'json' })
    .$type<string[]>()
    .notNull()
    .$defaultFn(() => []),
  scheduleMinutes: integer().notNull().default(15),
  lastCheckAt: timestamp(),
  lastContentHash: text(),
  /** Validators from the last 200 answer, sent back as If-None-Match / If-Modified-Since. */
  etag: text(),
  lastModified: text(),
  status: text({ enum: monitorStatuses }).notNull().default('active'),
  errorCount: integer().notNull().default(0),
  emailNotifications: integer({ mode: 'boolean' }).notNull().default(true),
  internalPosts: integer({ mode: 'boolean' }).notNull().default(true),
  facebookPosts: integer({ mode: 'boolean' }).notNull().default(true),
  instagramPosts: integer({ mode: 'boolean' }).notNull().default(true),
  filterFutureEvents: integer({ mode: 'boolean' }).notNull().default(false),
  /** Its changes' Facebook and Instagram posts go without waiting for an admin's approval. */
  autoApprove: integer({ mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp()
    .notNull()
    .$defaultFn(() => new Date()),
});

export const snapshots = sqliteTable(
  'snapshots',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    monitorId: integer()
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    contentHash: text(),
    rawContent: text(),
    excerpt: text(),
    status: text({ enum: snapshotStatuses }).notNull(),
    errorMessage: text(),
    elementsFound: integer().notNull().default(0),
    /** How long the check took, for the health card's average. */
    durationMs: integer(),
    capturedAt: createdAt(),
  },
  (t) => [index('snapshots_monitor_captured_idx').on(t.monitorId, t.capturedAt)],
);

export const changes = sqliteTable(
  'changes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    monitorId: integer()
      .notNull()
      .references(() => monitors.id, { onDelete: 'cascade' }),
    snapshotId: integer().references(() => snapshots.id, { onDelete: 'set null' }),
    changeType: text({ enum: changeTypes }).notNull(),
    summary: text().notNull(),
    diffContent: text(),
    severity: text({ enum: severities }).notNull().default('medium'),
    detectedAt: createdAt(),
  },
  (t) => [index('changes_detected_idx').on(t.detectedAt)],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    changeId: integer()
      .notNull()
      .references(() => changes.id, { onDelete: 'cascade' }),
    channel: text({ enum: notificationChannels }).notNull(),
    status: text({ enum: notificationStatuses }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp(),
    /**
     * Set while a worker is sending. A row still claimed at start-up was interrupted mid-send: it is
     * marked failed rather than sent again, so that nothing is ever posted twice.
     */
    claimedAt: timestamp(),
    sentAt: timestamp(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_status_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('notifications_change_channel_uq').on(t.changeId, t.channel),
  ],
);

export type Monitor = typeof monitors.$inferSelect;
export type Snapshot = typeof snapshots.$inferSelect;
export type Change = typeof changes.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
