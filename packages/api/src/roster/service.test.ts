import { users, volunteers } from '@pac/db';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../context';
import { computeStats } from '../stats/service';
import { publicMessage } from '../trpc';
import { signupHistory } from '../volunteers/history';
import {
  allRows,
  anonymousCaller,
  type Caller,
  callerFor,
  createTestDb,
  insertAdmin,
  insertUser,
  sheetInput,
  type TestDb,
  testRuntime,
} from '../../test/db';
import { rosterMessages } from './service';

let t: TestDb;
let admin: SessionUser;
let owner: SessionUser;
let otherOrganizer: SessionUser;
let member: SessionUser;
let asAdmin: Caller;
let asOwner: Caller;
let asOther: Caller;
let asMember: Caller;

/** The clock the owner's check-ins are stamped with. */
const checkInClock = new Date('2030-05-01T18:30:00.000Z');

beforeAll(async () => {
  t = createTestDb();
  admin = await insertAdmin(t.db);
  owner = await insertUser(t.db, { role: 'organizer', name: 'Olu Owner' });
  otherOrganizer = await insertUser(t.db, { role: 'organizer', name: 'Oda Other' });
  member = await insertUser(t.db, { role: 'member' });
  asAdmin = callerFor(t.db, admin);
  asOwner = callerFor(t.db, owner, { runtime: testRuntime(t.db, undefined, { now: () => checkInClock }) });
  asOther = callerFor(t.db, otherOrganizer);
  asMember = callerFor(t.db, member);
});
afterAll(() => t.cleanup());

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
  return 'OK';
}

let counter = 0;
/** A confirmed signup made by whoever runs the sheet (no rate limit, no closed slot). */
async function signUp(caller: Caller, slotId: number, name: string, userId?: number): Promise<number> {
  counter += 1;
  const v = await caller.volunteers.create({
    slotId,
    name,
    email: `roster-${counter}@example.org`,
    phone: `555-01${String(counter).padStart(2, '0')}`,
    notes: `Note ${counter}`,
    userId: userId ?? null,
  });
  return v.id;
}

/** A waitlisted signup, written directly (the waitlist's own API is not this domain's). */
function waitlist(slotId: number, name: string): number {
  counter += 1;
  const row = t.db
    .insert(volunteers)
    .values({ slotId, name, email: `waiting-${counter}@example.org`, phone: '555-0999', status: 'waitlisted' })
    .returning()
    .get();
  return row.id;
}

