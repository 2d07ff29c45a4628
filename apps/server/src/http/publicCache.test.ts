import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRuntime, findSessionUser } from '@pac/api';
import { type DbHandle, migrate, openDatabase, signupSheets } from '@pac/db';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  registeredAccount,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { preferredEncoding, PublicReadCache } from './publicCache';

/**
 * The server's round (app.ts) for a handler with no compression layer: sends the kept answer and
 * returns true, or captures the one about to be sent and returns false.
 */
function servedOrCaptured(cache: PublicReadCache, key: string, req: IncomingMessage, res: ServerResponse): boolean {
  const version = cache.currentVersion();
  if (version === null) return false;
  if (cache.serve(key, version, req, res)) return true;
  cache.capture(key, version, res);
  return false;
}

/**
 * Signed-out visitors' reads of public data are answered from the bytes last sent until the
 * database changes (issue 14). The cache must never show a stale sheet, nor one visitor's view
 * to another.
 */

describe('PublicReadCache with a handler that counts its calls', () => {
  let dir: string;
  let handle: DbHandle;
  let server: Server;
  let base = '';
  let calls = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pac-cache-'));
    handle = openDatabase(join(dir, 'pac.sqlite'));
    migrate(handle.db);
    const cache = new PublicReadCache(handle.db, { maxEntries: 2, maxEntryBytes: 64 });
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const key = cache.keyFor(req, url);
      if (key !== null && servedOrCaptured(cache, key, req, res)) return;
      calls += 1;
      const body = JSON.stringify({ call: calls, pad: url.searchParams.get('pad') ?? '' });
      res.setHeader('Content-Type', 'application/json');
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const read = async (path: string, headers: Record<string, string> = {}) =>
    (await (await fetch(`${base}${path}`, { headers })).json()) as { call: number };

  it('answers a repeated public read from the cache until the database changes', async () => {
    const first = await read('/trpc/sheets.byId?input=1');
    expect(await read('/trpc/sheets.byId?input=1')).toEqual(first);
    // Another input is another answer.
    expect((await read('/trpc/sheets.byId?input=2')).call).toBe(first.call + 1);

    handle.db
      .insert(signupSheets)
      .values({ title: 'New', eventDate: new Date(), organizerName: 'O', organizerEmail: 'o@example.org' })
      .run();
    const after = await read('/trpc/sheets.byId?input=1');
    expect(after.call).toBeGreaterThan(first.call + 1);
    expect(await read('/trpc/sheets.byId?input=1')).toEqual(after);
  });

  it('sees a write made through another connection (data_version)', async () => {
    const before = await read('/api/signup-sheets');
    expect(await read('/api/signup-sheets')).toEqual(before);
    const other = new Database(join(dir, 'pac.sqlite'));
    other.prepare("UPDATE signup_sheets SET title = 'Renamed'").run();
    other.close();
    expect((await read('/api/signup-sheets')).call).toBeGreaterThan(before.call);
  });

  it('never keeps a signed-in read, a claimed user, a private procedure or a batch with one', async () => {
    for (const [path, headers] of [
      ['/trpc/sheets.list', { Cookie: 'pac_session=abc' }],
      ['/trpc/sheets.list', { 'X-User-ID': '1' }],
      ['/trpc/auth.me', {}],
      ['/trpc/sheets.list,users.list', {}],
      ['/api/users', {}],
      // A REST path that matches no route, and one whose id does not decode (the route's 400).
      ['/api/signup-sheets/1/slots', {}],
      ['/api/signup-sheets/%E0%A4%A', {}],
    ] as const) {
      const a = await read(path, headers);
      expect((await read(path, headers)).call).toBe(a.call + 1);
    }
  });

  it('keeps at most maxEntries answers of at most maxEntryBytes', async () => {
    const big = await read(`/api/signup-sheets?pad=${'x'.repeat(100)}`);
    expect((await read(`/api/signup-sheets?pad=${'x'.repeat(100)}`)).call).toBe(big.call + 1);
    const a = await read('/api/signup-sheets/1');
    await read('/api/signup-sheets/2');
    await read('/api/signup-sheets/3');
    // The least recently used (1) was pushed out by 3.
    expect((await read('/api/signup-sheets/1')).call).toBeGreaterThan(a.call);
  });
});

