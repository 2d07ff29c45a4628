import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../context';
import {
  allRows,
  anonymousCaller,
  type Caller,
  callerFor,
  countMismatches,
  createTestDb,
  insertUser,
  sheetInput,
  type TestDb,
} from '../../test/db';
import { refusal } from '../../test/refusal';
import { signupHelpers } from '../../test/signups';

/**
 * API.md "Signing up for several slots, questions and items", through the procedures: a signup of
 * several slots all or nothing, a sheet's per-person limit, questions and their answers, item slots
 * and quantities, and the manage page's corrections.
 */

let t: TestDb;
let organizer: SessionUser;
let asOrganizer: Caller;
let asAnon: Caller;
let sheetId: number;

beforeAll(async () => {
  t = createTestDb();
  organizer = await insertUser(t.db, { role: 'organizer', name: 'Olive Organizer' });
  asOrganizer = callerFor(t.db, organizer);
  asAnon = anonymousCaller(t.db);
  sheetId = (await asOrganizer.sheets.create(sheetInput())).id;
});
afterAll(() => t.cleanup());

const { person, newSlot, slotRow, rowsOf } = signupHelpers(() => ({ db: t.db, organizer: asOrganizer, sheetId }));

/** A signup of several slots by a new person. */
function many(slotIds: number[], extra: Record<string, unknown> = {}) {
  const { slotId: _one, ...who } = person(0);
  return { ...who, slotIds, ...extra };
}

/** Every table's rows, to show that a refused call changed nothing. */
const everything = () => ({ volunteers: allRows(t, 'volunteers'), slots: allRows(t, 'volunteer_slots') });

describe('a signup of several slots', () => {
  it('saves one row per slot in one go, each with its own manage link', async () => {
    const [a, b, c] = [await newSlot(3), await newSlot(3), await newSlot(3)];
    const answer = await asAnon.volunteers.createMany(many([a.id, b.id, c.id, b.id]));
    expect(answer.volunteers.map((v) => v.slotId)).toEqual([a.id, b.id, c.id]);
    expect(answer.volunteers.every((v) => v.status === 'confirmed')).toBe(true);
    expect(new Set(answer.volunteers.map((v) => v.manageToken)).size).toBe(3);
    for (const s of [a, b, c]) expect(slotRow(s.id)?.currentVolunteers).toBe(1);
    expect(countMismatches(t)).toEqual([]);
  });

  it('saves nothing when one slot is full, and names that slot', async () => {
    const open = await newSlot(2);
    const full = await newSlot(1);
    await asAnon.volunteers.create(person(full.id));
    const before = everything();
    expect(await refusal(asAnon.volunteers.createMany(many([open.id, full.id])))).toEqual({
      code: 'CONFLICT',
      message: 'This volunteer slot is full',
      reason: 'slotFull',
      slotId: full.id,
    });
    expect(everything()).toEqual(before);
  });

  it('waitlists the full ones when asked, and confirms the rest', async () => {
    const open = await newSlot(2);
    const full = await newSlot(1);
    await asAnon.volunteers.create(person(full.id));
    const { volunteers } = await asAnon.volunteers.createMany(many([open.id, full.id], { waitlist: true }));
    expect(volunteers.map((v) => [v.slotId, v.status])).toEqual([
      [open.id, 'confirmed'],
      [full.id, 'waitlisted'],
    ]);
    expect(slotRow(full.id)?.currentVolunteers).toBe(1);
    expect(countMismatches(t)).toEqual([]);
  });

  it('saves nothing when one slot has closed or already holds the email', async () => {
    const open = await newSlot(3);
    const started = await newSlot(3, { startTime: new Date(Date.now() - 60_000) });
    let before = everything();
    expect(await refusal(asAnon.volunteers.createMany(many([open.id, started.id])))).toMatchObject({
      code: 'CONFLICT',
      message: 'Signups for this slot have closed',
      slotId: started.id,
    });
    expect(everything()).toEqual(before);

    const other = await newSlot(3);
    const taken = person(other.id);
    await asAnon.volunteers.create(taken);
    before = everything();
    expect(
      await refusal(asAnon.volunteers.createMany({ ...many([open.id, other.id]), email: taken.email })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'This email is already signed up for this volunteer slot',
      slotId: other.id,
    });
    expect(everything()).toEqual(before);
  });

  it('takes slots of one sheet only', async () => {
    const here = await newSlot(3);
    const otherSheet = (await asOrganizer.sheets.create(sheetInput({ title: 'Other' }))).id;
    const there = await newSlot(3, { sheet: otherSheet });
    const before = everything();
    expect(await refusal(asAnon.volunteers.createMany(many([here.id, there.id])))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'All slots must be on the same signup sheet',
    });
    expect(everything()).toEqual(before);
  });

  it('refuses an empty list and more than 20 slots', async () => {
    expect(await refusal(asAnon.volunteers.createMany(many([])))).toMatchObject({ code: 'BAD_REQUEST' });
    const ids = Array.from({ length: 21 }, (_, i) => i + 1);
    expect(await refusal(asAnon.volunteers.createMany(many(ids)))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'You can sign up for at most 20 slots at once',
    });
  });
});

