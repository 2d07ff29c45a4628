import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';
import { signupSheets, volunteerSlots } from './sheets';
import { users } from './users';

/**
 * An organizer's season (API.md): what organizers told their volunteers, and what happened on a
 * sheet whose organizer reads a daily digest.
 */

/** A message an organizer sent to a sheet's (or a slot's) volunteers: the log the composer shows. */
export const sheetMessages = sqliteTable(
  'sheet_messages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    signupSheetId: integer()
      .notNull()
      .references(() => signupSheets.id, { onDelete: 'cascade' }),
    /** The slot whose volunteers it went to; null: the whole sheet (or a slot since deleted). */
    slotId: integer().references(() => volunteerSlots.id, { onDelete: 'set null' }),
    /** Kept as it was when sent, so the log still reads after the slot or account is gone. */
    slotTitle: text(),
    sentById: integer().references(() => users.id, { onDelete: 'set null' }),
    sentByName: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    includeWaitlisted: integer({ mode: 'boolean' }).notNull().default(false),
    /** How many volunteers it was addressed to. */
    recipients: integer().notNull(),
    sentAt: timestamp().notNull(),
  },
  (t) => [index('sheet_messages_sheet_sent_idx').on(t.signupSheetId, t.sentAt)],
);

/** `waitlisted`: a signup that joined a full slot's waitlist. */
export const signupEventKinds = ['signup', 'waitlisted', 'cancellation', 'move', 'promotion'] as const;
export type SignupEventKind = (typeof signupEventKinds)[number];

/**
 * A change on a sheet whose organizer reads the daily digest, waiting for the next one: kept only
 * until the digest that reports it has gone.
 */
export const signupEvents = sqliteTable(
  'signup_events',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    signupSheetId: integer()
      .notNull()
      .references(() => signupSheets.id, { onDelete: 'cascade' }),
    kind: text({ enum: signupEventKinds }).notNull(),
    volunteerName: text().notNull(),
    slotTitle: text().notNull(),
    /** For a move: the slot it left. */
    fromSlotTitle: text(),
    /** Spots (or items) still open on the slot after the change. */
    spotsLeft: integer().notNull(),
    occurredAt: timestamp().notNull(),
  },
  (t) => [index('signup_events_sheet_idx').on(t.signupSheetId, t.occurredAt)],
);

export type SheetMessage = typeof sheetMessages.$inferSelect;
export type SignupEvent = typeof signupEvents.$inferSelect;