describe('the server with public reads cached', () => {
  let server: TestServer;
  let admin: ApiClient;
  let anonymous: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = new ApiClient(server.url);
    await admin.login(adminCredentials.email, adminCredentials.password);
    anonymous = new ApiClient(server.url);
  });
  afterAll(() => server.stop());

  type Sheet = {
    title: string;
    slots: { currentVolunteers: number; volunteers: { name: string; email?: string }[] }[];
  };
  const trpcSheet = async (client: ApiClient, id: number) => {
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { id } } }));
    const res = await client.get<{ result: { data: { json: Sheet } } }[]>(`/trpc/sheets.byId?batch=1&input=${input}`);
    expect(res.status).toBe(200);
    return res.body[0]?.result.data.json;
  };

  it('shows a signup, an edit and a removal at once to signed-out visitors, and contact details only to the admin', async () => {
    const { sheetId, slotId } = await createSheetWithSlot(admin, 3, { title: 'Cached Fair' });
    expect((await trpcSheet(anonymous, sheetId))?.slots[0]?.volunteers).toEqual([]);
    expect((await anonymous.get<Sheet>(`/api/signup-sheets/${sheetId}`)).body.slots[0]?.volunteers).toEqual([]);

    const signup = await anonymous.post<{ id: number }>('/api/volunteers', {
      slotId,
      name: 'Casey Cache',
      email: 'casey@example.org',
      phone: '555-0199',
    });
    expect(signup.status).toBe(201);
    const seen = await trpcSheet(anonymous, sheetId);
    expect(seen?.slots[0]).toMatchObject({ currentVolunteers: 1, volunteers: [{ name: 'Casey C.' }] });
    expect(seen?.slots[0]?.volunteers[0]?.email).toBeUndefined();
    expect((await anonymous.get<Sheet>(`/api/signup-sheets/${sheetId}`)).body.slots[0]?.currentVolunteers).toBe(1);

    // The admin's own read is never the visitor's kept answer.
    expect((await trpcSheet(admin, sheetId))?.slots[0]?.volunteers[0]).toMatchObject({ email: 'casey@example.org' });

    expect((await admin.patch(`/api/signup-sheets/${sheetId}`, { title: 'Renamed Fair' })).status).toBe(200);
    expect((await trpcSheet(anonymous, sheetId))?.title).toBe('Renamed Fair');

    expect((await admin.delete(`/api/volunteers/${signup.body.id}`)).status).toBe(204);
    expect((await trpcSheet(anonymous, sheetId))?.slots[0]).toMatchObject({ currentVolunteers: 0, volunteers: [] });
  });
});

const account = (server: TestServer, admin: ApiClient, email: string, role: 'organizer' | 'admin' | 'member') =>
  registeredAccount(server.url, admin, email, role);

