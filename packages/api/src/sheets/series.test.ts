import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../context';
import { allRows, type Caller, callerFor, createTestDb, insertUser, sheetInput, type TestDb } from '../../test/db';
import { refusal } from '../../test/refusal';

/**
 * API.md "An organizer's season": `sheets.duplicateSeries` copies a sheet onto 1 to 52 dates in one
 * transaction, each copy made as a single duplicate would be.
 */

let t: TestDb;
let owner: SessionUser;
let asOwner: Caller;
let asRival: Caller;
let sourceId: number;

const dayMs = 86_400_000;
const eventDate = new Date('2031-03-01T17:00:00.000Z');
const plusDays = (d: Date, n: number) => new Date(d.getTime() + n * dayMs);

beforeAll(async () => {
  t = createTestDb();
  owner = await insertUser(t.db, { role: 'organizer', name: 'Olu Owner' });
  asOwner = callerFor(t.db, owner);
  asRival = callerFor(t.db, await insertUser(t.db, { role: 'organizer', name: 'Ria Rival' }));
  const sheet = await asOwner.sheets.create({
    ...sheetInput({ title: 'Pizza Lunch', eventDate }),
    maxSlotsPerPerson: 2,
    questions: [{ label: 'T-shirt size', kind: 'choice', options: ['S', 'M', 'L'], required: true }],
  });
  sourceId = sheet.id;
  await asOwner.slots.create({
    signupSheetId: sourceId,
    title: 'Serving',
    startTime: new Date('2031-03-01T18:00:00.000Z'),
    endTime: new Date('2031-03-01T19:30:00.000Z'),
    maxVolunteers: 4,
  });
  await asOwner.slots.create({ signupSheetId: sourceId, title: 'Baking', maxVolunteers: 2, kind: 'item' });
});
afterAll(() => t.cleanup());

describe('sheets.duplicateSeries', () => {
  it('makes one copy per date, slots shifted by each date’s offset, questions and limits copied, no volunteers', async () => {
    const source = await asOwner.sheets.byId({ id: sourceId });
    const dates = [7, 14, 21].map((n) => plusDays(eventDate, n));
    const copies = await asOwner.sheets.duplicateSeries({ id: sourceId, eventDates: dates });

    expect(copies).toHaveLength(3);
    expect(new Set(copies.map((c) => c.id)).size).toBe(3);
    copies.forEach((copy, i) => {
      const offset = 7 * (i + 1) * dayMs;
      expect(copy.id).not.toBe(sourceId);
      expect(copy).toMatchObject({
        title: 'Pizza Lunch',
        eventDate: dates[i],
        organizerName: source.organizerName,
        organizerEmail: source.organizerEmail,
        maxSlotsPerPerson: 2,
        ownerId: owner.id,
      });
      expect(copy.questions).toEqual(source.questions);
      expect(copy.slots).toHaveLength(2);
      for (const slot of source.slots) {
        const copied = copy.slots.find((s) => s.title === slot.title);
        expect(copied).toMatchObject({
          signupSheetId: copy.id,
          maxVolunteers: slot.maxVolunteers,
          kind: slot.kind,
          currentVolunteers: 0,
          volunteers: [],
          startTime: slot.startTime && new Date(slot.startTime.getTime() + offset),
          endTime: slot.endTime && new Date(slot.endTime.getTime() + offset),
        });
      }
    });
    // The original is untouched.
    expect(await asOwner.sheets.byId({ id: sourceId })).toEqual(source);
  });

  it('refuses 53 dates, none, and a repeated date, creating nothing', async () => {
    const before = allRows(t, 'signup_sheets');
    const many = Array.from({ length: 53 }, (_, i) => plusDays(eventDate, i + 1));
    expect(await refusal(asOwner.sheets.duplicateSeries({ id: sourceId, eventDates: many }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You can copy a sheet onto at most 52 dates at once',
    });
    expect(await refusal(asOwner.sheets.duplicateSeries({ id: sourceId, eventDates: [] }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Choose at least one date',
    });
    const twice = plusDays(eventDate, 3);
    const repeated = [twice, plusDays(eventDate, 4), new Date(twice)];
    expect(await refusal(asOwner.sheets.duplicateSeries({ id: sourceId, eventDates: repeated }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Each date can be chosen only once',
      field: expect.stringMatching(/^eventDates/) as unknown,
    });
    expect(allRows(t, 'signup_sheets')).toEqual(before);
  });

  it('accepts 52 dates', async () => {
    const dates = Array.from({ length: 52 }, (_, i) => plusDays(eventDate, 100 + 7 * i));
    const copies = await asOwner.sheets.duplicateSeries({ id: sourceId, eventDates: dates });
    expect(copies.map((c) => c.eventDate)).toEqual(dates);
  });

  it('refuses the whole series when one date would move a slot out of range: no sheet and no slot is created', async () => {
    const before = { sheets: allRows(t, 'signup_sheets'), slots: allRows(t, 'volunteer_slots') };
    // 8.64e15 ms is the last valid Date; a slot an hour after the event would land beyond it.
    const eventDates = [plusDays(eventDate, 7), new Date(8.64e15), plusDays(eventDate, 14)];
    await expect(asOwner.sheets.duplicateSeries({ id: sourceId, eventDates })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The new event date is too far from the original for its slots',
    });
    expect(allRows(t, 'signup_sheets')).toEqual(before.sheets);
    expect(allRows(t, 'volunteer_slots')).toEqual(before.slots);
  });

  it('refuses another organizer (FORBIDDEN) and a missing sheet (NOT_FOUND), creating nothing', async () => {
    const before = allRows(t, 'signup_sheets');
    await expect(
      asRival.sheets.duplicateSeries({ id: sourceId, eventDates: [plusDays(eventDate, 7)] }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'You can only manage your own signup sheets' });
    await expect(
      asOwner.sheets.duplicateSeries({ id: 999_999, eventDates: [plusDays(eventDate, 7)] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(allRows(t, 'signup_sheets')).toEqual(before);
  });
});
