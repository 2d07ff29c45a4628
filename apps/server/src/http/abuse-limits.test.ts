/**
 * Limits that hold under load and abuse (API.md): failed logins however they arrive, signups per
 * client address, confirmation emails per recipient, names that cannot carry a link, one answer for
 * a full slot, and ids spelled only in decimal. Each burst is sent in parallel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

const maxFailures = 5;
const signupLimit = 6;

let smtp: TestSmtp;
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    env: { ...smtpEnv(smtp), LOGIN_MAX_FAILURES: String(maxFailures), SIGNUP_RATE_LIMIT: String(signupLimit) },
  });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

let n = 0;
async function account(): Promise<{ email: string; password: string }> {
  n += 1;
  const email = `target${n}@example.org`;
  const password = `right-pass-${n}`;
  const res = await new ApiClient(server.url).post('/api/auth/register', { name: `Target ${n}`, email, password });
  expect(res.status).toBe(201);
  return { email, password };
}

/** A tRPC batch of auth.login calls, as one HTTP request. */
async function loginBatch(calls: { email: string; password: string }[]): Promise<{ status: number; codes: number[] }> {
  const path = calls.map(() => 'auth.login').join(',');
  const body = Object.fromEntries(calls.map((c, i) => [String(i), { json: c }]));
  const res = await fetch(`${server.url}/trpc/${path}?batch=1`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answers = (await res.json()) as ({ result: unknown } | { error: { json: { data: { httpStatus: number } } } })[];
  return { status: res.status, codes: answers.map((a) => ('error' in a ? a.error.json.data.httpStatus : 200)) };
}

function tally(codes: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const c of codes) out[c] = (out[c] ?? 0) + 1;
  return out;
}

describe('failed logins', () => {
  it('checks at most LOGIN_MAX_FAILURES of 40 simultaneous wrong passwords; the rest answer 429 unchecked', async () => {
    const target = await account();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        new ApiClient(server.url).post('/api/auth/login', { email: target.email, password: 'wrong-guess' }),
      ),
    );
    const counts = tally(answers.map((a) => a.status));
    expect(counts[401]).toBe(maxFailures);
    expect(counts[429]).toBe(40 - maxFailures);
    expect(answers.find((a) => a.status === 429)?.body.message).toMatch(
      /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/,
    );
    // The right password, now, is refused too: the account is locked for the window.
    expect((await new ApiClient(server.url).post('/api/auth/login', target)).status).toBe(429);
  });

  it('gives a tRPC batch with the right password last no more guesses, even mixed with REST', async () => {
    const target = await account();
    const wrong = { email: target.email, password: 'wrong-guess' };
    const [batch, rest] = await Promise.all([
      loginBatch([...Array.from({ length: 9 }, () => wrong), target]),
      Promise.all(Array.from({ length: 6 }, () => new ApiClient(server.url).post('/api/auth/login', wrong))),
    ]);
    const codes = [...batch.codes, ...rest.map((r) => r.status)];
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(maxFailures);
    expect(codes.filter((c) => c === 401).length + codes.filter((c) => c === 200).length).toBeLessThanOrEqual(
      maxFailures,
    );
    // The right password came after the limit was spent: it was not even checked.
    expect(batch.codes.at(-1)).toBe(429);
    expect(codes.includes(200)).toBe(false);
  });

  it('still lets the right password in while under the limit, and clears the count', async () => {
    const target = await account();
    const wrong = await new ApiClient(server.url).post('/api/auth/login', { email: target.email, password: 'typo' });
    expect(wrong.status).toBe(401);
    expect((await new ApiClient(server.url).post('/api/auth/login', target)).status).toBe(200);
  });
});

describe('signups from one address', () => {
  it(`accept exactly SIGNUP_RATE_LIMIT (${signupLimit}) of a parallel burst; the rest answer 429 and change nothing`, async () => {
    const { slotId } = await createSheetWithSlot(admin, 50, { title: 'Burst Fair' });
    const anon = new ApiClient(server.url);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        anon.post('/api/volunteers', {
          slotId,
          name: `Person ${i}`,
          email: `burst${i}@example.org`,
          phone: '555-0100',
        }),
      ),
    );
    const counts = tally(answers.map((a) => a.status));
    expect(counts[201]).toBe(signupLimit);
    expect(counts[429]).toBe(15 - signupLimit);
    expect(answers.find((a) => a.status === 429)?.body.message).toBe(
      'Too many signups from this network. Please try again later.',
    );
    const row = queryOne<{ current: number; counted: number }>(
      server.databasePath,
      'SELECT current_volunteers AS current, (SELECT count(*) FROM volunteers WHERE slot_id = ?) AS counted FROM volunteer_slots WHERE id = ?',
      slotId,
      slotId,
    );
    expect(row).toEqual({ current: signupLimit, counted: signupLimit });
    // Admins are exempt.
    const byAdmin = await admin.post('/api/volunteers', {
      slotId,
      name: 'Ada Entered',
      email: 'entered@example.org',
      phone: '1',
    });
    expect(byAdmin.status).toBe(201);
  });
});

