import { type SignupAnswers, type SignupSheet, volunteers, type VolunteerSlot } from '@pac/db';
import type { checkInSchema } from '@pac/validators';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserContext } from '../context';
import { accessMessages } from '../lib/access';
import { refuse } from '../lib/errors';
import { assertManagesSheetId, managesVolunteer } from '../lib/sheetAccess';
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
  waitlisted: 'Only confirmed volunteers can be checked in: this volunteer is on the waitlist',
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

export type RosterSlot = VolunteerSlot & {
  /** Confirmed volunteers, in signup order. */
  volunteers: RosterVolunteer[];
  /** How many wait for a spot (they are not on the roster). */
  waitlistCount: number;
};

export type Roster = SignupSheet & { slots: RosterSlot[] };

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
 * A sheet the caller runs, with its slots in slot order, each with its confirmed volunteers in
 * signup order and the size of its waitlist (three statements, whatever the size).
 */
export function getRoster(ctx: UserContext, sheetId: number): Roster {
  const { db, user } = ctx;
  assertManagesSheetId(db, user, sheetId);
  const sheet = getSheet(ctx, sheetId);
  const slots = slotsOfSheet(ctx, sheetId);
  const bySlot = new Map<number, RosterSlot>(
    slots.map((slot) => [slot.id, { ...slot, volunteers: [], waitlistCount: 0 }]),
  );
  if (slots.length > 0) {
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
      if (status === 'confirmed') slot.volunteers.push(volunteer);
      else slot.waitlistCount += 1;
    }
  }
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
