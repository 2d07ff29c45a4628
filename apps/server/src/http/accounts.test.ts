import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  inDays,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';

let server: TestServer;
let admin: ApiClient;
let n = 0;

beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_MAX_FAILURES: '3' } });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(() => server.stop());

async function register(overrides: Record<string, unknown> = {}) {
  n += 1;
  const client = new ApiClient(server.url);
  const email = `member${n}@example.org`;
  const res = await client.post<{ id: number; email: string }>('/api/auth/register', {
    name: `Member ${n}`,
    email,
    password: 'first-pass',
    ...overrides,
  });
  expect(res.status).toBe(201);
  return { client, id: res.body.id, email: res.body.email };
}

interface Profile {
  id: number;
  isAdmin: boolean;
  totalSignups: number;
  totalHours: number;
  volunteerHistory: { id: number; slot: { title: string }; signupSheet: { title: string }; notes: string | null }[];
}

describe('profiles', () => {
  it('shows the history and the total hours (slots without an end count 0)', async () => {
    const { client, id, email } = await register();
    const sheet = await admin.post<{ id: number }>('/api/signup-sheets', {
      title: 'Garden Day',
      eventDate: inDays(5),
      organizerName: 'Ann',
      organizerEmail: 'ann@example.org',
    });
    const start = new Date(Date.now() + 5 * 86_400_000);
    const slot = async (title: string, hours: number | null) =>
      (
        await admin.post<{ id: number }>('/api/volunteer-slots', {
          signupSheetId: sheet.body.id,
          title,
          maxVolunteers: 3,
          startTime: start.toISOString(),
          endTime: hours === null ? null : new Date(start.getTime() + hours * 3_600_000).toISOString(),
        })
      ).body.id;
    for (const [title, hours] of [
      ['Planting', 2.5],
      ['Weeding', 1.25],
      ['Snacks', null],
    ] as const) {
      const res = await client.post('/api/volunteers', {
        slotId: await slot(title, hours),
        userId: id,
        name: 'Member',
        email,
        phone: '1',
        notes: title === 'Planting' ? 'Bring gloves' : undefined,
      });
      expect(res.status).toBe(201);
    }
    const profile = await client.get<Profile>(`/api/auth/profile/${id}`);
    expect(profile.status).toBe(200);
    expect(profile.body.totalSignups).toBe(3);
    expect(profile.body.totalHours).toBe(3.8);
    expect(profile.body).not.toHaveProperty('passwordHash');
    expect(profile.body.volunteerHistory.map((h) => h.slot.title).sort()).toEqual(['Planting', 'Snacks', 'Weeding']);
    expect(profile.body.volunteerHistory[0]?.signupSheet.title).toBe('Garden Day');
  });

  it("answers 403 for someone else's profile, 401 without a session, and lets an admin see any", async () => {
    const { id } = await register();
    const { client: other } = await register();
    expect((await other.get(`/api/auth/profile/${id}`)).status).toBe(403);
    expect((await new ApiClient(server.url).get(`/api/auth/profile/${id}`)).status).toBe(401);
    const asAdmin = await admin.get<Profile>(`/api/auth/profile/${id}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.id).toBe(id);
    expect((await admin.get('/api/auth/profile/999999')).status).toBe(404);
  });

  it('does not join signups made before registering to the new, unverified account (email-ownership.test.ts covers verification)', async () => {
    const { slotId } = await createSheetWithSlot(admin, 2);
    const anon = new ApiClient(server.url);
    const early = await anon.post('/api/volunteers', {
      slotId,
      name: 'Early Bird',
      email: 'early@example.org',
      phone: '1',
    });
    expect(early.status).toBe(201);
    const { client, id } = await register({ email: 'Early@Example.org' });
    expect((await client.get<Profile>(`/api/auth/profile/${id}`)).body.totalSignups).toBe(0);
    await client.post('/api/auth/logout');
    await client.login('early@example.org', 'first-pass');
    expect((await client.get<Profile>(`/api/auth/profile/${id}`)).body.totalSignups).toBe(0);
  });
});

describe('account settings', () => {
  it('updates name, email, phone and consent; refuses a taken email and bad input with the SPEC messages', async () => {
    const { client, id } = await register();
    const { email: takenEmail } = await register();
    const ok = await client.patch(`/api/auth/account/${id}`, {
      name: 'Renamed Person',
      email: 'renamed@example.org',
      phone: '555-0000',
      emailConsent: true,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      name: 'Renamed Person',
      email: 'renamed@example.org',
      phone: '555-0000',
      emailConsent: true,
    });
    const taken = await client.patch(`/api/auth/account/${id}`, { name: 'X', email: takenEmail });
    expect(taken.status).toBe(409);
    const noName = await client.patch(`/api/auth/account/${id}`, { name: '', email: 'renamed@example.org' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Name is required');
    const badEmail = await client.patch(`/api/auth/account/${id}`, { name: 'X', email: 'nope' });
    expect(badEmail.body.message).toBe('Please enter a valid email address');
    expect((await client.get('/api/auth/me')).body.name).toBe('Renamed Person');
  });

  it("refuses to change someone else's account or password (403)", async () => {
    const { id } = await register();
    const { client: other } = await register();
    expect(
      (await other.patch(`/api/auth/account/${id}`, { name: 'Hijacked', email: 'hijack@example.org' })).status,
    ).toBe(403);
    expect(
      (
        await other.patch(`/api/auth/change-password/${id}`, {
          currentPassword: 'first-pass',
          newPassword: 'hijacked-pass',
          confirmPassword: 'hijacked-pass',
        })
      ).status,
    ).toBe(403);
    const row = queryOne<{ name: string }>(server.databasePath, 'SELECT name FROM users WHERE id = ?', id);
    expect(row.name).not.toBe('Hijacked');
  });
});

describe('change password', () => {
  it('checks the rules, then changes the password and ends the other sessions', async () => {
    const { client, id, email } = await register();
    const laptop = new ApiClient(server.url);
    await laptop.login(email, 'first-pass');

    const mismatch = await client.patch(`/api/auth/change-password/${id}`, {
      currentPassword: 'first-pass',
      newPassword: 'second-pass',
      confirmPassword: 'other-pass',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe("New passwords don't match");
    const same = await client.patch(`/api/auth/change-password/${id}`, {
      currentPassword: 'first-pass',
      newPassword: 'first-pass',
      confirmPassword: 'first-pass',
    });
    expect(same.body.message).toBe('New password must be different from current password');
    const wrong = await client.patch(`/api/auth/change-password/${id}`, {
      currentPassword: 'not-my-pass',
      newPassword: 'second-pass',
      confirmPassword: 'second-pass',
    });
    expect(wrong.status).toBe(400);

    const ok = await client.patch(`/api/auth/change-password/${id}`, {
      currentPassword: 'first-pass',
      newPassword: 'second-pass',
      confirmPassword: 'second-pass',
    });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await new ApiClient(server.url).post('/api/auth/login', { email, password: 'first-pass' })).status).toBe(
      401,
    );
    await new ApiClient(server.url).login(email, 'second-pass');
  });
});

describe('failed logins', () => {
  it('answers 429 for an account after LOGIN_MAX_FAILURES failures, even with the right password', async () => {
    const { email } = await register();
    const client = new ApiClient(server.url);
    for (let i = 0; i < 3; i += 1) {
      expect((await client.post('/api/auth/login', { email, password: 'wrong-pass' })).status).toBe(401);
    }
    const blocked = await client.post('/api/auth/login', { email, password: 'first-pass' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_REQUESTS');
    expect(String(blocked.body.message)).toMatch(/Too many failed login attempts/);
    expect(client.cookie).toBeNull();
  });
});

describe('failed logins from one address', () => {
  it('answers 429 after 4 × LOGIN_MAX_FAILURES failures spread over many accounts', async () => {
    const own = await startTestServer({ env: { LOGIN_MAX_FAILURES: '2' } });
    try {
      const client = new ApiClient(own.url);
      for (let i = 0; i < 8; i += 1) {
        const res = await client.post('/api/auth/login', { email: `nobody${i}@example.org`, password: 'wrong-pass' });
        expect(res.status).toBe(401);
      }
      const blocked = await client.post('/api/auth/login', adminCredentials);
      expect(blocked.status).toBe(429);
    } finally {
      await own.stop();
    }
  });
});