describe('PublicReadCache and signed-in callers, with a handler that counts its calls', () => {
  let server: TestServer;
  let handle: DbHandle;
  let counting: Server;
  let base = '';
  let calls = 0;
  let admin: ApiClient;
  let owner: ApiClient & { id: number };
  let otherOrganizer: ApiClient & { id: number };
  let parent: ApiClient & { id: number };
  let volunteering: ApiClient & { id: number };
  let sheetId = 0;

  beforeAll(async () => {
    server = await startTestServer();
    admin = new ApiClient(server.url);
    await admin.login(adminCredentials.email, adminCredentials.password);
    owner = await account(server, admin, 'owner@example.org', 'organizer');
    otherOrganizer = await account(server, admin, 'other@example.org', 'organizer');
    parent = await account(server, admin, 'parent@example.org', 'member');
    volunteering = await account(server, admin, 'volunteering@example.org', 'member');
    const { sheetId: id, slotId } = await createSheetWithSlot(owner, 5, { title: 'Shared Fair' });
    sheetId = id;
    expect(
      (
        await volunteering.post('/api/volunteers', {
          slotId,
          name: 'Val Volunteer',
          email: 'volunteering@example.org',
          phone: '555-0100',
          emailConsent: true,
        })
      ).status,
    ).toBe(201);

    // The same cache the server keeps, over a second connection to its database, in front of a
    // handler that only counts: a repeated number is an answer served from the cache.
    handle = openDatabase(server.databasePath);
    const runtime = createRuntime(handle.db, server.config, { logger: server.runtime.logger });
    const cache = new PublicReadCache(handle.db, undefined, {
      context: { db: handle.db, config: server.config, runtime },
      sessionUser: (_req, token) => findSessionUser(handle.db, token, server.config.sessionIdleDays)?.user ?? null,
    });
    counting = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const key = cache.keyFor(req, url);
      if (key !== null && servedOrCaptured(cache, key, req, res)) return;
      calls += 1;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ call: calls, pad: 'x'.repeat(2000) }));
    });
    await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(counting.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => counting.close(resolve));
    handle.close();
    await server.stop();
  });

  const read = async (path: string, who: ApiClient | null, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      headers: { ...(who?.cookie ? { Cookie: who.cookie } : {}), ...headers },
    });
    return { ...((await res.json()) as { call: number }), encoding: res.headers.get('content-encoding') };
  };

  it('answers a parent with no signup on the sheet, and any organizer who does not run it, with the signed-out answer', async () => {
    const rest = `/api/signup-sheets/${sheetId}`;
    const first = await read(rest, null);
    expect((await read(rest, parent)).call).toBe(first.call);
    expect((await read(rest, otherOrganizer)).call).toBe(first.call);
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { id: sheetId } } }));
    const trpc = `/trpc/sheets.byId?batch=1&input=${input}`;
    const viaTrpc = await read(trpc, parent);
    expect(viaTrpc.call).toBe(first.call + 1);
    expect((await read(trpc, null)).call).toBe(viaTrpc.call);
  });

  it("shares the sheet's organizer's answer with the administrators, and with nobody else", async () => {
    const rest = `/api/signup-sheets/${sheetId}`;
    const visitors = await read(rest, null);
    const managers = await read(rest, owner);
    expect(managers.call).not.toBe(visitors.call);
    expect((await read(rest, admin)).call).toBe(managers.call);
    expect((await read(rest, parent)).call).toBe(visitors.call);
    expect((await read(rest, otherOrganizer)).call).toBe(visitors.call);
  });

  it('makes the answer afresh for someone with a signup on the sheet, a session that is not one, and a claimed user', async () => {
    const rest = `/api/signup-sheets/${sheetId}`;
    const kept = await read(rest, parent);
    for (const [who, headers] of [
      [volunteering, {}],
      [Object.assign(new ApiClient(server.url), { cookie: 'pac_session=not-a-session' }), {}],
      [parent, { 'X-User-ID': '1' }],
    ] as const) {
      const a = await read(rest, who, headers);
      expect(a.call).toBeGreaterThan(kept.call);
      expect((await read(rest, who, headers)).call).toBe(a.call + 1);
    }
  });

  it('decides whose answer it is from the database as it is now: a new organizer of the sheet gets theirs', async () => {
    const rest = `/api/signup-sheets/${sheetId}`;
    const managers = await read(rest, owner);
    const visitors = await read(rest, otherOrganizer);
    expect(visitors.call).not.toBe(managers.call);
    expect((await admin.patch(rest, { ownerId: otherOrganizer.id })).status).toBe(200);
    const now = await read(rest, otherOrganizer);
    expect((await read(rest, admin)).call).toBe(now.call);
    const former = await read(rest, owner);
    expect(former.call).not.toBe(now.call);
    expect((await read(rest, null)).call).toBe(former.call);
  });

  it('keeps procedures that are the same for everyone for signed-in callers too, and nothing of a batch with a private one', async () => {
    const list = await read('/trpc/sheets.list', parent);
    expect((await read('/trpc/sheets.list', admin)).call).toBe(list.call);
    expect((await read('/trpc/sheets.list', null)).call).toBe(list.call);
    const mixed = await read('/trpc/sheets.list,auth.me?batch=1', parent);
    expect((await read('/trpc/sheets.list,auth.me?batch=1', parent)).call).toBe(mixed.call + 1);
  });

  it('sends a kept answer compressed as the client takes it', async () => {
    const rest = `/api/signup-sheets/${sheetId}`;
    const plain = await read(rest, parent, { 'Accept-Encoding': 'identity' });
    expect(plain.encoding).toBeNull();
    const br = await read(rest, parent, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br).toEqual({ ...plain, encoding: 'br' });
    const gzip = await read(rest, parent, { 'Accept-Encoding': 'gzip' });
    expect(gzip).toEqual({ ...plain, encoding: 'gzip' });
  });
});

