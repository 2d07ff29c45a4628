/**
 * Fuzz README: the REST adapter (/api/*) under random and hostile input.
 *
 * One real server (real SQLite file, real SMTP sink on 127.0.0.1, monitors resolved to 127.0.0.1),
 * seeded with sheets, slots, volunteers, settings (including a sender password) and monitoring
 * data, is called as an anonymous visitor, a plain user and an admin. fast-check throws at it:
 *   - every route of apps/server/src/http/rest/*.ts (one property per route): hostile path ids
 *     ('0', '-1', '1e309', 40 nines, '%00', '%ZZ', '..%2f..', unicode, '<script>', 5000 chars, real
 *     ids), hostile query strings, and bodies built from the route's own field names with wrong
 *     types, any JSON, prototype-pollution keys, deep nesting, huge strings, malformed JSON,
 *     wrong content types and form bodies;
 *   - wrong methods on known paths and unknown /api paths;
 *   - hostile headers: X-User-ID values (also disagreeing with the session), garbage, long, many
 *     and duplicated cookies, odd Content-Type values;
 *   - multipart uploads to the two upload routes: random bytes, image signatures, wrong field
 *     names, truncated forms, boundary-less and mismatched boundaries, too many parts, > 5 MB;
 *   - bodies just under, at and over the 1 MB JSON limit.
 * Every answer: never 5xx; a non-2xx body is JSON { message, code, issues?, error? } without stack
 * traces, file paths or SQL errors; no answer carries a password hash, a session token or the
 * sender password; a 4xx changes no table (row count and content hash per table, before and
 * after); admin-only routes never succeed for anonymous callers or users; a signed-in caller whose
 * X-User-ID disagrees with the session never succeeds; Object.prototype stays clean.
 *
 * Header sizes stay under Node's 16 KB limit (Node itself answers 431 without a body above it),
 * and methods are ones Node's HTTP parser knows (it answers others, and CONNECT, itself).
 *
 * Run:   cd apps/server && npx vitest run test/fuzz
 * More:  FUZZ_RUNS=500 npx vitest run test/fuzz/rest.fuzz.test.ts    (runs per property)
 * Replay: FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run test/fuzz/rest.fuzz.test.ts -t '<test name>'
 *         (fast-check prints the seed and path of a failure)
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementRoutes } from '../../src/http/rest/announcements';
import { privacyRoutes } from '../../src/http/rest/privacy';
import { authRoutes } from '../../src/http/rest/auth';
import { calendarRoutes } from '../../src/http/rest/calendar';
import { exportRoutes } from '../../src/http/rest/exports';
import { messageRoutes } from '../../src/http/rest/messages';
import { monitoringRoutes } from '../../src/http/rest/monitoring';
import { monitorRoutes } from '../../src/http/rest/monitors';
import { notificationRoutes } from '../../src/http/rest/notifications';
import { reminderRoutes } from '../../src/http/rest/reminders';
import { rosterRoutes } from '../../src/http/rest/roster';
import type { RestRoute } from '../../src/http/rest/route';
import { settingRoutes } from '../../src/http/rest/settings';
import { sheetRoutes } from '../../src/http/rest/sheets';
import { slotRoutes } from '../../src/http/rest/slots';
import { socialRoutes } from '../../src/http/rest/social';
import { statsRoutes } from '../../src/http/rest/stats';
import { userRoutes } from '../../src/http/rest/users';
import { volunteerRoutes } from '../../src/http/rest/volunteers';
import { type Access, mayCall, type ProcedurePath, procedureSpec } from './procedures';
import {
  cookieGarbage,
  countStatus,
  deepJson,
  describeRequest,
  describeResponse,
  diffSnapshots,
  fieldValue,
  fileBytes,
  fuzzParams,
  fuzzTimeout,
  type FuzzServer,
  headerValue,
  hostileString,
  type IdTable,
  idRef,
  internalsIn,
  isJsonResponse,
  isRecord,
  malformedJson,
  materialize,
  multipartBody,
  type MultipartPart,
  nastyStrings,
  oddContentTypes,
  parseJson,
  pctEncode,
  pollutingJson,
  printStatusCounts,
  prototypePollution,
  secrets,
  type RawRequest,
  type RawResponse,
  rawPathSafe,
  type Role,
  roles,
  secretsIn,
  send,
  shapedInput,
  smallJson,
  startFuzzServer,
  type Template,
} from './support';

// ---------------------------------------------------------------------------------------------
// The routes, and what the fuzzer knows about each

const routeGroups: Record<string, RestRoute[]> = {
  authRoutes,
  sheetRoutes,
  slotRoutes,
  volunteerRoutes,
  settingRoutes,
  statsRoutes,
  exportRoutes,
  reminderRoutes,
  notificationRoutes,
  monitorRoutes,
  monitoringRoutes,
  socialRoutes,
  userRoutes,
  rosterRoutes,
  calendarRoutes,
  messageRoutes,
  announcementRoutes,
  privacyRoutes,
};
const allRoutes = Object.values(routeGroups).flat();
const routeKey = (r: Pick<RestRoute, 'method' | 'path'>) => `${r.method} ${r.path}`;

type ParamKind = IdTable | 'settingKey' | 'slug' | 'feedToken';

interface RestSpec {
  procedure: ProcedurePath;
  params?: Record<string, ParamKind>;
  /** Query parameters the route reads. */
  query?: readonly string[];
  /** Who may succeed, when it is not simply the procedure's access level. */
  access?: (params: Record<string, string>) => Access;
}

const publicSettingKeys = new Set(['heroImageUrl', 'heroContent', 'privacyContact']);

