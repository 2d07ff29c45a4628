/**
 * Shared pieces of the property-based fuzz tests (rest.fuzz.test.ts, trpc.fuzz.test.ts):
 * a fuzz server with seeded data and three callers, a raw HTTP client, per-table snapshots of
 * the SQLite file, the answer checks every fuzzed request goes through, and the arbitraries
 * (hostile strings and ids, values by field name, JSON bodies).
 *
 * Environment:
 *   FUZZ_RUNS=<n>   runs per property, instead of each property's default
 *   FUZZ_SEED=<n>   fast-check seed (the failure report prints the seed and path to replay; without
 *                   it every property draws its own, and fuzzTrace's report names it)
 *   FUZZ_PATH=<p>   fast-check replay path (use together with FUZZ_SEED and vitest -t '<test name>')
 *   FUZZ_STATS=1    print how often each test saw each status (FUZZ_STATS=messages: and each message)
 */
import { createHash } from 'node:crypto';
import { request as httpRequest, Agent, type IncomingHttpHeaders, maxHeaderSize } from 'node:http';
import { inspect } from 'node:util';
import argon2 from 'argon2';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { adminCredentials, inDays, startTestServer, type TestServer } from '../support/harness';
import { smtpEnv, startTestSmtp, type TestSmtp } from '../support/smtp';

// ---------------------------------------------------------------------------------------------
// fast-check parameters

function envInt(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new Error(`${name} must be an integer, got ${JSON.stringify(raw)}`);
  return n;
}

/**
 * fc.assert parameters: the property's default number of runs unless FUZZ_RUNS says otherwise, and
 * FUZZ_SEED's seed or one drawn here (the way fast-check draws its own), so that fuzzTrace can name
 * it: fast-check prints its seed only once the property has finished, never for a test that timed out.
 */
export function fuzzParams<T>(defaultRuns: number): fc.Parameters<T> {
  const runs = envInt('FUZZ_RUNS');
  const seed = envInt('FUZZ_SEED') ?? (Date.now() ^ (Math.random() * 0x1_0000_0000)) | 0;
  const path = process.env.FUZZ_PATH;
  const numRuns = runs ?? defaultRuns;
  fuzzTrace.current.asserting(seed, numRuns, path);
  return { numRuns, seed, ...(path ? { path } : {}) };
}

/** A per-test time limit that grows with FUZZ_RUNS. */
export function fuzzTimeout(defaultRuns: number, msPerRun = 400): number {
  const runs = envInt('FUZZ_RUNS') ?? defaultRuns;
  return 60_000 + runs * msPerRun;
}

// ---------------------------------------------------------------------------------------------
// What a fuzz test was doing when it failed or timed out

/** Anything that can say what background work it is waiting for (FuzzServer.pending). */
interface PendingSource {
  pending(): string;
}

/**
 * One test's fuzzing, for its failure report: its fast-check seeds, how many runs it got through,
 * the first failure (fast-check reports one only after shrinking it, which can take longer than the
 * test may run), the step under way (sending a request, settling the server's background work,
 * restoring sessions or seed data) and the last request. The time stamps are only printed, never
 * waited on.
 */
class TestTrace {
  private readonly seeds: { seed: number; numRuns: number; path?: string }[] = [];
  private runs = 0;
  private failures = 0;
  private firstFailure: { run: number; message: string } | undefined;
  private readonly steps: { name: string; since: number }[] = [];
  private lastRequest: { text: string; sentAt: number; answer?: string } | undefined;

  constructor(
    readonly test: string,
    private readonly signal?: AbortSignal,
  ) {}

  /** Whether the test has ended (timed out): its property, if fast-check still runs it, has nothing left to do. */
  get stopped(): boolean {
    return this.signal?.aborted === true;
  }

  asserting(seed: number, numRuns: number, path: string | undefined): void {
    this.seeds.push({ seed, numRuns, ...(path ? { path } : {}) });
  }

  ran(error?: unknown): void {
    this.runs += 1;
    if (error === undefined) return;
    this.failures += 1;
    const message = error instanceof Error ? error.message : inspect(error);
    this.firstFailure ??= { run: this.runs, message };
  }

  /** Runs `work` as a named step (steps nest: 'ensureSeed > settle'). */
  async step<T>(name: string, work: () => Promise<T>): Promise<T> {
    const entry = { name, since: Date.now() };
    this.steps.push(entry);
    try {
      return await work();
    } finally {
      this.steps.splice(this.steps.indexOf(entry), 1);
    }
  }

  sending(req: RawRequest): { answer?: string } {
    this.lastRequest = { text: describeRequest(req), sentAt: Date.now() };
    return this.lastRequest;
  }

  /** The report printed when the test fails or times out. */
  report(server?: PendingSource): string {
    const now = Date.now();
    const lines = [`fuzz trace of "${this.test}"`];
    const testPattern = this.test.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const { seed, numRuns, path } of this.seeds) {
      lines.push(
        `  fast-check seed ${seed}, ${numRuns} runs; replay: FUZZ_SEED=${seed}${path ? ` FUZZ_PATH=${path}` : ''} … vitest run <this file> -t '${testPattern}'`,
      );
    }
    if (this.seeds.length === 0) lines.push('  no fast-check property ran');
    else lines.push(`  ${this.runs} runs of the property so far, ${this.failures} of them failed`);
    if (this.firstFailure) {
      const after = this.runs - this.firstFailure.run;
      lines.push(
        `  first failure at run ${this.firstFailure.run}${after > 0 ? `, ${after} runs since (fast-check shrinking it)` : ''}:`,
        indent(this.firstFailure.message.slice(0, 4000), '    '),
      );
    }
    if (this.steps.length > 0) {
      const since = this.steps[0]?.since ?? now;
      lines.push(`  under way: ${this.steps.map((s) => s.name).join(' > ')} (for ${now - since} ms)`);
    }
    if (this.lastRequest) {
      const { text, sentAt, answer } = this.lastRequest;
      lines.push(
        `  last request, sent ${now - sentAt} ms ago, ${answer === undefined ? 'not answered yet' : `answer: ${answer}`}:`,
        indent(text, '    '),
      );
    }
    if (server) lines.push(`  ${server.pending()}`);
    return lines.join('\n');
  }
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');
}

