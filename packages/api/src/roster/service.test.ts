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
import { codeOf } from '../../test/refusal';
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

let counter = 0;
/** A confirmed signup made by whoever runs the sheet (no rate limit, no closed slot). */
async function signUp(
  caller: Caller,
  slotId: number,
  name: string,
  userId?: number,
  extra: { quantity?: number; answers?: Record<string, string | boolean> } = {},
): Promise<number> {
  counter += 1;
  const v = await caller.volunteers.create({
    slotId,
    name,
    email: `roster-${counter}@example.org`,
    phone: `555-01${String(counter).padStart(2, '0')}`,
    notes: `Note ${counter}`,
    userId: userId ?? null,
    ...extra,
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
  it('lists slots in slot order with confirmed volunteers, contact details and the waitlist apart', async () => {
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
    expect(setup?.volunteers.map((v) => v.name)).not.toContain('Wanda Waiting');
    expect(setup?.waitlist.map((v) => [v.name, v.position])).toEqual([
      ['Wanda Waiting', 1],
      ['Walt Waiting', 2],
    ]);
    expect(setup?.spotsOpen).toBe(1);
    expect(cleanup).toMatchObject({ id: late.id, volunteers: [], waitlistCount: 0, waitlist: [], spotsOpen: 2 });
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

describe('roster.get for the door', () => {
  const at = (hour: number) => new Date(`2030-05-01T${String(hour).padStart(2, '0')}:00:00.000Z`);

  it('sorts confirmed volunteers by name, whatever their accents and case, not by signup order', async () => {
    const sheet = await asOwner.sheets.create(sheetInput({ title: 'By name' }));
    const slot = await asOwner.slots.create({
      signupSheetId: sheet.id,
      title: 'Door',
      startTime: at(16),
      endTime: at(18),
      maxVolunteers: 8,
    });
    for (const name of ['Fatima Noor', 'Émile Roy', 'zoe Chan', 'Edgar Lee', 'Álvaro Díaz', 'anna Berg', 'emile Roy'])
      await signUp(asOwner, slot.id, name);
    const [door] = (await asOwner.roster.get({ sheetId: sheet.id })).slots;
    expect(door?.volunteers.map((v) => v.name)).toEqual([
      'Álvaro Díaz',
      'anna Berg',
      'Edgar Lee',
      // Same letters: the finer collation decides, so the order is the same on every print.
      'emile Roy',
      'Émile Roy',
      'Fatima Noor',
      'zoe Chan',
    ]);
    expect(door?.spotsOpen).toBe(1);
  });

  it('keeps waitlisted volunteers apart, in waitlist order (earliest first, numbered), with their contact details', async () => {
    const sheet = await asOwner.sheets.create(sheetInput({ title: 'Waitlist apart' }));
    const slot = await asOwner.slots.create({
      signupSheetId: sheet.id,
      title: 'Face painting',
      startTime: at(16),
      endTime: at(17),
      maxVolunteers: 1,
    });
    await signUp(asOwner, slot.id, 'Yara Young');
    // Through the waitlist's own door: a full slot and `waitlist: true`.
    const zed = await asOwner.volunteers.create({
      slotId: slot.id,
      name: 'Zed Zephyr',
      email: 'zed@example.org',
      phone: '555-0301',
      notes: 'Any time after 5',
      waitlist: true,
    });
    expect(zed.status).toBe('waitlisted');
    // Signed up a minute after Zed (whose signup the owner's clock stamped), first by name: still second in line.
    const abe = t.db
      .insert(volunteers)
      .values({
        slotId: slot.id,
        name: 'Abe Adams',
        email: 'abe@example.org',
        phone: '555-0302',
        status: 'waitlisted',
        signupTime: new Date(checkInClock.getTime() + 60_000),
      })
      .returning()
      .get();

    const [face] = (await asOwner.roster.get({ sheetId: sheet.id })).slots;
    expect(face?.volunteers.map((v) => v.name)).toEqual(['Yara Young']);
    expect(face?.spotsOpen).toBe(0);
    expect(face?.waitlistCount).toBe(2);
    expect(face?.waitlist).toEqual([
      expect.objectContaining({
        id: zed.id,
        name: 'Zed Zephyr',
        phone: '555-0301',
        email: 'zed@example.org',
        notes: 'Any time after 5',
        position: 1,
      }),
      expect.objectContaining({ id: abe.id, name: 'Abe Adams', position: 2 }),
    ]);
    // A waitlisted volunteer holds no spot, so the roster offers no check-in for them.
    expect(face?.waitlist[0]).not.toHaveProperty('attended');
  });

  it('gives spots open, quantities on item slots, answers to the sheet’s questions and where each slot happens', async () => {
    const created = await asOwner.sheets.create({
      ...sheetInput({ title: 'Bake sale' }),
      location: 'Gym, 123 Main St',
      questions: [
        { label: 'Child’s class', kind: 'text', required: false },
        { label: 'Nut free', kind: 'checkbox', required: false },
      ],
    });
    const [classQ, nutQ] = created.questions.map((q) => q.id);
    if (!classQ || !nutQ) throw new Error('questions');
    const cupcakes = await asOwner.slots.create({
      signupSheetId: created.id,
      title: 'Cupcakes',
      startTime: at(16),
      endTime: at(17),
      maxVolunteers: 24,
      kind: 'item',
    });
    const tables = await asOwner.slots.create({
      signupSheetId: created.id,
      title: 'Tables',
      startTime: at(17),
      endTime: at(18),
      maxVolunteers: 3,
      location: 'Lot B',
    });
    await signUp(asOwner, cupcakes.id, 'Ben Baker', undefined, {
      quantity: 6,
      answers: { [classQ]: '4C', [nutQ]: true },
    });
    await signUp(asOwner, cupcakes.id, 'Ada Oven', undefined, { quantity: 3, answers: { [nutQ]: false } });
    await signUp(asOwner, tables.id, 'Tom Table', undefined, { answers: { [classQ]: 'K' } });

    const roster = await asOwner.roster.get({ sheetId: created.id });
    expect(roster.questions.map((q) => q.label)).toEqual(['Child’s class', 'Nut free']);
    const [cakes, table] = roster.slots;
    expect(cakes).toMatchObject({ kind: 'item', currentVolunteers: 9, maxVolunteers: 24, spotsOpen: 15 });
    expect(cakes?.where).toBe('Gym, 123 Main St');
    expect(cakes?.location).toBeNull();
    expect(cakes?.volunteers.map((v) => [v.name, v.quantity, v.answers])).toEqual([
      ['Ada Oven', 3, { [nutQ]: false }],
      ['Ben Baker', 6, { [classQ]: '4C', [nutQ]: true }],
    ]);
    expect(table).toMatchObject({ spotsOpen: 2, where: 'Lot B', location: 'Lot B' });
    expect(table?.volunteers[0]).toMatchObject({ name: 'Tom Table', quantity: 1, answers: { [classQ]: 'K' } });
  });

  it('has no location for a slot when neither it nor its sheet says where', async () => {
    const sheet = await asOwner.sheets.create(sheetInput({ title: 'Nowhere' }));
    await asOwner.slots.create({ signupSheetId: sheet.id, title: 'Anywhere', maxVolunteers: 2 });
    expect((await asOwner.roster.get({ sheetId: sheet.id })).slots[0]).toMatchObject({ where: null, spotsOpen: 2 });
  });

  it('tells an organizer of another sheet nothing about its volunteers or waitlist', async () => {
    const sheet = await asOwner.sheets.create(sheetInput({ title: 'Not theirs' }));
    const slot = await asOwner.slots.create({ signupSheetId: sheet.id, title: 'Gate', maxVolunteers: 1 });
    await signUp(asOwner, slot.id, 'Priya Private');
    waitlist(slot.id, 'Quinn Queued');
    const theirs = await asOther.sheets.create(sheetInput({ title: 'Their own' }));
    expect(await codeOf(asOther.roster.get({ sheetId: theirs.id }))).toBe('OK');
    const error: unknown = await asOther.roster.get({ sheetId: sheet.id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(error).toMatchObject({ code: 'FORBIDDEN' });
    expect(JSON.stringify(error)).not.toMatch(/Priya|Quinn|555-/);
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