describe("a sheet's limit of slots per person", () => {
  it('holds across signups, spellings of the mailbox, and within one signup', async () => {
    const limited = await asOrganizer.sheets.create({ ...sheetInput({ title: 'Two each' }), maxSlotsPerPerson: 2 });
    expect(limited.maxSlotsPerPerson).toBe(2);
    const slots = [];
    for (let i = 0; i < 4; i += 1) slots.push(await newSlot(5, { sheet: limited.id }));
    const [a, b, c, d] = slots.map((s) => s.id) as [number, number, number, number];
    const before = everything();
    expect(await refusal(asAnon.volunteers.createMany({ ...many([a, b, c]), email: 'lim@example.org' }))).toEqual({
      code: 'CONFLICT',
      message: 'You can sign up for at most 2 slots on this sheet',
      reason: 'maxSlotsPerPerson',
    });
    expect(everything()).toEqual(before);
    await asAnon.volunteers.createMany({ ...many([a, b]), email: 'lim@example.org' });
    expect(await refusal(asAnon.volunteers.create({ ...person(c), email: 'LIM+again@example.org' }))).toMatchObject({
      message: 'You can sign up for at most 2 slots on this sheet',
    });
    // Someone else is not held by it.
    await asAnon.volunteers.create({ ...person(d), email: 'other@example.org' });
  });
});

