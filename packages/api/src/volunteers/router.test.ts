import { volunteers, volunteerSlots } from '@pac/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../context';
import {
  anonymousCaller,
  type Caller,
  callerFor,
  countMismatches,
  createTestDb,
  insertAdmin,
  insertUser,
  registerUser,
  sheetInput,
  type TestDb,
} from '../../test/db';

let t: TestDb;
let admin: SessionUser;
let jane: SessionUser;
let mallory: SessionUser;
let asAdmin: Caller;
let asJane: Caller;
let asMallory: Caller;
let asAnon: Caller;
let sheetId: number;

beforeAll(async () => {
  t = createTestDb();
  admin = await insertAdmin(t.db);
  jane = (await registerUser(t.db, { name: 'Jane Doe' })).user;
  mallory = await insertUser(t.db, { name: 'Mallory Other' });
  asAdmin = callerFor(t.db, admin);
  asJane = callerFor(t.db, jane);
  asMallory = callerFor(t.db, mallory);
  asAnon = anonymousCaller(t.db);
  sheetId = (await asAdmin.sheets.create(sheetInput())).id;
});
afterAll(() => t.cleanup());

function slotRow(id: number) {
  return t.db.select().from(volunteerSlots).where(eq(volunteerSlots.id, id)).get();
}
function volunteersOf(slotId: number) {
  return t.db.select().from(volunteers).where(eq(volunteers.slotId, slotId)).all();
}
function volunteerRow(id: number) {
  return t.db.select().from(volunteers).where(eq(volunteers.id, id)).get();
}
async function newSlot(maxVolunteers: number, title = 'Helper') {
  return asAdmin.slots.create({ signupSheetId: sheetId, title, maxVolunteers });
}
function signup(slotId: number, name: string, email: string, extra: { phone?: string; notes?: string } = {}) {
  return { slotId, name, email, phone: extra.phone ?? '555-0100', notes: extra.notes };
}

