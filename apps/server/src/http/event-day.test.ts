import { openDatabase, volunteers } from '@pac/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  inDays,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';

/**
 * API.md "Coordinator toolkit", Event day: GET /api/signup-sheets/{id}/roster and
 * POST /api/volunteers/{id}/check-in {attended}, for an administrator or the sheet's organizer; and
 * hours (the profile's totalHours, the stats' monthlyHours) that count only attended volunteers
 * once a slot has check-ins.
 */

let server: TestServer;
let admin: ApiClient;
let owner: ApiClient & { id: number };
let otherOrganizer: ApiClient & { id: number };
let member: ApiClient & { id: number };

interface RosterVolunteer {
  id: number;
  slotId: number;
  name: string;
  phone: string;
  email: string;
  notes: string | null;
  attended: boolean | null;
  checkedInAt: string | null;
}
interface RosterSlot {
  id: number;
  title: string;
  startTime: string | null;
  volunteers: RosterVolunteer[];
  waitlistCount: number;
  waitlist: { id: number; name: string; phone: string; position: number }[];
  spotsOpen: number;
  where: string | null;
}
interface Roster {
  id: number;
  title: string;
  eventDate: string;
  ownerId: number | null;
  slots: RosterSlot[];
}
interface ErrorBody {
  message: string;
  code: string;
  issues?: { path: string; message: string }[];
}

