import { type Db, signupSheets, volunteers, volunteerSlots } from '@pac/db';
import { and, count, eq, gt, gte, lt, sql, sum } from 'drizzle-orm';
import { slotHasCheckInsSql } from '../volunteers/history';
import { monthBounds } from '../lib/schoolTime';

export interface Stats {
  /** Signup sheets whose event is still ahead. */
  activeSignups: number;
  /** Confirmed signups on every sheet, past and upcoming (waitlist places are not counted). */
  totalVolunteers: number;
  /**
   * Volunteer hours in slots starting this calendar month (the school's): slot hours × confirmed
   * signups, or × attended volunteers once the slot has check-ins.
   */
  monthlyHours: number;
  /** Filled spots as a percentage (0-100, whole number) of all spots on upcoming sheets. */
  fillRate: number;
}

export function computeStats(db: Db, timeZone: string, now = new Date()): Stats {
  const activeSignups =
    db.select({ n: count() }).from(signupSheets).where(gt(signupSheets.eventDate, now)).get()?.n ?? 0;
  const totalVolunteers =
    db.select({ n: count() }).from(volunteers).where(eq(volunteers.status, 'confirmed')).get()?.n ?? 0;

  const { start: monthStart, end: nextMonth } = monthBounds(now, timeZone);
  const hoursMs =
    db
      .select({
        ms: sum(
          sql<number>`(${volunteerSlots.endTime} - ${volunteerSlots.startTime}) * (case when ${slotHasCheckInsSql(volunteerSlots.id)} then (select count(*) from ${volunteers} as came where came.slot_id = ${volunteerSlots.id} and came.attended = 1 and came.status = 'confirmed') else ${volunteerSlots.currentVolunteers} end)`,
        ),
      })
      .from(volunteerSlots)
      .where(
        and(
          gte(volunteerSlots.startTime, monthStart),
          lt(volunteerSlots.startTime, nextMonth),
          gt(volunteerSlots.endTime, volunteerSlots.startTime),
        ),
      )
      .get()?.ms ?? 0;

  const spots = db
    .select({ filled: sum(volunteerSlots.currentVolunteers), capacity: sum(volunteerSlots.maxVolunteers) })
    .from(volunteerSlots)
    .innerJoin(signupSheets, sql`${signupSheets.id} = ${volunteerSlots.signupSheetId}`)
    .where(gt(signupSheets.eventDate, now))
    .get();
  const filled = Number(spots?.filled ?? 0);
  const capacity = Number(spots?.capacity ?? 0);

  return {
    activeSignups,
    totalVolunteers,
    monthlyHours: Math.round((Number(hoursMs) / 3_600_000) * 10) / 10,
    fillRate: capacity === 0 ? 0 : Math.round((filled / capacity) * 100),
  };
}