describe('roster.get', () => {
  it('lists slots in slot order with confirmed volunteers in signup order, contact details and the waitlist count', async () => {
    const sheet = await asOwner.sheets.create(sheetInput({ title: 'Roster order' }));
    const late = await asOwner.slots.create({
      signupSheetId: sheet.id,
      title: 'Cleanup',
      startTime: new Date('2030-05-01T20:00:00.000Z'),
      endTime: new Date('2030-05-01T21:00:00.000Z'),
      maxVolunteers: 2,
    });
    const early = await asOwner.slots.create({
      signupSheetId: sheet.id,
      title: 'Setup',
      startTime: new Date('2030-05-01T16:00:00.000Z'),
      endTime: new Date('2030-05-01T18:00:00.000Z'),
      maxVolunteers: 3,
    });
    const first = await signUp(asOwner, early.id, 'Amy First');
    const second = await signUp(asOwner, early.id, 'Ben Second');
    waitlist(early.id, 'Wanda Waiting');
    waitlist(early.id, 'Walt Waiting');

    const roster = await asOwner.roster.get({ sheetId: sheet.id });
    expect(roster).toMatchObject({ id: sheet.id, title: 'Roster order' });
    expect(roster.slots.map((s) => s.title)).toEqual(['Setup', 'Cleanup']);
    const [setup, cleanup] = roster.slots;
    expect(setup?.id).toBe(early.id);
    expect(setup?.waitlistCount).toBe(2);
    expect(setup?.volunteers.map((v) => v.id)).toEqual([first, second]);
    expect(setup?.volunteers[0]).toMatchObject({
      name: 'Amy First',
      phone: expect.stringMatching(/^555-01/) as unknown,
      email: expect.stringMatching(/@example\.org$/) as unknown,
      notes: expect.stringMatching(/^Note /) as unknown,
      attended: null,
      checkedInAt: null,
    });
    expect(JSON.stringify(roster)).not.toContain('Waiting');
    expect(cleanup).toMatchObject({ id: late.id, volunteers: [], waitlistCount: 0 });
  });

  it('answers an empty sheet with no slots', async () => {
    const sheet = await asOwner.sheets.create(sheetInput({ title: 'Empty' }));
    expect((await asOwner.roster.get({ sheetId: sheet.id })).slots).toEqual([]);
  });

  it('is for an administrator or the sheet’s organizer only', async () => {
    const sheet = await asOwner.sheets.create(sheetInput({ title: 'Private roster' }));
    expect(await codeOf(asAdmin.roster.get({ sheetId: sheet.id }))).toBe('OK');
    expect(await codeOf(asOther.roster.get({ sheetId: sheet.id }))).toBe('FORBIDDEN');
    expect(await codeOf(asMember.roster.get({ sheetId: sheet.id }))).toBe('FORBIDDEN');
    expect(await codeOf(anonymousCaller(t.db).roster.get({ sheetId: sheet.id }))).toBe('UNAUTHORIZED');
    expect(await codeOf(asOwner.roster.get({ sheetId: 999_999 }))).toBe('NOT_FOUND');
  });

  it('refuses an owner who is no longer an organizer', async () => {
    const former = await insertUser(t.db, { role: 'organizer' });
    const sheet = await callerFor(t.db, former).sheets.create(sheetInput({ title: 'Handed back' }));
    t.db.update(users).set({ role: 'member' }).where(eq(users.id, former.id)).run();
    const demoted = callerFor(t.db, { ...former, role: 'member', isAdmin: false });
    expect(await codeOf(demoted.roster.get({ sheetId: sheet.id }))).toBe('FORBIDDEN');
  });
});

