import { type Executor, signupSheets, type Volunteer, volunteers, volunteerSlots } from '@pac/db';
import { and, asc, count, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import { currentSender } from '../email/service';
import { notifyOrganizer, recordForDigest, type SignupChange } from '../organizerNotifications/service';
import { sendPromotionEmail } from './mail';

/**
 * The waitlist of a full slot: who waits and in which place, who moves up when a spot frees up,
 * and telling them. Below both slots (a capacity raise promotes, slots/service.ts updateSlot) and
 * volunteers (a cancel or a move promotes; a signup on a full slot joins), and importing neither:
 * it reads and writes the slot's count and the signup's status itself.
 */

/** How many wait on each slot's waitlist, for every slot (one statement; the sheet lists). */
export function waitlistCountsBySlot(db: Executor): Map<number, number> {
  const rows = db
    .select({ slotId: volunteers.slotId, n: count() })
    .from(volunteers)
    .where(eq(volunteers.status, 'waitlisted'))
    .groupBy(volunteers.slotId)
    .all();
  return new Map(rows.map((r) => [r.slotId, r.n]));
}

/** A waitlisted volunteer's place in line (1 is next), or null for a confirmed one. */
export function waitlistPosition(db: Executor, volunteer: Volunteer): number | null {
  if (volunteer.status !== 'waitlisted') return null;
  const ahead = db
    .select({ n: count() })
    .from(volunteers)
    .where(
      and(
        eq(volunteers.slotId, volunteer.slotId),
        eq(volunteers.status, 'waitlisted'),
        or(
          lt(volunteers.signupTime, volunteer.signupTime),
          and(eq(volunteers.signupTime, volunteer.signupTime), lt(volunteers.id, volunteer.id)),
        ),
      ),
    )
    .get();
  return (ahead?.n ?? 0) + 1;
}

/**
 * Fills a slot's free spots from its waitlist, earliest signup first (ties by id), inside the
 * caller's transaction: each promoted volunteer becomes confirmed and the slot's count rises with
 * them (by their quantity, on an item slot), so the capacity check constraint holds at every
 * statement. The line keeps its order: promotion stops at the first whose quantity does not fit
 * yet. A sheet whose organizer reads the daily digest keeps the promotions for it (`now`: when).
 * Returns those promoted, in order.
 */
export function promoteFromWaitlist(tx: Executor, slotId: number, now: Date): Volunteer[] {
  const slot = tx
    .select({ max: volunteerSlots.maxVolunteers, current: volunteerSlots.currentVolunteers })
    .from(volunteerSlots)
    .where(eq(volunteerSlots.id, slotId))
    .get();
  let free = slot ? slot.max - slot.current : 0;
  if (free <= 0) return [];
  const waiting = tx
    .select({ id: volunteers.id, quantity: volunteers.quantity })
    .from(volunteers)
    .where(and(eq(volunteers.slotId, slotId), eq(volunteers.status, 'waitlisted')))
    .orderBy(asc(volunteers.signupTime), asc(volunteers.id))
    .limit(free)
    .all();
  const next: number[] = [];
  for (const v of waiting) {
    if (v.quantity > free) break;
    next.push(v.id);
    free -= v.quantity;
  }
  if (next.length === 0) return [];
  const promoted = tx
    .update(volunteers)
    .set({ status: 'confirmed' })
    .where(and(inArray(volunteers.id, next), eq(volunteers.status, 'waitlisted')))
    .returning()
    .all();
  const raised = promoted.reduce((sum, v) => sum + v.quantity, 0);
  tx.update(volunteerSlots)
    .set({ currentVolunteers: sql`${volunteerSlots.currentVolunteers} + ${raised}` })
    .where(eq(volunteerSlots.id, slotId))
    .run();
  promoted.sort((a, b) => a.signupTime.getTime() - b.signupTime.getTime() || a.id - b.id);
  const sheet = tx
    .select({ id: signupSheets.id, notifyOrganizer: signupSheets.notifyOrganizer })
    .from(volunteerSlots)
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .where(eq(volunteerSlots.id, slotId))
    .get();
  if (sheet) recordForDigest(tx, sheet, promotionChanges(promoted), now);
  return promoted;
}

const promotionChanges = (promoted: readonly Volunteer[]): SignupChange[] =>
  promoted.map((v) => ({ kind: 'promotion', volunteerName: v.name, slotId: v.slotId }));

/**
 * Emails each promoted volunteer once (and the organizer of a sheet that hears of each change),
 * after the transaction that promoted them has committed and after the answer (a slow mail server
 * never holds up a cancel). Promotions are bounded by the
 * waitlist signups, which the per-address signup limit already throttles, so they are not limited
 * again here.
 */
export function announcePromotions(ctx: ServiceContext, promoted: readonly Volunteer[]): void {
  if (promoted.length === 0 || currentSender(ctx) === null) return;
  const events = ctx.db
    .select({ slot: volunteerSlots, sheet: signupSheets })
    .from(volunteerSlots)
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .where(inArray(volunteerSlots.id, [...new Set(promoted.map((v) => v.slotId))]))
    .all();
  const bySlot = new Map(events.map((e) => [e.slot.id, e]));
  for (const { sheet, slot } of events) {
    notifyOrganizer(ctx, sheet, promotionChanges(promoted.filter((v) => v.slotId === slot.id)));
  }
  for (const volunteer of promoted) {
    const event = bySlot.get(volunteer.slotId);
    if (!event) continue;
    const signup = { volunteer, ...event };
    ctx.runtime.mail.inBackground('Waitlist promotion', () => sendPromotionEmail(ctx, signup), ctx, {
      volunteerId: volunteer.id,
    });
  }
}
