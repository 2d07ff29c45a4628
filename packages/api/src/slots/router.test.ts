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
let sheetId: number;

beforeAll(async () => {
  t = createTestDb();
  admin = await insertAdmin(t.db);
  plain = await insertUser(t.db);
  asAdmin = callerFor(t.db, admin);
  asUser = callerFor(t.db, plain);
  asAnon = anonymousCaller(t.db);
  sheetId = (await asAdmin.sheets.create(sheetInput())).id;
});
afterAll(() => t.cleanup());

const at = (iso: string) => new Date(iso);

function slotRow(id: number) {
  return t.db.select().from(volunteerSlots).where(eq(volunteerSlots.id, id)).get();
}

let emailCounter = 0;
async function fill(slotId: number, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    emailCounter += 1;
    await asAnon.volunteers.create({
      slotId,
      name: `Vol ${emailCounter}`,
      email: `vol${emailCounter}@example.org`,
      phone: '555',
    });
  }
}

describe('slots: who may write', () => {
  it('refuses create/update/delete from anonymous (UNAUTHORIZED) and non-admin (FORBIDDEN) callers; nothing changes', async () => {
    const slot = await asAdmin.slots.create({ signupSheetId: sheetId, title: 'Guarded', maxVolunteers: 2 });
    const before = allRows(t, 'volunteer_slots');

    for (const [caller, code] of [
      [asAnon, 'UNAUTHORIZED'],
      [asUser, 'FORBIDDEN'],
    ] as const) {
      await expect(caller.slots.create({ signupSheetId: sheetId, title: 'Intruder' })).rejects.toMatchObject({ code });
      await expect(caller.slots.update({ id: slot.id, title: 'Defaced', maxVolunteers: 99 })).rejects.toMatchObject({
        code,
      });
      await expect(caller.slots.delete({ id: slot.id })).rejects.toMatchObject({ code });
    }

    expect(allRows(t, 'volunteer_slots')).toEqual(before);
  });
});

