import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { signupSheets, volunteers } from './sheets';

export const reminderTypes = ['week', 'day', 'hour'] as const;
export type ReminderType = (typeof reminderTypes)[number];

/**
 * One row per reminder a volunteer has been sent. The unique index is what makes a reminder of
 * one type reach a volunteer once, whether sent by hand, twice, or by the automatic schedule.
 */
export const reminderDeliveries = sqliteTable(
  'reminder_deliveries',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    volunteerId: integer()
      .notNull()
      .references(() => volunteers.id, { onDelete: 'cascade' }),
    reminderType: text({ enum: reminderTypes }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [uniqueIndex('reminder_deliveries_volunteer_type_uq').on(t.volunteerId, t.reminderType)],
);

export type ReminderDelivery = typeof reminderDeliveries.$inferSelect;

/**
 * When a reminder of each type last went out for a sheet (automatic or by hand), for the
 * dashboard. Kept per sheet rather than read from reminder_deliveries, whose rows go with their
 * volunteer (a removed signup, an erased person): the sheet's record of what went must not.
 */
export const sheetReminderSends = sqliteTable(
  'sheet_reminder_sends',
  {
    signupSheetId: integer()
      .notNull()
      .references(() => signupSheets.id, { onDelete: 'cascade' }),
    reminderType: text({ enum: reminderTypes }).notNull(),
    lastSentAt: timestamp().notNull(),
  },
  (t) => [primaryKey({ columns: [t.signupSheetId, t.reminderType] })],
);

export type SheetReminderSend = typeof sheetReminderSends.$inferSelect;