const restSpecs: Record<string, RestSpec> = {
  'POST /api/auth/register': { procedure: 'auth.register' },
  'POST /api/auth/login': { procedure: 'auth.login' },
  'POST /api/auth/logout': { procedure: 'auth.logout' },
  'GET /api/auth/me': { procedure: 'auth.me' },
  'GET /api/auth/profile/:userId': { procedure: 'auth.profile', params: { userId: 'users' } },
  'PATCH /api/auth/account/:userId': { procedure: 'auth.updateAccount', params: { userId: 'users' } },
  'PATCH /api/auth/change-password/:userId': { procedure: 'auth.changePassword', params: { userId: 'users' } },
  'POST /api/auth/verify-email': { procedure: 'auth.verifyEmail' },
  'POST /api/auth/resend-verification': { procedure: 'auth.resendVerification' },
  'POST /api/auth/forgot-password': { procedure: 'auth.forgotPassword' },
  'POST /api/auth/reset-password': { procedure: 'auth.resetPassword' },

  'GET /api/signup-sheets': { procedure: 'sheets.list' },
  'GET /api/signup-sheets/:id': { procedure: 'sheets.byId', params: { id: 'signup_sheets' } },
  'GET /api/signup-sheets/:id/qr.svg': { procedure: 'sheets.qrCode', params: { id: 'signup_sheets' } },
  'POST /api/signup-sheets': { procedure: 'sheets.create' },
  'PATCH /api/signup-sheets/:id': { procedure: 'sheets.update', params: { id: 'signup_sheets' } },
  'DELETE /api/signup-sheets/:id': { procedure: 'sheets.delete', params: { id: 'signup_sheets' } },

  'POST /api/volunteer-slots': { procedure: 'slots.create' },
  'POST /api/volunteer-slots/batch': { procedure: 'slots.createMany' },
  'PATCH /api/volunteer-slots/:id': { procedure: 'slots.update', params: { id: 'volunteer_slots' } },
  'DELETE /api/volunteer-slots/:id': { procedure: 'slots.delete', params: { id: 'volunteer_slots' } },

  'GET /api/users': { procedure: 'users.list' },
  'PATCH /api/users/:id': { procedure: 'users.setRole', params: { id: 'users' } },

  'POST /api/signup-sheets/:id/duplicate': { procedure: 'sheets.duplicate', params: { id: 'signup_sheets' } },

  'GET /api/calendar/events.ics': { procedure: 'calendar.events' },
  'GET /api/calendar/feed/:token.ics': { procedure: 'calendar.feed', params: { token: 'feedToken' } },
  'GET /api/calendar/feed': { procedure: 'calendar.myFeed' },
  'POST /api/calendar/feed/reset': { procedure: 'calendar.resetFeed' },
  'GET /api/signup-sheets/:id/roster': { procedure: 'roster.get', params: { id: 'signup_sheets' } },
  'POST /api/volunteers/:id/check-in': { procedure: 'roster.checkIn', params: { id: 'volunteers' } },
  'POST /api/signup-sheets/:id/messages': { procedure: 'messages.send', params: { id: 'signup_sheets' } },
  'GET /api/signup-sheets/:id/messages': { procedure: 'messages.list', params: { id: 'signup_sheets' } },

  'POST /api/volunteers': { procedure: 'volunteers.create' },
  'PATCH /api/volunteers/:id': { procedure: 'volunteers.update', params: { id: 'volunteers' } },
  'DELETE /api/volunteers/:id': { procedure: 'volunteers.delete', params: { id: 'volunteers' } },

  'GET /api/settings/logo-url': { procedure: 'settings.logoUrl' },
  'POST /api/settings/logo-upload': { procedure: 'settings.uploadLogo' },
  'POST /api/admin/upload/hero-image': { procedure: 'settings.uploadHeroImage' },
  'GET /api/settings/:key': {
    procedure: 'settings.get',
    params: { key: 'settingKey' },
    access: (p) => (publicSettingKeys.has(p.key ?? '') ? 'public' : 'admin'),
  },
  'POST /api/settings/:key': { procedure: 'settings.set', params: { key: 'settingKey' } },
  'GET /api/hero-content': { procedure: 'settings.heroContent' },
  'PATCH /api/hero-content': { procedure: 'settings.updateHeroContent' },
  'GET /api/stats': { procedure: 'stats.get' },
  'GET /api/export/volunteers': { procedure: 'exports.volunteers', query: ['signupSheetId'] },

  'GET /api/reminders/pending': { procedure: 'reminders.pending', query: ['days'] },
  'POST /api/reminders/send': { procedure: 'reminders.send' },
  'POST /api/reminders/unsubscribe/:id': {
    procedure: 'reminders.unsubscribe',
    params: { id: 'volunteers' },
    query: ['token'],
  },
  'GET /api/reminders/unsubscribe/:id': {
    procedure: 'reminders.emailStatus',
    params: { id: 'volunteers' },
    query: ['token'],
  },
  'POST /api/reminders/resubscribe/:id': {
    procedure: 'reminders.resubscribe',
    params: { id: 'volunteers' },
    query: ['token'],
  },
  'POST /api/email/test-post': { procedure: 'notifications.testEmail' },
  'GET /api/volunteers/:id/cancel': {
    procedure: 'volunteers.cancelInfo',
    params: { id: 'volunteers' },
    query: ['token'],
  },
  'POST /api/volunteers/:id/cancel': {
    procedure: 'volunteers.cancelByLink',
    params: { id: 'volunteers' },
    query: ['token'],
  },
  'GET /api/my-signup': { procedure: 'volunteers.manageInfo', query: ['token'] },
  'DELETE /api/my-signup': { procedure: 'volunteers.cancelByToken', query: ['token'] },
  'POST /api/my-signup/move': { procedure: 'volunteers.move', query: ['token'] },
  'PATCH /api/my-signup': { procedure: 'volunteers.updateByToken', query: ['token'] },

  'GET /api/monitors': { procedure: 'monitors.list' },
  'POST /api/monitors': { procedure: 'monitors.create' },
  'POST /api/monitors/check-all': { procedure: 'monitors.checkAll' },
  'POST /api/monitors/setup-:slug': { procedure: 'monitors.setupSchool', params: { slug: 'slug' } },
  'GET /api/auth/export': { procedure: 'privacy.exportMine' },
  'DELETE /api/auth/account': { procedure: 'privacy.deleteAccount' },
  'POST /api/my-signup/erase': { procedure: 'privacy.eraseSignup' },
  'GET /api/privacy/search': { procedure: 'privacy.search', query: ['email'] },
  'POST /api/privacy/erase': { procedure: 'privacy.erase' },
  'GET /api/privacy/log': { procedure: 'privacy.log' },
  'GET /api/announcements': { procedure: 'announcements.list', query: ['status'] },
  'GET /api/announcements/:id/card.jpg': { procedure: 'announcements.card', params: { id: 'announcements' } },
  'PATCH /api/announcements/:id': { procedure: 'announcements.update', params: { id: 'announcements' } },
  'POST /api/announcements/:id/approve': { procedure: 'announcements.approve', params: { id: 'announcements' } },
  'POST /api/announcements/:id/reject': { procedure: 'announcements.reject', params: { id: 'announcements' } },
  'GET /api/monitors/:id': { procedure: 'monitors.byId', params: { id: 'monitors' } },
  'PATCH /api/monitors/:id': { procedure: 'monitors.update', params: { id: 'monitors' } },
  'DELETE /api/monitors/:id': { procedure: 'monitors.delete', params: { id: 'monitors' } },
  'POST /api/monitors/:id/check': { procedure: 'monitors.check', params: { id: 'monitors' } },
  'GET /api/changes': { procedure: 'monitors.changes', query: ['limit'] },
  'GET /api/monitoring/health': { procedure: 'monitoring.health' },
  'GET /api/monitoring/activity': { procedure: 'monitoring.activity', query: ['limit'] },
  'GET /api/monitoring/snapshots': { procedure: 'monitoring.snapshots', query: ['limit'] },
  'GET /api/monitoring/snapshots/:id': { procedure: 'monitoring.snapshot', params: { id: 'snapshots' } },
  'GET /api/social-media/status': { procedure: 'social.status' },
  'POST /api/social-media/test': { procedure: 'social.test' },
  'POST /api/social-media/test-post': { procedure: 'social.testPost' },
  'POST /api/notifications/process-social-media': { procedure: 'social.processNotifications' },
  'POST /api/demo/create-sample-notifications': { procedure: 'social.createDemoNotifications' },
  'GET /api/monitoring/notifications': { procedure: 'monitoring.notifications', query: ['limit'] },
};