describe('the school’s mail is not a relay', () => {
  it("refuses a name that carries a web address or hidden characters with 'Please enter a valid name', and mails nothing", async () => {
    const { slotId } = await createSheetWithSlot(admin, 5, { title: 'Relay Fair' });
    await server.runtime.mail.flush();
    const before = smtp.messages.length;
    for (const name of ['URGENT verify account at http://evil.example/login', 'Erin\u202Egro.live', 'Line\nBreak']) {
      const res = await admin.post('/api/volunteers', { slotId, name, email: 'victim@example.org', phone: '1' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter a valid name');
    }
    const reg = await new ApiClient(server.url).post('/api/auth/register', {
      name: 'see https://evil.example',
      email: 'r@example.org',
      password: 'secret-1',
    });
    expect(reg.status).toBe(400);
    expect(reg.body.message).toBe('Please enter a valid name');
    const sheet = await admin.post('/api/signup-sheets', {
      title: 'X',
      eventDate: new Date(Date.now() + 86_400_000).toISOString(),
      organizerName: 'Click http://evil.example',
      organizerEmail: 'o@example.org',
    });
    expect(sheet.status).toBe(400);
    expect(sheet.body.message).toBe('Please enter a valid name');
    await server.runtime.mail.flush();
    expect(smtp.messages.length).toBe(before);
    expect(
      queryOne<{ n: number }>(server.databasePath, 'SELECT count(*) AS n FROM volunteers WHERE slot_id = ?', slotId).n,
    ).toBe(0);
  });

  it('sends one address at most 5 confirmation emails an hour; later signups still succeed', async () => {
    const slots = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createSheetWithSlot(admin, 2, { title: `Mail Fair ${i}` })),
    );
    await server.runtime.mail.flush();
    const before = smtp.messages.filter((m) => m.envelopeTo.includes('inbox@example.org')).length;
    const answers = await Promise.all(
      slots.map(({ slotId }) =>
        admin.post('/api/volunteers', { slotId, name: 'In Box', email: 'inbox@example.org', phone: '1' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 8 }, () => 201));
    // The answer says whether a confirmation is on its way, so the page promises one only then.
    expect(answers.filter((a) => a.body.confirmationEmail === true)).toHaveLength(5);
    expect(answers.filter((a) => a.body.confirmationEmail === false)).toHaveLength(3);
    await server.runtime.mail.flush();
    expect(smtp.messages.filter((m) => m.envelopeTo.includes('inbox@example.org')).length - before).toBe(5);
  });
});

describe('answers that tell a stranger nothing', () => {
  it("answers everyone 'This volunteer slot is full' on a full slot, whether or not their email is on it", async () => {
    const { slotId } = await createSheetWithSlot(admin, 1, { title: 'Full Fair' });
    expect(
      (await admin.post('/api/volunteers', { slotId, name: 'First In', email: 'first@example.org', phone: '1' }))
        .status,
    ).toBe(201);
    for (const email of ['first@example.org', 'other@example.org']) {
      const res = await admin.post('/api/volunteers', { slotId, name: 'Some One', email, phone: '1' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This volunteer slot is full');
    }
  });

  it('reads ids in paths only as plain decimal integers', async () => {
    const { sheetId } = await createSheetWithSlot(admin, 1, { title: 'Id Fair' });
    expect((await admin.get(`/api/signup-sheets/${sheetId}`)).status).toBe(200);
    const hex = `0x${sheetId.toString(16)}`;
    for (const id of [hex, `${sheetId}e0`, '1e3', `%20${sheetId}`, `${sheetId}.0`, `+${sheetId}`]) {
      const res = await admin.get(`/api/signup-sheets/${id}`);
      expect([400, 404]).toContain(res.status);
    }
    expect((await admin.delete(`/api/signup-sheets/${hex}`)).status).toBe(400);
    expect((await admin.get(`/api/signup-sheets/${sheetId}`)).status).toBe(200);
  });
});
