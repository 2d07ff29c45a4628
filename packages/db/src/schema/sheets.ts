import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns';
import { users } from './users';

export const volunteerStatuses = ['confirmed', 'waitlisted'] as const;
export type VolunteerStatus = (typeof volunteerStatuses)[number];

/** task: people come and help; item: people bring something, and maxVolunteers is the quantity needed. */
export const slotKinds = ['task', 'item'] as const;
export type SlotKind = (typeof slotKinds)[number];

export const questionKinds = ['text', 'choice', 'checkbox'] as const;
export type QuestionKind = (typeof questionKinds)[number];

/**
 * What a sheet's organizer hears of its signups: `each` an email per signup, cancellation, move and
 * waitlist promotion; `daily` one digest at 07:00 school time of the day before; `off` nothing.
 */
export const organizerNotifications = ['each', 'daily', 'off'] as const;
export type OrganizerNotification = (typeof organizerNotifications)[number];

/** A question a sheet asks everyone who signs up (API.md "Signing up for several slots, questions and items"). */
export interface SheetQuestion {
  /** Stable across edits, so answers keep pointing at their question. */
  id: string;
  label: string;
  kind: QuestionKind;
  /** The choices of a `choice` question. */
  options?: string[];
  required: boolean;
}

/** A signup's answers, by question id: text and choices as strings, checkboxes as booleans. */
export type SignupAnswers = Record<string, string | boolean>;

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
    /** Where the event happens (up to 200 characters); null: not said. */
    location: text(),
    /** How many confirmed slots one email may hold on this sheet; null: no limit. */
    maxSlotsPerPerson: integer(),
    /** The questions everyone who signs up answers (at most 10). */
    questions: text({ mode: 'json' }).$type<SheetQuestion[]>().notNull().default([]),
    /** What its organizer (organizerEmail) hears of its signups. */
    notifyOrganizer: text({ enum: organizerNotifications }).notNull().default('each'),
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
    /** For an item slot, the quantity needed. */
    maxVolunteers: integer().notNull().default(1),
    /**
     * Kept equal to the sum of the confirmed volunteers rows' quantities (1 each on a task slot) by
     * every write, inside one transaction.
     */
    currentVolunteers: integer().notNull().default(0),
    kind: text({ enum: slotKinds }).notNull().default('task'),
    /** Where this slot happens when not where its sheet does; null: the sheet's location. */
    location: text(),
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
    /** How many of an item slot's needed items this signup brings (always 1 on a task slot). */
    quantity: integer().notNull().default(1),
    /** Answers to the sheet's questions, by question id: contact data (API.md). */
    answers: text({ mode: 'json' }).$type<SignupAnswers>().notNull().default({}),
    /**
     * When the person was erased (their account deleted, their own request, an admin's answer to one,
     * or RETENTION_MONTHS after the event): the signup stays counted as 'Former volunteer' with no
     * email, phone, notes or answers.
     */
    erasedAt: timestamp(),
    /** The language they signed up in: their emails and reminders are written in it (API.md "Languages"). */
    language: text().notNull().default('en'),
  },
  (t) => [
    // An erased signup has no email: any number of them may share a slot.
    uniqueIndex('volunteers_slot_email_uq')
      .on(t.slotId, t.email)
      .where(sql`${t.email} <> ''`),
    index('volunteers_slot_status_idx').on(t.slotId, t.status, t.signupTime),
    index('volunteers_user_idx').on(t.userId),
    index('volunteers_email_idx').on(t.email),
  ],
);

export type SignupSheet = typeof signupSheets.$inferSelect;
export type VolunteerSlot = typeof volunteerSlots.$inferSelect;
export type Volunteer = typeof volunteers.$inferSelect;
