import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, inDays, startTestServer, type TestServer } from '../../test/support/harness';

/**
 * API.md "Coordinator toolkit": roles and sheet ownership. An organizer runs the sheets they own
 * (sheets, slots, volunteers, reminders, the CSV) and nothing else; administrators manage people.
 */

let server: TestServer;
let admin: ApiClient;

interface Person {
  id: number;
  name: string;
  email: string;
  role: string;
  emailVerified: boolean;
  signups: number;
  sheets: number;
  lastLoginAt: string | null;
}

/** Registers an account (signed in as it) and, unless a member, gives it `role` as the admin. */
async function account(name: string, role: 'organizer' | 'member' | 'admin'): Promise<ApiClient & { id: number }> {
  const client = new ApiClient(server.url);
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const res = await client.post<{ id: number }>('/api/auth/register', { name, email, password: 'secret-pass' });
  if (res.status !== 200 && res.status !== 201) throw new Error(`register ${res.status}`);
  if (role !== 'member') {
    const changed = await admin.patch(`/api/users/${res.body.id}`, { role });
    if (changed.status !== 200) throw new Error(`role ${changed.status} ${JSON.stringify(changed.body)}`);
  }
  return Object.assign(client, { id: res.body.id });
}

async function sheetOf(client: ApiClient, title: string): Promise<{ sheetId: number; slotId: number }> {
  const sheet = await client.post<{ id: number; ownerId: number }>('/api/signup-sheets', {
    title,
    description: 'Run by a committee chair',
    eventDate: inDays(5),
    organizerName: 'Chair',
    organizerEmail: 'chair@example.org',
  });
  expect(sheet.status).toBe(201);
  const slot = await client.post<{ id: number }>('/api/volunteer-slots', {
    signupSheetId: sheet.body.id,
    title: 'Setup crew',
    startTime: inDays(5),
    endTime: new Date(Date.parse(inDays(5)) + 2 * 3_600_000).toISOString(),
    maxVolunteers: 4,
  });
  expect(slot.status).toBe(201);
  return { sheetId: sheet.body.id, slotId: slot.body.id };
}

