import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { volunteers } from './sheets';

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