describe('preferredEncoding', () => {
  it('takes brotli, else gzip, else none, by q-values', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});

describe('the server and signed-in callers', () => {
  let server: TestServer;
  let admin: ApiClient;
  type Volunteer = { name: string; email?: string; phone?: string; isMine: boolean };
  type Sheet = { viewerManages: boolean; slots: { volunteers: Volunteer[] }[] };

  beforeAll(async () => {
    server = await startTestServer();
    admin = new ApiClient(server.url);
    await admin.login(adminCredentials.email, adminCredentials.password);
  });
  afterAll(() => server.stop());

  const browser = { 'Accept-Encoding': 'gzip, deflate, br, zstd', Accept: '*/*' };
  const trpcSheet = async (client: ApiClient, id: number) => {
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { id } } }));
    const res = await client.get<{ result: { data: { json: Sheet } } }[]>(
      `/trpc/sheets.byId?batch=1&input=${input}`,
      browser,
    );
    expect(res.status).toBe(200);
    const sheet = res.body[0]?.result.data.json;
    if (!sheet) throw new Error('no sheet');
    return sheet;
  };
  const restSheet = async (client: ApiClient, id: number) => {
    const res = await client.get<Sheet>(`/api/signup-sheets/${id}`, browser);
    expect(res.status).toBe(200);
    return res.body;
  };
  const volunteersOf = (sheet: Sheet) => sheet.slots.flatMap((s) => s.volunteers);

  it("never shows a manager's kept answer to a parent, and shows each parent their own signup and nobody else's details", async () => {
    const owner = await account(server, admin, 'run@example.org', 'organizer');
    const parent = await account(server, admin, 'pat@example.org', 'member');
    const mine = await account(server, admin, 'mia@example.org', 'member');
    const { sheetId, slotId } = await createSheetWithSlot(owner, 5, { title: 'Private Fair' });
    expect(
      (
        await new ApiClient(server.url).post('/api/volunteers', {
          slotId,
          name: 'Casey Contact',
          email: 'casey@example.org',
          phone: '555-0199',
          emailConsent: true,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await mine.post('/api/volunteers', {
          slotId,
          name: 'Mia Mine',
          email: 'mia@example.org',
          phone: '555-0142',
          emailConsent: true,
        })
      ).status,
    ).toBe(201);

    for (const read of [trpcSheet, restSheet]) {
      // The managers' answers first, twice each (the second from what is kept).
      for (const manager of [owner, admin, owner, admin]) {
        const seen = await read(manager, sheetId);
        expect(seen.viewerManages).toBe(true);
        expect(
          volunteersOf(seen)
            .map((v) => v.email)
            .sort(),
        ).toEqual(['casey@example.org', 'mia@example.org']);
        expect(volunteersOf(seen).every((v) => !v.isMine)).toBe(true);
      }
      for (const visitor of [parent, new ApiClient(server.url), parent]) {
        const seen = await read(visitor, sheetId);
        expect(seen.viewerManages).toBe(false);
        expect(
          volunteersOf(seen)
            .map((v) => v.name)
            .sort(),
        ).toEqual(['Casey C.', 'Mia M.']);
        expect(volunteersOf(seen).some((v) => v.email !== undefined || v.phone !== undefined)).toBe(false);
      }
      for (let i = 0; i < 2; i++) {
        const seen = await read(mine, sheetId);
        expect(volunteersOf(seen).map((v) => [v.name, v.email ?? null, v.isMine])).toEqual([
          ['Casey C.', null, false],
          ['Mia Mine', 'mia@example.org', true],
        ]);
      }
    }

    // Signed out, the old cookie is nobody's: the signed-out answer.
    const cookie = parent.cookie;
    expect((await parent.post('/api/auth/logout')).status).toBe(200);
    parent.cookie = cookie;
    expect(volunteersOf(await trpcSheet(parent, sheetId)).some((v) => v.email !== undefined)).toBe(false);

    // Made an administrator, the parent sees the details at once.
    const promoted = await account(server, admin, 'newadmin@example.org', 'member');
    expect(volunteersOf(await trpcSheet(promoted, sheetId)).some((v) => v.email !== undefined)).toBe(false);
    expect((await admin.patch(`/api/users/${promoted.id}`, { role: 'admin' })).status).toBe(200);
    expect(
      volunteersOf(await trpcSheet(promoted, sheetId))
        .map((v) => v.email)
        .sort(),
    ).toEqual(['casey@example.org', 'mia@example.org']);
  });
});
