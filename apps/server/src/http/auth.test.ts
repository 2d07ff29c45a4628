import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

beforeAll(async () => {
  server = await startTestServer();
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(() => server.stop());

async function registered(email: string): Promise<{ client: ApiClient; id: number }> {
  const client = new ApiClient(server.url);
  const res = await client.post<{ id: number }>('/api/auth/register', {
    name: 'Pat Parent',
    email,
    password: 'secret-pass',
    phone: '555-0101',
    emailConsent: true,
  });
  expect(res.status).toBe(201);
  return { client, id: res.body.id };
}

describe('sessions', () => {
  it('register sets an httpOnly SameSite=Lax cookie and returns the user without secrets', async () => {
    const client = new ApiClient(server.url);
    const res = await client.post('/api/auth/register', {
      name: 'Sam Smith',
      email: 'Sam@Example.org',
      password: 'secret-pass',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Sam Smith',
      email: 'sam@example.org',
      isAdmin: false,
      emailConsent: false,
    });
    expect(res.body).not.toHaveProperty('passwordHash');
    const cookie = res.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^pac_session=[A-Za-z0-9_-]{20,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('sam@example.org');
    const stored = queryOne<{ n: number }>(
      server.databasePath,
      'SELECT count(*) AS n FROM sessions WHERE token_hash = ?',
      client.cookie?.split('=')[1],
    );
    expect(stored.n).toBe(0);
  });

  it('refuses a duplicate email with 409 and a short password with the SPEC message', async () => {
    await registered('dup@example.org');
    const again = await new ApiClient(server.url).post('/api/auth/register', {
      name: 'X',
      email: 'DUP@example.org',
      password: 'secret-pass',
    });
    expect(again.status).toBe(409);
    const short = await new ApiClient(server.url).post('/api/auth/register', {
      name: 'X',
      email: 'x1@example.org',
      password: '123',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters');
  });

  it('answers a wrong password and an unknown account alike', async () => {
    await registered('known@example.org');
    const client = new ApiClient(server.url);
    const wrong = await client.post('/api/auth/login', { email: 'known@example.org', password: 'nope-nope' });
    const unknown = await client.post('/api/auth/login', { email: 'nobody@example.org', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(client.cookie).toBeNull();
  });

  it('logout ends the session on the server, so the old cookie no longer works', async () => {
    const { client } = await registered('leaver@example.org');
    const oldCookie = client.cookie;
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const replay = new ApiClient(server.url);
    replay.cookie = oldCookie;
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });

  it('keeps sessions across a restart, since they live in the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pac-restart-'));
    try {
      const first = await startTestServer({ dir });
      const client = new ApiClient(first.url);
      await client.login(adminCredentials.email, adminCredentials.password);
      await first.stop();
      const second = await startTestServer({ dir });
      const again = new ApiClient(second.url);
      again.cookie = client.cookie;
      const me = await again.get('/api/auth/me');
      await second.stop();
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(adminCredentials.email);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('authorization', () => {
  const adminRoutes: [string, string, unknown?][] = [
    [
      'POST',
      '/api/signup-sheets',
      { title: 'T', eventDate: inDays(3), organizerName: 'O', organizerEmail: 'o@example.org' },
    ],
    ['PATCH', '/api/signup-sheets/1', { title: 'Hacked' }],
    ['DELETE', '/api/signup-sheets/1'],
    ['POST', '/api/volunteer-slots', { signupSheetId: 1, title: 'S', maxVolunteers: 2 }],
    ['PATCH', '/api/volunteer-slots/1', { title: 'Hacked' }],
    ['DELETE', '/api/volunteer-slots/1'],
  ];

  it('answers 401 without a session and 403 for a non-admin, and changes nothing', async () => {
    const { sheetId } = await createSheetWithSlot(admin, 2, { title: 'Protected' });
    const { client: parent } = await registered('parent-authz@example.org');
    const anonymous = new ApiClient(server.url);
    for (const [method, rawPath, body] of adminRoutes) {
      const path = rawPath.replace('/1', `/${sheetId}`);
      expect((await anonymous.request(method, path, body)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await parent.request(method, path, body)).status, `${method} ${path} parent`).toBe(403);
    }
    const sheet = await anonymous.get<{ title: string; slots: unknown[] }>(`/api/signup-sheets/${sheetId}`);
    expect(sheet.body.title).toBe('Protected');
    expect(sheet.body.slots).toHaveLength(1);
  });

  it('grants nothing to an X-User-ID header: without a session it is ignored, against a session it is 403', async () => {
    const adminId = (await admin.get<{ id: number }>('/api/auth/me')).body.id;
    const spoofer = new ApiClient(server.url, { 'X-User-ID': String(adminId) });
    const created = await spoofer.post('/api/signup-sheets', {
      title: 'Spoofed',
      eventDate: inDays(2),
      organizerName: 'Eve',
      organizerEmail: 'eve@example.org',
    });
    expect(created.status).toBe(401);

    const { client: parent, id: parentId } = await registered('spoofer@example.org');
    const asAdmin = await parent.post(
      '/api/signup-sheets',
      { title: 'Spoofed', eventDate: inDays(2), organizerName: 'Eve', organizerEmail: 'eve@example.org' },
      { 'X-User-ID': String(adminId) },
    );
    expect(asAdmin.status).toBe(403);
    const reading = await parent.get('/api/signup-sheets', { 'X-User-ID': String(adminId) });
    expect(reading.status).toBe(403);
    const honest = await parent.get('/api/signup-sheets', { 'X-User-ID': String(parentId) });
    expect(honest.status).toBe(200);
    const count = queryOne<{ n: number }>(
      server.databasePath,
      "SELECT count(*) AS n FROM signup_sheets WHERE title = 'Spoofed'",
    );
    expect(count.n).toBe(0);
  });

  it('honours isAdmin on registration only from an admin', async () => {
    const anonymous = new ApiClient(server.url);
    const selfPromoted = await anonymous.post('/api/auth/register', {
      name: 'Mallory',
      email: 'mallory@example.org',
      password: 'secret-pass',
      isAdmin: true,
    });
    expect(selfPromoted.status).toBe(403);
    expect(anonymous.cookie).toBeNull();
    const none = queryOne<{ n: number }>(
      server.databasePath,
      "SELECT count(*) AS n FROM users WHERE email = 'mallory@example.org'",
    );
    expect(none.n).toBe(0);

    const { client: parent } = await registered('wannabe@example.org');
    expect(
      (
        await parent.post('/api/auth/register', {
          name: 'B',
          email: 'b2@example.org',
          password: 'secret-pass',
          isAdmin: true,
        })
      ).status,
    ).toBe(403);

    const byAdmin = await admin.post('/api/auth/register', {
      name: 'Second Admin',
      email: 'admin2@example.org',
      password: 'secret-pass',
      isAdmin: true,
    });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.isAdmin).toBe(true);
    expect((await admin.get('/api/auth/me')).body.email).toBe(adminCredentials.email);
  });

  it("lets a volunteer remove their own signup but not someone else's", async () => {
    const { slotId } = await createSheetWithSlot(admin, 3);
    const { client: owner, id: ownerId } = await registered('owner@example.org');
    const mine = await owner.post<{ id: number; userId: number }>('/api/volunteers', {
      slotId,
      userId: ownerId,
      name: 'Olive Owner',
      email: 'owner@example.org',
      phone: '1',
    });
    expect(mine.status).toBe(201);
    expect(mine.body.userId).toBe(ownerId);
    const { client: other } = await registered('other@example.org');
    expect((await other.delete(`/api/volunteers/${mine.body.id}`)).status).toBe(403);
    expect((await new ApiClient(server.url).delete(`/api/volunteers/${mine.body.id}`)).status).toBe(401);
    expect(
      (await other.post('/api/volunteers', { slotId, userId: ownerId, name: 'O', email: 'x@example.org', phone: '1' }))
        .status,
    ).toBe(403);
    expect((await owner.delete(`/api/volunteers/${mine.body.id}`)).status).toBe(204);
  });
});

describe('serving the app', () => {
  it('serves the single-page app for unknown non-API paths, with status 404 (API.md "Sharing a sheet")', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pac-static-'));
    const staticDir = join(dir, 'dist');
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>PAC Hub</title><div id="root"></div>');
    const app = await startTestServer({ staticDir });
    try {
      const page = await fetch(`${app.url}/some/unknown/page`);
      expect(page.status).toBe(404);
      const html = await page.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain(`<title>Page Not Found · ${app.config.schoolName}</title>`);
      const known = await fetch(`${app.url}/privacy-policy`);
      expect(known.status).toBe(200);
      expect(await known.text()).toContain('<div id="root"></div>');
      const api = await fetch(`${app.url}/api/unknown`);
      expect(api.status).toBe(404);
      expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await app.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
