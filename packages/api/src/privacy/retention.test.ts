import { type Db, signupSheets, volunteerSlots, volunteers } from '@pac/db';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContextInner } from '../context';
import { computeStats } from '../stats/service';
import { callerFor, createTestDb, insertUser, type TestDb, testConfig, testRuntime } from '../../test/db';
import { applyRetention, monthsBefore } from './service';

/**
 * RETENTION_MONTHS (API.md "Privacy") with a fake clock over a past sheet: its signups are emptied
 * of their person once the event is older than the window, and untouched before; the totals (stats,
 * slot counts, the hours of the people who remain) are the same after as before.
 */

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

const hour = 3_600_000;
const day = 24 * hour;

function sheetWithSlot(db: Db, title: string, eventDate: Date) {
  const sheet = db
    .insert(signupSheets)
    .values({ title, eventDate, organizerName: 'Pat', organizerEmail: 'pat@example.org' })
    .returning()
    .get();
  const slot = db
    .insert(volunteerSlots)
    .values({
      signupSheetId: sheet.id,
      title: `${title} setup`,
      startTime: eventDate,
      endTime: new Date(eventDate.getTime() + 2 * hour),
      maxVolunteers: 5,
      currentVolunteers: 0,
    })
    .returning()
    .get();
  return { sheet, slot };
}

function signUp(db: Db, slotId: number, who: { name: string; email: string; userId?: number }) {
  db.update(volunteerSlots)
    .set({
      currentVolunteers:
        1 + (db.select().from(volunteerSlots).where(eq(volunteerSlots.id, slotId)).get()?.currentVolunteers ?? 0),
    })
    .where(eq(volunteerSlots.id, slotId))
    .run();
  return db
    .insert(volunteers)
    .values({
      slotId,
      userId: who.userId ?? null,
      name: who.name,
      email: who.email,
      phone: '604-555-0101',
      notes: 'Can bring a ladder',
      answers: { q1: 'Large' },
      emailConsent: true,
    })
    .returning()
    .get();
}

describe('retention', () => {
  it('empties the signups of a sheet once its event is older than RETENTION_MONTHS, and not a day before', async () => {
    const { db } = t;
    const event = new Date('2025-03-10T17:00:00Z');
    const old = sheetWithSlot(db, 'Spring Fair 2025', event);
    const recent = sheetWithSlot(db, 'Winter Concert 2026', new Date('2026-01-20T18:00:00Z'));
    const parent = await insertUser(db, { name: 'Rowan Parent', email: 'rowan@example.org' });
    const stays = await insertUser(db, { name: 'Sky Stays', email: 'sky@example.org' });
    const gone = signUp(db, old.slot.id, { name: 'Rowan Parent', email: 'rowan@example.org', userId: parent.id });
    const goneToo = signUp(db, old.slot.id, { name: 'Ann Onymous', email: 'ann@example.org' });
    signUp(db, recent.slot.id, { name: 'Rowan Parent', email: 'rowan@example.org', userId: parent.id });
    signUp(db, old.slot.id, { name: 'Sky Stays', email: 'sky@example.org', userId: stays.id });
    const kept = signUp(db, recent.slot.id, { name: 'Sky Stays', email: 'sky@example.org', userId: stays.id });

    let now = new Date('2026-07-09T12:00:00Z');
    const runtime = testRuntime(db, testConfig, { now: () => now });
    const ctx = createContextInner({ db, config: testConfig, runtime });
    const hoursOf = async (id: number) =>
      (await callerFor(db, id === parent.id ? parent : stays, { runtime }).auth.profile({ userId: id })).totalHours;
    const slotsBefore = db.select().from(volunteerSlots).all();

    // 16 months after 10 March 2025 is 10 July 2026: a day before it, nothing goes.
    expect(monthsBefore(now, 16).toISOString()).toBe('2025-03-09T12:00:00.000Z');
    expect(applyRetention(ctx, now)).toBe(0);
    expect(db.select().from(volunteers).where(eq(volunteers.id, gone.id)).get()?.name).toBe('Rowan Parent');

    now = new Date('2026-07-11T12:00:00Z');
    const skyHoursBefore = await hoursOf(stays.id);
    const statsBefore = computeStats(db, testConfig.timeZone, now);
    expect(applyRetention(ctx, now)).toBe(3);
    for (const id of [gone.id, goneToo.id]) {
      expect(db.select().from(volunteers).where(eq(volunteers.id, id)).get()).toMatchObject({
        name: 'Former volunteer',
        email: '',
        phone: '',
        notes: null,
        answers: {},
        emailConsent: false,
        userId: null,
        erasedAt: now,
        status: 'confirmed',
      });
    }
    // The recent sheet's signups are untouched.
    expect(db.select().from(volunteers).where(eq(volunteers.id, kept.id)).get()).toMatchObject({
      name: 'Sky Stays',
      email: 'sky@example.org',
      notes: 'Can bring a ladder',
    });
    // Counts and totals as they were; the old event's hours leave with the people.
    expect(db.select().from(volunteerSlots).all()).toEqual(slotsBefore);
    expect(computeStats(db, testConfig.timeZone, now)).toEqual(statsBefore);
    expect(await hoursOf(stays.id)).toBe(skyHoursBefore - 2);
    expect(await hoursOf(parent.id)).toBe(2);
    // A second night finds nothing more to do.
    expect(applyRetention(ctx, new Date(now.getTime() + day))).toBe(0);
  });

  it('counts months on the calendar', () => {
    expect(monthsBefore(new Date('2026-03-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(monthsBefore(new Date('2026-01-15T10:00:00Z'), 16).toISOString()).toBe('2024-09-15T10:00:00.000Z');
  });
});