/** The trace of the test under way (fuzzTrace.begin in a beforeEach starts a new one). */
export const fuzzTrace = {
  current: new TestTrace(''),
  /** A new test starts; `signal` is the test's own (vitest aborts it when the test times out). */
  begin(test: string, signal?: AbortSignal): TestTrace {
    this.current = new TestTrace(test, signal);
    return this.current;
  },
};

/**
 * A property's predicate, traced for the report of the test it was made in: runs are counted, the
 * first failure kept. Once that test has ended (it timed out while fast-check was still running or
 * shrinking) every further run passes without doing anything, so that the property, which
 * fast-check goes on running, ends soon and sends nothing to the server the next tests use.
 */
export function traced<A extends unknown[]>(predicate: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  const trace = fuzzTrace.current;
  return async (...args: A) => {
    if (trace.stopped) return;
    try {
      await predicate(...args);
    } catch (error) {
      // A failed fc.pre skips the run: no failure.
      trace.ran(fc.PreconditionFailure.isFailure(error) ? undefined : error);
      throw error;
    }
    trace.ran();
  };
}

// ---------------------------------------------------------------------------------------------
// Raw HTTP: full control over method, path bytes, headers and body

export interface RawRequest {
  method: string;
  /** Sent as is (already percent-encoded where needed). */
  path: string;
  headers?: Record<string, string | string[]>;
  body?: Buffer | string;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

const agent = new Agent({ keepAlive: false });

/**
 * What Node's HTTP parser counts against its header limit (http.maxHeaderSize, 16 KB): the URL
 * and the name and value of every header field. Above the limit Node answers 431 itself, with no
 * body, and the request never reaches the server's code.
 */
export function requestHeadBytes(req: RawRequest): number {
  let bytes = Buffer.byteLength(req.path, 'latin1');
  for (const [name, value] of Object.entries(req.headers ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) bytes += name.length + Buffer.byteLength(v, 'latin1');
  }
  return bytes;
}

/** Room left under Node's limit for the headers node:http adds itself (Host, Connection, Content-Length). */
const addedHeadersBytes = 128;

/** Whether Node's HTTP parser takes this request, rather than answering 431 itself. */
export function fitsHeaderLimit(req: RawRequest): boolean {
  return requestHeadBytes(req) + addedHeadersBytes <= maxHeaderSize;
}

/** Every session token the server ever set in a cookie: none may appear in an answer body. */
export const issuedTokens = new Set<string>();

export function describeRequest(req: RawRequest): string {
  const body = req.body === undefined ? '' : typeof req.body === 'string' ? req.body : req.body.toString('latin1');
  const shown = body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body;
  const headers = Object.entries(req.headers ?? {}).map(([k, v]) => {
    const text = Array.isArray(v) ? v.join(' | ') : v;
    return `${k}: ${text.length > 120 ? `${text.slice(0, 120)}… (${text.length} chars)` : text}`;
  });
  return `${req.method} ${req.path.length > 200 ? `${req.path.slice(0, 200)}…` : req.path}\n  ${headers.join('\n  ')}\n  body: ${shown}`;
}

export function describeResponse(res: RawResponse): string {
  return `${res.status} ${String(res.headers['content-type'] ?? '')} ${res.text.slice(0, 500)}`;
}

export function send(baseUrl: string, req: RawRequest, timeoutMs = 20_000): Promise<RawResponse> {
  // A fuzzer bug, not a server one: Node would answer a bodiless 431 that no answer check expects.
  if (!fitsHeaderLimit(req)) {
    return Promise.reject(
      new Error(
        `the fuzzer built a request whose URL and headers (${requestHeadBytes(req)} bytes) exceed Node's ${maxHeaderSize}-byte header limit (check fitsHeaderLimit first)\n${describeRequest(req)}`,
      ),
    );
  }
  const sent = fuzzTrace.current.sending(req);
  const url = new URL(baseUrl);
  const body =
    req.body === undefined ? undefined : typeof req.body === 'string' ? Buffer.from(req.body, 'utf8') : req.body;
  const headers: Record<string, string | string[]> = { ...(req.headers ?? {}) };
  if (body !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-length')) {
    headers['Content-Length'] = String(body.length);
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, value?: RawResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sent.answer = error ? `none: ${error.message}` : String(value?.status);
      if (error) reject(error);
      else if (value) resolve(value);
    };
    const timer = setTimeout(() => {
      finish(new Error(`no answer within ${timeoutMs} ms`));
      outgoing.destroy();
    }, timeoutMs);
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, method: req.method, path: req.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => finish(e));
        res.on('end', () => {
          for (const cookie of res.headers['set-cookie'] ?? []) {
            const value = /^pac_session=([^;]*)/.exec(cookie)?.[1];
            if (value) issuedTokens.add(value);
          }
          finish(null, {
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    // The server may answer (413, 415) and close before the whole body is written: the answer
    // still counts, a write error after it does not.
    outgoing.on('error', (e) => {
      setTimeout(() => finish(new Error(`no HTTP answer: ${e.message}`)), 50);
    });
    if (body !== undefined) outgoing.end(body);
    else outgoing.end();
  });
}

/** Percent-encodes every byte outside the unreserved set (lone surrogates become U+FFFD). */
export function pctEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Whether a string may be put into a request path as is (Node refuses other characters). */
export function rawPathSafe(value: string): boolean {
  return /^[\x21-\x7e]*$/.test(value) && !/[/?#]/.test(value);
}

/** Whether a string may be a header value (Node refuses control characters and non-Latin-1). */
export function headerSafe(value: string): boolean {
  return /^[\x20-\x7e\x80-\xff]*$/.test(value) && value.trim() === value;
}

/**
 * FUZZ_STATS=1 prints, after each file, how often each test saw each status: a quick way to see
 * that the properties get past validation and authorization often enough to mean something.
 */
const statusCounts = new Map<string, Map<string, number>>();

export function countStatus(test: string, res: RawResponse | string): void {
  if (!process.env.FUZZ_STATS) return;
  let status = typeof res === 'string' ? res : String(res.status);
  // FUZZ_STATS=messages also splits the counts by error message.
  if (typeof res !== 'string' && process.env.FUZZ_STATS === 'messages' && res.status >= 300) {
    status += ` ${/"message":"([^"]{0,60})/.exec(res.text)?.[1] ?? ''}`;
  }
  const counts = statusCounts.get(test) ?? new Map<string, number>();
  counts.set(status, (counts.get(status) ?? 0) + 1);
  statusCounts.set(test, counts);
}

export function printStatusCounts(): void {
  if (!process.env.FUZZ_STATS) return;
  const lines = [...statusCounts].map(
    ([test, counts]) =>
      `${test}: ${[...counts]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
  );
  console.log(`fuzz status counts\n${lines.join('\n')}`);
}

// ---------------------------------------------------------------------------------------------
// Database snapshots: per-table row count and content hash

export type DbSnapshot = Map<string, { rows: number; hash: string }>;

/**
 * Columns that legitimately change on any request and are left out of the hash:
 * sessions.last_seen_at is refreshed (at most once every ten minutes) whenever a session is used.
 */
const volatileColumns: Record<string, string[]> = { sessions: ['last_seen_at'] };

export class DbWatcher {
  private readonly sqlite: Database.Database;

  constructor(readonly path: string) {
    this.sqlite = new Database(path, { readonly: true, fileMustExist: true });
  }

  tables(): string[] {
    const rows = this.sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[];
    return rows.map((r) => r.name);
  }

  snapshot(): DbSnapshot {
    const out: DbSnapshot = new Map();
    for (const table of this.tables()) {
      const skip = volatileColumns[table] ?? [];
      const columns = (this.sqlite.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[])
        .map((c) => c.name)
        .filter((c) => !skip.includes(c));
      const list = columns.map((c) => `"${c}"`).join(', ');
      const rows = this.sqlite.prepare(`SELECT ${list} FROM "${table}" ORDER BY ${list}`).raw().all() as unknown[][];
      const hash = createHash('sha1');
      for (const row of rows)
        hash.update(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
      out.set(table, { rows: rows.length, hash: hash.digest('hex') });
    }
    return out;
  }

  /** Ids currently in a table (for picking real ids at run time). */
  ids(table: string): number[] {
    return (this.sqlite.prepare(`SELECT id FROM "${table}" ORDER BY id`).all() as { id: number }[]).map((r) => r.id);
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.sqlite.prepare(sql).get(...params) as T | undefined;
  }

  close(): void {
    this.sqlite.close();
  }
}

export function diffSnapshots(before: DbSnapshot, after: DbSnapshot): string[] {
  const changed: string[] = [];
  for (const [table, a] of after) {
    const b = before.get(table);
    if (!b) changed.push(`${table}: new table`);
    else if (b.rows !== a.rows) changed.push(`${table}: ${b.rows} → ${a.rows} rows`);
    else if (b.hash !== a.hash) changed.push(`${table}: content changed`);
  }
  for (const table of before.keys()) if (!after.has(table)) changed.push(`${table}: dropped`);
  return changed;
}

// ---------------------------------------------------------------------------------------------
// The fuzz server: seeded data, three callers

export type Role = 'anon' | 'user' | 'admin';
export const roles: readonly Role[] = ['anon', 'user', 'admin'];

export const secrets = {
  /** The senderPassword setting seeded through the settings route. */
  settingSenderPassword: 'FuzzSenderSecret-7f3a9cQ2',
  /** EMAIL_APP_PASSWORD of the fuzz server. */
  envAppPassword: 'FuzzEnvAppPassword-1b2cZ9',
} as const;

export const userCredentials = { email: 'fuzz.user@example.org', password: 'fuzz-user-password-1', name: 'Fuzz User' };

/** Every valid password the arbitraries produce: a fuzzed password change can only pick one of these. */
const knownPasswords = ['secret1', 'new-secret', 'new-secret-2', adminCredentials.password, userCredentials.password];

export interface Account {
  id: number;
  password: string;
  token: string;
}

export interface FuzzServer {
  server: TestServer;
  smtp: TestSmtp;
  watcher: DbWatcher;
  accounts: { user: Account; admin: Account };
  /** The Cookie header of a role (none for anon). */
  cookie(role: Role): Record<string, string>;
  /** Waits for background work (signup mails, monitor checks) so that snapshots are stable. */
  settle(): Promise<void>;
  /** The background work settle() would wait for now, and the process's active handles, in one line. */
  pending(): string;
  /** Makes sure the user and admin sessions still exist (a fuzzed logout or register may end them). */
  ensureSessions(): Promise<void>;
  /** Puts seed data back when fuzzed deletes emptied the tables. */
  ensureSeed(): Promise<void>;
  /** A JSON request as a role, expecting 2xx; for seeding. */
  seedCall<T>(role: Role, method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sessionTokenFrom(res: RawResponse): string {
  for (const cookie of res.headers['set-cookie'] ?? []) {
    const value = /^pac_session=([^;]+)/.exec(cookie)?.[1];
    if (value) return value;
  }
  throw new Error(`no session cookie in ${describeResponse(res)}`);
}

/** Hosts the fuzzed monitors may use: all resolve to 127.0.0.1, where nothing listens on 80/443. */
export const monitorHosts = ['www.example-district.org', 'example-district.org', 'news.example-district.org'];

export async function startFuzzServer(): Promise<FuzzServer> {
  const smtp = await startTestSmtp();
  const server = await startTestServer({
    env: {
      ...smtpEnv(smtp),
      EMAIL_APP_PASSWORD: secrets.envAppPassword,
      LOGIN_MAX_FAILURES: '1000',
      MONITOR_ALLOW_PRIVATE_ADDRESSES: 'true',
      MONITOR_RESOLVE: monitorHosts.map((h) => `${h}=127.0.0.1`).join(','),
      MONITOR_HOST_SPACING_MS: '0',
      MONITOR_TIMEOUT_MS: '1000',
    },
  });
  const watcher = new DbWatcher(server.databasePath);
  const base = server.url;

  const login = async (email: string, password: string): Promise<{ id: number; token: string }> => {
    const res = await send(base, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`login ${email}: ${describeResponse(res)}`);
    const parsed = JSON.parse(res.text) as { id: number };
    return { id: parsed.id, token: sessionTokenFrom(res) };
  };

  const adminLogin = await login(adminCredentials.email, adminCredentials.password);
  const registered = await send(base, {
    method: 'POST',
    path: '/api/auth/register',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...userCredentials, phone: '555-0100', emailConsent: true }),
  });
  if (registered.status !== 201) throw new Error(`register: ${describeResponse(registered)}`);
  const accounts = {
    admin: { id: adminLogin.id, password: adminCredentials.password, token: adminLogin.token },
    user: {
      id: (JSON.parse(registered.text) as { id: number }).id,
      password: userCredentials.password,
      token: sessionTokenFrom(registered),
    },
  };

  const cookie = (role: Role): Record<string, string> =>
    role === 'anon' ? {} : { Cookie: `pac_session=${accounts[role].token}` };

  const settle = () =>
    fuzzTrace.current.step('settle', async () => {
      await Promise.all([server.runtime.mail.flush(), server.runtime.monitorRunner.idle()]);
    });

  const pending = (): string => {
    const mail = server.runtime.mail.pending();
    const checks = server.runtime.monitorRunner.pending();
    const handles = new Map<string, number>();
    for (const kind of process.getActiveResourcesInfo()) handles.set(kind, (handles.get(kind) ?? 0) + 1);
    return [
      `background mail tasks: ${mail.length === 0 ? 'none' : mail.join(', ')}`,
      `monitor checks: ${checks.monitorIds.length === 0 ? 'none' : `monitors ${checks.monitorIds.join(', ')} (${checks.running} running, ${checks.queued} queued)`}`,
      `active handles: ${[...handles].map(([kind, n]) => `${kind}×${n}`).join(' ')}`,
    ].join('; ');
  };

  const seedCall = async <T>(role: Role, method: string, path: string, body?: unknown): Promise<T> => {
    const res = await send(base, {
      method,
      path,
      headers: { ...cookie(role), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status < 200 || res.status > 299) throw new Error(`seed ${method} ${path}: ${describeResponse(res)}`);
    return (res.text ? JSON.parse(res.text) : null) as T;
  };

  const seedSheets = async () => {
    for (const n of [1, 2]) {
      const sheet = await seedCall<{ id: number }>('admin', 'POST', '/api/signup-sheets', {
        title: `Fuzz Fair ${n}`,
        description: 'Seeded for the fuzz tests',
        eventDate: inDays(n),
        organizerName: 'Olivia Organizer',
        organizerEmail: 'olivia@example.org',
      });
      const start = new Date(Date.now() + n * 6 * 3_600_000);
      const full = await seedCall<{ id: number }>('admin', 'POST', '/api/volunteer-slots', {
        signupSheetId: sheet.id,
        title: 'Single helper',
        maxVolunteers: 1,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      });
      const open = await seedCall<{ id: number }>('admin', 'POST', '/api/volunteer-slots', {
        signupSheetId: sheet.id,
        title: 'Bake sale table',
        description: 'Bring cookies',
        maxVolunteers: 5,
      });
      await seedCall('anon', 'POST', '/api/volunteers', {
        slotId: full.id,
        name: 'Casey Jones',
        email: `casey${n}@example.org`,
        phone: '555-0101',
        emailConsent: true,
      });
      await seedCall('user', 'POST', '/api/volunteers', {
        slotId: open.id,
        name: userCredentials.name,
        email: userCredentials.email,
        phone: '555-0100',
        notes: 'Own signup',
        emailConsent: true,
      });
      await seedCall('admin', 'POST', '/api/volunteers', {
        slotId: open.id,
        userId: accounts.user.id,
        name: 'On Behalf',
        email: `behalf${n}@example.org`,
        phone: '555-0102',
      });
    }
  };

  // Monitoring: a monitor with a (failed) check, and the demo change with its notifications.
  const seedMonitor = async () => {
    const monitor = await seedCall<{ id: number }>('admin', 'POST', '/api/monitors', {
      name: 'Fuzz news',
      url: 'https://news.example-district.org/',
      selectors: ['main'],
    });
    await seedCall('admin', 'POST', `/api/monitors/${monitor.id}/check`);
    await seedCall('admin', 'POST', '/api/demo/create-sample-notifications');
  };

  // Email settings: a sender whose password must never show, and where admin mail goes.
  await seedCall('admin', 'POST', '/api/settings/adminEmail', { value: 'pac-admin@example.org' });
  await seedCall('admin', 'POST', '/api/settings/senderEmail', { value: 'pac.sender@example.org' });
  await seedCall('admin', 'POST', '/api/settings/senderPassword', { value: secrets.settingSenderPassword });
  await seedSheets();
  await seedMonitor();
  // The signup confirmations above sign cancel links, which creates the link-signing key: a
  // refused cancel link would otherwise create it on first use.
  await settle();

  // A fuzzed change-password call with the right current password (the arbitraries offer it)
  // changes an account's password and ends its other sessions: the new one is among the
  // passwords the fuzzer knows, and the stored hash tells which.
  const currentPassword = async (role: 'user' | 'admin', hash: string): Promise<string> => {
    const account = accounts[role];
    for (const candidate of [account.password, ...knownPasswords]) {
      if (await argon2.verify(hash, candidate)) return candidate;
    }
    throw new Error(`the ${role} account's password was changed to one the fuzzer does not know`);
  };

  /**
   * The role's account again, with its own email and password, after a fuzzed deletion took it: the
   * account now holding that email (a fuzzed registration may have taken it), else a new row.
   * Straight into the database, as the server's own start-up makes its first admin.
   */
  const recreateAccount = async (role: 'user' | 'admin'): Promise<number> => {
    const credentials = role === 'admin' ? adminCredentials : userCredentials;
    const passwordHash = await argon2.hash(credentials.password, { type: argon2.argon2id });
    const db = new Database(server.databasePath);
    try {
      const existing = db.prepare('SELECT id FROM users WHERE email = ?').get(credentials.email) as
        { id: number } | undefined;
      const roleName = role === 'admin' ? 'admin' : 'member';
      if (existing) {
        db.prepare('UPDATE users SET password_hash = ?, role = ? WHERE id = ?').run(
          passwordHash,
          roleName,
          existing.id,
        );
        accounts[role].password = credentials.password;
        return existing.id;
      }
      const created = db
        .prepare(
          'INSERT INTO users (email, name, password_hash, role, email_verified, email_consent, created_at) VALUES (?, ?, ?, ?, 1, 0, ?) RETURNING id',
        )
        .get(
          credentials.email,
          role === 'admin' ? 'Administrator' : userCredentials.name,
          passwordHash,
          roleName,
          Date.now(),
        ) as {
        id: number;
      };
      accounts[role].password = credentials.password;
      return created.id;
    } finally {
      db.close();
    }
  };

  const ensureSessions = () =>
    fuzzTrace.current.step('ensureSessions', async () => {
      for (const role of ['user', 'admin'] as const) {
        const account = accounts[role];
        if (watcher.get('SELECT id FROM sessions WHERE token_hash = ?', tokenHash(account.token))) continue;
        // A fuzzed account deletion or privacy erasure may have taken the account: it is made again.
        if (!watcher.get('SELECT id FROM users WHERE id = ?', account.id)) account.id = await recreateAccount(role);
        const row = watcher.get<{ email: string; password_hash: string }>(
          'SELECT email, password_hash FROM users WHERE id = ?',
          account.id,
        );
        if (!row) throw new Error(`the ${role} account is gone`);
        account.password = await fuzzTrace.current.step(`checking the ${role}'s password (argon2)`, () =>
          currentPassword(role, row.password_hash),
        );
        account.token = (await login(row.email, account.password)).token;
      }
    });

  const ensureSeed = async () => {
    const count = (table: string) => watcher.get<{ n: number }>(`SELECT count(*) AS n FROM "${table}"`)?.n ?? 0;
    const sheetsGone = count('signup_sheets') === 0 || count('volunteer_slots') === 0 || count('volunteers') === 0;
    const monitorsGone = count('monitors') === 0 || count('snapshots') === 0;
    if (!sheetsGone && !monitorsGone) return;
    await fuzzTrace.current.step('ensureSeed', async () => {
      await ensureSessions();
      if (sheetsGone) await seedSheets();
      if (monitorsGone) await seedMonitor();
      await settle();
    });
  };

  return {
    server,
    smtp,
    watcher,
    accounts,
    cookie,
    settle,
    pending,
    ensureSessions,
    ensureSeed,
    seedCall,
    close: async () => {
      watcher.close();
      await server.stop();
      await smtp.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Checks on answers

/** Signs of internals in an error answer: stack frames, file paths, JS error names, SQL errors. */
const internalsPatterns: RegExp[] = [
  /\n\s*at\s/,
  /\bat\s+\S+\s+\(\S+:\d+:\d+\)/,
  /node_modules/,
  /\.(?:ts|tsx|js|mjs|cjs):\d+/,
  /\b(?:Type|Reference|Syntax|Range|URI|Eval|Internal|Aggregate|Sqlite|SQLite|Zod|TRPC)?Error: /,
  /SQLITE_[A-Z]/,
  /\b(?:UNIQUE|FOREIGN KEY|NOT NULL|CHECK) constraint failed/,
  /no such (?:table|column)/,
];

/** Problems with the internals an error answer shows. */
export function internalsIn(text: string, extraPaths: string[] = []): string[] {
  const problems = internalsPatterns.filter((p) => p.test(text)).map((p) => `shows internals (${String(p)})`);
  for (const path of extraPaths) if (path && text.includes(path)) problems.push(`shows a server file path (${path})`);
  return problems;
}

/** Problems with secrets in any answer: password hashes, session tokens, the sender password. */
export function secretsIn(text: string, fuzz: FuzzServer): string[] {
  const problems: string[] = [];
  if (text.includes('$argon2')) problems.push('carries a password hash');
  for (const token of [fuzz.accounts.admin.token, fuzz.accounts.user.token, ...issuedTokens]) {
    if (token.length >= 16 && text.includes(token)) problems.push('carries a session token');
  }
  for (const secret of Object.values(secrets)) if (text.includes(secret)) problems.push('carries the sender password');
  return problems;
}

export function isJsonResponse(res: RawResponse): boolean {
  return /^application\/json\b/i.test(String(res.headers['content-type'] ?? ''));
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Object.prototype must never gain properties (the server runs in this process). */
export function prototypePollution(): string[] {
  const probe: Record<string, unknown> = {};
  const polluted = ['polluted', 'isAdmin', 'admin', 'x'].filter((k) => probe[k] !== undefined);
  const own = Object.getOwnPropertyNames(Object.prototype).filter((k) => !baselinePrototypeKeys.has(k));
  return [...polluted, ...own].map((k) => `Object.prototype polluted with ${k}`);
}
const baselinePrototypeKeys = new Set(Object.getOwnPropertyNames(Object.prototype));

// ---------------------------------------------------------------------------------------------
// Arbitraries

/** A reference to a real row, resolved when the request is made (tables change while fuzzing). */
export class IdRef {
  constructor(
    readonly table: string,
    readonly index: number,
    readonly asString: boolean,
  ) {}
}

export type Template = IdRef | null | boolean | number | string | Template[] | { [key: string]: Template } | undefined;

/** Turns IdRefs into real ids (or 999999 when the table is empty). */
export function materialize(value: unknown, watcher: DbWatcher, cache = new Map<string, number[]>()): unknown {
  if (value instanceof IdRef) {
    let ids = cache.get(value.table);
    if (!ids) {
      ids = watcher.ids(value.table);
      cache.set(value.table, ids);
    }
    const id = ids.length === 0 ? 999_999 : (ids[value.index % ids.length] ?? 999_999);
    return value.asString ? String(id) : id;
  }
  if (Array.isArray(value)) return value.map((v) => materialize(v, watcher, cache));
  // fast-check builds some records without a prototype: those are plain objects too.
  const proto: unknown = isRecord(value) ? Object.getPrototypeOf(value) : undefined;
  if (isRecord(value) && (proto === Object.prototype || proto === null)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, {
        value: materialize(v, watcher, cache),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

export const idRef = (table: string): fc.Arbitrary<IdRef> =>
  fc
    .record({ index: fc.nat({ max: 50 }), asString: fc.boolean() })
    .map(({ index, asString }) => new IdRef(table, index, asString));

/** Strings that have broken parsers, routers and databases before. */
export const nastyStrings = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  '9'.repeat(40),
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '%',
  '..%2f..',
  '..%2F..%2Fetc%2Fpasswd',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '${7*7}',
  '{{7*7}}',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\u0000',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\ud800',
  '😀'.repeat(20),
  'ｓｃｈｏｏｌ',
  'x'.repeat(5000),
  '1.5',
  '0x10',
  '1_000',
  ' 12 ',
  '+5',
  '00001',
  '9007199254740993',
  '-0',
  '1,2',
  'setup-school',
  'check-all',
  'heroContent',
  'senderPassword',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...nastyStrings), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
  { arbitrary: fc.nat({ max: 100_000 }).map(String), weight: 1 },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1.5,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    2 ** 63,
    1e21,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true }),
);

/** A small JSON value of any shape (deep nesting is fuzzed separately). */
export const smallJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

/** Any wrong-typed value. */
export const hostileValue: fc.Arbitrary<Template> = fc.oneof(
  { arbitrary: hostileString, weight: 3 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: smallJson as fc.Arbitrary<Template>, weight: 2 },
);

const plausibleEmail = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      adminCredentials.email,
      userCredentials.email,
      'casey1@example.org',
      'new.person@example.org',
      ' MiXeD@Example.ORG ',
    ),
    weight: 3,
  },
  { arbitrary: fc.nat({ max: 100_000 }).map((n) => `person${n}@example.org`), weight: 3 },
  { arbitrary: fc.emailAddress(), weight: 1 },
);

const plausibleDate = fc.oneof(
  fc
    .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.integer({ min: -8.64e15, max: 8.64e15 }),
  fc.constantFrom(
    inDays(1),
    inDays(-1),
    '2030-05-01',
    '2030-05-01T10:00:00+14:00',
    'next tuesday',
    '',
    '0',
    '275760-09-13T00:00:00.000Z',
    '+275760-09-13T00:00:01Z',
  ),
);

/** Text of a plausible length, now and then empty, random or over the usual limits. */
function plausibleTextOf(...examples: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...examples), weight: 8 },
    { arbitrary: fc.constantFrom('', '   '), weight: 1 },
    { arbitrary: fc.string({ minLength: 1, maxLength: 30 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }), weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 190, maxLength: 260 }), weight: 1 },
  );
}

