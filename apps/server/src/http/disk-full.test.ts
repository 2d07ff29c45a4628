/**
 * When the disk is full or read-only (API.md, "Mail that cannot be turned against anyone"): a
 * write answers 503 with one sentence, nothing half-written stays, and /api/health answers 503
 * `database: "read-only"` until writes succeed again, without a restart.
 *
 * The server is the real one, on a real SQLite file. A full disk is SQLite's own max_page_count,
 * set on the server's connection: the database may not grow past it, and a write that needs a
 * new page fails with SQLITE_FULL, as it does when the disk has no space left; raising it is the
 * space coming back. A read-only database is SQLite's query_only on that connection: every write
 * fails with SQLITE_READONLY. (A read-only file or mount is not used: as root, which tests may
 * run as, a file's mode does not stop a write, and mounting needs privileges.)
 */
import type { ServiceContext } from '@pac/api';
import { openDatabase } from '@pac/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runReminderTick } from '../loops/reminders';
import {
  adminCredentials,
  ApiClient,
  type ApiResponse,
  createSheetWithSlot,
  inDays,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { captureLog, type LogCapture } from '../../test/support/log';
import { smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';
import { appVersion } from './health';

const sentence = 'The server cannot save changes right now. Please try again later.';
const refusedBody = { message: sentence, code: 'SERVICE_UNAVAILABLE' };

/** The server's own connection to its database, where max_page_count and query_only apply. */
function connectionOf(server: TestServer) {
  return server.runtime.db.$client;
}

/** The database may grow by `pages` pages more, and no further: a disk about to be full. */
function fullAfter(server: TestServer, pages: number): void {
  const sqlite = connectionOf(server);
  const count = Number(sqlite.pragma('page_count', { simple: true }));
  sqlite.pragma(`max_page_count = ${count + pages}`);
}

/** SQLite's own limit again (the largest page count): the space has come back. */
function spaceBack(server: TestServer): void {
  connectionOf(server).pragma('max_page_count = 4294967294');
}

interface SignupInput {
  slotId: number;
  name: string;
  email: string;
  phone: string;
  notes: string;
}

/** A signup with long notes: two fill a page, so the database fills in a few dozen. */
const signupInput = (slotId: number, n: number): SignupInput => ({
  slotId,
  name: `Parent ${n}`,
  email: `parent.${slotId}.${n}@example.org`,
  phone: '555-0100',
  notes: `Can bring ${n} trays. ${'x'.repeat(1500)}`,
});

async function health(server: TestServer): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/api/health`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A tRPC call as the web app makes it (superjson `{ json }`); its status and error. */
async function trpcCall(
  server: TestServer,
  procedure: string,
  options: { input?: unknown; cookie?: string | null } = {},
): Promise<{
  status: number;
  retryAfter: string | null;
  error: { message?: unknown; data?: Record<string, unknown> } | undefined;
}> {
  const mutation = options.input !== undefined;
  const res = await fetch(`${server.url}/trpc/${procedure}`, {
    method: mutation ? 'POST' : 'GET',
    headers: {
      ...(mutation ? { 'Content-Type': 'application/json' } : {}),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: mutation ? JSON.stringify({ json: options.input }) : undefined,
  });
  const body = (await res.json()) as { error?: { json?: { message?: unknown; data?: Record<string, unknown> } } };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), error: body.error?.json };
}

describe('a full disk', () => {
  let server: TestServer;
  let admin: ApiClient;
  let log: LogCapture;
  const visitor = () => new ApiClient(server.url);

  beforeAll(async () => {
    log = captureLog('info');
    // Every signup here comes from one address: the per-address limit is not what is tested.
    server = await startTestServer({ env: { SIGNUP_RATE_LIMIT: '10000' }, logger: log.logger });
    admin = new ApiClient(server.url);
    await admin.login(adminCredentials.email, adminCredentials.password);
  });
  afterEach(() => spaceBack(server));
  afterAll(() => server.stop());

  /**
   * Signs up on the slot, four at once (so that signups share commits), until the database is
   * full: then one at a time until a signup alone is refused. Returns the ids of the signups that
   * answered 201, every answer that was not a 201, and the input of the last one refused.
   */
  async function fillUp(slotId: number) {
    const acknowledged: number[] = [];
    const refused: ApiResponse[] = [];
    let n = 0;
    const attempt = async (count: number) => {
      const inputs = Array.from({ length: count }, () => signupInput(slotId, n++));
      const answers = await Promise.all(
        inputs.map((input) => visitor().post<{ id: number }>('/api/volunteers', input)),
      );
      answers.forEach((answer) => {
        if (answer.status === 201) acknowledged.push(answer.body.id);
        else refused.push(answer);
      });
      return answers[answers.length - 1]?.status === 201 ? null : inputs[inputs.length - 1];
    };
    while (refused.length === 0) {
      // A bound, so that a database that never fills fails the test rather than running on.
      expect(n).toBeLessThan(1000);
      await attempt(4);
    }
    let last: SignupInput | null | undefined = null;
    while (!last) {
      expect(n).toBeLessThan(1000);
      last = await attempt(1);
    }
    return { acknowledged, refused, last };
  }

  it('refuses writes with 503 and the sentence (REST and tRPC), keeps every acknowledged signup, and recovers without a restart', async () => {
    const { slotId } = await createSheetWithSlot(admin, 10000);
    fullAfter(server, 12);
    const { acknowledged, refused, last } = await fillUp(slotId);

    expect(acknowledged.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual(refusedBody);
      expect(answer.headers.get('retry-after')).toBe('30');
    }
    // Each logged once, with its request's id and SQLite's own failure; no 500 among them.
    const logged = log.lines().filter((line) => line.level === 50);
    expect(logged.map((line) => line.msg)).toEqual(refused.map(() => 'A write failed: the database cannot be written'));
    expect(logged.map((line) => line.reqId).sort()).toEqual(refused.map((r) => r.headers.get('x-request-id')).sort());
    expect(logged[0]?.err).toMatchObject({ code: 'SQLITE_FULL' });

    // The same signup over tRPC, as the web app sends it: the same 503, with its reason.
    const overTrpc = await trpcCall(server, 'volunteers.create', { input: last });
    expect(overTrpc.status).toBe(503);
    expect(overTrpc.retryAfter).toBe('30');
    expect(overTrpc.error?.message).toBe(sentence);
    expect(overTrpc.error?.data).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      httpStatus: 503,
      reason: 'databaseReadOnly',
    });

    // Every acknowledged signup is on disk, and nothing of a refused one: a signup raises the
    // slot's count and then inserts its row, and a refused one left neither.
    const stored = (
      queryOne<{ ids: string | null }>(
        server.databasePath,
        'SELECT group_concat(id) AS ids FROM (SELECT id FROM volunteers WHERE slot_id = ? ORDER BY id)',
        slotId,
      ).ids ?? ''
    )
      .split(',')
      .map(Number);
    expect(stored).toEqual([...acknowledged].sort((a, b) => a - b));
    expect(
      queryOne<{ count: number }>(
        server.databasePath,
        'SELECT current_volunteers AS count FROM volunteer_slots WHERE id = ?',
        slotId,
      ).count,
    ).toBe(acknowledged.length);
    expect(
      queryOne<{ n: number }>(server.databasePath, 'SELECT count(*) AS n FROM volunteers WHERE email = ?', last.email)
        .n,
    ).toBe(0);

    // Health says so, and keeps saying so while the database is still full.
    for (let i = 0; i < 2; i += 1) {
      const answer = await health(server);
      expect(answer.status).toBe(503);
      const { uptimeSeconds, ...rest } = answer.body;
      expect(rest).toEqual({
        status: 'error',
        database: 'read-only',
        version: appVersion,
        timeZone: 'UTC',
        tzdata: process.versions.tz,
      });
      expect(typeof uptimeSeconds).toBe('number');
    }

    // Space comes back: the same server takes the signup it refused, and health is ok again.
    spaceBack(server);
    const again = await visitor().post<{ id: number }>('/api/volunteers', last);
    expect(again.status).toBe(201);
    const recovered = await health(server);
    expect(recovered.status).toBe(200);
    expect(recovered.body).toMatchObject({ status: 'ok', database: 'ok' });
    expect(
      queryOne<{ n: number }>(server.databasePath, 'SELECT count(*) AS n FROM volunteers WHERE slot_id = ?', slotId).n,
    ).toBe(acknowledged.length + 1);
  });

  it('health sees the space come back by itself, with no other write', async () => {
    const { slotId } = await createSheetWithSlot(admin, 10000);
    fullAfter(server, 6);
    const { last } = await fillUp(slotId);
    expect((await health(server)).status).toBe(503);

    spaceBack(server);
    const recovered = await health(server);
    expect(recovered.status).toBe(200);
    expect(recovered.body).toMatchObject({ status: 'ok', database: 'ok' });
    // Its own write left nothing behind.
    expect(
      queryOne<{ n: number }>(server.databasePath, "SELECT count(*) AS n FROM sqlite_master WHERE name LIKE 'pac_%'").n,
    ).toBe(0);
    expect((await visitor().post('/api/volunteers', last)).status).toBe(201);
  });
});

describe('a read-only database', () => {
  let smtp: TestSmtp;
  let log: LogCapture;
  let server: TestServer;
  let admin: ApiClient;
  let services: ServiceContext;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    log = captureLog('info');
    server = await startTestServer({ env: smtpEnv(smtp), logger: log.logger });
    admin = new ApiClient(server.url);
    await admin.login(adminCredentials.email, adminCredentials.password);
    // The reminder loop's work, on the server's own connection.
    services = { db: server.runtime.db, config: server.config, runtime: server.runtime };
  });
  afterEach(() => {
    connectionOf(server).pragma('query_only = OFF');
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  const readOnly = () => connectionOf(server).pragma('query_only = ON');
  const errorLines = () => log.lines().filter((line) => line.level === 50);

  it('refuses writes with 503 while a signed-in read whose session is due to be touched still answers, and health says read-only until a write commits', async () => {
    const { sheetId, slotId } = await createSheetWithSlot(admin, 10);
    readOnly();

    const signup = await new ApiClient(server.url).post('/api/volunteers', signupInput(slotId, 1));
    expect(signup.status).toBe(503);
    expect(signup.body).toEqual(refusedBody);
    expect(signup.headers.get('retry-after')).toBe('30');
    const edit = await admin.patch(`/api/signup-sheets/${sheetId}`, { title: 'Spring Fair (moved)' });
    expect(edit.status).toBe(503);
    expect(edit.body).toEqual(refusedBody);
    // Logged once each, with SQLite's own failure.
    const logged = errorLines().filter((line) => line.msg === 'A write failed: the database cannot be written');
    expect(logged).toHaveLength(2);
    expect(logged[0]?.err).toMatchObject({ code: 'SQLITE_READONLY' });

    // The admin's session was last seen more than ten minutes ago (written through a second
    // connection): reading it writes the new time, which the disk refuses; the read still answers.
    const second = openDatabase(server.databasePath);
    try {
      second.sqlite
        .prepare(
          'UPDATE sessions SET last_seen_at = last_seen_at - 1200000 WHERE user_id = (SELECT id FROM users WHERE email = ?)',
        )
        .run(adminCredentials.email);
    } finally {
      second.close();
    }
    const me = await admin.get<{ email: string }>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(adminCredentials.email);
    const meOverTrpc = await trpcCall(server, 'auth.me', { cookie: admin.cookie });
    expect(meOverTrpc.status).toBe(200);

    const answer = await health(server);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'error', database: 'read-only', version: appVersion });

    connectionOf(server).pragma('query_only = OFF');
    expect((await admin.get('/api/auth/me')).status).toBe(200);
    expect((await health(server)).status).toBe(200);
    const sheet = await admin.get<{ title: string }>(`/api/signup-sheets/${sheetId}`);
    expect(sheet.body.title).toBe('Spring Fair');
  });

  it('the reminder loop logs the refused write and carries on, and sends the reminder once writes work again', async () => {
    // A shift 6.5 days away: its week reminder is due now.
    const { slotId } = await createSheetWithSlot(admin, 10, { title: 'Book Fair', eventDate: inDays(6.5) });
    const signup = await new ApiClient(server.url).post('/api/volunteers', {
      ...signupInput(slotId, 2),
      emailConsent: true,
    });
    expect(signup.status).toBe(201);
    await server.runtime.mail.flush();
    smtp.messages.length = 0;

    readOnly();
    const before = errorLines().length;
    expect(await runReminderTick(services)).toBe(0);
    const failures = errorLines()
      .slice(before)
      .filter((line) => line.msg === 'Automatic reminder failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]?.err).toMatchObject({ code: 'SQLITE_READONLY' });
    expect(smtp.messages).toHaveLength(0);

    connectionOf(server).pragma('query_only = OFF');
    expect(await runReminderTick(services)).toBe(1);
    const [reminder] = await smtp.waitFor(1);
    expect(reminder?.parsed.subject).toMatch(/^Reminder: Book Fair/);
  });
});