function specOf(route: RestRoute): RestSpec {
  const spec = restSpecs[routeKey(route)];
  if (!spec) throw new Error(`no fuzz spec for ${routeKey(route)}`);
  return spec;
}

/** The route patterns exactly as rest/index.ts compiles them. */
const compiled = allRoutes.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/:([a-zA-Z]+)/g, '([^/]+)')}/?$`),
}));

// ---------------------------------------------------------------------------------------------
// Running one request through every check

let fuzz: FuzzServer;
const repoRoot = new URL('../../../../', import.meta.url).pathname;

beforeAll(async () => {
  fuzz = await startFuzzServer();
}, 60_000);

afterAll(async () => {
  printStatusCounts();
  await fuzz.close();
});

interface Expectations {
  /** Set when the request must not succeed (e.g. an anonymous call of an admin route). */
  mustFail?: string;
  /** The exact status the request must get. */
  status?: number;
  /** The route whose contract applies (for the logo upload's `error` field). */
  route?: RestRoute;
}

function checkErrorBody(res: RawResponse, route: RestRoute | undefined): string[] {
  const problems: string[] = [];
  if (!isJsonResponse(res)) return [`error answer is not JSON (Content-Type ${String(res.headers['content-type'])})`];
  const parsed = parseJson(res.text);
  if (!parsed.ok) return ['error answer does not parse as JSON'];
  const body = parsed.value;
  if (!isRecord(body)) return ['error answer is not a JSON object'];
  if (typeof body.message !== 'string' || body.message.trim() === '') problems.push('error answer has no message');
  if (typeof body.code !== 'string' || !/^[A-Z_]+$/.test(body.code)) problems.push('error answer has no code');
  // `slotId`: the slot a refusal is about (API.md: a multi-slot signup's full slot).
  const extra = Object.keys(body).filter((k) => !['message', 'code', 'issues', 'error', 'slotId'].includes(k));
  if (extra.length > 0) problems.push(`error answer has extra keys ${extra.join(', ')}`);
  if ('slotId' in body && (typeof body.slotId !== 'number' || !Number.isSafeInteger(body.slotId)))
    problems.push('error answer slotId is not an id');
  if (body.issues !== undefined) {
    const ok =
      Array.isArray(body.issues) &&
      body.issues.every((i) => isRecord(i) && typeof i.path === 'string' && typeof i.message === 'string');
    if (!ok) problems.push('issues is not a list of { path, message }');
  }
  if (route?.errorField && body.error !== body.message)
    problems.push('the logo upload error does not repeat the message under error');
  if (!route?.errorField && body.error !== undefined) problems.push('error field on a route that does not promise one');
  problems.push(...internalsIn(res.text, [repoRoot, fuzz.server.dir]));
  return problems;
}

/** Sends one request and applies every property; throws with a readable report on a violation. */
async function exercise(req: RawRequest, expectations: Expectations = {}): Promise<RawResponse> {
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
  if (res.status < 100) problems.push('no status');
  if (res.headers['cache-control'] !== 'no-store') problems.push('no Cache-Control: no-store on an /api answer');
  const ok = res.status >= 200 && res.status < 300;
  if (!ok && req.method !== 'HEAD') problems.push(...checkErrorBody(res, expectations.route));
  problems.push(...secretsIn(res.text, fuzz));
  if (res.status >= 400 && res.status < 500) {
    const changed = diffSnapshots(before, fuzz.watcher.snapshot());
    if (changed.length > 0) problems.push(`a ${res.status} answer changed the database: ${changed.join('; ')}`);
  }
  if (ok && expectations.mustFail) problems.push(`succeeded although ${expectations.mustFail}`);
  if (expectations.status !== undefined && res.status !== expectations.status)
    problems.push(`expected ${expectations.status}`);
  problems.push(...prototypePollution());
  if (problems.length > 0) {
    throw new Error(`${problems.join('\n')}\n${describeRequest(req)}\n→ ${describeResponse(res)}`);
  }
  if (ok) await fuzz.ensureSeed();
  await fuzz.ensureSessions();
  return res;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries for REST requests

const seededSettingKeys = [
  'heroImageUrl',
  'heroContent',
  'emailRecipients',
  'emailSettings',
  'adminEmail',
  'senderEmail',
  'senderPassword',
];

function paramArb(kind: ParamKind): fc.Arbitrary<Template> {
  const real: fc.Arbitrary<Template> =
    kind === 'settingKey'
      ? fc.constantFrom(...seededSettingKeys)
      : kind === 'slug'
        ? fc.constantFrom('school', 'School', 'other')
        : kind === 'feedToken'
          ? fc.base64String({ minLength: 40, maxLength: 48 }).map((t): Template => `1.${t}`)
          : idRef(kind).map((r): Template => r);
  return fc.oneof({ arbitrary: real, weight: 2 }, { arbitrary: hostileString, weight: 3 });
}

type Encoding = 'encoded' | 'raw';

function encodeSegment(value: string, encoding: Encoding): string {
  return encoding === 'raw' && rawPathSafe(value) ? value : pctEncode(value);
}

const queryValue: fc.Arbitrary<string> = fc.oneof(hostileString, fc.nat({ max: 1000 }).map(String));

/** A query string: the route's own parameters and some others, encoded or raw. */
function queryArb(names: readonly string[]): fc.Arbitrary<string> {
  const keys = [...names, 'limit', 'days', 'token', 'batch', 'input', '__proto__'];
  return fc
    .array(
      fc.tuple(
        fc.constantFrom(...keys),
        fc.oneof(
          queryValue,
          ...names.map((n) => fieldValue(n).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')))),
        ),
        fc.boolean(),
      ),
      {
        maxLength: 3,
      },
    )
    .map((pairs) =>
      pairs.length === 0
        ? ''
        : `?${pairs.map(([k, v, raw]) => `${pctEncode(k)}=${raw && rawPathSafe(v) && !v.includes('&') ? v : pctEncode(v)}`).join('&')}`,
    );
}

interface BodyPlan {
  kind: string;
  template?: Template;
  text?: string;
  contentType?: string;
}

function bodyFields(spec: RestSpec): string[] {
  const inPath = new Set(Object.keys(spec.params ?? {}));
  const fields = procedureSpec(spec.procedure).fields.filter((f) => !inPath.has(f));
  return spec.procedure === 'settings.set' ? ['value'] : fields;
}

function jsonBodyArb(spec: RestSpec): fc.Arbitrary<BodyPlan> {
  const fields = bodyFields(spec);
  const idTable = procedureSpec(spec.procedure).idTable;
  const shaped = shapedInput(fields.length > 0 ? fields : ['value'], idTable);
  return fc.oneof(
    {
      arbitrary: shaped.map((template): BodyPlan => ({ kind: 'shaped', template, contentType: 'application/json' })),
      weight: 8,
    },
    {
      arbitrary: smallJson.map((v): BodyPlan => ({
        kind: 'json',
        template: v as Template,
        contentType: 'application/json',
      })),
      weight: 2,
    },
    {
      arbitrary: shaped.map((template): BodyPlan => ({ kind: 'polluting', template, contentType: 'application/json' })),
      weight: 1,
    },
    {
      arbitrary: deepJson.map((text): BodyPlan => ({ kind: 'deep', text, contentType: 'application/json' })),
      weight: 1,
    },
    {
      arbitrary: malformedJson.map((text): BodyPlan => ({ kind: 'malformed', text, contentType: 'application/json' })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(shaped, fc.constantFrom(...oddContentTypes))
        .map(([template, contentType]): BodyPlan => ({ kind: 'content-type', template, contentType })),
      weight: 1,
    },
    {
      arbitrary: shaped.map((template): BodyPlan => ({
        kind: 'form',
        template,
        contentType: 'application/x-www-form-urlencoded',
      })),
      weight: 1,
    },
    { arbitrary: fc.constant<BodyPlan>({ kind: 'empty' }), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...(fields.length > 0 ? fields : ['title'])),
          fc.constantFrom(10_000, 200_000, 1_048_000),
        )
        .map(([field, n]): BodyPlan => ({
          kind: 'huge',
          text: `{"${field}":"${'x'.repeat(n)}"}`,
          contentType: 'application/json',
        })),
      weight: 1,
    },
  );
}

function renderBody(plan: BodyPlan): { body?: string; headers: Record<string, string> } {
  const headers: Record<string, string> = plan.contentType === undefined ? {} : { 'Content-Type': plan.contentType };
  if (plan.text !== undefined) return { body: plan.text, headers };
  if (plan.kind === 'empty') return { headers };
  const value = materialize(plan.template, fuzz.watcher);
  if (plan.kind === 'polluting') return { body: pollutingJson(value), headers };
  if (plan.kind === 'form') {
    const entries = isRecord(value) ? Object.entries(value) : [['value', value] as const];
    return {
      body: entries
        .map(([k, v]) => `${pctEncode(k)}=${pctEncode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
        .join('&'),
      headers,
    };
  }
  return { body: JSON.stringify(value) ?? 'null', headers };
}