const plausibleText = plausibleTextOf('Spring Fair', 'Bake sale', 'Games & food', '<b>bold</b>', 'Ünïcödé Fête');

const passwords = fc.oneof(
  { arbitrary: fc.constantFrom(...knownPasswords), weight: 4 },
  { arbitrary: fc.constantFrom('x', '', 'x'.repeat(201)), weight: 1 },
);

const monitorUrl = fc.oneof(
  {
    arbitrary: fc
      .constantFrom(...monitorHosts)
      .chain((h) =>
        fc.constantFrom(
          `https://${h}/`,
          `http://${h}/news`,
          `https://${h}:8443/x`,
          `https://${h}/a?b=c#d`,
          `HTTPS://${h.toUpperCase()}/`,
        ),
      ),
    weight: 4,
  },
  fc.constantFrom(
    'https://evil.example.com/',
    'https://example-district.org.evil.com/',
    'https://evil.com/?u=https://www.example-district.org/',
    'https://user:pass@www.example-district.org/',
    'https://www.example-district.org\\@evil.com/',
    'https://127.0.0.1/',
    'https://[::1]/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://www.example-district.org%2f@evil.com/',
    'https://xn--exmple-cua.org/',
    'ftp://www.example-district.org/',
  ),
  fc.webUrl(),
);

