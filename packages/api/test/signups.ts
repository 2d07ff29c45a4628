import { type Db, volunteers, volunteerSlots } from '@pac/db';
import { asc, eq } from 'drizzle-orm';
import type { Caller } from './db';

/** What the signup helpers work on, read when each is called (after the suite's beforeAll). */
export interface SignupScene {
  db: Db;
  /** Creates the slots: an organizer's (or admin's) caller. */
  organizer: Caller;
  /** The sheet new slots go on unless told otherwise. */
  sheetId: number;
}

/** Helpers for suites about signups on real slots: a new person's input, a new slot, a slot's rows. */
export function signupHelpers(scene: () => SignupScene) {
  let counter = 0;
  return {
    /** A signup input for `slotId` with a name and email no one else in the suite has. */
    person(slotId: number, extra: { waitlist?: boolean; email?: string; name?: string } = {}) {
      counter += 1;
      return {
        slotId,
        name: extra.name ?? `Person ${counter}`,
        email: extra.email ?? `person-${counter}@example.org`,
        phone: '555-0100',
        ...(extra.waitlist === undefined ? {} : { waitlist: extra.waitlist }),
      };
    },
    newSlot(maxVolunteers: number, opts: { title?: string; sheet?: number; startTime?: Date } = {}) {
      const { organizer, sheetId } = scene();
      return organizer.slots.create({
        signupSheetId: opts.sheet ?? sheetId,
        title: opts.title ?? 'Helper',
        maxVolunteers,
        startTime: opts.startTime,
      });
    },
    slotRow(id: number) {
      return scene().db.select().from(volunteerSlots).where(eq(volunteerSlots.id, id)).get();
    },
    /** The slot's volunteers in signup order. */
    rowsOf(slotId: number) {
      return scene()
        .db.select()
        .from(volunteers)
        .where(eq(volunteers.slotId, slotId))
        .orderBy(asc(volunteers.signupTime), asc(volunteers.id))
        .all();
    },
  };
}