function fillPath(
  route: RestRoute,
  params: Record<string, Template>,
  encoding: Encoding,
): { path: string; values: Record<string, string> } {
  const values: Record<string, string> = {};
  const path = route.path.replace(/:([a-zA-Z]+)/g, (_m, name: string) => {
    const raw = materialize(params[name], fuzz.watcher);
    const value = typeof raw === 'string' ? raw : String(raw);
    values[name] = value;
    return encodeSegment(value, encoding);
  });
  return { path, values };
}

function paramsArb(spec: RestSpec): fc.Arbitrary<Record<string, Template>> {
  const model: Record<string, fc.Arbitrary<Template>> = {};
  for (const [name, kind] of Object.entries(spec.params ?? {})) model[name] = paramArb(kind);
  return fc.record(model);
}

function accessOf(spec: RestSpec, values: Record<string, string>): Access {
  return spec.access ? spec.access(values) : procedureSpec(spec.procedure).access;
}

/** What the server decodes from a path segment, or null when the segment is not valid percent-encoding. */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function roleHeaders(role: Role, claim: 'none' | 'own'): Record<string, string> {
  const headers = { ...fuzz.cookie(role) };
  if (claim === 'own' && role !== 'anon') headers['X-User-ID'] = String(fuzz.accounts[role].id);
  return headers;
}