const heroLink = fc.constantFrom(
  '/',
  '#',
  '/#opportunities',
  'https://example.org',
  'javascript:alert(1)',
  '//evil.com',
  'data:text/html,x',
  '',
);

/** Plausible (mostly valid) values for each field name the procedures take. */
export function fieldValue(field: string): fc.Arbitrary<Template> {
  switch (field) {
    case 'email':
    case 'organizerEmail':
      return plausibleEmail;
    case 'password':
    case 'currentPassword':
    case 'newPassword':
    case 'confirmPassword':
      return passwords;
    case 'eventDate':
    case 'startTime':
    case 'endTime':
      return plausibleDate;
    case 'maxVolunteers':
      return fc.oneof(fc.integer({ min: -5, max: 20_000 }), fc.constantFrom('3', 'abc', '', '2.5', '1e4', 10_001, 0));
    case 'emailConsent':
    case 'waitlist':
    case 'isAdmin':
    case 'emailNotifications':
    case 'internalPosts':
    case 'facebookPosts':
    case 'instagramPosts':
    case 'filterFutureEvents':
    case 'autoApprove':
    case 'moveSlots':
      return fc.oneof({ arbitrary: fc.boolean(), weight: 6 }, { arbitrary: fc.constantFrom('true', 1, 0), weight: 1 });
    case 'signupSheetId':
    case 'sheetId':
      return idRef('signup_sheets');
    case 'slotId':
      return idRef('volunteer_slots');
    case 'userId':
      return fc.oneof(idRef('users'), fc.constant(null));
    case 'ownerId':
      return fc.oneof(idRef('users'), fc.constantFrom(0, -1, '2', null));
    case 'role':
      // Only values the schema refuses: a valid role would change who the fuzz's own callers are
      // (an admin demoted mid-run). Role changes are tested in http/people.test.ts.
      return fc.constantFrom('owner', '', 'ADMIN', 'Admin ', 1, null, ['admin'], { role: 'admin' });
    case 'key':
      return fc.constantFrom(
        'heroImageUrl',
        'heroContent',
        'emailRecipients',
        'emailSettings',
        'adminEmail',
        'senderEmail',
        'senderPassword',
        'logo-url',
        'nope',
      );
    case 'value':
      return fc.oneof(plausibleEmail, fc.string({ maxLength: 30 }), fc.constant('  spaced app pass  '));
    case 'attended':
      return fc.oneof(
        { arbitrary: fc.constantFrom(true, false, null), weight: 6 },
        { arbitrary: fc.constantFrom('yes', 'true', 1, 0, ''), weight: 1 },
      );
    case 'reminderType':
      return fc.constantFrom('week', 'day', 'hour', 'month', 'WEEK', '');
    case 'days':
      return fc.oneof(fc.integer({ min: -2, max: 40 }), fc.constantFrom('7', 'abc', '1.5'));
    case 'limit':
      return fc.oneof(fc.integer({ min: -2, max: 600 }), fc.constantFrom('10', 'abc', '1e3'));
    case 'token':
      return fc.oneof(fc.string({ minLength: 10, maxLength: 60 }), fc.base64String({ minLength: 40, maxLength: 48 }));
    case 'url':
      return monitorUrl;
    case 'selectors':
    case 'ignoreSelectors':
      return fc.oneof(
        fc.array(fc.constantFrom('main', '.news', '#content', 'div > p', '', '<script>', ':has(', 'x'.repeat(301)), {
          maxLength: 4,
        }),
        fc.array(fc.string({ maxLength: 10 }), { maxLength: 25 }),
      );
    case 'scheduleMinutes':
      return fc.oneof(fc.integer({ min: -10, max: 2000 }), fc.constantFrom('15', 'abc', 4.5));
    case 'language':
      return fc.constantFrom('en', 'fa', 'zh-Hant', 'pa', null, 'PA', 'de', '', 'zh-hant');
    case 'status':
      return fc.constantFrom('active', 'paused', 'error', 'ACTIVE', '');
    case 'slug':
      return fc.oneof(fc.constantFrom('school', 'School', 'other', ''), fc.string({ maxLength: 120 }));
    case 'primaryCtaHref':
    case 'secondaryCtaHref':
      return heroLink;
    case 'bullets':
      return fc.array(
        fc.oneof(
          fc.record({ text: fc.string({ maxLength: 60 }), visible: fc.boolean() }, { requiredKeys: [] }),
          fc.string({ maxLength: 60 }),
        ),
        { maxLength: 7 },
      );
    case 'visibility':
      return fc.dictionary(
        fc.constantFrom(
          'title',
          'description',
          'primaryCta',
          'secondaryCta',
          'statPrimary',
          'statSecondary',
          'bullets',
          'other',
        ),
        fc.oneof(fc.boolean(), fc.constant('yes')),
      );
    case 'data':
      return fc.oneof(fc.constant({}), fc.array(fc.nat({ max: 255 }), { maxLength: 20 }), fc.string());
    case 'eventDates':
      return fc.oneof(
        fc.array(plausibleDate, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(
          [],
          Array<string>(2).fill(inDays(3)), // one date twice
          Array.from({ length: 53 }, (_, i) => inDays(i + 1)),
          [8.64e15],
          'abc',
          null,
        ),
      );
    case 'slotIds':
      return fc.oneof(
        fc.array(idRef('volunteer_slots'), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(
          [],
          [0],
          ['1', '2'],
          Array.from({ length: 21 }, (_, i) => i + 1),
          'abc',
        ),
      );
    case 'quantity':
      return fc.oneof(fc.integer({ min: -2, max: 30 }), fc.constantFrom('3', 2.5, 10_001, null));
    case 'quantities':
      return fc.oneof(
        fc.dictionary(
          fc.constantFrom('1', '2', '3', 'x', '-1'),
          fc.oneof(fc.integer({ min: -1, max: 20 }), fc.constant('2')),
        ),
        fc.constant<Template>([]),
      );
    case 'includeWaitlisted':
      return fc.oneof(
        { arbitrary: fc.boolean(), weight: 6 },
        { arbitrary: fc.constantFrom('true', 1, 0, null), weight: 1 },
      );
    case 'subject':
      return plausibleTextOf('Parking on Saturday', 'Bring a hat', '<b>Change</b> of plan', 'Line\r\nBcc: x@evil.com');
    case 'body':
      return fc.oneof(
        {
          arbitrary: plausibleTextOf('Please park behind the gym.\nThank you!', '<script>alert(1)</script>'),
          weight: 6,
        },
        { arbitrary: fc.constantFrom('x'.repeat(10_000), 'x'.repeat(10_001)), weight: 1 },
      );
    case 'notifyOrganizer':
      return fc.constantFrom('each', 'daily', 'off', 'EACH', '', null);
    case 'slots':
      return fc.oneof(
        fc.array(
          fc.record(
            {
              title: plausibleText,
              description: plausibleText,
              location: plausibleTextOf('Gym', ''),
              startTime: plausibleDate,
              endTime: plausibleDate,
              maxVolunteers: fc.oneof(fc.integer({ min: -1, max: 12 }), fc.constantFrom('3', 'abc')),
              kind: fc.constantFrom('task', 'item', 'other'),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 5 },
        ),
        fc.constantFrom<Template>(
          [],
          null,
          'abc',
          Array.from({ length: 101 }, () => ({ title: 'Setup' })),
        ),
      );
    case 'maxSlotsPerPerson':
      return fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constantFrom(null, '', '2', 1.5));
    case 'kind':
      return fc.constantFrom('task', 'item', 'ITEM', '', 'other');
    case 'questions':
      return fc.oneof(
        fc.array(
          fc.record(
            {
              id: fc.constantFrom('q1', 'q2', 'bad id', ''),
              label: plausibleTextOf('T-shirt size', "Child's class", ''),
              kind: fc.constantFrom('text', 'choice', 'checkbox', 'date'),
              options: fc.array(fc.constantFrom('S', 'M', 'L', '', 'M'), { maxLength: 4 }),
              required: fc.oneof(fc.boolean(), fc.constant('yes')),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 12 },
        ),
        fc.constantFrom(null, 'abc', {}),
      );
    case 'answers':
      return fc.oneof(
        fc.dictionary(
          fc.constantFrom('q1', 'q2', 'qx', 'bad key!', '__proto__'),
          fc.oneof(fc.string({ maxLength: 20 }), fc.boolean(), fc.constant(3), fc.constant(null)),
        ),
        fc.constantFrom(null, 'abc', []),
      );
    case 'name':
    case 'organizerName':
      return plausibleTextOf('Jane Doe', 'Casey Jones', 'Ann Lee', "Zoë O'Brien-Smith", 'X');
    case 'location':
      return plausibleTextOf('Gym, 123 Main St', 'Room 4 & library', '<b>Hall</b>');
    case 'phone':
      return plausibleTextOf('555-0100', '+1 (555) 010-0000', '0');
    case 'title':
    case 'description':
    case 'notes':
      return plausibleText;
    default:
      return plausibleText;
  }
}

/** The id field of a procedure: which table its rows come from. */
export type IdTable =
  'signup_sheets' | 'volunteer_slots' | 'volunteers' | 'users' | 'monitors' | 'snapshots' | 'announcements';

/** A value for one field: mostly plausible, sometimes a real id, sometimes any hostile value. */
export function fieldArb(field: string, idTable?: IdTable): fc.Arbitrary<Template> {
  const plausible = idTable ? idRef(idTable) : fieldValue(field);
  return fc.oneof({ arbitrary: plausible, weight: 4 }, { arbitrary: hostileValue, weight: 1 });
}

/**
 * An input object built from the procedure's field names: every field plausible (to get past
 * validation and reach the resolver), every field plausible but one of the wrong type, or a
 * random subset of plausible and hostile fields; now and then with extra keys.
 */
export function shapedInput(fields: readonly string[], idTable?: IdTable): fc.Arbitrary<Template> {
  const plausible: Record<string, fc.Arbitrary<Template>> = {};
  const mixed: Record<string, fc.Arbitrary<Template>> = {};
  for (const f of fields) {
    const table = f === 'id' ? idTable : undefined;
    plausible[f] = table ? idRef(table) : fieldValue(f);
    mixed[f] = fieldArb(f, table);
  }
  const base: fc.Arbitrary<Record<string, Template>> =
    fields.length === 0
      ? fc.constant({})
      : fc.oneof(
          { arbitrary: fc.record(plausible), weight: 5 },
          {
            arbitrary: fc
              .tuple(fc.record(plausible), fc.constantFrom(...fields), hostileValue, fc.boolean())
              .map(([input, field, value, drop]) => {
                const out: Record<string, Template> = { ...input };
                if (drop) delete out[field];
                else out[field] = value;
                return out;
              }),
            weight: 3,
          },
          { arbitrary: fc.record(mixed, { requiredKeys: [] }), weight: 2 },
        );
  return fc
    .tuple(
      base,
      fc.dictionary(
        fc.constantFrom('extra', 'isAdmin', 'passwordHash', 'role', 'createdAt', 'id', 'currentVolunteers'),
        hostileValue,
        {
          maxKeys: 2,
        },
      ),
      fc.nat({ max: 4 }),
    )
    .map(([known, extra, roll]): Template => (roll === 0 ? { ...extra, ...known } : known));
}

/** JSON text with prototype-pollution keys around a shaped input. */
export function pollutingJson(input: unknown): string {
  const inner = isRecord(input) ? JSON.stringify(input).slice(1, -1) : '';
  const pollution =
    '"__proto__":{"isAdmin":true,"polluted":"yes"},"constructor":{"prototype":{"isAdmin":true,"polluted":"yes"}},"prototype":{"polluted":"yes"}';
  return `{${pollution}${inner ? `,${inner}` : ''}}`;
}

/** Deeply nested JSON text of either kind. */
export const deepJson: fc.Arbitrary<string> = fc
  .record({ depth: fc.constantFrom(50, 1000, 10_000, 100_000), kind: fc.constantFrom('array', 'object') })
  .map(({ depth, kind }) =>
    kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    'nul',
    "{'a':1}",
    '[1,]',
    '{"a":1}}',
    '\u0000',
    'undefined',
    'NaN',
    '{"a":1e99999}',
    '{"a":"\\ud800"}',
    '\ufeff{}',
    '{"a":01}',
    '"\\x41"',
    '{"a" 1}',
    '/* c */ {}',
  ),
  fc.string({ maxLength: 40 }),
);

export const oddContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/jsonp',
  'application/json-patch+json',
  'APPLICATION/JSON; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  'application/octet-stream',
  'image/png',
  '*/*',
  'json',
  ';',
  'application/json\u00e9',
  'x'.repeat(2000),
];

/** A header value Node will send: Latin-1 printable, trimmed. */
export const headerValue: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(
      '0',
      '-1',
      '1e309',
      '9'.repeat(40),
      'admin',
      'null',
      'undefined',
      '<script>',
      '%00',
      ' 1',
      '1, 2',
      'x'.repeat(8000),
    ),
    fc.string({ maxLength: 40 }),
    fc.nat({ max: 1000 }).map(String),
  )
  .map((v) => v.replace(/[^\x20-\x7e\x80-\xff]/g, '').trim());

