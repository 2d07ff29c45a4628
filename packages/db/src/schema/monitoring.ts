import { sql } from 'drizzle-orm';
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
  (t) => [
    index('snapshots_monitor_captured_idx').on(t.monitorId, t.capturedAt),
    /**
     * A monitor's versions (the snapshots that hold text), newest first, with everything a check
     * reads of them. A check finds its recent versions here without reading their rows, whose other
     * columns lie behind the stored text: reaching them walked every overflow page of the text (a
     * 100 KB page's text, ~18 of them), and the recent-versions read took ~50 µs instead of ~13.
     * The reads name it (INDEXED BY): SQLite's planner cannot tell it covers them, since the text
     * column appears in its condition.
     */
    index('snapshots_versions_idx')
      .on(t.monitorId, t.capturedAt, t.id, t.status, t.contentHash, t.elementsFound, t.excerpt)
      .where(sql`${t.rawContent} IS NOT NULL`),
  ],
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
  (t) => [
    index('changes_detected_idx').on(t.detectedAt),
    // A monitor's latest changes, which a check's pruning keeps the snapshots of: without it every
    // check scanned all changes of every monitor, a table that only grows.
    index('changes_monitor_detected_idx').on(t.monitorId, t.detectedAt),
    // Deleting a snapshot sets its changes' snapshotId to null: without it, each pruned snapshot
    // scanned the whole table to find them.
    index('changes_snapshot_idx').on(t.snapshotId),
  ],
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