// ---------------------------------------------------------------------------------------------
// The properties

const runsPerRoute = 50;

describe('REST route table', () => {
  it('covers every route rest/index.ts serves', () => {
    const source = readFileSync(new URL('../../src/http/rest/index.ts', import.meta.url), 'utf8');
    const list = /const routes: RestRoute\[\] = \[([^\]]*)\]/.exec(source)?.[1] ?? '';
    const served = list
      .split(',')
      .map((s) => s.trim().replace(/^\.\.\./, ''))
      .filter(Boolean);
    expect(served.sort()).toEqual(Object.keys(routeGroups).sort());
    expect(allRoutes.map(routeKey).sort()).toEqual(Object.keys(restSpecs).sort());
  });
});

describe('fuzz harness self-check', () => {
  it('sees a change in the database, and the sender password is really stored', async () => {
    expect(fuzz.watcher.get<{ value: string }>("SELECT value FROM settings WHERE key = 'senderPassword'")?.value).toBe(
      secrets.settingSenderPassword,
    );
    const before = fuzz.watcher.snapshot();
    await fuzz.seedCall('admin', 'PATCH', '/api/volunteer-slots/1', { description: `changed ${Date.now()}` });
    expect(diffSnapshots(before, fuzz.watcher.snapshot())).toEqual(['volunteer_slots: content changed']);
    // The checks themselves catch what they are meant to catch.
    expect(secretsIn(`{"x":"${secrets.envAppPassword}"}`, fuzz)).toEqual(['carries the sender password']);
    expect(secretsIn(`{"x":"${fuzz.accounts.admin.token}"}`, fuzz)).toContain('carries a session token');
    expect(internalsIn('TypeError: x\n    at f (/a/b.ts:1:2)')).not.toEqual([]);
  });
});

describe('every REST route, as anonymous, user and admin', () => {
  for (const route of allRoutes) {
    const spec = specOf(route);
    const upload = route.upload;
    const bodyArb: fc.Arbitrary<BodyPlan> = upload
      ? fc.oneof(
          jsonBodyArb(spec),
          fc.tuple(fileBytes, fc.constantFrom(upload.field, 'file')).map(([data, name]): BodyPlan => ({
            kind: 'multipart',
            text: multipartBody('fuzzBoundary', [
              { name, filename: 'image.png', contentType: 'image/png', data },
            ]).toString('latin1'),
            contentType: 'multipart/form-data; boundary=fuzzBoundary',
          })),
        )
      : jsonBodyArb(spec);
    const requestArb = fc.record({
      role: fc.constantFrom(...roles),
      params: paramsArb(spec),
      encoding: fc.constantFrom<Encoding>('encoded', 'raw'),
      query: queryArb(spec.query ?? []),
      body: bodyArb,
      claim: fc.constantFrom<'none' | 'own'>('none', 'none', 'own'),
    });

    it(`${route.method} ${route.path}`, { timeout: fuzzTimeout(runsPerRoute, 1500) }, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb, async (r) => {
          const { path, values } = fillPath(route, r.params, r.encoding);
          const rendered = renderBody(r.body);
          // A multipart body is binary: it was kept as latin1 text above.
          const body =
            r.body.kind === 'multipart' && rendered.body !== undefined
              ? Buffer.from(rendered.body, 'latin1')
              : rendered.body;
          const req: RawRequest = {
            method: route.method,
            path: `${path}${r.query}`,
            headers: { ...rendered.headers, ...roleHeaders(r.role, r.claim) },
            body,
          };
          const access = accessOf(spec, values);
          await exercise(req, {
            route,
            mustFail: mayCall(r.role, access) ? undefined : `${r.role} called a route for ${access}`,
          });
        }),
        fuzzParams(runsPerRoute),
      );
    });
  }
});

