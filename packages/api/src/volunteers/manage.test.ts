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
  insertUser,
  sheetInput,
  type TestDb,
  testRuntime,
} from '../../test/db';
import { signupHelpers } from '../../test/signups';

/** "Manage my signup": the link in a volunteer's emails, through the procedures */

let t: TestDb;
let organizer: SessionUser;
let asOrganizer: Caller;
let asAnon: Caller;
let sheetId: number;
let linkCtx: { runtime: ReturnType<typeof testRuntime> };

beforeAll(async () => {
  t = createTestDb();
  organizer = await insertUser(t.db, { role: 'organizer', name: 'Olive Organizer' });
  asOrganizer = callerFor(t.db, organizer);
  asAnon = anonymousCaller(t.db);
  sheetId = (await asOrganizer.sheets.create(sheetInput())).id;
  linkCtx = { runtime: testRuntime(t.db) };
});
afterAll(() => t.cleanup());

const { person, newSlot, slotRow, rowsOf } = signupHelpers(() => ({ db: t.db, organizer: asOrganizer, sheetId }));

describe('manage my signup', () => {
  it('shows the signup, its place in line and the slots it could move to', async () => {
    const sheet = (await asOrganizer.sheets.create(sheetInput({ title: 'Manage Fair' }))).id;
    const full = await newSlot(1, { sheet, title: 'Full one' });
    const open = await newSlot(3, { sheet, title: 'Open one' });
    await newSlot(1, { sheet, title: 'Started', startTime: new Date(Date.now() - 60_000) });
    await asAnon.volunteers.create(person(full.id));
    await asAnon.volunteers.create(person(full.id, { waitlist: true }));
    const second = await asAnon.volunteers.create(person(full.id, { waitlist: true, name: 'Sam Second' }));
    const info = await asAnon.volunteers.manageInfo({ token: manageToken(linkCtx, second.id) });
    expect(info).toMatchObject({
      id: second.id,
      name: 'Sam Second',
      status: 'waitlisted',
      waitlistPosition: 2,
      closed: false,
      slot: { id: full.id, title: 'Full one' },
      sheet: { id: sheet, title: 'Manage Fair' },
    });
    expect(info.otherSlots.map((s) => [s.id, s.spotsLeft])).toEqual([[open.id, 3]]);
    // The link was mailed to the volunteer: its page shows what the volunteer may correct there.
    expect(info).toMatchObject({ phone: '555-0100', notes: null, answers: {}, quantity: 1 });
  });

  it("refuses any token we did not sign with FORBIDDEN 'This link is not valid'", async () => {
    const slot = await newSlot(2);
    const v = await asAnon.volunteers.create(person(slot.id));
    const other = await asAnon.volunteers.create(person(slot.id));
    const good = manageToken(linkCtx, v.id);
    const signature = good.slice(good.indexOf('-') + 1);
    const bad = [
      '',
      'garbage',
      `${other.id}-${signature}`,
      `${v.id}-${signature.slice(0, -2)}xx`,
      `${v.id}-${signLink(linkCtx, 'cancel', v.id)}`,
      `${v.id}-${signLink(linkCtx, 'unsubscribe', v.id)}`,
      `0${good}`,
      `${good}x`,
      ` ${good}`,
      signature,
    ];
    for (const token of bad) {
      await expect(asAnon.volunteers.manageInfo({ token })).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: 'This link is not valid',
      });
      await expect(asAnon.volunteers.cancelByToken({ token })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(asAnon.volunteers.move({ token, slotId: slot.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(rowsOf(slot.id)).toHaveLength(2);
    // Cancelled: the link is ours, the signup is gone.
    await asAnon.volunteers.cancelByToken({ token: good });
    await expect(asAnon.volunteers.manageInfo({ token: good })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asAnon.volunteers.cancelByToken({ token: good })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("moves a confirmed signup to another open slot and gives its old spot to the old slot's waitlist", async () => {
    const sheet = (await asOrganizer.sheets.create(sheetInput({ title: 'Move Fair' }))).id;
    const from = await newSlot(1, { sheet, title: 'From' });
    const to = await newSlot(2, { sheet, title: 'To' });
    const mover = await asAnon.volunteers.create(person(from.id));
    const waiting = await asAnon.volunteers.create(person(from.id, { waitlist: true }));
    const moved = await asAnon.volunteers.move({ token: manageToken(linkCtx, mover.id), slotId: to.id });
    expect(moved).toMatchObject({ id: mover.id, slotId: to.id, status: 'confirmed', waitlistPosition: null });
    expect(rowsOf(from.id).map((v) => [v.id, v.status])).toEqual([[waiting.id, 'confirmed']]);
    expect(rowsOf(to.id).map((v) => v.id)).toEqual([mover.id]);
    expect(slotRow(from.id)?.currentVolunteers).toBe(1);
    expect(slotRow(to.id)?.currentVolunteers).toBe(1);
    expect(countMismatches(t)).toEqual([]);
  });

  it('moves a waitlisted signup to a slot with room, where it is confirmed', async () => {
    const sheet = (await asOrganizer.sheets.create(sheetInput({ title: 'Waitlist Move' }))).id;
    const from = await newSlot(1, { sheet });
    const to = await newSlot(1, { sheet, title: 'Roomy' });
    await asAnon.volunteers.create(person(from.id));
    const waiting = await asAnon.volunteers.create(person(from.id, { waitlist: true }));
    const moved = await asAnon.volunteers.move({ token: manageToken(linkCtx, waiting.id), slotId: to.id });
    expect(moved.status).toBe('confirmed');
    expect(slotRow(from.id)?.currentVolunteers).toBe(1);
    expect(slotRow(to.id)?.currentVolunteers).toBe(1);
    expect(countMismatches(t)).toEqual([]);
  });

  it('refuses a full, started, same, missing or other-sheet slot, and an email already there, changing nothing', async () => {
    const sheet = (await asOrganizer.sheets.create(sheetInput({ title: 'Refusals' }))).id;
    const from = await newSlot(2, { sheet });
    const full = await newSlot(1, { sheet, title: 'Full' });
    const started = await newSlot(5, { sheet, title: 'Started', startTime: new Date(Date.now() - 60_000) });
    const taken = await newSlot(5, { sheet, title: 'Taken' });
    const elsewhere = await newSlot(5, { title: 'Other sheet' });
    const mover = await asAnon.volunteers.create(person(from.id));
    await asAnon.volunteers.create(person(full.id));
    await asAnon.volunteers.create(person(taken.id, { email: mover.email }));
    const token = manageToken(linkCtx, mover.id);
    const before = JSON.stringify([rowsOf(from.id), slotRow(full.id), slotRow(taken.id), slotRow(elsewhere.id)]);
    const cases: [number, object][] = [
      [full.id, { code: 'CONFLICT', message: 'This volunteer slot is full' }],
      [started.id, { code: 'CONFLICT', message: 'Signups for this slot have closed' }],
      [taken.id, { code: 'CONFLICT', message: 'This email is already signed up for this volunteer slot' }],
      [
        elsewhere.id,
        { code: 'BAD_REQUEST', message: 'You can only move your signup to another slot of the same signup sheet' },
      ],
      [from.id, { code: 'BAD_REQUEST' }],
      [999_999, { code: 'NOT_FOUND', message: 'Volunteer slot not found' }],
    ];
    for (const [slotId, error] of cases) {
      await expect(asAnon.volunteers.move({ token, slotId })).rejects.toMatchObject(error);
    }
    expect(JSON.stringify([rowsOf(from.id), slotRow(full.id), slotRow(taken.id), slotRow(elsewhere.id)])).toBe(before);
    expect(countMismatches(t)).toEqual([]);
  });
});
