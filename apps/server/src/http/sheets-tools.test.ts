import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, inDays, startTestServer, type TestServer } from '../../test/support/harness';

/**
 * API.md "Coordinator toolkit": editing a sheet (`PATCH /api/signup-sheets/{id}`, admin or its
 * owner; `ownerId` for admins only; a new eventDate moves the slots by the same offset unless
 * `moveSlots: false`, "The school's clock") and duplicating one
 * (`POST /api/signup-sheets/{id}/duplicate {eventDate}`, admin or owner → 201 a copy with its slots
 * shifted and no volunteers).
 */

let server: TestServer;
let admin: ApiClient & { id: number };

type Client = ApiClient & { id: number };

interface Slot {
  id: number;
  signupSheetId: number;
  title: string;
  description: string | null;
  startTime: string | null;
  endTime: string | null;
  maxVolunteers: number;
  currentVolunteers: number;
  volunteers: unknown[];
}

interface Sheet {
  id: number;
  title: string;
  description: string | null;
  eventDate: string;
  organizerName: string;
  organizerEmail: string;
  ownerId: number | null;
  slots: Slot[];
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  const client = new ApiClient(server.url);
  const me = await client.login(adminCredentials.email, adminCredentials.password);
  admin = Object.assign(client, { id: me.id });
});
afterAll(() => server.stop());

/** Registers an account (signed in as it) and, unless a member, gives it `role` as the admin. */
async function account(name: string, role: 'organizer' | 'member'): Promise<Client> {
  const client = new ApiClient(server.url);
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const res = await client.post<{ id: number }>('/api/auth/register', { name, email, password: 'secret-pass' });
  expect([200, 201]).toContain(res.status);
  if (role !== 'member') expect((await admin.patch(`/api/users/${res.body.id}`, { role })).status).toBe(200);
  return Object.assign(client, { id: res.body.id });
}

/** A sheet with a timed slot (with one volunteer) and an untimed one, made by `client`. */
async function sheetOf(client: ApiClient, title: string, eventDate = inDays(12)): Promise<Sheet> {
  const sheet = await client.post<Sheet>('/api/signup-sheets', {
    title,
    description: 'Run by a committee chair',
    eventDate,
    organizerName: 'Chair Person',
    organizerEmail: 'chair@example.org',
  });
  expect(sheet.status).toBe(201);
  const timed = await client.post<Slot>('/api/volunteer-slots', {
    signupSheetId: sheet.body.id,
    title: 'Setup crew',
    description: 'Tables and chairs',
    startTime: plus(eventDate, -hourMs),
    endTime: plus(eventDate, 2 * hourMs),
    maxVolunteers: 4,
  });
  expect(timed.status).toBe(201);
  const untimed = await client.post<Slot>('/api/volunteer-slots', {
    signupSheetId: sheet.body.id,
    title: 'Bring a dish',
    maxVolunteers: 10,
  });
  expect(untimed.status).toBe(201);
  const signup = await new ApiClient(server.url).post('/api/volunteers', {
    slotId: timed.body.id,
    name: 'Vera Volunteer',
    email: 'vera@example.org',
    phone: '555-0199',
  });
  expect(signup.status).toBe(201);
  return (await client.get<Sheet>(`/api/signup-sheets/${sheet.body.id}`)).body;
}

async function sheetCount(): Promise<number> {
  return (await admin.get<unknown[]>('/api/signup-sheets')).body.length;
}