/** Latin-1 bytes of a random value, for cookie garbage. */
export const cookieGarbage: fc.Arbitrary<string> = fc
  .oneof(
    fc.base64String({ maxLength: 64 }),
    fc.constantFrom('%E0%A4%A', '%', '', '=', ';', 'a=b=c', '"quoted"', 'x'.repeat(7000)),
    fc.string({ maxLength: 40 }),
  )
  .map((v) => v.replace(/[^\x21-\x7e]/g, ''));

/** Multipart form bodies: well formed or broken. */
export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Uint8Array;
}

export function multipartBody(boundary: string, parts: MultipartPart[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`, 'latin1'));
    if (p.contentType !== undefined) chunks.push(Buffer.from(`Content-Type: ${p.contentType}\r\n`, 'latin1'));
    chunks.push(Buffer.from('\r\n'), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const imageSignatures: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff],
  webp: [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  svg: [...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
  gif: [...Buffer.from('GIF89a')],
  none: [],
};

export const fileBytes: fc.Arbitrary<Uint8Array> = fc
  .record({
    kind: fc.constantFrom(...Object.keys(imageSignatures)),
    tail: fc.uint8Array({ maxLength: 2000 }),
    size: fc.oneof(
      { arbitrary: fc.constant(0), weight: 20 },
      { arbitrary: fc.constantFrom(5 * 1024 * 1024, 5 * 1024 * 1024 + 1), weight: 1 },
    ),
  })
  .map(({ kind, tail, size }) => {
    const head = Uint8Array.from(imageSignatures[kind] ?? []);
    const out = new Uint8Array(Math.max(size, head.length + tail.length));
    out.set(head, 0);
    out.set(tail, head.length);
    return out;
  });
