import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../context';
import { allRows, type Caller, callerFor, createTestDb, insertUser, sheetInput, type TestDb } from '../../test/db';
import { refusal } from '../../test/refusal';

/**
 * API.md "An organizer's season": `slots.createMany` (POST /api/volunteer-slots/batch) adds 1 to
 * 100 slots of one sheet in one transaction, each checked as a single new slot is.
 */

let t: TestDb;
let asOwner: Caller;
let asRival: Caller;
let sheetId: number;

const start = new Date('2031-05-02T15:00:00.000Z');
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
/** A run of `count` half-hour slots from `start`. */
const run = (count: number, title = 'Pancakes') =>
  Array.from({ length: count }, (_, i) => ({
    title,
    startTime: minutes(30 * i),
    endTime: minutes(30 * (i + 1)),
    maxVolunteers: 3,
  }));

beforeAll(async () => {
  t = createTestDb();
  const owner: SessionUser = await insertUser(t.db, { role: 'organizer', name: 'Olu Owner' });
  asOwner = callerFor(t.db, owner);
  asRival = callerFor(t.db, await insertUser(t.db, { role: 'organizer', name: 'Ria Rival' }));
  sheetId = (await asOwner.sheets.create(sheetInput({ title: 'Breakfast', eventDate: start }))).id;
});
afterAll(() => t.cleanup());

describe('slots.createMany', () => {
  it('adds a run of 8 slots in the order given, each as a single slot would be', async () => {
    const created = await asOwner.slots.createMany({ signupSheetId: sheetId, slots: run(8) });
    expect(created).toHaveLength(8);
    expect(created.map((s) => s.startTime?.toISOString())).toEqual(run(8).map((s) => s.startTime.toISOString()));
    for (const slot of created) {
      expect(slot).toMatchObject({
        signupSheetId: sheetId,
        title: 'Pancakes',
        maxVolunteers: 3,
        currentVolunteers: 0,
        kind: 'task',
      });
    }
    const sheet = await asOwner.sheets.byId({ id: sheetId });
    expect(sheet.slots.map((s) => s.id)).toEqual(created.map((s) => s.id));
  });

  it('saves nothing when one slot of the run is bad, and names it', async () => {
    const before = allRows(t, 'volunteer_slots');
    const slots = run(5, 'Dishes');
    slots.splice(3, 1, { title: 'Dishes', startTime: minutes(90), endTime: minutes(0), maxVolunteers: 3 });
    const refused = await refusal(asOwner.slots.createMany({ signupSheetId: sheetId, slots }));
    expect(refused).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'End time must be after start time',
      field: 'slots.3.endTime',
    });
    expect(allRows(t, 'volunteer_slots')).toEqual(before);
  });

  it('takes 1 to 100 slots', async () => {
    const before = allRows(t, 'volunteer_slots');
    expect(await refusal(asOwner.slots.createMany({ signupSheetId: sheetId, slots: [] }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Add at least one slot',
    });
    expect(await refusal(asOwner.slots.createMany({ signupSheetId: sheetId, slots: run(101) }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You can add at most 100 slots at once',
    });
    expect(allRows(t, 'volunteer_slots')).toEqual(before);
    expect(await asOwner.slots.createMany({ signupSheetId: sheetId, slots: run(100, 'Hundred') })).toHaveLength(100);
  });

  it("refuses another organizer's sheet and a missing one, saving nothing", async () => {
    const before = allRows(t, 'volunteer_slots');
    expect(await refusal(asRival.slots.createMany({ signupSheetId: sheetId, slots: run(2) }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await refusal(asOwner.slots.createMany({ signupSheetId: 999_999, slots: run(2) }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(allRows(t, 'volunteer_slots')).toEqual(before);
  });
});
