import { volunteers, volunteerSlots } from '@pac/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../context';
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
} from '../../test/db';

let t: TestDb;
let admin: SessionUser;
let plain: SessionUser;
let asAdmin: Caller;
let asUser: Caller;
let asAnon: Caller;

beforeAll(async () => {
  t = createTestDb();
  admin = await insertAdmin(t.db);
  plain = await insertUser(t.db);
  asAdmin = callerFor(t.db, admin);
  asUser = callerFor(t.db, plain);
  asAnon = anonymousCaller(t.db);
});
afterAll(() => t.cleanup());

const at = (iso: string) => new Date(iso);

describe('sheets: who may write', () => {
  it('refuses create/update/delete from anonymous (UNAUTHORIZED) and non-admin (FORBIDDEN) callers; nothing changes', async () => {
    const sheet = await asAdmin.sheets.create(sheetInput({ title: 'Guarded' }));
    const before = { sheets: allRows(t, 'signup_sheets'), slots: allRows(t, 'volunteer_slots') };

    for (const [caller, code] of [
      [asAnon, 'UNAUTHORIZED'],
      [asUser, 'FORBIDDEN'],
    ] as const) {
      await expect(caller.sheets.create(sheetInput({ title: 'Intruder' }))).rejects.toMatchObject({ code });
      await expect(caller.sheets.update({ id: sheet.id, title: 'Defaced' })).rejects.toMatchObject({ code });
      await expect(caller.sheets.delete({ id: sheet.id })).rejects.toMatchObject({ code });
    }

    expect(allRows(t, 'signup_sheets')).toEqual(before.sheets);
    expect(allRows(t, 'volunteer_slots')).toEqual(before.slots);
  });
});

