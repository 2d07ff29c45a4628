import { signupSheets, volunteerSlots } from '@pac/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotLocation } from '../lib/signupEmail';
import { allRows, type Caller, callerFor, createTestDb, insertAdmin, sheetInput, type TestDb } from '../../test/db';

/** API.md "An organizer's season", Location: a sheet's location, and a slot's own. */

let t: TestDb;
let asAdmin: Caller;

beforeAll(async () => {
  t = createTestDb();
  asAdmin = callerFor(t.db, await insertAdmin(t.db));
});
afterAll(() => t.cleanup());

const sheetRow = (id: number) => t.db.select().from(signupSheets).where(eq(signupSheets.id, id)).get();
const slotRow = (id: number) => t.db.select().from(volunteerSlots).where(eq(volunteerSlots.id, id)).get();
const tooLong = 'x'.repeat(201);

describe('a sheet’s location', () => {
  it('is stored trimmed on create, changed and cleared with an empty string on update', async () => {
    const created = await asAdmin.sheets.create({ ...sheetInput(), location: '  Gym, 123 Main St  ' });
    expect(created.location).toBe('Gym, 123 Main St');
    expect(sheetRow(created.id)?.location).toBe('Gym, 123 Main St');

    const moved = await asAdmin.sheets.update({ id: created.id, location: 'Library' });
    expect(moved.location).toBe('Library');
    // A change of something else leaves the location as it is.
    await asAdmin.sheets.update({ id: created.id, title: 'Renamed' });
    expect(sheetRow(created.id)?.location).toBe('Library');

    const cleared = await asAdmin.sheets.update({ id: created.id, location: '' });
    expect(cleared.location).toBeNull();
    expect(sheetRow(created.id)?.location).toBeNull();
  });

  it('is null when not given, and 200 characters are accepted', async () => {
    const plain = await asAdmin.sheets.create(sheetInput());
    expect(sheetRow(plain.id)?.location).toBeNull();
    const longest = await asAdmin.sheets.create({ ...sheetInput(), location: 'y'.repeat(200) });
    expect(longest.location).toHaveLength(200);
  });

  it("refuses more than 200 characters with 'Must be at most 200 characters' on location; nothing is written", async () => {
    const sheet = await asAdmin.sheets.create({ ...sheetInput(), location: 'Gym' });
    const before = allRows(t, 'signup_sheets');
    const refused = {
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Must be at most 200 characters') as unknown,
    };
    await expect(asAdmin.sheets.create({ ...sheetInput(), location: tooLong })).rejects.toMatchObject(refused);
    await expect(asAdmin.sheets.update({ id: sheet.id, location: tooLong })).rejects.toMatchObject(refused);
    await expect(asAdmin.sheets.update({ id: sheet.id, location: tooLong })).rejects.toMatchObject({
      cause: { issues: [expect.objectContaining({ path: ['location'], message: 'Must be at most 200 characters' })] },
    });
    expect(allRows(t, 'signup_sheets')).toEqual(before);
  });
});

describe('a slot’s own location', () => {
  it('is stored on create, null when not given, changed and cleared with an empty string', async () => {
    const sheet = await asAdmin.sheets.create({ ...sheetInput(), location: 'School' });
    const own = await asAdmin.slots.create({ signupSheetId: sheet.id, title: 'Parking', location: ' Lot B ' });
    const plain = await asAdmin.slots.create({ signupSheetId: sheet.id, title: 'Tickets' });
    expect(own.location).toBe('Lot B');
    expect(slotRow(plain.id)?.location).toBeNull();

    await asAdmin.slots.update({ id: own.id, location: 'Lot C' });
    expect(slotRow(own.id)?.location).toBe('Lot C');
    await asAdmin.slots.update({ id: own.id, maxVolunteers: 3 });
    expect(slotRow(own.id)?.location).toBe('Lot C');
    await asAdmin.slots.update({ id: own.id, location: '' });
    expect(slotRow(own.id)?.location).toBeNull();

    const detail = await asAdmin.sheets.byId({ id: sheet.id });
    expect(detail.location).toBe('School');
    expect(detail.slots.map((s) => s.location)).toEqual([null, null]);
  });

  it('refuses more than 200 characters on create and update; nothing is written', async () => {
    const sheet = await asAdmin.sheets.create(sheetInput());
    const slot = await asAdmin.slots.create({ signupSheetId: sheet.id, title: 'Setup', location: 'Hall' });
    const before = allRows(t, 'volunteer_slots');
    const refused = {
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Must be at most 200 characters') as unknown,
    };
    await expect(
      asAdmin.slots.create({ signupSheetId: sheet.id, title: 'Too far', location: tooLong }),
    ).rejects.toMatchObject(refused);
    await expect(asAdmin.slots.update({ id: slot.id, location: tooLong })).rejects.toMatchObject(refused);
    expect(allRows(t, 'volunteer_slots')).toEqual(before);
  });

  it("is where the slot happens; without one, the sheet's location is", () => {
    expect(slotLocation({ location: 'Lot B' }, { location: 'School' })).toBe('Lot B');
    expect(slotLocation({ location: null }, { location: 'School' })).toBe('School');
    expect(slotLocation({ location: null }, { location: null })).toBeNull();
  });
});

describe('sheets.duplicate', () => {
  it("carries the sheet's location and each slot's own location to the copy", async () => {
    const source = await asAdmin.sheets.create({
      ...sheetInput({ eventDate: new Date('2030-05-01T17:00:00.000Z') }),
      location: 'Gym, 123 Main St',
    });
    await asAdmin.slots.create({ signupSheetId: source.id, title: 'Parking', location: 'Lot B' });
    await asAdmin.slots.create({ signupSheetId: source.id, title: 'Tickets' });

    const copy = await asAdmin.sheets.duplicate({ id: source.id, eventDate: new Date('2030-06-01T17:00:00.000Z') });

    expect(copy.id).not.toBe(source.id);
    expect(sheetRow(copy.id)?.location).toBe('Gym, 123 Main St');
    expect(Object.fromEntries(copy.slots.map((s) => [s.title, s.location]))).toEqual({
      Parking: 'Lot B',
      Tickets: null,
    });
  });
});