describe('questions', () => {
  const questions = [
    { label: "Child's name and class", kind: 'text' as const, required: true },
    { label: 'T-shirt size', kind: 'choice' as const, options: ['S', 'M', 'L'], required: false },
    { label: 'Photo consent', kind: 'checkbox' as const, required: false },
  ];

  it('gives each question an id, keeps ids on edit, and checks answers with the contract sentences', async () => {
    const sheet = await asOrganizer.sheets.create({ ...sheetInput({ title: 'Asked' }), questions });
    const ids = sheet.questions.map((q) => q.id);
    expect(new Set(ids).size).toBe(3);
    expect(sheet.questions.map((q) => [q.label, q.kind, q.required])).toEqual([
      ["Child's name and class", 'text', true],
      ['T-shirt size', 'choice', false],
      ['Photo consent', 'checkbox', false],
    ]);
    const [child, size, photo] = ids as [string, string, string];
    const slot = await newSlot(5, { sheet: sheet.id });

    expect(await refusal(asAnon.volunteers.create(person(slot.id)))).toEqual({
      code: 'BAD_REQUEST',
      message: "Child's name and class is required",
      reason: 'invalidAnswer',
      field: `answers.${child}`,
    });
    expect(
      await refusal(asAnon.volunteers.create({ ...person(slot.id), answers: { [child]: 'Sam, 3B', [size]: 'XXL' } })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Please choose one of the options for T-shirt size' });
    expect(rowsOf(slot.id)).toEqual([]);

    const saved = await asAnon.volunteers.create({
      ...person(slot.id),
      answers: { [child]: '  Sam, 3B ', [size]: 'M', [photo]: true, stray: 'dropped' },
    });
    expect(saved.answers).toEqual({ [child]: 'Sam, 3B', [size]: 'M', [photo]: true });

    // Editing the sheet keeps the ids it is given; a new question gets a new one.
    const edited = await asOrganizer.sheets.update({
      id: sheet.id,
      questions: [...sheet.questions, { label: 'Allergies', kind: 'text', required: false }],
    });
    expect(edited.questions.slice(0, 3).map((q) => q.id)).toEqual(ids);
    expect(edited.questions[3]?.id).toMatch(/^q/);
    expect(ids).not.toContain(edited.questions[3]?.id);
  });

  it('shows answers to the volunteer and whoever runs the sheet, never publicly', async () => {
    const sheet = await asOrganizer.sheets.create({ ...sheetInput({ title: 'Private answers' }), questions });
    const child = sheet.questions[0]?.id ?? '';
    const slot = await newSlot(5, { sheet: sheet.id });
    await asAnon.volunteers.create({ ...person(slot.id), answers: { [child]: 'Secret Kid 4C' } });
    const publicView = await asAnon.sheets.byId({ id: sheet.id });
    expect(JSON.stringify(publicView)).not.toContain('Secret Kid');
    const organizerView = await asOrganizer.sheets.byId({ id: sheet.id });
    expect(organizerView.slots[0]?.volunteers[0]?.answers).toEqual({ [child]: 'Secret Kid 4C' });
    const roster = await asOrganizer.roster.get({ sheetId: sheet.id });
    expect(roster.slots[0]?.volunteers[0]?.answers).toEqual({ [child]: 'Secret Kid 4C' });
  });

  it('refuses a choice question without options and more than 10 questions', async () => {
    expect(
      await refusal(
        asOrganizer.sheets.create({ ...sheetInput(), questions: [{ label: 'Size', kind: 'choice', required: true }] }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'A choice question needs at least 2 options' });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ label: `Q${i}`, kind: 'text' as const, required: false }));
    expect(await refusal(asOrganizer.sheets.create({ ...sheetInput(), questions: eleven }))).toMatchObject({
      message: 'A sheet can ask at most 10 questions',
    });
  });
});

