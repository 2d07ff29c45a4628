import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DbHandle, migrate, openDatabase, signupSheets } from '@pac/db';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { PublicReadCache } from './publicCache';

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
      if (key !== null && cache.serveOrCapture(key, res)) return;
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