async function signUp(slotId: number, name: string, email: string): Promise<number> {
  const res = await new ApiClient(server.url).post<{ id: number }>('/api/volunteers', {
    slotId,
    name,
    email,
    phone: '555-0199',
    notes: 'Has a truck',
    emailConsent: true,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(() => server.stop());

describe('people (administrators only)', () => {
  it('lists accounts with role, verified state, signups, sheets and last login', async () => {
    const chair = await account('Priya', 'organizer');
    const { slotId } = await sheetOf(chair, 'Priya’s fair');
    const parent = await account('Parent', 'member');
    await parent.post('/api/volunteers', {
      slotId,
      name: 'Parent One',
      email: (await parent.get<{ email: string }>('/api/auth/me')).body.email,
      phone: '555-0101',
    });
    const list = await admin.get<Person[]>('/api/users');
    expect(list.status).toBe(200);
    const byId = new Map(list.body.map((p) => [p.id, p]));
    expect(byId.get(chair.id)).toMatchObject({ name: 'Priya', role: 'organizer', emailVerified: false, sheets: 1 });
    expect(byId.get(parent.id)).toMatchObject({ role: 'member', signups: 1, sheets: 0 });
    expect(typeof byId.get(parent.id)?.lastLoginAt).toBe('string');
    expect(list.body[0]?.role).toBe('admin');
    for (const p of list.body) {
      expect(p).not.toHaveProperty('passwordHash');
      expect(p).not.toHaveProperty('calendarFeedVersion');
    }
  });

  it('answers 401 without a session and 403 to members and organizers', async () => {
    const organizer = await account('Olu', 'organizer');
    const member = await account('Mia', 'member');
    expect((await new ApiClient(server.url).get('/api/users')).status).toBe(401);
    expect((await member.get('/api/users')).status).toBe(403);
    expect((await organizer.get('/api/users')).status).toBe(403);
    expect((await organizer.patch(`/api/users/${organizer.id}`, { role: 'admin' })).status).toBe(403);
    expect((await member.patch(`/api/users/${member.id}`, { role: 'organizer' })).status).toBe(403);
    expect((await admin.get<Person[]>('/api/users')).body.find((p) => p.id === member.id)?.role).toBe('member');
  });

  it('refuses an unknown role with 400 and a missing account with 404, changing nothing', async () => {
    const member = await account('Noor', 'member');
    const bad = await admin.patch<{ message: string }>(`/api/users/${member.id}`, { role: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Role must be admin, organizer or member');
    expect((await admin.patch(`/api/users/999999`, { role: 'organizer' })).status).toBe(404);
    expect((await admin.get<Person[]>('/api/users')).body.find((p) => p.id === member.id)?.role).toBe('member');
  });

  it('takes effect on the next request of a signed-in account', async () => {
    const member = await account('Ravi', 'member');
    expect((await member.post('/api/signup-sheets', {})).status).toBe(403);
    expect((await admin.patch(`/api/users/${member.id}`, { role: 'organizer' })).status).toBe(200);
    await sheetOf(member, 'Ravi’s sheet');
    expect((await member.get('/api/auth/me')).body).toMatchObject({ role: 'organizer', isAdmin: false });
  });
});

describe('the last administrator', () => {
  it('cannot be demoted (409), while one of two can', async () => {
    const me = await admin.get<{ id: number }>('/api/auth/me');
    const others = (await admin.get<Person[]>('/api/users')).body.filter(
      (p) => p.role === 'admin' && p.id !== me.body.id,
    );
    for (const other of others) await admin.patch(`/api/users/${other.id}`, { role: 'member' });

    const alone = await admin.patch<{ message: string }>(`/api/users/${me.body.id}`, { role: 'organizer' });
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe('The last administrator cannot be demoted');

    const second = await account('Second Admin', 'admin');
    expect((await second.get('/api/auth/me')).body).toMatchObject({ isAdmin: true, role: 'admin' });
    const demoted = await admin.patch<{ role: string }>(`/api/users/${second.id}`, { role: 'member' });
    expect(demoted.status).toBe(200);
    expect(demoted.body.role).toBe('member');
  });

  it('survives two administrators demoting each other at once: exactly one succeeds', async () => {
    const a = await account('Admin A', 'admin');
    const b = await account('Admin B', 'admin');
    const me = await admin.get<{ id: number }>('/api/auth/me');
    // Leave only a and b as administrators, then race.
    expect((await a.patch(`/api/users/${me.body.id}`, { role: 'member' })).status).toBe(200);
    const [ab, ba] = await Promise.all([
      a.patch(`/api/users/${b.id}`, { role: 'member' }),
      b.patch(`/api/users/${a.id}`, { role: 'member' }),
    ]);
    const statuses = [ab.status, ba.status].sort();
    // The one demoted first can no longer act as an administrator (403), or hits the last-admin rule (409).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = (await (ab.status === 200 ? a : b).get<Person[]>('/api/users')).body.filter(
      (p) => p.role === 'admin',
    );
    expect(admins).toHaveLength(1);
    // Hand administration back to the suite's admin.
    const survivor = ab.status === 200 ? a : b;
    expect((await survivor.patch(`/api/users/${me.body.id}`, { role: 'admin' })).status).toBe(200);
  });
});

describe('an organizer runs their own sheets and nothing else', () => {
  let owner: ApiClient & { id: number };
  let rival: ApiClient & { id: number };
  let member: ApiClient & { id: number };
  let own: { sheetId: number; slotId: number };
  let rivals: { sheetId: number; slotId: number };
  let volunteerId: number;

  beforeAll(async () => {
    owner = await account('Olivia', 'organizer');
    rival = await account('Rex', 'organizer');
    member = await account('Max', 'member');
    own = await sheetOf(owner, 'Olivia’s bake sale');
    rivals = await sheetOf(rival, 'Rex’s book fair');
    volunteerId = await signUp(own.slotId, 'Vera Volunteer', 'vera@example.org');
    await signUp(rivals.slotId, 'Walt Walker', 'walt@example.org');
  });

  it('owns the sheets they create', async () => {
    const sheet = await owner.get<{ ownerId: number }>(`/api/signup-sheets/${own.sheetId}`);
    expect(sheet.body.ownerId).toBe(owner.id);
  });

  it('edits, adds slots to and manages volunteers of their own sheet', async () => {
    expect((await owner.patch(`/api/signup-sheets/${own.sheetId}`, { title: 'Olivia’s big bake sale' })).status).toBe(
      200,
    );
    expect((await owner.patch(`/api/volunteer-slots/${own.slotId}`, { maxVolunteers: 6 })).status).toBe(200);
    expect((await owner.patch(`/api/volunteers/${volunteerId}`, { notes: 'Brings a table' })).status).toBe(200);
  });

  it('sees the contact details on their own sheet, not on another organizer’s', async () => {
    type Detail = { slots: { volunteers: { name: string; email?: string; phone?: string }[] }[] };
    const mine = await owner.get<Detail>(`/api/signup-sheets/${own.sheetId}`);
    expect(mine.body.slots[0]?.volunteers[0]).toMatchObject({ name: 'Vera Volunteer', email: 'vera@example.org' });
    const theirs = await owner.get<Detail>(`/api/signup-sheets/${rivals.sheetId}`);
    expect(theirs.body.slots[0]?.volunteers[0]?.name).toBe('Walt W.');
    expect(JSON.stringify(theirs.body)).not.toContain('walt@example.org');
    expect(JSON.stringify(theirs.body)).not.toContain('555-0199');
  });

  it('gets 403 on every write to another organizer’s sheet, which stays as it was', async () => {
    const rivalVolunteer = (
      await rival.get<{ slots: { volunteers: { id: number }[] }[] }>(`/api/signup-sheets/${rivals.sheetId}`)
    ).body.slots[0]?.volunteers[0]?.id;
    const sheetWrites = [
      owner.patch(`/api/signup-sheets/${rivals.sheetId}`, { title: 'Taken over' }),
      owner.delete(`/api/signup-sheets/${rivals.sheetId}`),
      owner.post('/api/volunteer-slots', { signupSheetId: rivals.sheetId, title: 'Sneaky slot', maxVolunteers: 2 }),
      owner.patch(`/api/volunteer-slots/${rivals.slotId}`, { title: 'Renamed' }),
      owner.delete(`/api/volunteer-slots/${rivals.slotId}`),
      owner.post('/api/reminders/send', { signupSheetId: rivals.sheetId, reminderType: 'day' }),
    ];
    for (const res of await Promise.all(sheetWrites)) {
      expect(res.status).toBe(403);
      expect((res.body as { message: string }).message).toBe('You can only manage your own signup sheets');
    }
    // Someone else's signup, on a sheet the caller does not run: the signup rule's words.
    const signupWrites = [
      owner.patch(`/api/volunteers/${rivalVolunteer}`, { notes: 'Changed' }),
      owner.delete(`/api/volunteers/${rivalVolunteer}`),
    ];
    for (const res of await Promise.all(signupWrites)) {
      expect(res.status).toBe(403);
      expect((res.body as { message: string }).message).toBe('You can only change your own signups');
    }
    const after = await rival.get<{
      title: string;
      slots: { title: string; volunteers: { notes: string }[] }[];
    }>(`/api/signup-sheets/${rivals.sheetId}`);
    expect(after.body.title).toBe('Rex’s book fair');
    expect(after.body.slots.map((s) => s.title)).toEqual(['Setup crew']);
    expect(after.body.slots[0]?.volunteers[0]?.notes).toBe('Has a truck');
  });

  it('gets 403 on settings, monitors, social media, people, stats and notifications', async () => {
    const attempts = [
      owner.get('/api/settings/adminEmail'),
      owner.post('/api/settings/adminEmail', { key: 'adminEmail', value: 'me@example.org' }),
      owner.get('/api/monitors'),
      owner.post('/api/monitors', { name: 'x', url: 'https://example.org', selectors: ['main'] }),
      owner.get('/api/changes'),
      owner.get('/api/monitoring/health'),
      owner.get('/api/social-media/status'),
      owner.post('/api/social-media/test-post'),
      owner.post('/api/email/test-post'),
      owner.get('/api/users'),
      owner.patch(`/api/users/${rival.id}`, { role: 'member' }),
      owner.get('/api/stats'),
      owner.post('/api/notifications/process-social-media'),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(403);
  });

  it('exports and lists reminders for their own sheets only', async () => {
    const csv = await owner.get<string>('/api/export/volunteers');
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('vera@example.org');
    expect(csv.body).not.toContain('walt@example.org');
    const everything = await admin.get<string>('/api/export/volunteers');
    expect(everything.body).toContain('walt@example.org');
    expect(everything.body).toContain('vera@example.org');

    const pending = await owner.get<{ signupSheets: { id: number }[] }>('/api/reminders/pending?days=30');
    expect(pending.status).toBe(200);
    const ids = pending.body.signupSheets.map((s) => s.id);
    expect(ids).toContain(own.sheetId);
    expect(ids).not.toContain(rivals.sheetId);
  });

  it('cannot hand a sheet over; an administrator can, and then the new owner runs it', async () => {
    const refused = await owner.patch<{ message: string }>(`/api/signup-sheets/${own.sheetId}`, {
      ownerId: rival.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only an administrator can hand a sheet to another organizer');

    const toMember = await admin.patch(`/api/signup-sheets/${own.sheetId}`, { ownerId: member.id });
    expect(toMember.status).toBe(400);

    const handed = await admin.patch<{ ownerId: number }>(`/api/signup-sheets/${own.sheetId}`, { ownerId: rival.id });
    expect(handed.status).toBe(200);
    expect(handed.body.ownerId).toBe(rival.id);
    expect((await rival.patch(`/api/volunteer-slots/${own.slotId}`, { description: 'Rex runs it now' })).status).toBe(
      200,
    );
    expect((await owner.patch(`/api/volunteer-slots/${own.slotId}`, { description: 'Mine again?' })).status).toBe(403);
    // Hand it back for the tests below.
    expect((await admin.patch(`/api/signup-sheets/${own.sheetId}`, { ownerId: owner.id })).status).toBe(200);
  });

  it('loses their sheets when demoted to member', async () => {
    const temp = await account('Tara', 'organizer');
    const hers = await sheetOf(temp, 'Tara’s picnic');
    expect((await admin.patch(`/api/users/${temp.id}`, { role: 'member' })).status).toBe(200);
    expect((await temp.patch(`/api/signup-sheets/${hers.sheetId}`, { title: 'Still mine?' })).status).toBe(403);
    expect((await temp.get('/api/export/volunteers')).status).toBe(403);
  });

  it('members may not create sheets or act as organizers', async () => {
    expect((await member.post('/api/signup-sheets', { title: 'x' })).status).toBe(403);
    expect((await member.post('/api/volunteer-slots', { signupSheetId: own.sheetId, title: 'x' })).status).toBe(403);
    expect((await member.get('/api/reminders/pending')).status).toBe(403);
    expect((await member.get('/api/export/volunteers')).status).toBe(403);
  });

  it('an administrator still runs every sheet', async () => {
    expect(
      (await admin.patch(`/api/volunteer-slots/${rivals.slotId}`, { description: 'Checked by admin' })).status,
    ).toBe(200);
    expect((await admin.delete(`/api/volunteers/${volunteerId}`)).status).toBe(204);
  });
});