describe('cross-cutting REST properties', () => {
  const methods = [
    'GET',
    'POST',
    'PUT',
    'PATCH',
    'DELETE',
    'OPTIONS',
    'HEAD',
    'TRACE',
    'PROPFIND',
    'SEARCH',
    'PURGE',
    'LOCK',
  ];

  const knownPath = fc
    .record({
      route: fc.constantFrom(...allRoutes),
      params: fc.dictionary(
        fc.constantFrom('id', 'userId', 'key', 'slug'),
        fc.oneof(hostileString, fc.nat({ max: 20 }).map(String)),
      ),
      trailingSlash: fc.boolean(),
    })
    .map(({ route, params, trailingSlash }) => {
      const path = route.path.replace(/:([a-zA-Z]+)/g, (_m, name: string) => pctEncode(params[name] ?? '1'));
      return trailingSlash ? `${path}/` : path;
    });

  const unknownPath = fc.oneof(
    fc.constantFrom(
      '/api',
      '/api/',
      '/api/nope',
      '/api/signup-sheets/1/extra',
      '/api//signup-sheets',
      '/api/signup-sheets/1/../../auth/me',
      '/api/%2e%2e/%2e%2e/etc/passwd',
      '/api/stats%2F',
      '/api/stats?x=1',
      '/api/stats#frag',
      '/api/__proto__',
      '/api/constructor/prototype',
      '/api/monitors/setup-',
      '/api/settings/',
      '/api/uploads/../../pac.sqlite',
      '/apix',
      '/api/auth/profile/',
    ),
    fc
      .array(hostileString, { minLength: 1, maxLength: 4 })
      .map((segments) => `/api/${segments.map(pctEncode).join('/')}`),
    fc
      .array(fc.constantFrom(...nastyStrings.filter(rawPathSafe)), { minLength: 1, maxLength: 3 })
      .map((s) => `/api/${s.join('/')}`),
  );

  /** The status the router must give: 404 for an unknown path, 405 for a wrong method, else unknown. */
  function routingStatus(method: string, path: string): number | undefined {
    const pathname = new URL(path, 'http://localhost').pathname;
    const matches = compiled.filter((c) => c.pattern.test(pathname));
    if (matches.length === 0) return 404;
    const same = matches.find((c) => c.route.method === method);
    if (!same) return 405;
    // A path that matches but whose segments are not valid percent-encoding cannot be decoded.
    return undefined;
  }

  it(
    'wrong methods on known paths and unknown /api paths answer 404/405 JSON',
    { timeout: fuzzTimeout(300) },
    async () => {
      const arb = fc.record({
        role: fc.constantFrom(...roles),
        method: fc.constantFrom(...methods),
        path: fc.oneof(knownPath, unknownPath),
        body: fc.option(smallJson, { nil: undefined }),
      });
      await fc.assert(
        fc.asyncProperty(
          arb.filter(({ path }) => /^\/api(?:\/|$)/.test(new URL(path, 'http://localhost').pathname)),
          async (r) => {
            const req: RawRequest = {
              method: r.method,
              path: r.path,
              headers: {
                ...fuzz.cookie(r.role),
                ...(r.body === undefined ? {} : { 'Content-Type': 'application/json' }),
              },
              body: r.body === undefined ? undefined : JSON.stringify(r.body),
            };
            const pathname = new URL(r.path, 'http://localhost').pathname;
            const route = compiled.find((c) => c.route.method === r.method && c.pattern.test(pathname))?.route;
            await exercise(req, { status: routingStatus(r.method, r.path), route });
          },
        ),
        fuzzParams(300),
      );
    },
  );

  it('hostile headers: X-User-ID, cookies, content types', { timeout: fuzzTimeout(300) }, async () => {
    const cookieMode = fc.constantFrom(
      'own',
      'garbage',
      'many',
      'dupe-garbage-first',
      'dupe-own-first',
      'no-equals',
      'empty-value',
      'long',
    );
    const arb = fc.record({
      role: fc.constantFrom(...roles),
      route: fc.constantFrom(...allRoutes),
      ids: fc.nat({ max: 10 }),
      cookieMode,
      garbage: cookieGarbage.map((g) => g.slice(0, 6000)),
      many: fc.array(fc.tuple(fc.base64String({ maxLength: 12 }), fc.base64String({ maxLength: 40 })), {
        minLength: 1,
        maxLength: 40,
      }),
      xUserId: fc.option(
        fc.oneof(
          headerValue.map((v) => v.slice(0, 4000)),
          fc.nat({ max: 30 }).map(String),
        ),
        { nil: undefined },
      ),
      contentType: fc.option(fc.constantFrom(...oddContentTypes, 'application/json'), { nil: undefined }),
      extra: fc.dictionary(
        fc.constantFrom(
          'Host',
          'X-Forwarded-For',
          'Accept',
          'Origin',
          'Referer',
          'X-Requested-With',
          'Accept-Encoding',
          'If-None-Match',
          'Range',
        ),
        headerValue.map((v) => v.slice(0, 200)),
        { maxKeys: 3 },
      ),
      body: smallJson,
    });
    await fc.assert(
      fc.asyncProperty(arb, async (r) => {
        const spec = specOf(r.route);
        // Real ids, so that the request gets as far as the procedure.
        const path = r.route.path.replace(/:([a-zA-Z]+)/g, (_m, name: string) => {
          const kind = spec.params?.[name];
          if (kind === 'settingKey') return 'adminEmail';
          if (kind === 'slug') return 'school';
          if (kind === 'feedToken') return `1.${'A'.repeat(43)}`;
          const ids = kind ? fuzz.watcher.ids(kind) : [];
          return String(ids[r.ids % Math.max(ids.length, 1)] ?? 1);
        });
        const own = r.role === 'anon' ? null : fuzz.accounts[r.role].token;
        let cookie: string | undefined;
        switch (r.cookieMode) {
          case 'own':
            cookie = own === null ? undefined : `pac_session=${own}`;
            break;
          case 'garbage':
            cookie = `pac_session=${r.garbage}`;
            break;
          case 'many':
            cookie = [...r.many.map(([k, v]) => `${k}=${v}`), ...(own === null ? [] : [`pac_session=${own}`])].join(
              '; ',
            );
            break;
          case 'dupe-garbage-first':
            cookie = `pac_session=${r.garbage}; pac_session=${own ?? 'x'}`;
            break;
          case 'dupe-own-first':
            cookie = `pac_session=${own ?? r.garbage}; pac_session=${r.garbage}`;
            break;
          case 'no-equals':
            cookie = `pac_session; ${r.garbage}`;
            break;
          case 'empty-value':
            cookie = 'pac_session=';
            break;
          case 'long':
            cookie = `pac_session=${'A'.repeat(6000)}`;
            break;
        }
        const headers: Record<string, string> = { ...r.extra };
        if (cookie !== undefined && cookie.trim() !== '') headers.Cookie = cookie.trim();
        if (r.xUserId !== undefined && r.xUserId !== '') headers['X-User-ID'] = r.xUserId;
        if (r.contentType !== undefined) headers['Content-Type'] = r.contentType;
        const readsBody = r.route.method !== 'GET' && r.route.method !== 'DELETE';
        const req: RawRequest = {
          method: r.route.method,
          path,
          headers,
          body: readsBody ? JSON.stringify(r.body) : undefined,
        };
        // The session decides who calls; a disagreeing X-User-ID is refused, never obeyed.
        const identity: Role | null = r.cookieMode === 'own' || r.cookieMode === 'dupe-own-first' ? r.role : null;
        const claimed = r.xUserId?.trim() ?? '';
        const spoofed =
          identity !== null && identity !== 'anon' && claimed !== '' && claimed !== String(fuzz.accounts[identity].id);
        const access = accessOf(spec, { key: 'adminEmail' });
        const mustFail = spoofed
          ? `X-User-ID ${claimed} disagrees with the ${identity} session`
          : identity !== null && !mayCall(identity, access)
            ? `${identity} called a route for ${access}`
            : undefined;
        await exercise(req, { route: r.route, mustFail });
      }),
      fuzzParams(300),
    );
  });

  it('multipart uploads to the logo and hero image routes', { timeout: fuzzTimeout(150, 1000) }, async () => {
    const uploadRoutes = allRoutes.filter((r) => r.upload);
    expect(uploadRoutes.map(routeKey).sort()).toEqual([
      'POST /api/admin/upload/hero-image',
      'POST /api/settings/logo-upload',
    ]);
    const part: fc.Arbitrary<MultipartPart> = fc.record(
      {
        name: fc.oneof(
          { arbitrary: fc.constantFrom('logo', 'heroImage'), weight: 4 },
          { arbitrary: fc.constantFrom('file', 'image', '', 'LOGO'), weight: 1 },
          { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
        ),
        filename: fc.oneof(
          fc.constantFrom('logo.png', '../../etc/passwd', '<script>.png', 'a.svg', 'x'.repeat(300), '', 'ünïcødé.jpg'),
          fc.string({ maxLength: 20 }),
        ),
        contentType: fc.constantFrom(
          'image/png',
          'image/jpeg',
          'image/svg+xml',
          'text/html',
          'application/octet-stream',
          '',
        ),
        data: fileBytes,
      },
      { requiredKeys: ['name', 'filename', 'data'] },
    );
    const arb = fc.record({
      role: fc.constantFrom(...roles),
      route: fc.constantFrom(...uploadRoutes),
      parts: fc.array(part, { minLength: 1, maxLength: 3 }),
      fields: fc.oneof(
        { arbitrary: fc.nat({ max: 3 }), weight: 4 },
        { arbitrary: fc.integer({ min: 18, max: 40 }), weight: 1 },
      ),
      variant: fc.oneof(
        { arbitrary: fc.constantFrom('well-formed', 'quoted-boundary'), weight: 6 },
        {
          arbitrary: fc.constantFrom('truncated', 'no-boundary', 'wrong-boundary', 'unclosed', 'garbage', 'empty'),
          weight: 4,
        },
      ),
      cut: fc.nat(),
      garbage: fc.uint8Array({ maxLength: 500 }),
    });
    await fc.assert(
      fc.asyncProperty(arb, async (r) => {
        const boundary = 'fuzz-Boundary_01';
        // Plain text fields around the files; more than busboy's limits (20 fields, 30 parts) now and then.
        const textParts = Array.from({ length: r.fields }, (_v, i) => ({
          name: `field${i}`,
          data: Buffer.from(`value ${i}`),
        }));
        const parts = [...textParts, ...r.parts.map((p) => ({ ...p, filename: p.filename?.replace(/["\r\n]/g, '') }))];
        let body = multipartBody(boundary, parts, r.variant !== 'unclosed');
        let contentType = `multipart/form-data; boundary=${boundary}`;
        switch (r.variant) {
          case 'truncated':
            body = body.subarray(0, body.length === 0 ? 0 : r.cut % body.length);
            break;
          case 'no-boundary':
            contentType = 'multipart/form-data';
            break;
          case 'wrong-boundary':
            contentType = 'multipart/form-data; boundary=somethingElse';
            break;
          case 'garbage':
            body = Buffer.from(r.garbage);
            break;
          case 'empty':
            body = Buffer.alloc(0);
            break;
          case 'quoted-boundary':
            contentType = `multipart/form-data; boundary="${boundary}"`;
            break;
          case 'unclosed':
          case 'well-formed':
            break;
        }
        const req: RawRequest = {
          method: 'POST',
          path: r.route.path,
          headers: { 'Content-Type': contentType, ...fuzz.cookie(r.role) },
          body,
        };
        await exercise(req, {
          route: r.route,
          mustFail: r.role === 'admin' ? undefined : `${r.role} uploaded an image`,
        });
      }),
      fuzzParams(150),
    );
  });

  it('JSON bodies just under, at and over the 1 MB limit', { timeout: fuzzTimeout(30, 2000) }, async () => {
    const limit = 1024 * 1024;
    const jsonRoutes = allRoutes.filter(
      (r) => !r.upload && !r.ignoreBody && (r.method === 'POST' || r.method === 'PATCH'),
    );
    const arb = fc.record({
      role: fc.constantFrom(...roles),
      route: fc.constantFrom(...jsonRoutes),
      size: fc.constantFrom(limit - 64, limit - 1, limit, limit + 1, 2 * limit, 6 * limit),
      shape: fc.constantFrom('string', 'object', 'array'),
    });
    await fc.assert(
      fc.asyncProperty(arb, async (r) => {
        const wrap = r.shape === 'string' ? ['"', '"'] : r.shape === 'object' ? ['{"title":"', '"}'] : ['["', '"]'];
        const fill = Math.max(0, r.size - (wrap[0]?.length ?? 0) - (wrap[1]?.length ?? 0));
        const body = `${wrap[0] ?? ''}${'x'.repeat(fill)}${wrap[1] ?? ''}`;
        const path = r.route.path.replace(/:([a-zA-Z]+)/g, (_m, name: string) =>
          name === 'key' ? 'adminEmail' : name === 'slug' ? 'school' : '1',
        );
        const req: RawRequest = {
          method: r.route.method,
          path,
          headers: { 'Content-Type': 'application/json', ...fuzz.cookie(r.role) },
          body,
        };
        const res = await exercise(req, { route: r.route });
        if (Buffer.byteLength(body) > limit) expect(res.status).toBe(413);
        else expect(res.status).not.toBe(413);
      }),
      fuzzParams(30),
    );
  });
});

describe('REST regressions found by this fuzzer', () => {
  it("an admin's fuzzed password change of the user's account does not lock the fuzzer out of that account", async () => {
    const { user } = fuzz.accounts;
    const change = (role: 'admin' | 'user', currentPassword: string, newPassword: string) =>
      exercise(
        {
          method: 'PATCH',
          path: `/api/auth/change-password/${user.id}`,
          headers: { 'Content-Type': 'application/json', ...fuzz.cookie(role) },
          body: JSON.stringify({ currentPassword, newPassword, confirmPassword: newPassword }),
        },
        { status: 200 },
      );
    const original = user.password;
    const oldToken = user.token;
    // The change ends the user's sessions; exercise() signs the user in again with the new password.
    await change('admin', original, 'new-secret-2');
    expect(user.token).not.toBe(oldToken);
    expect(user.password).toBe('new-secret-2');
    const me = async () =>
      JSON.parse(
        (await send(fuzz.server.url, { method: 'GET', path: '/api/auth/me', headers: fuzz.cookie('user') })).text,
      ) as unknown;
    expect(await me()).toMatchObject({ id: user.id });
    // And back, by the user themself: their own session is kept, and so is the token.
    const token = user.token;
    await change('user', 'new-secret-2', original);
    expect(user.token).toBe(token);
    expect(await me()).toMatchObject({ id: user.id });
  });

  it('a path id that is not valid percent-encoding is a 400, not a 500', async () => {
    for (const id of ['%ZZ', '%E0%A4%A', '%', '%%30']) {
      for (const role of roles) {
        const res = await exercise({ method: 'GET', path: `/api/signup-sheets/${id}`, headers: fuzz.cookie(role) });
        expect(res.status).toBe(400);
        expect(decodedSegment(id)).toBeNull();
      }
    }
  });

  it('a truncated multipart upload is answered 400 (401/403 before reading for non-admins) and does not crash the server', async () => {
    const body = multipartBody(
      'b0undary',
      [{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: new Uint8Array(64) }],
      false,
    );
    for (const role of roles) {
      for (const path of ['/api/settings/logo-upload', '/api/admin/upload/hero-image']) {
        const res = await exercise(
          {
            method: 'POST',
            path,
            headers: { 'Content-Type': 'multipart/form-data; boundary=b0undary', ...fuzz.cookie(role) },
            body,
          },
          { route: allRoutes.find((r) => r.path === path) },
        );
        // Only an admin's upload is read at all; others are refused before the body is touched.
        expect(res.status).toBe(role === 'admin' ? 400 : role === 'anon' ? 401 : 403);
      }
    }
    // Still serving.
    expect((await send(fuzz.server.url, { method: 'GET', path: '/api/signup-sheets' })).status).toBe(200);
  });
});