describe('PATCH /api/signup-sheets/{id}: edit a sheet', () => {
  let owner: Client;
  let rival: Client;
  let member: Client;
  let own: Sheet;

  beforeAll(async () => {
    owner = await account('Olivia', 'organizer');
    rival = await account('Rex', 'organizer');
    member = await account('Max', 'member');
    own = await sheetOf(owner, 'Olivia’s bake sale');
  });

  it('lets the organizer edit every field of their own sheet (200), keeping its slots and volunteers', async () => {
    const eventDate = inDays(30);
    const res = await owner.patch<Sheet>(`/api/signup-sheets/${own.id}`, {
      title: 'Olivia’s big bake sale',
      description: 'Now with a raffle',
      eventDate,
      organizerName: 'Olivia Owner',
      organizerEmail: 'Olivia.Owner@Example.org',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: own.id,
      title: 'Olivia’s big bake sale',
      description: 'Now with a raffle',
      eventDate,
      organizerName: 'Olivia Owner',
      organizerEmail: 'olivia.owner@example.org',
      ownerId: owner.id,
    });
    expect(res.body.slots.map((s) => s.title).sort()).toEqual(['Bring a dish', 'Setup crew']);
    expect(res.body.slots.find((s) => s.title === 'Setup crew')?.volunteers).toHaveLength(1);
  });

  it('refuses a bad value with 400 and its message, changing nothing', async () => {
    const res = await owner.patch<{ message: string }>(`/api/signup-sheets/${own.id}`, { title: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Title is required');
    expect((await owner.get<Sheet>(`/api/signup-sheets/${own.id}`)).body.title).toBe('Olivia’s big bake sale');
  });

  it('answers 403 to another organizer and a member, 401 without a session; the sheet stays', async () => {
    for (const client of [rival, member]) {
      const res = await client.patch<{ message: string }>(`/api/signup-sheets/${own.id}`, { title: 'Taken over' });
      expect(res.status).toBe(403);
    }
    expect((await new ApiClient(server.url).patch(`/api/signup-sheets/${own.id}`, { title: 'Anon' })).status).toBe(401);
    expect((await owner.get<Sheet>(`/api/signup-sheets/${own.id}`)).body.title).toBe('Olivia’s big bake sale');
  });

  it('refuses ownerId from an organizer (403), even to themself, and leaves the owner', async () => {
    for (const ownerId of [rival.id, owner.id]) {
      const res = await owner.patch<{ message: string }>(`/api/signup-sheets/${own.id}`, { ownerId, title: 'X' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only an administrator can hand a sheet to another organizer');
    }
    const after = (await owner.get<Sheet>(`/api/signup-sheets/${own.id}`)).body;
    expect(after).toMatchObject({ ownerId: owner.id, title: 'Olivia’s big bake sale' });
  });

  it('lets an admin hand it to a member only as 400, and to another organizer, who then runs it', async () => {
    const toMember = await admin.patch<{ message: string }>(`/api/signup-sheets/${own.id}`, { ownerId: member.id });
    expect(toMember.status).toBe(400);
    expect(toMember.body.message).toBe('A signup sheet can only be handed to an organizer or an administrator');
    expect((await admin.patch(`/api/signup-sheets/${own.id}`, { ownerId: 999_999 })).status).toBe(404);

    const handed = await admin.patch<Sheet>(`/api/signup-sheets/${own.id}`, { ownerId: rival.id });
    expect(handed.status).toBe(200);
    expect(handed.body.ownerId).toBe(rival.id);
    expect((await rival.patch(`/api/signup-sheets/${own.id}`, { description: 'Rex runs it now' })).status).toBe(200);
    const previous = await owner.patch<{ message: string }>(`/api/signup-sheets/${own.id}`, { title: 'Mine?' });
    expect(previous.status).toBe(403);
    expect(previous.body.message).toBe('You can only manage your own signup sheets');
    expect((await owner.post(`/api/signup-sheets/${own.id}/duplicate`, { eventDate: inDays(40) })).status).toBe(403);
    // Back to Olivia for the rest of the file.
    expect((await admin.patch(`/api/signup-sheets/${own.id}`, { ownerId: owner.id })).status).toBe(200);
  });
});

describe('PATCH /api/signup-sheets/{id} with a new eventDate: the slots move with it', () => {
  let owner: Client;
  let rival: Client;

  beforeAll(async () => {
    owner = await account('Reese', 'organizer');
    rival = await account('Rory', 'organizer');
  });

  /** Two timed slots and an untimed one, as the sheet had them. */
  async function threeSlots(client: Client, title: string): Promise<Sheet> {
    const sheet = await sheetOf(client, title);
    const later = await client.post<Slot>('/api/volunteer-slots', {
      signupSheetId: sheet.id,
      title: 'Clean-up',
      startTime: plus(sheet.eventDate, 3 * hourMs),
      endTime: plus(sheet.eventDate, 4 * hourMs + 30 * 60_000),
      maxVolunteers: 2,
    });
    expect(later.status).toBe(201);
    return (await client.get<Sheet>(`/api/signup-sheets/${sheet.id}`)).body;
  }

  /** Each slot of `after` is the same slot of `before` moved by `offset` (untimed ones stay untimed). */
  function expectMoved(before: Sheet, after: Sheet, offset: number): void {
    expect(after.slots.map((s) => s.id).sort()).toEqual(before.slots.map((s) => s.id).sort());
    for (const slot of before.slots) {
      const moved = after.slots.find((s) => s.id === slot.id);
      expect(moved, slot.title).toMatchObject({
        title: slot.title,
        maxVolunteers: slot.maxVolunteers,
        currentVolunteers: slot.currentVolunteers,
        startTime: slot.startTime === null ? null : plus(slot.startTime, offset),
        endTime: slot.endTime === null ? null : plus(slot.endTime, offset),
      });
      expect(moved?.volunteers).toHaveLength(slot.volunteers.length);
    }
  }

  it('moves every slot by the same offset, in the answer and in what is served after', async () => {
    const before = await threeSlots(admin, 'Science Fair');
    const offset = 7 * dayMs;
    const eventDate = plus(before.eventDate, offset);
    const res = await admin.patch<Sheet>(`/api/signup-sheets/${before.id}`, { eventDate });
    expect(res.status).toBe(200);
    expect(res.body.eventDate).toBe(eventDate);
    expectMoved(before, res.body, offset);
    expect(res.body.slots.find((s) => s.title === 'Bring a dish')).toMatchObject({ startTime: null, endTime: null });
    expectMoved(before, (await admin.get<Sheet>(`/api/signup-sheets/${before.id}`)).body, offset);

    // Earlier, by a day and 90 minutes, with another field: the same rule.
    const back = -(dayMs + 90 * 60_000);
    const earlier = await admin.patch<Sheet>(`/api/signup-sheets/${before.id}`, {
      eventDate: plus(eventDate, back),
      title: 'Science Fair (moved)',
    });
    expect(earlier.status).toBe(200);
    expect(earlier.body.title).toBe('Science Fair (moved)');
    expectMoved(before, earlier.body, offset + back);
  });

  it('leaves the slots where they are with moveSlots: false, and for an edit that keeps the date', async () => {
    const before = await threeSlots(admin, 'Art Show');
    const eventDate = plus(before.eventDate, 2 * dayMs);
    const res = await admin.patch<Sheet>(`/api/signup-sheets/${before.id}`, { eventDate, moveSlots: false });
    expect(res.status).toBe(200);
    expect(res.body.eventDate).toBe(eventDate);
    expectMoved(before, res.body, 0);

    const same = await admin.patch<Sheet>(`/api/signup-sheets/${before.id}`, { eventDate, description: 'Paintings' });
    expect(same.status).toBe(200);
    expectMoved(before, same.body, 0);
    // moveSlots without a new date moves nothing either.
    const alone = await admin.patch<Sheet>(`/api/signup-sheets/${before.id}`, { moveSlots: true });
    expect(alone.status).toBe(200);
    expectMoved(before, alone.body, 0);
  });

  it('lets an organizer move their own sheet, and refuses another organizer with 403, moving nothing', async () => {
    const before = await threeSlots(owner, 'Garden Day');
    const offset = 14 * dayMs;
    const refused = await rival.patch<{ message: string }>(`/api/signup-sheets/${before.id}`, {
      eventDate: plus(before.eventDate, offset),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You can only manage your own signup sheets');
    expect(
      (await new ApiClient(server.url).patch(`/api/signup-sheets/${before.id}`, { eventDate: inDays(40) })).status,
    ).toBe(401);
    const untouched = (await owner.get<Sheet>(`/api/signup-sheets/${before.id}`)).body;
    expect(untouched.eventDate).toBe(before.eventDate);
    expectMoved(before, untouched, 0);

    const moved = await owner.patch<Sheet>(`/api/signup-sheets/${before.id}`, {
      eventDate: plus(before.eventDate, offset),
    });
    expect(moved.status).toBe(200);
    expectMoved(before, moved.body, offset);
  });

  it('moves a sheet whose slots have no times: the slots stay without', async () => {
    const sheet = await admin.post<Sheet>('/api/signup-sheets', {
      title: 'Potluck',
      eventDate: inDays(9),
      organizerName: 'Chair Person',
      organizerEmail: 'chair@example.org',
    });
    for (const title of ['Salads', 'Desserts']) {
      const slot = await admin.post('/api/volunteer-slots', { signupSheetId: sheet.body.id, title, maxVolunteers: 3 });
      expect(slot.status).toBe(201);
    }
    const eventDate = inDays(16);
    const res = await admin.patch<Sheet>(`/api/signup-sheets/${sheet.body.id}`, { eventDate });
    expect(res.status).toBe(200);
    expect(res.body.eventDate).toBe(eventDate);
    expect(res.body.slots.map((s) => [s.title, s.startTime, s.endTime]).sort()).toEqual([
      ['Desserts', null, null],
      ['Salads', null, null],
    ]);
  });

  it('refuses a bad moveSlots, and a date so far that a slot would not be a date, with 400, changing nothing', async () => {
    const before = await threeSlots(admin, 'Book Fair');
    const bad = await admin.patch<{ message: string; issues: { path: string; message: string }[] }>(
      `/api/signup-sheets/${before.id}`,
      { eventDate: inDays(30), moveSlots: 'yes' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('moveSlots must be true or false');
    expect(bad.body.issues).toEqual([{ path: 'moveSlots', message: 'moveSlots must be true or false' }]);

    const far = await admin.patch<{ message: string }>(`/api/signup-sheets/${before.id}`, {
      eventDate: 8.64e15,
      title: 'Never saved',
    });
    expect(far.status).toBe(400);
    expect(far.body.message).toBe('The new event date is too far from the original for its slots');
    const after = (await admin.get<Sheet>(`/api/signup-sheets/${before.id}`)).body;
    expect(after).toMatchObject({ title: 'Book Fair', eventDate: before.eventDate });
    expectMoved(before, after, 0);

    // Without moving the slots, the same date is a date like any other.
    const kept = await admin.patch<Sheet>(`/api/signup-sheets/${before.id}`, { eventDate: 8.64e15, moveSlots: false });
    expect(kept.status).toBe(200);
    expectMoved(before, kept.body, 0);
  });
});

describe('POST /api/signup-sheets/{id}/duplicate', () => {
  let owner: Client;
  let rival: Client;
  let member: Client;
  let original: Sheet;

  beforeAll(async () => {
    owner = await account('Dana', 'organizer');
    rival = await account('Ravi', 'organizer');
    member = await account('Mo', 'member');
    original = await sheetOf(owner, 'Science Night');
  });

  function expectCopy(copy: Sheet, eventDate: string, ownerId: number): void {
    const offset = Date.parse(eventDate) - Date.parse(original.eventDate);
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      title: original.title,
      description: original.description,
      eventDate,
      organizerName: original.organizerName,
      organizerEmail: original.organizerEmail,
      ownerId,
    });
    expect(copy.slots).toHaveLength(original.slots.length);
    for (const source of original.slots) {
      const slot = copy.slots.find((s) => s.title === source.title);
      expect(slot, source.title).toBeDefined();
      expect(slot).toMatchObject({
        signupSheetId: copy.id,
        description: source.description,
        maxVolunteers: source.maxVolunteers,
        currentVolunteers: 0,
        volunteers: [],
        startTime: source.startTime === null ? null : plus(source.startTime, offset),
        endTime: source.endTime === null ? null : plus(source.endTime, offset),
      });
      expect(slot?.id).not.toBe(source.id);
    }
  }

  it('copies the sheet to the new date with its slots shifted by the same offset and no volunteers (201)', async () => {
    const eventDate = plus(original.eventDate, 7 * dayMs);
    const res = await owner.post<Sheet>(`/api/signup-sheets/${original.id}/duplicate`, { eventDate });
    expect(res.status).toBe(201);
    expectCopy(res.body, eventDate, owner.id);

    // The copy is a sheet of its own, served and run by the organizer who made it.
    const served = await owner.get<Sheet>(`/api/signup-sheets/${res.body.id}`);
    expectCopy(served.body, eventDate, owner.id);
    expect((await owner.patch(`/api/signup-sheets/${res.body.id}`, { title: 'Science Night II' })).status).toBe(200);

    // The original keeps its date, slots and volunteer.
    const after = (await owner.get<Sheet>(`/api/signup-sheets/${original.id}`)).body;
    expect(after.eventDate).toBe(original.eventDate);
    expect(after.slots.find((s) => s.title === 'Setup crew')).toMatchObject({ currentVolunteers: 1 });
    expect(after.slots.find((s) => s.title === 'Setup crew')?.volunteers).toHaveLength(1);
  });

  it('shifts by any offset, backwards too, to the minute', async () => {
    const eventDate = plus(original.eventDate, -(3 * dayMs + 90 * 60_000));
    const res = await owner.post<Sheet>(`/api/signup-sheets/${original.id}/duplicate`, { eventDate });
    expect(res.status).toBe(201);
    expectCopy(res.body, eventDate, owner.id);
  });

  it('an admin may duplicate an organizer’s sheet, and owns the copy', async () => {
    const eventDate = inDays(50);
    const res = await admin.post<Sheet>(`/api/signup-sheets/${original.id}/duplicate`, { eventDate });
    expect(res.status).toBe(201);
    expectCopy(res.body, eventDate, admin.id);
  });

  it('answers 403 to another organizer and a member, 401 without a session, and copies nothing', async () => {
    const before = await sheetCount();
    const path = `/api/signup-sheets/${original.id}/duplicate`;
    const byRival = await rival.post<{ message: string }>(path, { eventDate: inDays(40) });
    expect(byRival.status).toBe(403);
    expect(byRival.body.message).toBe('You can only manage your own signup sheets');
    const byMember = await member.post<{ message: string }>(path, { eventDate: inDays(40) });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe('Organizer access required');
    expect((await new ApiClient(server.url).post(path, { eventDate: inDays(40) })).status).toBe(401);
    expect(await sheetCount()).toBe(before);
  });

  it('refuses a missing or bad event date with 400, and a missing sheet with 404', async () => {
    const before = await sheetCount();
    const path = `/api/signup-sheets/${original.id}/duplicate`;
    for (const body of [{}, { eventDate: '' }, { eventDate: null }]) {
      const res = await owner.post<{ message: string }>(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('Event date is required');
    }
    const bad = await owner.post<{ message: string }>(path, { eventDate: 'next tuesday' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Must be a valid date');
    // So far away that the slots' shifted times would not be dates at all.
    const far = await owner.post<{ message: string }>(path, { eventDate: 8.64e15 });
    expect(far.status).toBe(400);
    expect(far.body.message).toBe('The new event date is too far from the original for its slots');
    expect((await owner.post('/api/signup-sheets/999999/duplicate', { eventDate: inDays(40) })).status).toBe(404);
    expect((await owner.post('/api/signup-sheets/abc/duplicate', { eventDate: inDays(40) })).status).toBe(400);
    expect(await sheetCount()).toBe(before);
  });

  it('copies a sheet without slots', async () => {
    const bare = await owner.post<Sheet>('/api/signup-sheets', {
      title: 'Quiet meeting',
      eventDate: inDays(5),
      organizerName: 'Dana',
      organizerEmail: 'dana@example.org',
    });
    const res = await owner.post<Sheet>(`/api/signup-sheets/${bare.body.id}/duplicate`, { eventDate: inDays(12) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Quiet meeting', description: null, slots: [], ownerId: owner.id });
  });
});