describe('slots.create', () => {
  it('creates a slot with capacity 1, no volunteers and no times by default', async () => {
    const slot = await asAdmin.slots.create({ signupSheetId: sheetId, title: 'Default slot' });
    expect(slot).toMatchObject({
      signupSheetId: sheetId,
      title: 'Default slot',
      description: null,
      startTime: null,
      endTime: null,
      maxVolunteers: 1,
      currentVolunteers: 0,
    });
    expect(slotRow(slot.id)).toEqual(slot);
  });

  it('accepts the form values as the web client sends them (numeric string, ISO times)', async () => {
    const slot = await asAdmin.slots.create({
      signupSheetId: String(sheetId),
      title: 'From the form',
      maxVolunteers: '3',
      startTime: '2030-05-01T16:00:00.000Z',
      endTime: '2030-05-01T18:00:00.000Z',
    });
    expect(slot.maxVolunteers).toBe(3);
    expect(slot.startTime?.toISOString()).toBe('2030-05-01T16:00:00.000Z');
    expect(slot.endTime?.toISOString()).toBe('2030-05-01T18:00:00.000Z');
  });

  it("answers NOT_FOUND 'Signup sheet not found' for a missing sheet", async () => {
    await expect(asAdmin.slots.create({ signupSheetId: 999_999, title: 'Orphan' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Signup sheet not found',
    });
  });

  it('refuses an end before the start with BAD_REQUEST', async () => {
    const before = allRows(t, 'volunteer_slots').length;
    await expect(
      asAdmin.slots.create({
        signupSheetId: sheetId,
        title: 'Backwards',
        startTime: at('2030-05-01T16:00:00Z'),
        endTime: at('2030-05-01T15:00:00Z'),
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(allRows(t, 'volunteer_slots')).toHaveLength(before);
  });
});

describe('slots.update', () => {
  it('changes only the given fields; missing times stay, empty ones clear', async () => {
    const slot = await asAdmin.slots.create({
      signupSheetId: sheetId,
      title: 'Timed',
      description: 'Bring an apron',
      startTime: at('2030-05-01T09:00:00Z'),
      endTime: at('2030-05-01T11:00:00Z'),
      maxVolunteers: 2,
    });
    const renamed = await asAdmin.slots.update({ id: slot.id, title: 'Renamed' });
    expect(renamed).toEqual({ ...slot, title: 'Renamed' });

    const cleared = await asAdmin.slots.update({ id: slot.id, startTime: '', endTime: null, description: '' });
    expect(cleared).toMatchObject({
      title: 'Renamed',
      startTime: null,
      endTime: null,
      description: null,
      maxVolunteers: 2,
    });
    expect(slotRow(slot.id)).toEqual(cleared);
  });

  it('answers an update with no changes with the slot as it is', async () => {
    const slot = await asAdmin.slots.create({ signupSheetId: sheetId, title: 'No-op', maxVolunteers: 2 });
    expect(await asAdmin.slots.update({ id: slot.id })).toEqual(slot);
  });

  it("refuses a new end before the stored start with 'End time must be after start time', keeping the row", async () => {
    const slot = await asAdmin.slots.create({
      signupSheetId: sheetId,
      title: 'Morning',
      startTime: at('2030-05-01T09:00:00Z'),
      endTime: at('2030-05-01T11:00:00Z'),
    });
    await expect(asAdmin.slots.update({ id: slot.id, endTime: at('2030-05-01T08:00:00Z') })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'End time must be after start time',
    });
    await expect(asAdmin.slots.update({ id: slot.id, startTime: at('2030-05-01T12:00:00Z') })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'End time must be after start time',
    });
    expect(slotRow(slot.id)).toEqual(slot);
  });

  it('refuses maxVolunteers below currentVolunteers with CONFLICT and keeps the row unchanged', async () => {
    const slot = await asAdmin.slots.create({ signupSheetId: sheetId, title: 'Popular', maxVolunteers: 3 });
    await fill(slot.id, 2);
    const before = slotRow(slot.id);
    expect(before?.currentVolunteers).toBe(2);

    await expect(asAdmin.slots.update({ id: slot.id, title: 'Shrunk', maxVolunteers: 1 })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(slotRow(slot.id)).toEqual(before);

    // Down to exactly the number signed up is fine.
    const updated = await asAdmin.slots.update({ id: slot.id, maxVolunteers: 2 });
    expect(updated).toMatchObject({ maxVolunteers: 2, currentVolunteers: 2 });
  });

  it("answers NOT_FOUND 'Volunteer slot not found' for a missing slot", async () => {
    await expect(asAdmin.slots.update({ id: 999_999, title: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Volunteer slot not found',
    });
  });
});

describe('slots.delete', () => {
  it('deletes the slot and its volunteers, and nothing else', async () => {
    const doomed = await asAdmin.slots.create({ signupSheetId: sheetId, title: 'Doomed', maxVolunteers: 5 });
    const kept = await asAdmin.slots.create({ signupSheetId: sheetId, title: 'Kept', maxVolunteers: 5 });
    await fill(doomed.id, 2);
    await fill(kept.id, 1);

    expect(await asAdmin.slots.delete({ id: doomed.id })).toEqual({ success: true });
    expect(slotRow(doomed.id)).toBeUndefined();
    expect(t.db.select().from(volunteers).where(eq(volunteers.slotId, doomed.id)).all()).toEqual([]);
    expect(t.db.select().from(volunteers).where(eq(volunteers.slotId, kept.id)).all()).toHaveLength(1);
    const detail = await asAnon.sheets.byId({ id: sheetId });
    expect(detail.slots.map((s) => s.id)).not.toContain(doomed.id);
    expect(detail.slots.map((s) => s.id)).toContain(kept.id);
  });

  it("answers NOT_FOUND 'Volunteer slot not found' for a missing slot", async () => {
    await expect(asAdmin.slots.delete({ id: 999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Volunteer slot not found',
    });
  });
});
