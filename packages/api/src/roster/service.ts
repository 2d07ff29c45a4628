import { type SignupAnswers, type SignupSheet, volunteers, type VolunteerSlot } from '@pac/db';
import type { checkInSchema } from '@pac/validators';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserContext } from '../context';
import { accessMessages } from '../lib/access';
import { refuse } from '../lib/errors';
import { assertManagesSheetId, managesVolunteer } from '../lib/sheetAccess';
import { slotLocation } from '../lib/signupEmail';
import { getSheet } from '../sheets/service';
import { slotsOfSheet } from '../slots/service';
import { getVolunteer } from '../volunteers/history';
import { volunteerMessages } from '../volunteers/messages';

/**
 * Event day (API.md "Coordinator toolkit"): the printable roster of a sheet and the check-in that
 * records who came. Whoever runs the sheet (an administrator or its organizer) sees it and checks
 * volunteers in; once a slot has check-ins, hours count only its attended volunteers
 * (volunteers/history.ts countsForHours, stats/service.ts).
 */

export const rosterMessages = {
  waitlisted: /*i18n*/ 'Only confirmed volunteers can be checked in: this volunteer is on the waitlist',
} as const;

/** A confirmed volunteer as the roster shows them: contact details and the check-in. */
export interface RosterVolunteer {
  id: number;
  slotId: number;
  name: string;
  phone: string;
  email: string;
  notes: string | null;
  /** What they bring to an item slot (1 on a task slot). */
  quantity: number;
  /** Answers to the sheet's questions (the roster's sheet carries the questions). */
  answers: SignupAnswers;
  /** null until someone checks the volunteer in, then whether they came. */
  attended: boolean | null;
  checkedInAt: Date | null;
}

/** A volunteer waiting for a spot on a slot, with their place in line (1: promoted first). */
export type RosterWaitlisted = Omit<RosterVolunteer, 'attended' | 'checkedInAt'> & { position: number };

export type RosterSlot = VolunteerSlot & {
  /** Confirmed volunteers, by name (accents and case aside; see `byName`). */
  volunteers: RosterVolunteer[];
  /** How many wait for a spot (kept beside `waitlist` for callers that only count). */
  waitlistCount: number;
  /** Volunteers waiting for a spot, earliest first (the order they would be promoted in). */
  waitlist: RosterWaitlisted[];
  /**
   * Spots nobody holds: maxVolunteers − currentVolunteers, never below 0. On an item slot, how many
   * items are still needed. The printed roster leaves as many blank lines for walk-ins.
   */
  spotsOpen: number;
  /** Where the slot happens: its own location, else the sheet's (null when neither says). */
  where: string | null;
};

export type Roster = SignupSheet & { slots: RosterSlot[] };

/**
 * Names compared the way people look them up on paper: by letter, whatever the accents and case
 * ('Edgar' < 'Émile' < 'Fatima'); names that differ only in accents or case, then by the finer
 * collation, so the order never depends on who signed up first.
 */
const baseCollator = new Intl.Collator('en', { sensitivity: 'base' });
const fineCollator = new Intl.Collator('en', { sensitivity: 'variant' });

/** Orders volunteers by name (see the collators above), then by id. */
export function byName(a: { name: string; id: number }, b: { name: string; id: number }): number {
  return baseCollator.compare(a.name, b.name) || fineCollator.compare(a.name, b.name) || a.id - b.id;
}

const entryColumns = {
  id: volunteers.id,
  slotId: volunteers.slotId,
  name: volunteers.name,
  phone: volunteers.phone,
  email: volunteers.email,
  notes: volunteers.notes,
  quantity: volunteers.quantity,
  answers: volunteers.answers,
  attended: volunteers.attended,
  checkedInAt: volunteers.checkedInAt,
};

/**
 * A sheet the caller runs, with its slots in slot order, each with its confirmed volunteers by name,
 * its waitlist in waitlist order, its open spots and where it happens (three statements, whatever
 * the size). Contact details and answers: only whoever runs the sheet gets here.
 */
export function getRoster(ctx: UserContext, sheetId: number): Roster {
  const { db, user } = ctx;
  assertManagesSheetId(db, user, sheetId);
  const sheet = getSheet(ctx, sheetId);
  const slots = slotsOfSheet(ctx, sheetId);
  const bySlot = new Map<number, RosterSlot>(
    slots.map((slot) => [
      slot.id,
      {
        ...slot,
        volunteers: [],
        waitlistCount: 0,
        waitlist: [],
        spotsOpen: Math.max(0, slot.maxVolunteers - slot.currentVolunteers),
        where: slotLocation(slot, sheet),
      },
    ]),
  );
  if (slots.length > 0) {
    // Signup order is waitlist order (waitlist/service.ts promotes in the same order).
    const rows = db
      .select({ ...entryColumns, status: volunteers.status })
      .from(volunteers)
      .where(
        inArray(
          volunteers.slotId,
          slots.map((s) => s.id),
        ),
      )
      .orderBy(asc(volunteers.signupTime), asc(volunteers.id))
      .all();
    for (const { status, ...volunteer } of rows) {
      const slot = bySlot.get(volunteer.slotId);
      if (!slot) continue;
      if (status === 'confirmed') {
        slot.volunteers.push(volunteer);
      } else {
        const { attended: _attended, checkedInAt: _checkedInAt, ...waiting } = volunteer;
        slot.waitlist.push({ ...waiting, position: slot.waitlist.length + 1 });
        slot.waitlistCount += 1;
      }
    }
  }
  for (const slot of bySlot.values()) slot.volunteers.sort(byName);
  return { ...sheet, slots: [...bySlot.values()] };
}

/**
 * Records whether a confirmed volunteer came (`attended` true or false, `checkedInAt` now), or
 * clears the check-in (`attended: null`). Only on a sheet the caller runs; a volunteer on the
 * waitlist holds no spot and cannot be checked in (CONFLICT).
 */
export function checkIn(ctx: UserContext, input: z.output<typeof checkInSchema>): RosterVolunteer {
  const { db, user, runtime } = ctx;
  return db.transaction((tx) => {
    // NOT_FOUND before FORBIDDEN, and FORBIDDEN before anything about the volunteer is told.
    if (!managesVolunteer(tx, user, input.id))
      throw refuse('FORBIDDEN', accessMessages.notYourSheet, { reason: 'notYourSheet' });
    const volunteer = getVolunteer(tx, input.id);
    if (volunteer.status !== 'confirmed') throw refuse('CONFLICT', rosterMessages.waitlisted, { reason: 'waitlisted' });
    const updated = tx
      .update(volunteers)
      .set({ attended: input.attended, checkedInAt: input.attended === null ? null : runtime.now() })
      .where(and(eq(volunteers.id, input.id), eq(volunteers.status, 'confirmed')))
      .returning(entryColumns)
      .get();
    if (!updated) throw refuse('NOT_FOUND', volunteerMessages.volunteerNotFound, { reason: 'volunteerNotFound' });
    return updated;
  });
}
