/**
 * Every error a /trpc call answers carries a machine-readable reason in its `data` (and the input
 * field it is about, when it is about one), beside the message, code and status it always had;
 * REST bodies keep API.md's `{ message, code, issues? }`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { sendRaw } from '../../test/support/rawHttp';

/** No mail leaves a test: the transport points at a closed local port. */
const quietMail = { SMTP_HOST: '127.0.0.1', SMTP_PORT: '9', SMTP_SECURE: 'false' };

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ env: quietMail });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(() => server.stop());

interface TrpcAnswer {
  status: number;
  message: unknown;
  data: Record<string, unknown>;
}

/** The error of one tRPC call (superjson `{ json }` in and out), as the browser's client would get it. */
async function trpcError(
  procedure: string,
  input: unknown,
  options: { method?: 'GET' | 'POST'; cookie?: string | null } = {},
): Promise<TrpcAnswer> {
  const method = options.method ?? 'POST';
  const encoded = JSON.stringify({ json: input });
  const path = method === 'GET' ? `/trpc/${procedure}?input=${encodeURIComponent(encoded)}` : `/trpc/${procedure}`;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: method === 'POST' ? encoded : undefined,
  });
  const body = (await res.json()) as { error?: { json?: { message?: unknown; data?: Record<string, unknown> } } };
  const json = body.error?.json;
  if (!json?.data) throw new Error(`${procedure} answered ${res.status} without an error: ${JSON.stringify(body)}`);
  return { status: res.status, message: json.message, data: json.data };
}

describe('tRPC error answers carry a reason and a field', () => {
  it('an address already registered: emailTaken on the email field; the REST body stays as it was', async () => {
    const account = { name: 'Pat Parent', email: 'pat.reasons@example.org', password: 'secret-pass' };
    expect((await new ApiClient(server.url).post('/api/auth/register', account)).status).toBe(201);

    const answer = await trpcError('auth.register', { ...account, name: 'Pat Again' });
    expect(answer).toMatchObject({
      status: 409,
      message: 'An account with this email already exists',
      data: { code: 'CONFLICT', httpStatus: 409, path: 'auth.register', reason: 'emailTaken', field: 'email' },
    });

    const rest = await new ApiClient(server.url).post('/api/auth/register', { ...account, name: 'Pat Again' });
    expect(rest.status).toBe(409);
    expect(rest.body).toEqual({ message: 'An account with this email already exists', code: 'CONFLICT' });
  });

  it('a full slot: slotFull', async () => {
    const { slotId } = await createSheetWithSlot(admin, 1, { title: 'Reasons Fair' });
    const signup = { slotId, name: 'Fran First', email: 'fran.reasons@example.org', phone: '555-0110' };
    const first = await fetch(`${server.url}/trpc/volunteers.create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ json: signup }),
    });
    expect(first.status).toBe(200);
    const answer = await trpcError('volunteers.create', { ...signup, name: 'Sam Second', email: 'sam@example.org' });
    expect(answer).toMatchObject({
      status: 409,
      message: 'This volunteer slot is full',
      data: { code: 'CONFLICT', reason: 'slotFull' },
    });
    expect(answer.data).not.toHaveProperty('field');
  });

  it('a monitor URL outside the approved domains: urlNotApproved on the url field', async () => {
    const answer = await trpcError(
      'monitors.create',
      { name: 'Elsewhere', url: 'https://example.com/news', selectors: ['main'] },
      { cookie: admin.cookie },
    );
    expect(answer).toMatchObject({
      status: 400,
      message: 'URL must be from an approved school domain (*.example-district.org)',
      data: { code: 'BAD_REQUEST', reason: 'urlNotApproved', field: 'url' },
    });
  });

  it("input the schema refuses: invalidInput on the first issue's field, with the issues", async () => {
    const answer = await trpcError('auth.register', { name: 'Nell Name', email: 'not an address', password: 'x' });
    expect(answer).toMatchObject({
      status: 400,
      message: 'Please enter a valid email address',
      data: {
        code: 'BAD_REQUEST',
        reason: 'invalidInput',
        field: 'email',
        issues: [
          { path: 'email', message: 'Please enter a valid email address' },
          { path: 'password', message: 'Password must be at least 6 characters' },
        ],
      },
    });
  });

  it('a missing sheet: sheetNotFound; signed out: signInRequired', async () => {
    expect(await trpcError('sheets.byId', { id: 999_999 }, { method: 'GET' })).toMatchObject({
      status: 404,
      message: 'Signup sheet not found',
      data: { code: 'NOT_FOUND', reason: 'sheetNotFound' },
    });
    expect(await trpcError('calendar.myFeed', undefined, { method: 'GET' })).toMatchObject({
      status: 401,
      data: { code: 'UNAUTHORIZED', reason: 'signInRequired' },
    });
  });

  it("tRPC's own refusals: the code's reason", async () => {
    expect(await trpcError('sheets.noSuchProcedure', undefined, { method: 'GET' })).toMatchObject({
      status: 404,
      data: { code: 'NOT_FOUND', reason: 'notFound' },
    });
  });

  it('each answer of a batch has its own reason', async () => {
    const res = await fetch(
      `${server.url}/trpc/sheets.byId,calendar.myFeed?batch=1&input=${encodeURIComponent(
        JSON.stringify({ 0: { json: { id: 999_998 } }, 1: { json: undefined } }),
      )}`,
    );
    const answers = (await res.json()) as { error: { json: { data: { reason: string } } } }[];
    expect(answers.map((a) => a.error.json.data.reason)).toEqual(['sheetNotFound', 'signInRequired']);
  });
});

describe('refusals at the HTTP edge, before tRPC, carry a reason too', () => {
  const errorOf = (body: string) =>
    (JSON.parse(body) as { error: { json: { message: string; data: Record<string, unknown> } } }).error.json;

  it('a path that does not decode: invalidPath', async () => {
    const res = await sendRaw(server.url, { path: '/trpc/%ZZ' });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({
      message: 'The URL path is not valid',
      data: { code: 'BAD_REQUEST', httpStatus: 400, reason: 'invalidPath' },
    });
  });

  it('a Host header that is not a host: invalidHost', async () => {
    const res = await sendRaw(server.url, { path: '/trpc/sheets.list', headers: { Host: 'user@host' } });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({
      message: 'The Host header is not valid',
      data: { code: 'BAD_REQUEST', httpStatus: 400, reason: 'invalidHost' },
    });
  });

  it('a write from another site: crossSite', async () => {
    const res = await sendRaw(server.url, {
      method: 'POST',
      path: '/trpc/sheets.create',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example', Cookie: admin.cookie ?? '' },
      body: JSON.stringify({ json: {} }),
    });
    expect(res.status).toBe(403);
    expect(errorOf(res.body)).toMatchObject({
      message: 'Cross-site request refused',
      data: { code: 'FORBIDDEN', httpStatus: 403, reason: 'crossSite' },
    });
  });
});