let counter = 0;
const unique = (prefix: string) => {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.org`;
};

/** Registers an account (signed in as it) and, unless a member, gives it `role` as the admin. */
async function account(name: string, role: 'organizer' | 'member'): Promise<ApiClient & { id: number }> {
  const client = new ApiClient(server.url);
  const res = await client.post<{ id: number }>('/api/auth/register', {
    name,
    email: unique(name.toLowerCase().replace(/\W+/g, '-')),
    password: 'secret-pass',
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`register ${res.status} ${JSON.stringify(res.body)}`);
  if (role !== 'member') {
    const changed = await admin.patch(`/api/users/${res.body.id}`, { role });
    if (changed.status !== 200) throw new Error(`role ${changed.status} ${JSON.stringify(changed.body)}`);
  }
  return Object.assign(client, { id: res.body.id });
}

const hour = 3_600_000;

/** A sheet owned by `client` with one slot per entry (each `hours` long, starting at `start`). */
async function sheetOf(
  client: ApiClient,
  title: string,
  slots: { title: string; start: Date; hours: number; maxVolunteers: number }[],
): Promise<{ sheetId: number; slotIds: number[] }> {
  const sheet = await client.post<{ id: number }>('/api/signup-sheets', {
    title,
    description: 'Event day',
    eventDate: (slots[0]?.start ?? new Date(Date.parse(inDays(5)))).toISOString(),
    organizerName: 'Chair Person',
    organizerEmail: 'chair@example.org',
  });
  expect(sheet.status).toBe(201);
  const slotIds: number[] = [];
  for (const slot of slots) {
    const res = await client.post<{ id: number }>('/api/volunteer-slots', {
      signupSheetId: sheet.body.id,
      title: slot.title,
      startTime: slot.start.toISOString(),
      endTime: new Date(slot.start.getTime() + slot.hours * hour).toISOString(),
      maxVolunteers: slot.maxVolunteers,
    });
    expect(res.status).toBe(201);
    slotIds.push(res.body.id);
  }
  return { sheetId: sheet.body.id, slotIds };
}

/**
 * A confirmed signup the admin enters (an admin may add volunteers to a slot that has started, and
 * may name the account it belongs to).
 */
async function confirmed(slotId: number, name: string, phone: string, userId?: number): Promise<number> {
  const res = await admin.post<{ id: number; status: string }>('/api/volunteers', {
    slotId,
    name,
    email: unique('volunteer'),
    phone,
    ...(userId === undefined ? {} : { userId }),
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A waitlisted signup, written straight into the server's SQLite file (the waitlist's API is not this test's). */
function waitlisted(slotId: number, name: string, phone: string): number {
  const handle = openDatabase(server.databasePath);
  try {
    return handle.db
      .insert(volunteers)
      .values({ slotId, name, email: unique('waiting'), phone, status: 'waitlisted' })
      .returning({ id: volunteers.id })
      .get().id;
  } finally {
    handle.close();
  }
}

function volunteerRow(id: number): { attended: number | null; checked_in_at: number | null; status: string } {
  return queryOne(server.databasePath, 'SELECT attended, checked_in_at, status FROM volunteers WHERE id = ?', id);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
  owner = await account('Olu Owner', 'organizer');
  otherOrganizer = await account('Oda Other', 'organizer');
  member = await account('Mia Member', 'member');
});
afterAll(() => server.stop());

describe('GET /api/signup-sheets/{id}/roster', () => {
  let sheetId = 0;
  let setupId = 0;
  let cleanupId = 0;
  let amy = 0;
  let ben = 0;

  beforeAll(async () => {
    const start = new Date(Date.parse(inDays(6)));
    ({
      sheetId,
      slotIds: [setupId = 0, cleanupId = 0],
    } = await sheetOf(owner, 'Spring Fair roster', [
      { title: 'Setup', start, hours: 2, maxVolunteers: 2 },
      { title: 'Cleanup', start: new Date(start.getTime() + 4 * hour), hours: 1, maxVolunteers: 3 },
    ]));
    amy = await confirmed(setupId, 'Amy Adams', '555-0101');
    ben = await confirmed(setupId, 'Ben Brown', '555-0102');
    waitlisted(setupId, 'Wanda Waiting', '555-0999');
  });

  it('answers 401 without a session, 403 to a member and to another organizer, 200 to the owner and an admin', async () => {
    const anon = await new ApiClient(server.url).get<ErrorBody>(`/api/signup-sheets/${sheetId}/roster`);
    expect(anon.status).toBe(401);
    const asMember = await member.get<ErrorBody>(`/api/signup-sheets/${sheetId}/roster`);
    expect(asMember.status).toBe(403);
    const asOther = await otherOrganizer.get<ErrorBody>(`/api/signup-sheets/${sheetId}/roster`);
    expect(asOther.status).toBe(403);
    expect(asOther.body.message).toBe('You can only manage your own signup sheets');
    expect((await owner.get(`/api/signup-sheets/${sheetId}/roster`)).status).toBe(200);
    expect((await admin.get(`/api/signup-sheets/${sheetId}/roster`)).status).toBe(200);
  });

  it('lists the slots in order with their confirmed volunteers by name, phones and check-ins, spots open and the waitlist apart', async () => {
    const res = await owner.get<Roster>(`/api/signup-sheets/${sheetId}/roster`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ id: sheetId, title: 'Spring Fair roster', ownerId: owner.id });
    expect(res.body.slots.map((s) => [s.id, s.title, s.waitlistCount])).toEqual([
      [setupId, 'Setup', 1],
      [cleanupId, 'Cleanup', 0],
    ]);
    const [setup] = res.body.slots;
    expect(setup?.volunteers.map((v) => [v.id, v.name, v.phone, v.attended, v.checkedInAt])).toEqual([
      [amy, 'Amy Adams', '555-0101', null, null],
      [ben, 'Ben Brown', '555-0102', null, null],
    ]);
    expect(setup?.volunteers[0]?.email).toMatch(/@example\.org$/);
    expect(res.body.slots[1]?.volunteers).toEqual([]);
    expect(res.body.slots.map((s) => s.spotsOpen)).toEqual([0, 3]);
    expect(setup?.volunteers.map((v) => v.name)).not.toContain('Wanda Waiting');
    expect(setup?.waitlist).toEqual([
      expect.objectContaining({ name: 'Wanda Waiting', phone: '555-0999', position: 1 }),
    ]);
    expect(res.body.slots[1]?.waitlist).toEqual([]);
  });

  it('answers 404 for a sheet that does not exist and 400 or 404 for an id that is not one', async () => {
    const missing = await owner.get<ErrorBody>('/api/signup-sheets/999999/roster');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Signup sheet not found');
    for (const id of ['abc', '0x3', '1e3', '-1']) {
      expect([400, 404]).toContain((await owner.get(`/api/signup-sheets/${id}/roster`)).status);
    }
  });
});

describe('POST /api/volunteers/{id}/check-in', () => {
  let slotId = 0;
  let cara = 0;
  let waiting = 0;

  beforeAll(async () => {
    ({
      slotIds: [slotId = 0],
    } = await sheetOf(owner, 'Check-in fair', [
      { title: 'Door', start: new Date(Date.parse(inDays(3))), hours: 2, maxVolunteers: 1 },
    ]));
    cara = await confirmed(slotId, 'Cara Came', '555-0201');
    waiting = waitlisted(slotId, 'Wes Waiting', '555-0202');
  });

  it('answers 401 without a session and 403 to a member and to another organizer, changing nothing', async () => {
    const anon = await new ApiClient(server.url).post(`/api/volunteers/${cara}/check-in`, { attended: true });
    expect(anon.status).toBe(401);
    expect((await member.post(`/api/volunteers/${cara}/check-in`, { attended: true })).status).toBe(403);
    const asOther = await otherOrganizer.post<ErrorBody>(`/api/volunteers/${cara}/check-in`, { attended: true });
    expect(asOther.status).toBe(403);
    expect(asOther.body.message).toBe('You can only manage your own signup sheets');
    expect(volunteerRow(cara)).toMatchObject({ attended: null, checked_in_at: null });
  });

  it('records attendance for the owner and an admin, with the time, and clears it with null', async () => {
    const before = Date.now();
    const res = await owner.post<RosterVolunteer>(`/api/volunteers/${cara}/check-in`, { attended: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: cara, slotId, name: 'Cara Came', phone: '555-0201', attended: true });
    expect(res.body.checkedInAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(res.body.checkedInAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(volunteerRow(cara).attended).toBe(1);

    const byAdmin = await admin.post<RosterVolunteer>(`/api/volunteers/${cara}/check-in`, { attended: false });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.attended).toBe(false);
    expect(volunteerRow(cara).attended).toBe(0);

    const cleared = await owner.post<RosterVolunteer>(`/api/volunteers/${cara}/check-in`, { attended: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ attended: null, checkedInAt: null });
    expect(volunteerRow(cara)).toMatchObject({ attended: null, checked_in_at: null });
  });

  it('refuses a waitlisted volunteer with 409 and a clear message, changing nothing', async () => {
    const res = await owner.post<ErrorBody>(`/api/volunteers/${waiting}/check-in`, { attended: true });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'CONFLICT',
      message: 'Only confirmed volunteers can be checked in: this volunteer is on the waitlist',
    });
    expect(volunteerRow(waiting)).toEqual({ attended: null, checked_in_at: null, status: 'waitlisted' });
  });

  it('refuses an attended value that is not true, false or null with 400, changing nothing', async () => {
    for (const body of [{ attended: 'yes' }, { attended: 1 }, {}, { attended: 'true' }]) {
      const res = await owner.post<ErrorBody>(`/api/volunteers/${cara}/check-in`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Attended must be true, false or null');
      expect(res.body.issues).toEqual([{ path: 'attended', message: 'Attended must be true, false or null' }]);
    }
    expect((await owner.post(`/api/volunteers/${cara}/check-in`, '[]')).status).toBe(400);
    expect(volunteerRow(cara)).toMatchObject({ attended: null, checked_in_at: null });
  });

  it('answers 404 for a volunteer that does not exist', async () => {
    const res = await owner.post<ErrorBody>('/api/volunteers/999999/check-in', { attended: true });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Volunteer not found');
  });
});

describe('hours once a slot has check-ins (profile totalHours, stats monthlyHours)', () => {
  /**
   * Noon UTC on the 15th of the current month in the school's time zone (SCHOOL_TIMEZONE, the
   * server's zone unless set): inside that month in every zone, whatever today's date.
   */
  function midMonth(timeZone: string): Date {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(
      new Date(),
    );
    const year = Number(parts.find((p) => p.type === 'year')?.value);
    const month = Number(parts.find((p) => p.type === 'month')?.value);
    return new Date(Date.UTC(year, month - 1, 15, 12));
  }

  it('2 confirmed on a 2 h slot count 4 h; once checked in, only those marked as attended count', async () => {
    const start = midMonth(server.config.timeZone);
    const { slotIds } = await sheetOf(owner, 'Hours fair', [{ title: 'Two hours', start, hours: 2, maxVolunteers: 2 }]);
    const slotId = slotIds[0] ?? 0;
    const statsHours = async () => {
      const res = await admin.get<{ monthlyHours: number }>('/api/stats');
      expect(res.status).toBe(200);
      return res.body.monthlyHours;
    };
    const baseline = await statsHours();

    const ann = await account('Ann Hours', 'member');
    const bob = await account('Bob Hours', 'member');
    const annSignup = await confirmed(slotId, 'Ann Hours', '555-0301', ann.id);
    const bobSignup = await confirmed(slotId, 'Bob Hours', '555-0302', bob.id);
    waitlisted(slotId, 'Wil Waiting', '555-0303');

    const totalHours = async (client: ApiClient & { id: number }) => {
      const res = await client.get<{ totalHours: number }>(`/api/auth/profile/${client.id}`);
      expect(res.status).toBe(200);
      return res.body.totalHours;
    };
    /** Both profiles' totalHours and the month's hours this slot adds. */
    const hours = async () => [await totalHours(ann), await totalHours(bob), (await statsHours()) - baseline];
    const checkIn = async (id: number, attended: boolean | null) => {
      expect((await owner.post(`/api/volunteers/${id}/check-in`, { attended })).status).toBe(200);
    };

    // No check-ins yet: every confirmed volunteer counts (the waitlisted one does not).
    expect(await hours()).toEqual([2, 2, 4]);
    await checkIn(annSignup, true);
    expect(await hours()).toEqual([2, 0, 2]);
    await checkIn(bobSignup, true);
    expect(await hours()).toEqual([2, 2, 4]);
    await checkIn(bobSignup, false);
    expect(await hours()).toEqual([2, 0, 2]);
    // Clearing every check-in makes the slot count its confirmed volunteers again.
    await checkIn(annSignup, null);
    await checkIn(bobSignup, null);
    expect(await hours()).toEqual([2, 2, 4]);
  });
});