describe('volunteers.create', () => {
  it('signs up an anonymous visitor and raises currentVolunteers', async () => {
    const slot = await newSlot(3);
    const created = await asAnon.volunteers.create({
      ...signup(slot.id, ' Sam Smith ', ' Sam@Example.ORG ', { notes: 'Can bring a table' }),
      emailConsent: true,
    });
    expect(created).toMatchObject({
      slotId: slot.id,
      userId: null,
      name: 'Sam Smith',
      email: 'sam@example.org',
      phone: '555-0100',
      notes: 'Can bring a table',
      emailConsent: true,
    });
    expect(created.signupTime).toBeInstanceOf(Date);
    expect(slotRow(slot.id)?.currentVolunteers).toBe(1);
    await asAnon.volunteers.create(signup(slot.id, 'Second Person', 'second@example.org'));
    expect(slotRow(slot.id)?.currentVolunteers).toBe(2);
    expect(volunteersOf(slot.id)).toHaveLength(2);
  });

  it("refuses a full slot with CONFLICT 'This volunteer slot is full' and adds no row", async () => {
    const slot = await newSlot(1);
    await asAnon.volunteers.create(signup(slot.id, 'First In', 'first@example.org'));
    await expect(asAnon.volunteers.create(signup(slot.id, 'Too Late', 'late@example.org'))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This volunteer slot is full',
    });
    expect(volunteersOf(slot.id).map((v) => v.email)).toEqual(['first@example.org']);
    expect(slotRow(slot.id)?.currentVolunteers).toBe(1);
  });

  it('refuses the same email twice on one slot, whatever its case, with CONFLICT', async () => {
    const slot = await newSlot(5);
    await asAnon.volunteers.create(signup(slot.id, 'Pat Twice', 'Pat@Example.org'));
    await expect(asAnon.volunteers.create(signup(slot.id, 'Pat Again', 'pat@EXAMPLE.ORG'))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This email is already signed up for this volunteer slot',
    });
    expect(volunteersOf(slot.id)).toHaveLength(1);
    expect(slotRow(slot.id)?.currentVolunteers).toBe(1);
    // The same email on another slot is fine.
    const other = await newSlot(5, 'Other');
    await asAnon.volunteers.create(signup(other.id, 'Pat Twice', 'pat@example.org'));
    expect(volunteersOf(other.id)).toHaveLength(1);
  });

  it("answers NOT_FOUND 'Volunteer slot not found' for a missing slot", async () => {
    await expect(asAnon.volunteers.create(signup(999_999, 'No Slot', 'noslot@example.org'))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Volunteer slot not found',
    });
  });

  it('refuses an anonymous signup that names a userId with FORBIDDEN, and a user naming someone else', async () => {
    const slot = await newSlot(5);
    await expect(
      asAnon.volunteers.create({ ...signup(slot.id, 'Jane Doe', 'jane.fake@example.org'), userId: jane.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      asMallory.volunteers.create({ ...signup(slot.id, 'Jane Doe', 'jane.fake@example.org'), userId: jane.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(volunteersOf(slot.id)).toEqual([]);
    expect(slotRow(slot.id)?.currentVolunteers).toBe(0);
  });

  it("gives a signed-in user's signup with their own email their userId (given or not)", async () => {
    const slot = await newSlot(5);
    const implicit = await asJane.volunteers.create(signup(slot.id, 'Jane Doe', jane.email));
    expect(implicit.userId).toBe(jane.id);
    expect(volunteerRow(implicit.id)?.userId).toBe(jane.id);
    const other = await newSlot(5);
    const explicit = await asJane.volunteers.create({ ...signup(other.id, 'Jane Doe', jane.email), userId: jane.id });
    expect(explicit.userId).toBe(jane.id);
  });

  it("makes a signed-in user's signup with another email nobody's (or the verified owner's), never theirs", async () => {
    const slot = await newSlot(5);
    const phonedIn = await asJane.volunteers.create({
      ...signup(slot.id, 'Phil Phoned', 'phil.phoned@example.org'),
      userId: jane.id,
    });
    expect(phonedIn.userId).toBeNull();
    const byAdmin = await asAdmin.volunteers.create({
      ...signup(slot.id, 'Pam Phoned', 'pam.phoned@example.org'),
      userId: admin.id,
    });
    expect(byAdmin.userId).toBeNull();
    // Mallory's address is unverified: a signup with it is not hers until she proves the address.
    const withMallorysEmail = await asJane.volunteers.create(signup(slot.id, 'Mallory Other', mallory.email));
    expect(withMallorysEmail.userId).toBeNull();
    // The admin's address is verified: a signup with it belongs to that account.
    const withAdminsEmail = await asJane.volunteers.create(signup(slot.id, 'Ada Admin', admin.email));
    expect(withAdminsEmail.userId).toBe(admin.id);
  });

  it('lets an admin sign up on behalf of another account', async () => {
    const slot = await newSlot(5);
    const created = await asAdmin.volunteers.create({
      ...signup(slot.id, 'Jane Doe', 'jane.byadmin@example.org'),
      userId: jane.id,
    });
    expect(created.userId).toBe(jane.id);
  });

  it("answers NOT_FOUND 'User not found' when an admin names an account that does not exist", async () => {
    const slot = await newSlot(5);
    await expect(
      asAdmin.volunteers.create({ ...signup(slot.id, 'Ghost', 'ghost@example.org'), userId: 424_242 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
    expect(volunteersOf(slot.id)).toEqual([]);
    expect(slotRow(slot.id)?.currentVolunteers).toBe(0);
  });
});

describe('volunteers as seen in sheets.byId', () => {
  let slotId: number;
  let janesId: number;
  let anonsId: number;
  let detailSheetId: number;

  beforeAll(async () => {
    const sheet = await asAdmin.sheets.create(sheetInput({ title: 'Privacy' }));
    slotId = (await asAdmin.slots.create({ signupSheetId: sheet.id, title: 'Door', maxVolunteers: 5 })).id;
    janesId = (
      await asJane.volunteers.create({
        ...signup(slotId, 'Jane Doe', jane.email, { phone: '555-0199', notes: 'Allergic to cats' }),
        emailConsent: true,
      })
    ).id;
    anonsId = (await asAnon.volunteers.create(signup(slotId, 'Cher', 'cher@example.org', { phone: '555-0142' }))).id;
    detailSheetId = sheet.id;
  });

  async function viewAs(caller: Caller) {
    const detail = await caller.sheets.byId({ id: detailSheetId });
    const slot = detail.slots.find((s) => s.id === slotId);
    if (!slot) throw new Error('slot missing from sheet');
    return slot.volunteers;
  }

  it("shows the public 'Jane D.' and no email, phone, notes, userId or emailConsent to anonymous visitors", async () => {
    const list = await viewAs(asAnon);
    expect(list.map((v) => v.name)).toEqual(['Jane D.', 'Cher']);
    for (const v of list) {
      expect(Object.keys(v).sort()).toEqual(['id', 'isMine', 'name', 'quantity', 'signupTime', 'slotId', 'status']);
      expect(v.isMine).toBe(false);
      expect(JSON.stringify(v)).not.toContain('555-01');
      expect(JSON.stringify(v)).not.toContain('@example.org');
    }
  });

  it('shows the public view to another signed-in non-admin user too', async () => {
    const list = await viewAs(asMallory);
    expect(list.map((v) => v.name)).toEqual(['Jane D.', 'Cher']);
    expect(list.every((v) => !('email' in v) && !('phone' in v) && !('notes' in v))).toBe(true);
  });

  it('shows admins every detail', async () => {
    const list = await viewAs(asAdmin);
    expect(list).toEqual([
      expect.objectContaining({
        id: janesId,
        name: 'Jane Doe',
        email: jane.email,
        phone: '555-0199',
        notes: 'Allergic to cats',
        emailConsent: true,
        userId: jane.id,
        isMine: false,
      }),
      expect.objectContaining({ id: anonsId, name: 'Cher', email: 'cher@example.org', phone: '555-0142', notes: null }),
    ]);
  });

  it('shows the volunteer their own full entry with isMine true, and others publicly', async () => {
    const list = await viewAs(asJane);
    expect(list[0]).toMatchObject({
      id: janesId,
      name: 'Jane Doe',
      email: jane.email,
      phone: '555-0199',
      notes: 'Allergic to cats',
      isMine: true,
    });
    expect(list[1]).toMatchObject({ id: anonsId, slotId, name: 'Cher', isMine: false });
    expect(Object.keys(list[1] ?? {}).sort()).toEqual([
      'id',
      'isMine',
      'name',
      'quantity',
      'signupTime',
      'slotId',
      'status',
    ]);
  });
});

describe('volunteers.update and volunteers.delete: who may change a signup', () => {
  it('refuses another non-admin user (FORBIDDEN) and anonymous callers (UNAUTHORIZED); the row stays', async () => {
    const slot = await newSlot(5);
    const mine = await asJane.volunteers.create(signup(slot.id, 'Jane Doe', jane.email));
    const before = volunteerRow(mine.id);

    await expect(asMallory.volunteers.update({ id: mine.id, name: 'Hacked' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(asMallory.volunteers.delete({ id: mine.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asAnon.volunteers.update({ id: mine.id, name: 'Hacked' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(asAnon.volunteers.delete({ id: mine.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    expect(volunteerRow(mine.id)).toEqual(before);
    expect(slotRow(slot.id)?.currentVolunteers).toBe(1);
  });

  it('refuses a signed-in user changing an anonymous signup (FORBIDDEN)', async () => {
    const slot = await newSlot(5);
    const anon = await asAnon.volunteers.create(signup(slot.id, 'Anon Person', 'anon.person@example.org'));
    await expect(asJane.volunteers.update({ id: anon.id, notes: 'mine now' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(asJane.volunteers.delete({ id: anon.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(volunteerRow(anon.id)?.notes).toBeNull();
  });

  it('lets the owner update their own signup', async () => {
    const slot = await newSlot(5);
    const mine = await asJane.volunteers.create(signup(slot.id, 'Jane Doe', jane.email));
    const updated = await asJane.volunteers.update({
      id: mine.id,
      phone: '555-0777',
      notes: 'Arriving late',
      email: 'JANE.NEW@example.org',
    });
    expect(updated).toMatchObject({
      id: mine.id,
      phone: '555-0777',
      notes: 'Arriving late',
      email: 'jane.new@example.org',
      name: 'Jane Doe',
    });
    expect(volunteerRow(mine.id)).toEqual(updated);
  });

  it('lets an admin update anyone’s signup, clearing notes with an empty string', async () => {
    const slot = await newSlot(5);
    const anon = await asAnon.volunteers.create(
      signup(slot.id, 'Anon Edit', 'anon.edit@example.org', { notes: 'old note' }),
    );
    const updated = await asAdmin.volunteers.update({ id: anon.id, name: 'Anon Edited', notes: '' });
    expect(updated).toMatchObject({ name: 'Anon Edited', notes: null, email: 'anon.edit@example.org' });
  });

  it('answers a volunteer update with no changes with the signup as it is', async () => {
    const slot = await newSlot(5);
    const {
      confirmationEmail: _queued,
      manageToken: _link,
      ...mine
    } = await asJane.volunteers.create(signup(slot.id, 'Jane Doe', jane.email));
    expect(await asJane.volunteers.update({ id: mine.id })).toEqual(mine);
  });

  it('refuses changing the email to one already on the slot (CONFLICT)', async () => {
    const slot = await newSlot(5);
    await asAnon.volunteers.create(signup(slot.id, 'Taken Email', 'taken@example.org'));
    const mine = await asJane.volunteers.create(signup(slot.id, 'Jane Doe', jane.email));
    await expect(asJane.volunteers.update({ id: mine.id, email: 'TAKEN@example.org' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This email is already signed up for this volunteer slot',
    });
    expect(volunteerRow(mine.id)?.email).toBe(jane.email);
  });

  it('lets the owner delete their own signup and lowers currentVolunteers', async () => {
    const slot = await newSlot(5);
    const mine = await asJane.volunteers.create(signup(slot.id, 'Jane Doe', jane.email));
    await asAnon.volunteers.create(signup(slot.id, 'Stays Put', 'stays@example.org'));
    expect(slotRow(slot.id)?.currentVolunteers).toBe(2);
    expect(await asJane.volunteers.delete({ id: mine.id })).toEqual({ success: true });
    expect(volunteerRow(mine.id)).toBeUndefined();
    expect(slotRow(slot.id)?.currentVolunteers).toBe(1);
  });

  it('lets an admin delete anyone’s signup, freeing the spot of a full slot', async () => {
    const slot = await newSlot(1);
    const anon = await asAnon.volunteers.create(signup(slot.id, 'Only One', 'only@example.org'));
    await expect(asAnon.volunteers.create(signup(slot.id, 'Waiting', 'waiting@example.org'))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await asAdmin.volunteers.delete({ id: anon.id });
    expect(slotRow(slot.id)?.currentVolunteers).toBe(0);
    await asAnon.volunteers.create(signup(slot.id, 'Waiting', 'waiting@example.org'));
    expect(slotRow(slot.id)?.currentVolunteers).toBe(1);
  });

  it("answers NOT_FOUND 'Volunteer not found' for a missing volunteer", async () => {
    await expect(asAdmin.volunteers.delete({ id: 999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Volunteer not found',
    });
    await expect(asAdmin.volunteers.update({ id: 999_999, name: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Volunteer not found',
    });
  });
});

describe('currentVolunteers bookkeeping', () => {
  it('always equals the number of volunteers rows after a mixed sequence of operations', async () => {
    const a = await newSlot(2, 'A');
    const b = await newSlot(3, 'B');
    const ids: number[] = [];
    const attempt = async (p: Promise<{ id: number }>) => {
      try {
        ids.push((await p).id);
      } catch {
        // Refusals (full, duplicate) are part of the sequence.
      }
    };
    await attempt(asAnon.volunteers.create(signup(a.id, 'One', 'seq1@example.org')));
    await attempt(asAnon.volunteers.create(signup(a.id, 'Dup', 'SEQ1@example.org')));
    await attempt(asJane.volunteers.create(signup(a.id, 'Jane Doe', 'seq2@example.org')));
    await attempt(asAnon.volunteers.create(signup(a.id, 'Over', 'seq3@example.org')));
    await attempt(asAnon.volunteers.create(signup(b.id, 'Bee', 'seq4@example.org')));
    await attempt(asAnon.volunteers.create(signup(b.id, 'Bee Two', 'seq5@example.org')));
    expect(countMismatches(t)).toEqual([]);

    const [first, , , fourth] = ids;
    if (first === undefined || fourth === undefined) throw new Error('expected at least four signups');
    await asAdmin.volunteers.delete({ id: first });
    await asAdmin.volunteers.delete({ id: fourth });
    await expect(asAdmin.volunteers.delete({ id: fourth })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await attempt(asAnon.volunteers.create(signup(a.id, 'Over', 'seq3@example.org')));
    await expect(asAdmin.slots.update({ id: a.id, maxVolunteers: 1 })).rejects.toMatchObject({ code: 'CONFLICT' });
    await asAdmin.slots.update({ id: b.id, maxVolunteers: 1 });

    expect(countMismatches(t)).toEqual([]);
    const counts = t.handle.sqlite
      .prepare(
        'SELECT slot_id AS slotId, count(*) AS n FROM volunteers WHERE slot_id IN (?, ?) GROUP BY slot_id ORDER BY slot_id',
      )
      .all(a.id, b.id);
    expect(counts).toEqual([
      { slotId: a.id, n: 2 },
      { slotId: b.id, n: 1 },
    ]);
    expect(slotRow(a.id)?.currentVolunteers).toBe(2);
    expect(slotRow(b.id)?.currentVolunteers).toBe(1);
  });

  it('holds across the whole database at the end of this file', () => {
    expect(countMismatches(t)).toEqual([]);
    const total = t.handle.sqlite.prepare('SELECT count(*) AS n FROM volunteers').get() as { n: number };
    const sum = t.handle.sqlite.prepare('SELECT sum(current_volunteers) AS n FROM volunteer_slots').get() as {
      n: number;
    };
    expect(sum.n).toBe(total.n);
    expect(total.n).toBeGreaterThan(0);
  });
});

describe('signups close when the slot starts', () => {
  const hourMs = 3_600_000;

  it("refuses everyone but admins with CONFLICT 'Signups for this slot have closed' once the slot has started", async () => {
    const started = await asAdmin.slots.create({
      signupSheetId: sheetId,
      title: 'Already started',
      maxVolunteers: 5,
      startTime: new Date(Date.now() - hourMs),
      endTime: new Date(Date.now() + hourMs),
    });
    for (const caller of [asAnon, asJane]) {
      await expect(
        caller.volunteers.create(signup(started.id, 'Late Comer', 'late@example.org')),
      ).rejects.toMatchObject({
        code: 'CONFLICT',
        message: 'Signups for this slot have closed',
      });
    }
    expect(slotRow(started.id)?.currentVolunteers).toBe(0);
    const byAdmin = await asAdmin.volunteers.create(signup(started.id, 'Walk In', 'walkin@example.org'));
    expect(byAdmin.slotId).toBe(started.id);
  });

  it("closes a slot without a start time when its sheet's event date has passed, and only then", async () => {
    const past = await asAdmin.sheets.create(
      sheetInput({ title: 'Last month', eventDate: new Date(Date.now() - 20 * 24 * hourMs) }),
    );
    const untimed = await asAdmin.slots.create({ signupSheetId: past.id, title: 'Cleanup', maxVolunteers: 3 });
    await expect(asAnon.volunteers.create(signup(untimed.id, 'Too Late', 'toolate@example.org'))).rejects.toMatchObject(
      {
        message: 'Signups for this slot have closed',
      },
    );
    const open = await newSlot(3, 'Open helper');
    const created = await asAnon.volunteers.create(signup(open.id, 'On Time', 'ontime@example.org'));
    // No mail sender is configured in these tests: no confirmation is promised.
    expect(created.confirmationEmail).toBe(false);
  });
});
