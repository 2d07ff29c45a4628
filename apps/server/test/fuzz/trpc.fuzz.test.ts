/**
 * Fuzz README: every tRPC procedure of packages/api/src/root.ts under random and hostile input.
 *
 * Over HTTP (/trpc/<procedure>, one real server with a real SQLite file, seeded like the REST fuzz
 * server) as an anonymous visitor, a plain user and an admin:
 *   - one property per procedure: inputs built from the procedure's field names (plausible, wrong
 *     types, real ids, extra keys), any JSON, no input; wrapped as superjson `{ json }`, superjson
 *     with hostile `meta` (unknown transforms, bad Date/BigInt/RegExp/URL values, `__proto__`
 *     paths, bogus referential equalities), bare non-superjson values or garbage text; sent with
 *     the right or the wrong method (GET/POST), odd content types and X-User-ID headers;
 *   - batch calls (`?batch=1`) of several procedures, known and unknown, with random and malformed
 *     batch inputs;
 *   - unknown procedure names ('__proto__', 'constructor', 'auth', 'auth.me.x', unicode, ...).
 * Every answer: never 5xx, JSON, each error item `{ error: { json: { message, code, data } } }`
 * with a 4xx httpStatus and a code other than INTERNAL_SERVER_ERROR, no stack traces or file
 * paths, never a password hash, session token or the sender password; when every item is an
 * error the database is unchanged (row count and content hash per table); admin procedures never
 * succeed for anonymous callers or users, and a signed-in caller whose X-User-ID disagrees with
 * the session never succeeds.
 *
 * Directly, through createCaller(createContextInner(...)) on a second, seeded database, every
 * procedure with random JS values (fc.anything: Dates, Maps, Sets, BigInts, typed arrays,
 * null-prototype and boxed values, sparse arrays) and shaped inputs, as anonymous, user, admin and
 * with a spoofed claimedUserId: any thrown error is a TRPCError whose code is not
 * INTERNAL_SERVER_ERROR, and an error changes nothing in the database.
 *
 * The procedure list is checked against appRouter._def.procedures: a new procedure without an
 * entry in procedures.ts fails this file.
 *
 * Run:   cd apps/server && npx vitest run test/fuzz
 * More:  FUZZ_RUNS=300 npx vitest run test/fuzz/trpc.fuzz.test.ts    (runs per property)
 * Replay: FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/fuzz/trpc.fuzz.test.ts -t '<test name>'
 *         (fast-check prints the seed and path of a failure); FUZZ_STATS=1 prints status counts.
 * A test that fails or times out also prints a "fuzz trace": its seed, how many runs it got through,
 * its first failure (fast-check shrinks before it reports, and a long shrink can outlast the test's
 * time limit), the step and request under way, and the background mail tasks and monitor checks the
 * server still had. Requests stay within Node's 16 KB header limit (above it Node answers a bodiless
 * 431 itself; send() refuses to build one).
 */
import { join } from 'node:path';
import {
  appRouter,
  createCaller,
  createContextInner,
  createRuntime,
  ensureAdmin,
  type Runtime,
  type SessionUser,
} from '@pac/api';
import { type DbHandle, migrate, openDatabase } from '@pac/db';
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCredentials, inDays } from '../support/harness';
import { mayCall, type ProcedurePath, procedurePaths, procedureSpec } from './procedures';
import {
  countStatus,
  DbWatcher,
  describeRequest,
  describeResponse,
  diffSnapshots,
  fileBytes,
  fitsHeaderLimit,
  fuzzParams,
  fuzzTimeout,
  fuzzTrace,
  type FuzzServer,
  headerValue,
  hostileString,
  internalsIn,
  isRecord,
  malformedJson,
  materialize,
  oddContentTypes,
  parseJson,
  pctEncode,
  printStatusCounts,
  prototypePollution,
  type RawRequest,
  type RawResponse,
  type Role,
  roles,
  secretsIn,
  send,
  shapedInput,
  smallJson,
  startFuzzServer,
  type Template,
  traced,
  userCredentials,
} from './support';

let fuzz: FuzzServer;
const repoRoot = new URL('../../../../', import.meta.url).pathname;

beforeAll(async () => {
  fuzz = await startFuzzServer();
}, 60_000);

afterAll(async () => {
  printStatusCounts();
  await fuzz.close();
});

