import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { users } from './users';

export const volunteerStatuses = ['confirmed', 'waitlisted'] as const;
export type VolunteerStatus = (typeof volunteerStatuses)[number];

export const signupSheets = sqliteTable(
  'signup_sheets',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    title: text().notNull(),
    description: text(),
    eventDate: timestamp().notNull(),
    organizerName: text().notNull(),
    organizerEmail: text().notNull(),
    /** The organizer who runs it (and any admin); null for sheets made before roles, run by admins. */
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('signup_sheets_event_date_idx').on(t.eventDate), index('signup_sheets_owner_idx').on(t.ownerId)],
);

export const volunteerSlots = sqliteTable(
  'volunteer_slots',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    signupSheetId: integer()
      .notNull()
      .references(() => signupSheets.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    startTime: timestamp(),
    endTime: timestamp(),
    maxVolunteers: integer().notNull().default(1),
    /** Kept equal to the number of confirmed volunteers rows by every write, inside one transaction. */
    currentVolunteers: integer().notNull().default(0),
  },
  (t) => [
    index('volunteer_slots_sheet_idx').on(t.signupSheetId),
    check(
      'volunteer_slots_capacity',
      sql`${t.currentVolunteers} >= 0 AND ${t.currentVolunteers} <= ${t.maxVolunteers}`,
    ),
    check('volunteer_slots_max_min', sql`${t.maxVolunteers} >= 1`),
  ],
);

export const volunteers = sqliteTable(
  'volunteers',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    slotId: integer()
      .notNull()
      .references(() => volunteerSlots.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** Stored lower-cased: one email signs up once per slot. */
    email: text().notNull(),
    phone: text().notNull(),
    notes: text(),
    signupTime: createdAt(),
    emailConsent: integer({ mode: 'boolean' }).notNull().default(false),
    /** confirmed: holds one of the slot's spots; waitlisted: waits, earliest first, for one to free up. */
    status: text({ enum: volunteerStatuses }).notNull().default('confirmed'),
    /** Event-day check-in: null until someone marks it, then whether the volunteer came. */
    attended: integer({ mode: 'boolean' }),
    checkedInAt: timestamp(),
  },
  (t) => [
    uniqueIndex('volunteers_slot_email_uq').on(t.slotId, t.email),
    index('volunteers_slot_status_idx').on(t.slotId, t.status, t.signupTime),
    index('volunteers_user_idx').on(t.userId),
    index('volunteers_email_idx').on(t.email),
  ],
);

export type SignupSheet = typeof signupSheets.$inferSelect;
export type VolunteerSlot = typeof volunteerSlots.$inferSelect;
export type Volunteer = typeof volunteers.$inferSelect;
