import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../context';
import { signLink } from '../lib/links';
import { manageToken } from '../lib/manageLink';
import {
  anonymousCaller,
  type Caller,
  callerFor,
  countMismatches,
  createTestDb,
  insertAdmin,
  insertUser,
  sheetInput,
  type TestDb,
  testConfig,
  testRuntime,
} from '../../test/db';
import { signupHelpers } from '../../test/signups';
import { signupHistory } from '../volunteers/history';

/** The waitlist (API.md "Coordinator toolkit"), through the procedures ("manage my signup": volunteers/manage.test.ts). */

let t: TestDb;
let admin: SessionUser;
let organizer: SessionUser;
let otherOrganizer: SessionUser;
let member: SessionUser;
let asAdmin: Caller;
let asOrganizer: Caller;
let asOtherOrganizer: Caller;
let asMember: Caller;
let asAnon: Caller;
let sheetId: number;
let linkCtx: { runtime: ReturnType<typeof testRuntime> };

beforeAll(async () => {
  t = createTestDb();
  admin = await insertAdmin(t.db);
  organizer = await insertUser(t.db, { role: 'organizer', name: 'Olive Organizer' });
  otherOrganizer = await insertUser(t.db, { role: 'organizer', name: 'Oscar Other' });
  member = await insertUser(t.db, { name: 'Mia Member' });
  asAdmin = callerFor(t.db, admin);
  asOrganizer = callerFor(t.db, organizer);
  asOtherOrganizer = callerFor(t.db, otherOrganizer);
  asMember = callerFor(t.db, member);
  asAnon = anonymousCaller(t.db);
  sheetId = (await asOrganizer.sheets.create(sheetInput())).id;
  linkCtx = { runtime: testRuntime(t.db) };
});
afterAll(() => t.cleanup());

const { person, newSlot, slotRow, rowsOf } = signupHelpers(() => ({ db: t.db, organizer: asOrganizer, sheetId }));
function statuses(slotId: number) {
  return rowsOf(slotId).map((v) => [v.email, v.status]);
}
/** A full slot of `max` with `waiting` people on its waitlist; returns the slot and the signups in order. */
async function fullSlotWithWaitlist(max: number, waiting: number) {
  const slot = await newSlot(max);
  const confirmed = [];
  for (let i = 0; i < max; i += 1) confirmed.push(await asAnon.volunteers.create(person(slot.id)));
  const waitlisted = [];
  for (let i = 0; i < waiting; i += 1)
    waitlisted.push(await asAnon.volunteers.create(person(slot.id, { waitlist: true })));
  return { slot, confirmed, waitlisted };
}

describe('joining the waitlist', () => {
  it('waitlists a signup on a full slot only when asked, and ignores the flag while the slot has room', async () => {
    const slot = await newSlot(1);
    const first = await asAnon.volunteers.create(person(slot.id, { waitlist: true }));
    expect(first.status).toBe('confirmed');
    await expect(asAnon.volunteers.create(person(slot.id))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This volunteer slot is full',
    });
    await expect(asAnon.volunteers.create(person(slot.id, { waitlist: false }))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This volunteer slot is full',
    });
    const waiting = await asAnon.volunteers.create(person(slot.id, { waitlist: true }));
    expect(waiting.status).toBe('waitlisted');
    expect(slotRow(slot.id)?.currentVolunteers).toBe(1);
    expect(rowsOf(slot.id)).toHaveLength(2);
    expect(countMismatches(t)).toEqual([]);
  });

  it('refuses the same email twice on one slot, confirmed or waitlisted', async () => {
    const { slot, confirmed, waitlisted } = await fullSlotWithWaitlist(1, 1);
    for (const email of [confirmed[0]?.email, waitlisted[0]?.email]) {
      await expect(
        asAnon.volunteers.create(person(slot.id, { waitlist: true, email: email?.toUpperCase() })),
      ).rejects.toMatchObject({ code: 'CONFLICT', message: 'This email is already signed up for this volunteer slot' });
    }
    expect(rowsOf(slot.id)).toHaveLength(2);
  });

  it('refuses a slot that has started, waitlist or not', async () => {
    const slot = await newSlot(1, { startTime: new Date(Date.now() - 3_600_000) });
    await expect(asAnon.volunteers.create(person(slot.id, { waitlist: true }))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Signups for this slot have closed',
    });
    expect(rowsOf(slot.id)).toHaveLength(0);
  });

  it('counts a waitlist signup against the per-address limit', async () => {
    const runtime = testRuntime(t.db, { ...testConfig, signupRateLimit: 2 });
    const limited = anonymousCaller(t.db, { runtime, clientAddress: '203.0.113.9' });
    const slot = await newSlot(1);
    await limited.volunteers.create(person(slot.id));
    await limited.volunteers.create(person(slot.id, { waitlist: true }));
    await expect(limited.volunteers.create(person(slot.id, { waitlist: true }))).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });
});