// A failed or timed-out test prints what it was doing: its fast-check seed, how far it got, the
// first failure (fast-check reports one only after shrinking it), the step and request under way,
// and the background work the server still had (mail tasks, monitor checks). Nothing waits on a clock.
beforeEach(({ task, signal, onTestFailed }) => {
  const trace = fuzzTrace.begin(task.name, signal);
  onTestFailed(() => {
    console.error(trace.report(fuzz));
  });
});

// ---------------------------------------------------------------------------------------------
// The procedure list

interface ProcedureLike {
  _def: { type: string };
}

function routerProcedures(): Map<string, string> {
  const record = appRouter._def.procedures as unknown as Record<string, unknown>;
  const out = new Map<string, string>();
  for (const [path, value] of Object.entries(record)) {
    const def = isRecord(value) || typeof value === 'function' ? (value as Partial<ProcedureLike>)._def : undefined;
    out.set(path, typeof def?.type === 'string' ? def.type : 'unknown');
  }
  return out;
}

describe('tRPC procedure list', () => {
  it('has a fuzz entry, with the right type, for every procedure of appRouter', () => {
    const actual = routerProcedures();
    expect([...actual.keys()].sort()).toEqual([...procedurePaths].sort());
    for (const path of procedurePaths)
      expect(`${path}:${actual.get(path)}`).toBe(`${path}:${procedureSpec(path).type}`);
  });
});

// ---------------------------------------------------------------------------------------------
// Requests and checks over HTTP

type Envelope = 'superjson' | 'superjson-meta' | 'bare' | 'none' | 'garbage';

const metaPath = fc.constantFrom(
  'id',
  'title',
  'eventDate',
  'data',
  'userId',
  '',
  '0',
  '__proto__',
  'constructor',
  'constructor.prototype',
  '__proto__.polluted',
  'id.__proto__',
  'prototype.x',
  'a.b.c',
);
const metaTransform = fc.constantFrom<unknown>(
  ['Date'],
  ['bigint'],
  ['regexp'],
  ['set'],
  ['map'],
  ['undefined'],
  ['number'],
  ['Error'],
  ['URL'],
  ['class', 'Nope'],
  ['symbol', 'nope'],
  ['custom', 'nope'],
  ['typed-array', 'Uint8Array'],
  ['typed-array', 'Nope'],
  'Date',
  'nope',
  42,
  null,
  [],
  [['map', {}]],
  { x: 1 },
);
const hostileMeta = fc.record(
  {
    values: fc.oneof(fc.dictionary(metaPath, metaTransform, { maxKeys: 3 }), metaTransform),
    referentialEqualities: fc.oneof(
      fc.dictionary(metaPath, fc.array(metaPath, { maxLength: 2 }), { maxKeys: 2 }),
      smallJson,
    ),
    v: fc.constantFrom<unknown>(1, 2, 'x', null),
  },
  { requiredKeys: [] },
);

interface CallPlan {
  envelope: Envelope;
  input: Template;
  meta: unknown;
  garbage: string;
}

function inputArb(path: ProcedurePath): fc.Arbitrary<Template> {
  const spec = procedureSpec(path);
  return fc.oneof(
    { arbitrary: shapedInput(spec.fields.length > 0 ? spec.fields : ['value'], spec.idTable), weight: 6 },
    { arbitrary: smallJson.map((v) => v as Template), weight: 2 },
    { arbitrary: hostileString.map((v): Template => v), weight: 1 },
  );
}

function callPlanArb(path: ProcedurePath): fc.Arbitrary<CallPlan> {
  return fc.record({
    envelope: fc.oneof(
      { arbitrary: fc.constant<Envelope>('superjson'), weight: 6 },
      { arbitrary: fc.constantFrom<Envelope>('superjson-meta', 'bare', 'none', 'garbage'), weight: 4 },
    ),
    input: inputArb(path),
    meta: hostileMeta,
    garbage: malformedJson,
  });
}

/** The JSON text of one call's input, or undefined for none. */
function encodeCall(plan: CallPlan, watcher: DbWatcher): string | undefined {
  const value = materialize(plan.input, watcher);
  switch (plan.envelope) {
    case 'superjson':
      return JSON.stringify({ json: value });
    case 'superjson-meta':
      return JSON.stringify({ json: value, meta: plan.meta });
    case 'bare':
      return JSON.stringify(value) ?? 'null';
    case 'none':
      return undefined;
    case 'garbage':
      return plan.garbage;
  }
}