describe('sheets.create / update', () => {
  it('creates a sheet with no slots and stores what was given', async () => {
    const created = await asAdmin.sheets.create(
      sheetInput({ title: 'Book Fair', eventDate: at('2031-02-03T18:00:00Z') }),
    );
    expect(created).toMatchObject({
      title: 'Book Fair',
      description: 'Games, food and music',
      organizerName: 'Pat Organizer',
      organizerEmail: 'pat@example.org',
      slots: [],
    });
    expect(created.eventDate.toISOString()).toBe('2031-02-03T18:00:00.000Z');
    const detail = await asAnon.sheets.byId({ id: created.id });
    expect(detail.title).toBe('Book Fair');
    expect(detail.eventDate.toISOString()).toBe('2031-02-03T18:00:00.000Z');
  });

  it('stores an empty description as null', async () => {
    const created = await asAdmin.sheets.create({ ...sheetInput(), description: '' });
    expect(created.description).toBeNull();
  });

  it('updates only the given fields', async () => {
    const created = await asAdmin.sheets.create(sheetInput({ title: 'Old Title' }));
    const updated = await asAdmin.sheets.update({ id: created.id, title: 'New Title' });
    expect(updated.title).toBe('New Title');
    expect(updated.description).toBe(created.description);
    expect(updated.eventDate.getTime()).toBe(created.eventDate.getTime());
    expect((await asAnon.sheets.byId({ id: created.id })).title).toBe('New Title');
  });

  it('answers an update with no changes with the sheet as it is', async () => {
    const created = await asAdmin.sheets.create(sheetInput({ title: 'Unchanged' }));
    const result = await asAdmin.sheets.update({ id: created.id });
    expect(result.title).toBe('Unchanged');
  });

  it("answers NOT_FOUND 'Signup sheet not found' for an update of a missing sheet", async () => {
    await expect(asAdmin.sheets.update({ id: 999_999, title: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Signup sheet not found',
    });
  });
});

describe('sheets.byId', () => {
  it("answers NOT_FOUND 'Signup sheet not found' for a missing id", async () => {
    await expect(asAnon.sheets.byId({ id: 987_654 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Signup sheet not found',
    });
  });

  it('sorts slots by start time, slots without a time last, ties by title', async () => {
    const sheet = await asAdmin.sheets.create(sheetInput({ title: 'Ordering' }));
    const add = (title: string, startTime: Date | null) =>
      asAdmin.slots.create({ signupSheetId: sheet.id, title, startTime, maxVolunteers: 2 });
    // Created out of order on purpose.
    await add('Zeta (no time)', null);
    await add('Clean up', at('2030-05-01T11:00:00Z'));
    await add('Setup', at('2030-05-01T09:00:00Z'));
    await add('Alpha (no time)', null);
    await add('Bake sale', at('2030-05-01T11:00:00Z'));
    await add('Greeter', at('2030-05-01T10:00:00Z'));

    const detail = await asAnon.sheets.byId({ id: sheet.id });
    expect(detail.slots.map((s) => s.title)).toEqual([
      'Setup',
      'Greeter',
      'Bake sale',
      'Clean up',
      'Alpha (no time)',
      'Zeta (no time)',
    ]);
    expect(detail.slots.every((s) => Array.isArray(s.volunteers) && s.volunteers.length === 0)).toBe(true);

    // sheets.list uses the same order for the sheet's slots.
    const listed = (await asAnon.sheets.list()).find((s) => s.id === sheet.id);
    expect(listed?.slots.map((s) => s.title)).toEqual(detail.slots.map((s) => s.title));
  });
});

describe('sheets.list', () => {
  it('returns sheets soonest event first, each with its own slots', async () => {
    const later = await asAdmin.sheets.create(sheetInput({ title: 'Later', eventDate: at('2032-06-01T10:00:00Z') }));
    const soonest = await asAdmin.sheets.create(
      sheetInput({ title: 'Soonest', eventDate: at('2032-01-01T10:00:00Z') }),
    );
    const middle = await asAdmin.sheets.create(sheetInput({ title: 'Middle', eventDate: at('2032-03-01T10:00:00Z') }));
    await asAdmin.slots.create({ signupSheetId: middle.id, title: 'Middle slot', maxVolunteers: 4 });
    await asAdmin.slots.create({ signupSheetId: later.id, title: 'Later slot A' });
    await asAdmin.slots.create({ signupSheetId: later.id, title: 'Later slot B' });

    const list = await asAnon.sheets.list();
    // Overall order is by event date.
    const times = list.map((s) => s.eventDate.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const ours = list.filter((s) => [later.id, soonest.id, middle.id].includes(s.id));
    expect(ours.map((s) => s.title)).toEqual(['Soonest', 'Middle', 'Later']);
    expect(ours[0]?.slots).toEqual([]);
    expect(ours[1]?.slots.map((s) => ({ title: s.title, max: s.maxVolunteers, current: s.currentVolunteers }))).toEqual(
      [{ title: 'Middle slot', max: 4, current: 0 }],
    );
    expect(ours[2]?.slots.map((s) => s.title)).toEqual(['Later slot A', 'Later slot B']);
    expect(ours[2]?.slots.every((s) => s.signupSheetId === later.id)).toBe(true);
  });
});

describe('sheets.delete', () => {
  it('deletes the sheet together with its slots and their volunteers', async () => {
    const sheet = await asAdmin.sheets.create(sheetInput({ title: 'Doomed' }));
    const slotA = await asAdmin.slots.create({ signupSheetId: sheet.id, title: 'A', maxVolunteers: 3 });
    const slotB = await asAdmin.slots.create({ signupSheetId: sheet.id, title: 'B', maxVolunteers: 3 });
    await asAnon.volunteers.create({ slotId: slotA.id, name: 'Val One', email: 'one@example.org', phone: '1' });
    await asAnon.volunteers.create({ slotId: slotA.id, name: 'Val Two', email: 'two@example.org', phone: '2' });
    await asAnon.volunteers.create({ slotId: slotB.id, name: 'Val Three', email: 'three@example.org', phone: '3' });
    // Another sheet that must survive.
    const keeper = await asAdmin.sheets.create(sheetInput({ title: 'Keeper' }));
    const keeperSlot = await asAdmin.slots.create({ signupSheetId: keeper.id, title: 'Stays' });
    await asAnon.volunteers.create({ slotId: keeperSlot.id, name: 'Kay Keep', email: 'keep@example.org', phone: '4' });

    expect(await asAdmin.sheets.delete({ id: sheet.id })).toEqual({ success: true });

    await expect(asAnon.sheets.byId({ id: sheet.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(t.db.select().from(volunteerSlots).where(eq(volunteerSlots.signupSheetId, sheet.id)).all()).toEqual([]);
    expect(t.db.select().from(volunteers).where(eq(volunteers.slotId, slotA.id)).all()).toEqual([]);
    expect(t.db.select().from(volunteers).where(eq(volunteers.slotId, slotB.id)).all()).toEqual([]);
    const kept = await asAnon.sheets.byId({ id: keeper.id });
    expect(kept.slots.map((s) => s.volunteers.length)).toEqual([1]);
  });

  it("answers NOT_FOUND 'Signup sheet not found' for a missing sheet", async () => {
    await expect(asAdmin.sheets.delete({ id: 999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Signup sheet not found',
    });
  });
});