describe('roster.checkIn', () => {
  async function oneSlot(title: string) {
    const sheet = await asOwner.sheets.create(sheetInput({ title }));
    const slot = await asOwner.slots.create({
      signupSheetId: sheet.id,
      title: 'Door',
      startTime: new Date('2030-05-01T17:00:00.000Z'),
      endTime: new Date('2030-05-01T19:00:00.000Z'),
      maxVolunteers: 2,
    });
    return { sheetId: sheet.id, slotId: slot.id };
  }

  it('records attendance with the time, changes it, and clears it with null', async () => {
    const { sheetId, slotId } = await oneSlot('Check-in');
    const id = await signUp(asOwner, slotId, 'Cara Came');
    expect(await asOwner.roster.checkIn({ id, attended: true })).toMatchObject({
      id,
      slotId,
      name: 'Cara Came',
      attended: true,
      checkedInAt: checkInClock,
    });
    const slot = (await asOwner.roster.get({ sheetId })).slots[0];
    expect(slot?.volunteers[0]).toMatchObject({ attended: true, checkedInAt: checkInClock });

    expect((await asAdmin.roster.checkIn({ id, attended: false })).attended).toBe(false);
    const cleared = await asOwner.roster.checkIn({ id, attended: null });
    expect(cleared).toMatchObject({ attended: null, checkedInAt: null });
  });

  it('refuses other organizers, members and anonymous callers, changing nothing', async () => {
    const { slotId } = await oneSlot('Guarded check-in');
    const id = await signUp(asOwner, slotId, 'Gus Guarded');
    const before = allRows(t, 'volunteers');
    expect(await codeOf(asOther.roster.checkIn({ id, attended: true }))).toBe('FORBIDDEN');
    expect(await codeOf(asMember.roster.checkIn({ id, attended: true }))).toBe('FORBIDDEN');
    expect(await codeOf(anonymousCaller(t.db).roster.checkIn({ id, attended: true }))).toBe('UNAUTHORIZED');
    expect(allRows(t, 'volunteers')).toEqual(before);
  });

  it('refuses a volunteer on the waitlist with CONFLICT and a clear message, and a missing one with NOT_FOUND', async () => {
    const { slotId } = await oneSlot('Waitlist check-in');
    const id = waitlist(slotId, 'Wes Waiting');
    const before = allRows(t, 'volunteers');
    await expect(asOwner.roster.checkIn({ id, attended: true })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: rosterMessages.waitlisted,
    });
    expect(allRows(t, 'volunteers')).toEqual(before);
    expect(await codeOf(asOwner.roster.checkIn({ id: 999_999, attended: true }))).toBe('NOT_FOUND');
    // Ownership first: another organizer learns nothing about the volunteer's status.
    expect(await codeOf(asOther.roster.checkIn({ id, attended: true }))).toBe('FORBIDDEN');
  });

  it('refuses an attended value that is not true, false or null', async () => {
    const { sheetId, slotId } = await oneSlot('Bad input');
    const id = await signUp(asOwner, slotId, 'Ida Input');
    for (const attended of ['yes', 1, undefined, 'true']) {
      const error: unknown = await asOwner.roster
        .checkIn({ id, attended } as unknown as { id: number; attended: boolean })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      if (!(error instanceof TRPCError)) continue;
      expect(error.code).toBe('BAD_REQUEST');
      expect(publicMessage(error)).toBe('Attended must be true, false or null');
    }
    expect((await asOwner.roster.get({ sheetId })).slots[0]?.volunteers[0]?.attended).toBeNull();
  });
});

describe('hours once a slot has check-ins', () => {
  it('count every confirmed volunteer until someone is checked in, then only those who came', async () => {
    // A slot inside the school month of `now`, so that Hours This Month counts it.
    const now = new Date('2030-05-10T12:00:00.000Z');
    const sheet = await asOwner.sheets.create(sheetInput({ title: 'Hours' }));
    const slot = await asOwner.slots.create({
      signupSheetId: sheet.id,
      title: 'Two hours',
      startTime: new Date('2030-05-15T17:00:00.000Z'),
      endTime: new Date('2030-05-15T19:00:00.000Z'),
      maxVolunteers: 3,
    });
    const a = await insertUser(t.db);
    const b = await insertUser(t.db);
    const va = await signUp(asAdmin, slot.id, 'Ann Hours', a.id);
    const vb = await signUp(asAdmin, slot.id, 'Bob Hours', b.id);
    waitlist(slot.id, 'Wil Waiting');
    const baseline = computeStats(t.db, 'America/Vancouver', now).monthlyHours;
    const hoursOf = (userId: number) => signupHistory(t.db, userId).reduce((sum, e) => sum + e.hours, 0);
    const month = () => computeStats(t.db, 'America/Vancouver', now).monthlyHours - baseline;

    expect([hoursOf(a.id), hoursOf(b.id)]).toEqual([2, 2]);
    await asOwner.roster.checkIn({ id: va, attended: true });
    expect([hoursOf(a.id), hoursOf(b.id)]).toEqual([2, 0]);
    expect(month()).toBe(-2);
    await asOwner.roster.checkIn({ id: vb, attended: false });
    expect([hoursOf(a.id), hoursOf(b.id)]).toEqual([2, 0]);
    await asOwner.roster.checkIn({ id: va, attended: null });
    await asOwner.roster.checkIn({ id: vb, attended: null });
    // With every check-in cleared, the slot counts its confirmed volunteers again.
    expect([hoursOf(a.id), hoursOf(b.id)]).toEqual([2, 2]);
    expect(month()).toBe(0);
  });
});