describe('promotion', () => {
  it('gives a cancelled confirmed spot to the earliest waitlisted volunteer, whoever cancels', async () => {
    const { slot, confirmed, waitlisted } = await fullSlotWithWaitlist(2, 4);
    const [w1, w2, w3, w4] = waitlisted;
    const [c1, c2] = confirmed;
    if (!w1 || !w2 || !w3 || !w4 || !c1 || !c2) throw new Error('setup');

    // The sheet's organizer removes one.
    await asOrganizer.volunteers.delete({ id: c1.id });
    expect(statuses(slot.id)).toEqual([
      [c2.email, 'confirmed'],
      [w1.email, 'confirmed'],
      [w2.email, 'waitlisted'],
      [w3.email, 'waitlisted'],
      [w4.email, 'waitlisted'],
    ]);
    // The old cancel link from an email.
    await asAnon.volunteers.cancelByLink({ id: c2.id, token: signLink(linkCtx, 'cancel', c2.id) });
    expect(rowsOf(slot.id).find((v) => v.id === w2.id)?.status).toBe('confirmed');
    // The manage link.
    await asAnon.volunteers.cancelByToken({ token: manageToken(linkCtx, w1.id) });
    expect(rowsOf(slot.id).find((v) => v.id === w3.id)?.status).toBe('confirmed');
    expect(slotRow(slot.id)?.currentVolunteers).toBe(2);
    expect(countMismatches(t)).toEqual([]);
  });

  it('promotes nobody when a waitlisted volunteer leaves', async () => {
    const { slot, waitlisted } = await fullSlotWithWaitlist(1, 2);
    const [w1, w2] = waitlisted;
    if (!w1 || !w2) throw new Error('setup');
    await asAnon.volunteers.cancelByToken({ token: manageToken(linkCtx, w1.id) });
    expect(rowsOf(slot.id).map((v) => v.status)).toEqual(['confirmed', 'waitlisted']);
    expect(slotRow(slot.id)?.currentVolunteers).toBe(1);
  });

  it("promotes a signed-in volunteer's own cancel too", async () => {
    const slot = await newSlot(1);
    const mine = await asMember.volunteers.create(person(slot.id, { email: member.email, name: member.name }));
    const waiting = await asAnon.volunteers.create(person(slot.id, { waitlist: true }));
    await asMember.volunteers.delete({ id: mine.id });
    expect(rowsOf(slot.id).map((v) => [v.id, v.status])).toEqual([[waiting.id, 'confirmed']]);
  });

  it('fills every new spot from the waitlist, in order, when the capacity grows', async () => {
    const { slot, waitlisted } = await fullSlotWithWaitlist(1, 4);
    const updated = await asOrganizer.slots.update({ id: slot.id, maxVolunteers: 3 });
    expect(updated.currentVolunteers).toBe(3);
    expect(rowsOf(slot.id).map((v) => v.status)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
      'waitlisted',
      'waitlisted',
    ]);
    expect(rowsOf(slot.id)[3]?.id).toBe(waitlisted[2]?.id);
    // More room than the waitlist holds.
    const roomy = await asOrganizer.slots.update({ id: slot.id, maxVolunteers: 10 });
    expect(roomy.currentVolunteers).toBe(5);
    expect(rowsOf(slot.id).every((v) => v.status === 'confirmed')).toBe(true);
    // Another field changing promotes nobody and breaks nothing.
    expect((await asOrganizer.slots.update({ id: slot.id, title: 'Renamed' })).currentVolunteers).toBe(5);
    expect(countMismatches(t)).toEqual([]);
  });

  it('still refuses a capacity below the confirmed volunteers', async () => {
    const { slot } = await fullSlotWithWaitlist(2, 2);
    await expect(asOrganizer.slots.update({ id: slot.id, maxVolunteers: 1 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(rowsOf(slot.id).map((v) => v.status)).toEqual(['confirmed', 'confirmed', 'waitlisted', 'waitlisted']);
  });
});

describe('who sees the waitlist', () => {
  it('shows the waitlist in order to admins and the sheet organizer, and only a count (and your own entry) to others', async () => {
    const slot = await newSlot(1);
    await asAnon.volunteers.create(person(slot.id, { name: 'Carla Confirmed' }));
    const first = await asAnon.volunteers.create(person(slot.id, { waitlist: true, name: 'Wanda First' }));
    const mine = await asMember.volunteers.create({
      ...person(slot.id, { waitlist: true, email: member.email, name: 'Mia Member' }),
    });
    const third = await asAnon.volunteers.create(person(slot.id, { waitlist: true, name: 'Walt Third' }));

    const slotOf = async (caller: Caller) => {
      const sheet = await caller.sheets.byId({ id: sheetId });
      const found = sheet.slots.find((s) => s.id === slot.id);
      if (!found) throw new Error('slot missing');
      return found;
    };
    for (const caller of [asAdmin, asOrganizer]) {
      const seen = await slotOf(caller);
      expect(seen.waitlistCount).toBe(3);
      expect(seen.currentVolunteers).toBe(1);
      expect(seen.volunteers.filter((v) => v.status === 'waitlisted').map((v) => v.id)).toEqual([
        first.id,
        mine.id,
        third.id,
      ]);
      expect(seen.volunteers.find((v) => v.id === first.id)?.email).toBe(first.email);
    }
    for (const caller of [asAnon, asOtherOrganizer]) {
      const seen = await slotOf(caller);
      expect(seen.waitlistCount).toBe(3);
      expect(seen.volunteers.map((v) => v.status)).toEqual(['confirmed']);
      expect(JSON.stringify(seen)).not.toMatch(/Wanda|Walt|Mia/);
    }
    const own = await slotOf(asMember);
    expect(own.volunteers.map((v) => [v.id, v.status, v.isMine])).toEqual([
      [expect.any(Number), 'confirmed', false],
      [mine.id, 'waitlisted', true],
    ]);
    expect(JSON.stringify(own)).not.toMatch(/Wanda|Walt/);

    const listed = (await asAnon.sheets.list()).find((s) => s.id === sheetId)?.slots.find((s) => s.id === slot.id);
    expect(listed).toMatchObject({ waitlistCount: 3, currentVolunteers: 1 });
    const managed = (await asOrganizer.sheets.managed()).find((s) => s.id === sheetId);
    expect(managed?.slots.find((s) => s.id === slot.id)?.waitlistCount).toBe(3);
  });

  it('lists a waitlisted signup in the history as waitlisted, with no hours', async () => {
    const slot = await asOrganizer.slots.create({
      signupSheetId: sheetId,
      title: 'Timed',
      maxVolunteers: 1,
      startTime: new Date('2030-05-01T17:00:00Z'),
      endTime: new Date('2030-05-01T19:00:00Z'),
    });
    await asAnon.volunteers.create(person(slot.id));
    const waiting = await asMember.volunteers.create(
      person(slot.id, { waitlist: true, email: member.email, name: member.name }),
    );
    const entry = signupHistory(t.db, member.id).find((e) => e.id === waiting.id);
    expect(entry).toMatchObject({ status: 'waitlisted', hours: 0 });
  });
});