/** The answer's items: one per call (a batch answers a list). */
function answerItems(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

interface ItemVerdict {
  ok: boolean;
  problems: string[];
}

function checkItem(item: unknown): ItemVerdict {
  if (!isRecord(item)) return { ok: false, problems: ['an answer item is not an object'] };
  if ('result' in item && !('error' in item)) return { ok: true, problems: [] };
  const error = item.error;
  if (!isRecord(error)) return { ok: false, problems: ['an answer item has neither result nor error'] };
  // With the superjson transformer an error is serialized as { json, meta? }.
  const shape = isRecord(error.json) ? error.json : error;
  const problems: string[] = internalsIn(JSON.stringify(item), [repoRoot, fuzz.server.dir]);
  if (typeof shape.message !== 'string' || shape.message === '') problems.push('error without a message');
  if (typeof shape.code !== 'number') problems.push('error without a JSON-RPC code');
  const data = shape.data;
  if (!isRecord(data)) problems.push('error without data');
  else {
    if (typeof data.code !== 'string') problems.push('error data without a code');
    // Machines read the reason (and field), never the sentence (DESIGN.md rule 16).
    if (typeof data.reason !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(data.reason))
      problems.push(`error data reason ${JSON.stringify(data.reason)}`);
    if ('field' in data && typeof data.field !== 'string') problems.push('error data field is not a string');
    if ('slotId' in data && typeof data.slotId !== 'number') problems.push('error data slotId is not a number');
    if (data.code === 'INTERNAL_SERVER_ERROR') problems.push('INTERNAL_SERVER_ERROR');
    if (typeof data.httpStatus !== 'number' || data.httpStatus >= 500)
      problems.push(`error httpStatus ${String(data.httpStatus)}`);
    if ('stack' in data) problems.push('error data carries a stack');
  }
  return { ok: false, problems };
}

interface TrpcExpectations {
  /** Set when no call of the request may succeed. */
  mustFail?: string;
}

async function exerciseTrpc(req: RawRequest, expectations: TrpcExpectations = {}): Promise<RawResponse> {
  const before = fuzz.watcher.snapshot();
  let res: RawResponse;
  try {
    res = await send(fuzz.server.url, req);
  } catch (error) {
    throw new Error(`${describeRequest(req)}\n→ ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  await fuzz.settle();
  countStatus(expect.getState().currentTestName ?? '?', res);
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`answered ${res.status}`);
  let allErrors = res.status >= 400;
  let anyOk = false;
  if (req.method !== 'HEAD') {
    // The body must be JSON. (@trpc/server's standalone adapter labels some of its own 4xx
    // answers, e.g. 415 'Missing content-type header', as text/plain although they are JSON.)
    const parsed = parseJson(res.text);
    if (!parsed.ok) problems.push(`the answer is not JSON (${String(res.headers['content-type'])})`);
    else {
      const verdicts = answerItems(parsed.value).map(checkItem);
      for (const v of verdicts) problems.push(...v.problems);
      anyOk = verdicts.some((v) => v.ok);
      allErrors = verdicts.length > 0 && verdicts.every((v) => !v.ok);
    }
  }
  problems.push(...secretsIn(res.text, fuzz));
  if (allErrors && res.status < 500) {
    const changed = diffSnapshots(before, fuzz.watcher.snapshot());
    if (changed.length > 0)
      problems.push(`an error answer (${res.status}) changed the database: ${changed.join('; ')}`);
  }
  if (anyOk && expectations.mustFail) problems.push(`a call succeeded although ${expectations.mustFail}`);
  problems.push(...prototypePollution());
  if (problems.length > 0)
    throw new Error(`${[...new Set(problems)].join('\n')}\n${describeRequest(req)}\n→ ${describeResponse(res)}`);
  if (anyOk) await fuzz.ensureSeed();
  await fuzz.ensureSessions();
  return res;
}

function identityHeaders(role: Role, claim: string | undefined): Record<string, string> {
  return { ...fuzz.cookie(role), ...(claim === undefined || claim === '' ? {} : { 'X-User-ID': claim }) };
}

/** A claim for X-User-ID: none, the caller's own id, or anything. */
const claimArb = fc.oneof(
  { arbitrary: fc.constant<string | undefined>(undefined), weight: 5 },
  { arbitrary: fc.constant<string | undefined>('own'), weight: 2 },
  {
    arbitrary: fc.oneof(
      headerValue.map((v) => v.slice(0, 2000)),
      fc.nat({ max: 20 }).map(String),
    ),
    weight: 1,
  },
);

function resolveClaim(role: Role, claim: string | undefined): string | undefined {
  if (claim !== 'own') return claim;
  return role === 'anon' ? undefined : String(fuzz.accounts[role].id);
}

function spoofReason(role: Role, claim: string | undefined): string | undefined {
  const trimmed = claim?.trim() ?? '';
  if (role === 'anon' || trimmed === '' || trimmed === String(fuzz.accounts[role].id)) return undefined;
  return `X-User-ID ${trimmed} disagrees with the ${role} session`;
}

// ---------------------------------------------------------------------------------------------
// Properties over HTTP

const runsPerProcedure = 40;

/** Whether a request path still names /trpc once dot segments are resolved ('/trpc/../x' does not). */
function underTrpc(path: string): boolean {
  return new URL(path, 'http://localhost').pathname.startsWith('/trpc/');
}
const maxUrl = 12_000;

describe('every tRPC procedure over HTTP, as anonymous, user and admin', () => {
  for (const path of procedurePaths) {
    const spec = procedureSpec(path);
    const arb = fc.record({
      role: fc.constantFrom(...roles),
      plan: callPlanArb(path),
      method: fc.oneof(
        { arbitrary: fc.constant(spec.type === 'query' ? 'GET' : 'POST'), weight: 5 },
        { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'), weight: 1 },
      ),
      contentType: fc.oneof(
        { arbitrary: fc.constant<string | undefined>('application/json'), weight: 5 },
        { arbitrary: fc.constantFrom<string | undefined>(undefined, ...oddContentTypes), weight: 1 },
      ),
      claim: claimArb,
    });
    it(path, { timeout: fuzzTimeout(runsPerProcedure, 1500) }, async () => {
      await fc.assert(
        fc.asyncProperty(
          arb,
          traced(async (r) => {
            const text = encodeCall(r.plan, fuzz.watcher);
            const claim = resolveClaim(r.role, r.claim);
            const headers = identityHeaders(r.role, claim);
            let req: RawRequest;
            if (r.method === 'GET' || r.method === 'HEAD') {
              req = {
                method: r.method,
                path: `/trpc/${path}${text === undefined ? '' : `?input=${pctEncode(text)}`}`,
                headers,
              };
            } else {
              req = {
                method: r.method,
                path: `/trpc/${path}`,
                headers: { ...headers, ...(r.contentType === undefined ? {} : { 'Content-Type': r.contentType }) },
                body: text,
              };
            }
            fc.pre(req.path.length < maxUrl);
            const mustFail =
              spoofReason(r.role, claim) ??
              (mayCall(r.role, spec.access) ? undefined : `${r.role} called an ${spec.access} procedure`);
            await exerciseTrpc(req, { mustFail });
          }),
        ),
        fuzzParams(runsPerProcedure),
      );
    });
  }
});

describe('cross-cutting tRPC properties', () => {
  const unknownNames = [
    'nope',
    'auth',
    'auth.',
    '.auth.me',
    'auth.me.x',
    'auth..me',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'auth.__proto__',
    'auth.constructor',
    '_def',
    '_def.procedures',
    'createCaller',
    'sheets.list/x',
    'sheets.list%00',
    'AUTH.ME',
    'auth.me ',
    '%ZZ',
    '%E0%A4%A',
    'sheets.list%',
    'sheets.list,%ZZ',
  ];
  const anyName = fc.oneof(
    { arbitrary: fc.constantFrom(...procedurePaths), weight: 4 },
    { arbitrary: fc.constantFrom(...unknownNames), weight: 2 },
    { arbitrary: hostileString, weight: 1 },
  );

  it('batch calls with random procedures and inputs', { timeout: fuzzTimeout(250, 1500) }, async () => {
    const arb = fc.record({
      role: fc.constantFrom(...roles),
      names: fc.array(anyName, { minLength: 1, maxLength: 4 }),
      plans: fc.array(
        fc.record({
          envelope: fc.constantFrom<Envelope>('superjson', 'superjson', 'superjson-meta', 'bare', 'none', 'garbage'),
          input: shapedInput(['id', 'title', 'eventDate', 'email', 'slotId', 'limit']),
          meta: hostileMeta,
          garbage: malformedJson,
        }),
        { maxLength: 4 },
      ),
      shape: fc.constantFrom('object', 'object', 'object', 'array', 'string', 'extra-keys', 'proto'),
      method: fc.constantFrom('GET', 'POST'),
      batch: fc.constantFrom('?batch=1', '?batch=1', '?batch=true', '?batch=0', '', '?batch=1&batch=2'),
      claim: claimArb,
    });
    await fc.assert(
      fc.asyncProperty(
        arb,
        traced(async (r) => {
          const entries = r.plans.map((p) => encodeCall(p, fuzz.watcher));
          const items = entries.map((e, i) => `"${i}":${e ?? '{}'}`);
          let input: string;
          switch (r.shape) {
            case 'array':
              input = `[${entries.map((e) => e ?? '{}').join(',')}]`;
              break;
            case 'string':
              input = JSON.stringify(entries.join(''));
              break;
            case 'extra-keys':
              input = `{${[...items, '"99":{"json":1}', '"-1":{"json":2}', '"x":3'].join(',')}}`;
              break;
            case 'proto':
              input = `{"__proto__":{"json":{"polluted":"yes"}},"constructor":{"prototype":{"polluted":"yes"}}${items.length > 0 ? `,${items.join(',')}` : ''}}`;
              break;
            case 'object':
              input = `{${items.join(',')}}`;
          }
          const names = r.names.map((n) => pctEncode(n)).join(',');
          const claim = resolveClaim(r.role, r.claim);
          const headers = identityHeaders(r.role, claim);
          const query = r.batch;
          const req: RawRequest =
            r.method === 'GET'
              ? { method: 'GET', path: `/trpc/${names}${query}${query ? '&' : '?'}input=${pctEncode(input)}`, headers }
              : {
                  method: 'POST',
                  path: `/trpc/${names}${query}`,
                  headers: { ...headers, 'Content-Type': 'application/json' },
                  body: input,
                };
          fc.pre(req.path.length < maxUrl && underTrpc(req.path));
          // Only procedures beyond a user's reach (organizer and admin) and unknown ones: then nothing
          // may succeed for anonymous callers or users.
          const adminOnly = r.names.every(
            (n) =>
              (procedurePaths as readonly string[]).includes(n) &&
              !mayCall('user', procedureSpec(n as ProcedurePath).access),
          );
          const mustFail =
            spoofReason(r.role, claim) ??
            (adminOnly && r.role !== 'admin' ? `${r.role} called admin procedures` : undefined);
          await exerciseTrpc(req, { mustFail });
        }),
      ),
      fuzzParams(250),
    );
  });

  it('unknown procedure names answer 404 JSON', { timeout: fuzzTimeout(150) }, async () => {
    const arb = fc.record({
      role: fc.constantFrom(...roles),
      name: fc.oneof(
        { arbitrary: fc.constantFrom(...unknownNames), weight: 2 },
        { arbitrary: hostileString, weight: 1 },
      ),
      method: fc.constantFrom('GET', 'POST'),
      encode: fc.boolean(),
      body: smallJson,
    });
    await fc.assert(
      fc.asyncProperty(
        arb.filter((r) => !(procedurePaths as readonly string[]).includes(r.name)),
        traced(async (r) => {
          const segment =
            r.encode || !/^[\x21-\x7e]*$/.test(r.name) || /[?#]/.test(r.name) ? pctEncode(r.name) : r.name;
          const req: RawRequest =
            r.method === 'GET'
              ? { method: 'GET', path: `/trpc/${segment}`, headers: fuzz.cookie(r.role) }
              : {
                  method: 'POST',
                  path: `/trpc/${segment}`,
                  headers: { ...fuzz.cookie(r.role), 'Content-Type': 'application/json' },
                  body: JSON.stringify({ json: r.body }),
                };
          fc.pre(underTrpc(req.path));
          const res = await exerciseTrpc(req, { mustFail: 'the procedure does not exist' });
          expect(res.status).toBeGreaterThanOrEqual(400);
        }),
      ),
      fuzzParams(150),
    );
  });
});

describe('tRPC transport limits and headers', () => {
  it(
    'request bodies just under, at and over 1 MB: over the limit is 413',
    { timeout: fuzzTimeout(30, 2000) },
    async () => {
      const limit = 1024 * 1024;
      // Procedures with an input (one without never reads the body).
      const mutations = procedurePaths.filter(
        (p) => procedureSpec(p).type === 'mutation' && procedureSpec(p).fields.length > 0,
      );
      const arb = fc.record({
        role: fc.constantFrom(...roles),
        path: fc.constantFrom(...mutations),
        size: fc.constantFrom(limit - 64, limit, limit + 1, 3 * limit, 12 * limit),
        batch: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(
          arb,
          traced(async (r) => {
            const wrap = r.batch ? ['{"0":{"json":{"title":"', '"}}}'] : ['{"json":{"title":"', '"}}'];
            const body = `${wrap[0] ?? ''}${'x'.repeat(Math.max(0, r.size - (wrap[0]?.length ?? 0) - (wrap[1]?.length ?? 0)))}${wrap[1] ?? ''}`;
            const res = await exerciseTrpc({
              method: 'POST',
              path: `/trpc/${r.path}${r.batch ? '?batch=1' : ''}`,
              headers: { ...fuzz.cookie(r.role), 'Content-Type': 'application/json' },
              body,
            });
            // The body is read when the input is: a caller refused before that never has it read.
            const refused = !mayCall(r.role, procedureSpec(r.path).access);
            if (Buffer.byteLength(body) > limit) expect(refused ? [401, 403, 413] : [413]).toContain(res.status);
            else expect(res.status).not.toBe(413);
          }),
        ),
        fuzzParams(30),
      );
    },
  );

  it('hostile Host, Cookie and X-User-ID headers', { timeout: fuzzTimeout(200) }, async () => {
    const arb = fc.record({
      role: fc.constantFrom(...roles),
      path: fc.constantFrom(...procedurePaths),
      host: fc.option(
        fc.oneof(
          fc.constantFrom('evil.com', 'localhost:99999', '[::1', 'a b', '%ZZ', 'x'.repeat(3000), '', '127.0.0.1:0'),
          headerValue,
        ),
        { nil: undefined },
      ),
      cookie: fc.option(
        fc.oneof(
          fc.constant('own-then-garbage'),
          fc.base64String({ maxLength: 60 }).map((g) => `pac_session=${g}`),
          fc.constantFrom(
            'pac_session=%E0%A4%A',
            'pac_session=',
            'pac_session',
            `pac_session=${'A'.repeat(6000)}`,
            ';;;;',
            '=x',
          ),
        ),
        { nil: undefined },
      ),
      claim: claimArb,
      body: shapedInput(['id', 'title', 'email', 'limit']),
    });
    await fc.assert(
      fc.asyncProperty(
        arb,
        traced(async (r) => {
          const spec = procedureSpec(r.path);
          const own = r.role === 'anon' ? undefined : fuzz.accounts[r.role].token;
          const headers: Record<string, string> = {};
          if (r.host !== undefined && r.host.trim() !== '') headers.Host = r.host.replace(/[^\x21-\x7e]/g, '');
          if (r.cookie === 'own-then-garbage') headers.Cookie = `pac_session=${own ?? 'x'}; pac_session=garbage`;
          else if (r.cookie !== undefined) headers.Cookie = r.cookie;
          else Object.assign(headers, fuzz.cookie(r.role));
          const claim = resolveClaim(r.role, r.claim);
          if (claim !== undefined && claim !== '') headers['X-User-ID'] = claim;
          const text = JSON.stringify({ json: materialize(r.body, fuzz.watcher) });
          const req: RawRequest =
            spec.type === 'query'
              ? { method: 'GET', path: `/trpc/${r.path}?input=${pctEncode(text)}`, headers }
              : {
                  method: 'POST',
                  path: `/trpc/${r.path}`,
                  headers: { ...headers, 'Content-Type': 'application/json' },
                  body: text,
                };
          // Node answers a request over its header limit itself (431, no body): Host, Cookie and
          // X-User-ID can each be thousands of bytes, and a query's input rides in the URL.
          fc.pre(fitsHeaderLimit(req));
          // The session (first pac_session cookie) decides who calls.
          const identity: Role = r.cookie === undefined || r.cookie === 'own-then-garbage' ? r.role : 'anon';
          const mustFail =
            spoofReason(identity, claim) ??
            (mayCall(identity, spec.access) ? undefined : `${identity} called an ${spec.access} procedure`);
          await exerciseTrpc(req, { mustFail });
        }),
      ),
      fuzzParams(200),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Direct calls: createCaller(createContextInner(...)) with any JS value

describe('every procedure called directly with random JS values', () => {
  let handle: DbHandle;
  let runtime: Runtime;
  let watcher: DbWatcher;
  let users: { admin: SessionUser; user: SessionUser };

  const context = (role: Role | 'spoofed', claimedUserId?: string) =>
    createContextInner({
      db: handle.db,
      config: fuzz.server.config,
      runtime,
      user: role === 'anon' ? null : role === 'spoofed' ? users.user : users[role],
      claimedUserId: role === 'spoofed' ? (claimedUserId ?? 'someone-else') : null,
    });

  /**
   * The direct callers stand for sessions, which end with their account (the server reads the user
   * from the session on every request). A fuzzed deletion or erasure that took one of them makes it
   * again before the next call, as the HTTP fuzzing's ensureSessions does: a stale caller would
   * write rows naming a user who is gone.
   */
  const ensureDirectAccounts = async () => {
    const exists = (id: number) => handle.sqlite.prepare('SELECT 1 FROM users WHERE id = ?').get(id) !== undefined;
    if (!exists(users.admin.id)) users.admin = (await ensureAdmin(handle.db, adminCredentials)).user;
    if (!exists(users.user.id)) {
      users.user = await createCaller(context('anon')).auth.register({ ...userCredentials, emailConsent: true });
      // Its verification mail counts against the mailbox's budget: done before the call's snapshot.
      await runtime.mail.flush();
    }
  };

  beforeAll(async () => {
    const path = join(fuzz.server.dir, 'direct.sqlite');
    handle = openDatabase(path);
    migrate(handle.db);
    runtime = createRuntime(handle.db, fuzz.server.config, { logger: fuzz.server.runtime.logger });
    const admin = (await ensureAdmin(handle.db, adminCredentials)).user;
    const user = await createCaller(context('anon')).auth.register({ ...userCredentials, emailConsent: true });
    users = { admin, user };
    const asAdmin = createCaller(context('admin'));
    const sheet = await asAdmin.sheets.create({
      title: 'Direct Fair',
      eventDate: new Date(inDays(2)),
      organizerName: 'Olivia Organizer',
      organizerEmail: 'olivia@example.org',
    });
    const slot = await asAdmin.slots.create({ signupSheetId: sheet.id, title: 'Helpers', maxVolunteers: 3 });
    await createCaller(context('user')).volunteers.create({
      slotId: slot.id,
      name: userCredentials.name,
      email: userCredentials.email,
      phone: '555-0100',
      emailConsent: true,
    });
    await createCaller(context('anon')).volunteers.create({
      slotId: slot.id,
      name: 'Casey Jones',
      email: 'casey@example.org',
      phone: '555-0101',
    });
    const monitor = await asAdmin.monitors.create({
      name: 'Direct news',
      url: 'https://news.example-district.org/',
      selectors: ['main'],
    });
    await asAdmin.monitors.check({ id: monitor.id });
    await asAdmin.social.createDemoNotifications();
    await runtime.mail.flush();
    watcher = new DbWatcher(path);
  }, 60_000);

  afterAll(async () => {
    await runtime.close();
    watcher.close();
    handle.close();
  });

  const anything = fc.anything({
    maxDepth: 3,
    maxKeys: 6,
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withNullPrototype: true,
    withSet: true,
    withSparseArray: true,
    withTypedArray: true,
    withObjectString: true,
  });

  /** Walks the caller proxy to a procedure by its dotted path. */
  function procedureOf(caller: unknown, path: string): (input: unknown) => Promise<unknown> {
    let node: unknown = caller;
    for (const segment of path.split('.')) {
      if (typeof node !== 'object' && typeof node !== 'function') throw new Error(`no procedure ${path}`);
      if (node === null) throw new Error(`no procedure ${path}`);
      node = (node as Record<string, unknown>)[segment];
    }
    if (typeof node !== 'function') throw new Error(`no procedure ${path}`);
    return node as (input: unknown) => Promise<unknown>;
  }

  /** Lazily produced parts of an answer (the CSV export's lines) are produced now, so their errors count. */
  function consume(value: unknown): void {
    if (!isRecord(value)) return;
    for (const v of Object.values(value)) {
      if (typeof v === 'object' && v !== null && Symbol.iterator in v && typeof v !== 'string' && !Array.isArray(v)) {
        for (const _line of v as Iterable<unknown>) {
          // producing each line is the point
        }
      }
    }
  }

  const runsDirect = 60;

  for (const path of procedurePaths) {
    const spec = procedureSpec(path);
    const arb = fc.record({
      role: fc.constantFrom<Role | 'spoofed'>(...roles, 'spoofed'),
      claimed: fc.oneof(hostileString, fc.constant('1')),
      input: fc.oneof(
        {
          arbitrary: shapedInput(spec.fields.length > 0 ? spec.fields : ['value'], spec.idTable).map((t): unknown => t),
          weight: 5,
        },
        { arbitrary: anything, weight: 3 },
        { arbitrary: fc.constant(undefined), weight: 1 },
        { arbitrary: fileBytes.map((data): unknown => ({ data })), weight: spec.fields.includes('data') ? 3 : 0 },
      ),
    });
    it(path, { timeout: fuzzTimeout(runsDirect, 1500) }, async () => {
      await fc.assert(
        fc.asyncProperty(
          arb,
          traced(async (r) => {
            await ensureDirectAccounts();
            const input = materialize(r.input, watcher);
            const call = procedureOf(createCaller(context(r.role, r.claimed)), path);
            const before = watcher.snapshot();
            let thrown: unknown = null;
            try {
              consume(await call(input));
            } catch (error) {
              thrown = error;
            }
            await runtime.mail.flush();
            countStatus(
              expect.getState().currentTestName ?? '?',
              thrown === null ? 'ok' : thrown instanceof TRPCError ? thrown.code : 'other',
            );
            if (thrown === null) return;
            const problems: string[] = [];
            if (!(thrown instanceof TRPCError))
              problems.push(`threw a ${thrown instanceof Error ? thrown.name : typeof thrown}, not a TRPCError`);
            else if (thrown.code === 'INTERNAL_SERVER_ERROR') problems.push('threw INTERNAL_SERVER_ERROR');
            const changed = diffSnapshots(before, watcher.snapshot());
            if (changed.length > 0) problems.push(`an error changed the database: ${changed.join('; ')}`);
            problems.push(...prototypePollution());
            if (problems.length > 0) {
              const cause = thrown instanceof TRPCError ? thrown.cause : undefined;
              const detail =
                thrown instanceof Error
                  ? `${thrown.message}${cause instanceof Error ? ` (cause: ${cause.message})` : ''}`
                  : typeof thrown;
              throw new Error(`${problems.join('\n')}\n${path} as ${r.role}: ${detail}`, { cause: thrown });
            }
          }),
        ),
        fuzzParams(runsDirect),
      );
    });
  }
});

describe('tRPC regressions found by this fuzzer', () => {
  it('a procedure path that is not valid percent-encoding is a 400, not a 500', async () => {
    for (const path of [
      '/trpc/%ZZ',
      '/trpc/sheets.list%',
      '/trpc/sheets.list,%E0%A4%A?batch=1&input=%7B%7D',
      '/trpc/%ZZ?input=%ZZ',
    ]) {
      for (const role of roles) {
        for (const method of ['GET', 'POST']) {
          const res = await exerciseTrpc({
            method,
            path,
            headers: { ...fuzz.cookie(role), ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
            body: method === 'POST' ? '{"json":{}}' : undefined,
          });
          expect(res.status).toBe(400);
        }
      }
    }
  });

  it('a Host header that is not a host (user@host) is a 400, not a 500', async () => {
    for (const host of ['user@localhost', '$@&', 'a:b@c', 'x/y', 'evil.com?x']) {
      for (const method of ['GET', 'POST']) {
        const res = await exerciseTrpc({
          method,
          path: method === 'GET' ? '/trpc/sheets.list' : '/trpc/auth.register',
          headers: { Host: host, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
          body: method === 'POST' ? '{"json":{}}' : undefined,
        });
        expect(res.status).toBe(400);
      }
    }
  });

  it('a malformed input query string is a 400', async () => {
    for (const input of ['%ZZ', '%7B%22json%22%3A%ZZ', '%E0%A4%A']) {
      const res = await exerciseTrpc({
        method: 'GET',
        path: `/trpc/sheets.byId?input=${input}`,
        headers: fuzz.cookie('admin'),
      });
      expect(res.status).toBe(400);
    }
  });
});