describe('item slots', () => {
  async function itemSlot(needed: number) {
    return asOrganizer.slots.create({ signupSheetId: sheetId, title: 'Cupcakes', maxVolunteers: needed, kind: 'item' });
  }

  it('counts quantities, refuses more than is still needed, and frees them on cancel', async () => {
    const slot = await itemSlot(24);
    expect(slot.kind).toBe('item');
    const twelve = await asAnon.volunteers.create({ ...person(slot.id), quantity: 12 });
    expect(twelve.quantity).toBe(12);
    expect(slotRow(slot.id)?.currentVolunteers).toBe(12);
    await asAnon.volunteers.create({ ...person(slot.id), quantity: 10 });
    expect(await refusal(asAnon.volunteers.create({ ...person(slot.id), quantity: 3 }))).toEqual({
      code: 'CONFLICT',
      message: 'Only 2 still needed for this item',
      reason: 'quantityTooLarge',
      field: 'quantity',
      slotId: slot.id,
    });
    await asAnon.volunteers.create({ ...person(slot.id), quantity: 2 });
    expect(await refusal(asAnon.volunteers.create(person(slot.id)))).toMatchObject({ reason: 'slotFull' });
    await asAnon.volunteers.cancelByToken({ token: twelve.manageToken });
    expect(slotRow(slot.id)?.currentVolunteers).toBe(12);
    expect(countMismatches(t)).toEqual([]);
  });

  it('promotes waitlisted items in line order, as far as their quantities fit', async () => {
    const slot = await itemSlot(10);
    const first = await asAnon.volunteers.create({ ...person(slot.id), quantity: 10 });
    const big = await asAnon.volunteers.create({ ...person(slot.id, { waitlist: true }), quantity: 6 });
    const small = await asAnon.volunteers.create({ ...person(slot.id, { waitlist: true }), quantity: 2 });
    expect([big.status, small.status]).toEqual(['waitlisted', 'waitlisted']);
    // Four freed: the 6 does not fit yet, and the 2 behind it waits its turn.
    await asAnon.volunteers.updateByToken({ token: first.manageToken, quantity: 6 });
    expect(rowsOf(slot.id).map((v) => v.status)).toEqual(['confirmed', 'waitlisted', 'waitlisted']);
    await asAnon.volunteers.updateByToken({ token: first.manageToken, quantity: 2 });
    expect(rowsOf(slot.id).map((v) => [v.quantity, v.status])).toEqual([
      [2, 'confirmed'],
      [6, 'confirmed'],
      [2, 'confirmed'],
    ]);
    expect(slotRow(slot.id)?.currentVolunteers).toBe(10);
    expect(countMismatches(t)).toEqual([]);
  });

  it('keeps an item slot an item while someone brings several', async () => {
    const slot = await itemSlot(6);
    const signup = await asAnon.volunteers.create({ ...person(slot.id), quantity: 2 });
    expect(await refusal(asOrganizer.slots.update({ id: slot.id, kind: 'task' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Volunteers are bringing more than one of this item, so it stays an item slot',
    });
    await asAnon.volunteers.updateByToken({ token: signup.manageToken, quantity: 1 });
    expect((await asOrganizer.slots.update({ id: slot.id, kind: 'task' })).kind).toBe('task');
  });

  it('refuses a quantity on a task slot, and gives a multi-slot quantity to its item slots only', async () => {
    const task = await newSlot(5);
    expect(await refusal(asAnon.volunteers.create({ ...person(task.id), quantity: 2 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Only item slots take a quantity',
    });
    const item = await itemSlot(8);
    const { volunteers } = await asAnon.volunteers.createMany(many([task.id, item.id], { quantity: 3 }));
    expect(volunteers.map((v) => v.quantity)).toEqual([1, 3]);
    const other = await itemSlot(8);
    const own = await asAnon.volunteers.createMany(many([item.id, other.id], { quantities: { [other.id]: 5 } }));
    expect(own.volunteers.map((v) => v.quantity)).toEqual([1, 5]);
    expect(countMismatches(t)).toEqual([]);
  });
});

describe('the manage page corrects a signup', () => {
  it('changes name, phone, notes and answers, but refuses a bad answer and a forged link', async () => {
    const sheet = await asOrganizer.sheets.create({
      ...sheetInput({ title: 'Correctable' }),
      questions: [{ label: 'Class', kind: 'text', required: true }],
    });
    const classId = sheet.questions[0]?.id ?? '';
    const slot = await newSlot(3, { sheet: sheet.id });
    const signup = await asAnon.volunteers.create({ ...person(slot.id), answers: { [classId]: '3B' } });
    const changed = await asAnon.volunteers.updateByToken({
      token: signup.manageToken,
      name: 'Sam Fixed',
      phone: '555-0199',
      notes: 'Can stay late',
      answers: { [classId]: '4C' },
    });
    expect(changed).toMatchObject({
      name: 'Sam Fixed',
      phone: '555-0199',
      notes: 'Can stay late',
      answers: { [classId]: '4C' },
    });
    expect(await refusal(asAnon.volunteers.updateByToken({ token: signup.manageToken, answers: {} }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Class is required',
    });
    expect(
      await refusal(asAnon.volunteers.updateByToken({ token: `${signup.id}-forged`, name: 'Mallory' })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(rowsOf(slot.id)[0]).toMatchObject({ name: 'Sam Fixed', answers: { [classId]: '4C' } });
  });
});
