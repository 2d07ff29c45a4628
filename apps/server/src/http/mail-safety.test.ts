/**
 * API.md "Mail that cannot be turned against anyone", issue 22: the secrets in links stay out of
 * the server's log, a password reset retires the private calendar feed URL, a verification or
 * reset link dies with the address it was mailed to, and a name cannot carry a web address into
 * the mails the school sends. Each test is the attack it stops, against the real server, its real
 * log lines (the same JSON as in production) and a real SMTP server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { captureLog, type LogCapture, type LoggedLine } from '../../test/support/log';
import { rawHeader, type ReceivedMail, smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

const publicBase = 'http://pac.test';
let smtp: TestSmtp;
let server: TestServer;
let log: LogCapture;
let admin: ApiClient;

beforeAll(async () => {
  smtp = await startTestSmtp();
  log = captureLog('info');
  server = await startTestServer({ env: { ...smtpEnv(smtp), PUBLIC_BASE_URL: publicBase }, logger: log.logger });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});
beforeEach(async () => {
  await server.runtime.mail.flush();
  smtp.messages.length = 0;
});

interface User {
  id: number;
  email: string;
  emailVerified: boolean;
}

/** Every message sent to this address so far, once the background sends have finished. */
async function mailTo(address: string): Promise<ReceivedMail[]> {
  await server.runtime.mail.flush();
  return smtp.messages.filter((m) => m.envelopeTo.includes(address));
}

/** The token of the newest link of this kind mailed to this address, as the mail's text has it. */
async function linkToken(to: string, path: '/verify-email' | '/reset-password'): Promise<string> {
  const pattern = new RegExp(`${publicBase.replace(/\./g, '\\.')}${path}\\?token=([A-Za-z0-9_%-]+)`);
  for (const mail of [...(await mailTo(to))].reverse()) {
    const match = pattern.exec(mail.parsed.text ?? '');
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

async function registered(email: string, password: string): Promise<{ client: ApiClient; user: User }> {
  const client = new ApiClient(server.url);
  const res = await client.post<User>('/api/auth/register', { name: 'Some Body', email, password });
  expect(res.status).toBe(201);
  return { client, user: res.body };
}

/** The signed-in account's private feed URL, on this test server rather than the public address. */
async function feedUrl(client: ApiClient): Promise<string> {
  const res = await client.get<{ url: string }>('/api/calendar/feed');
  expect(res.status).toBe(200);
  expect(res.body.url.startsWith(`${publicBase}/api/calendar/feed/`)).toBe(true);
  return res.body.url.replace(publicBase, server.url);
}

/** Polls a URL as a calendar app does: no cookie. */
async function poll(url: string): Promise<{ status: number; contentType: string | null; text: string; reqId: string }> {
  const res = await fetch(url);
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    text: await res.text(),
    reqId: res.headers.get('x-request-id') ?? '',
  };
}

/** The request's own log line, once written (the server writes it when the answer's connection closes). */
async function requestLine(reqId: string): Promise<LoggedLine> {
  expect(reqId).toMatch(/^[0-9a-f]{12}$/);
  const deadline = Date.now() + 5_000;
  for (;;) {
    const line = log.lines().find((l) => l.msg === 'request' && l.reqId === reqId);
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no request line for ${reqId}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('secrets in a URL never reach the log', () => {
  it('a calendar app polling the private feed, and the links from a signup’s mail, leave no token in any log line', async () => {
    // A volunteer's confirmation mail: its manage link and one-click unsubscribe carry tokens in the query.
    const { slotId } = await createSheetWithSlot(admin, 5, { title: 'Log Fair' });
    const signup = await new ApiClient(server.url).post<{ id: number }>('/api/volunteers', {
      slotId,
      name: 'Lou Logged',
      email: 'lou@example.org',
      phone: '555-0100',
      emailConsent: true,
    });
    expect(signup.status).toBe(201);
    const [confirmation] = await mailTo('lou@example.org');
    if (!confirmation) throw new Error('no confirmation mailed');
    const manage = /http:\/\/pac\.test\/my-signup\?token=([^\s"<>)]+)/.exec(confirmation.parsed.text ?? '');
    const manageToken = decodeURIComponent(manage?.[1] ?? '');
    const oneClick = new URL((rawHeader(confirmation, 'List-Unsubscribe') ?? '').replace(/[<>]/g, ''));
    const unsubscribeToken = oneClick.searchParams.get('token') ?? '';
    expect(oneClick.pathname).toBe(`/api/reminders/unsubscribe/${signup.body.id}`);
    expect(manageToken.length).toBeGreaterThan(20);
    expect(unsubscribeToken.length).toBeGreaterThan(20);

    // An account with a private feed, and the verification link it was mailed.
    const { client } = await registered('riley.feed@example.org', 'riley-pass-1');
    const verifyToken = await linkToken('riley.feed@example.org', '/verify-email');
    const url = await feedUrl(client);
    const feedToken = /\/api\/calendar\/feed\/([^/]+)\.ics$/.exec(url)?.[1] ?? '';
    const signature = feedToken.split('.')[1] ?? '';
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The feed as the app polls it; with a cache-buster; with a trailing slash; with a character of
    // the secret percent-encoded (the router decodes it: the same feed); and with its .ics cut off
    // (no such route, 404, but the secret in it is live).
    const percentEncoded = `%${signature.charCodeAt(0).toString(16)}${signature.slice(1)}`;
    const feedPolls = [
      { url, status: 200 },
      { url: `${url}?nocache=1`, status: 200 },
      { url: `${url}/`, status: 200 },
      { url: url.replace(signature, percentEncoded), status: 200 },
      { url: url.replace(/\.ics$/, ''), status: 404 },
    ];
    for (const { url: polled, status } of feedPolls) {
      const answer = await poll(polled);
      expect(answer.status, polled).toBe(status);
      if (status === 200) expect(answer.text).toContain('BEGIN:VCALENDAR');
      expect(await requestLine(answer.reqId), polled).toMatchObject({
        method: 'GET',
        route: '/api/calendar/feed/:token.ics',
        status,
      });
    }

    // The links with a token in the query: the manage page's data, the one-click unsubscribe
    // (RFC 8058), and the verification page (no web app is built here: 503, but it is still logged).
    const manageInfo = await fetch(`${server.url}/api/my-signup?token=${encodeURIComponent(manageToken)}`);
    expect(manageInfo.status).toBe(200);
    expect(await requestLine(manageInfo.headers.get('x-request-id') ?? '')).toMatchObject({
      route: '/api/my-signup',
      status: 200,
    });
    const unsubscribed = await fetch(`${server.url}${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(await requestLine(unsubscribed.headers.get('x-request-id') ?? '')).toMatchObject({
      route: `/api/reminders/unsubscribe/${signup.body.id}`,
      status: 200,
    });
    const verifyPage = await fetch(`${server.url}/verify-email?token=${encodeURIComponent(verifyToken)}`);
    expect(await requestLine(verifyPage.headers.get('x-request-id') ?? '')).toMatchObject({ route: '/verify-email' });

    // Every line the server logged, whatever its field or level: none holds any of the secrets.
    const logged = log
      .lines()
      .map((line) => JSON.stringify(line))
      .join('\n');
    for (const secret of [signature, signature.slice(1), manageToken, unsubscribeToken, verifyToken]) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('/api/calendar/feed/:token.ics');
  });
});

describe('a password reset retires the private calendar feed URL', () => {
  it('a feed URL copied by whoever had the account stops answering once the owner resets the password', async () => {
    const { client } = await registered('quinn.feed@example.org', 'taken-over-1');
    const old = await feedUrl(client);
    const before = await poll(old);
    expect(before.status).toBe(200);
    expect(before.contentType).toBe('text/calendar; charset=utf-8');

    // The owner gets the account back through the mailed reset link.
    const owner = new ApiClient(server.url);
    expect((await owner.post('/api/auth/forgot-password', { email: 'quinn.feed@example.org' })).status).toBe(202);
    const token = await linkToken('quinn.feed@example.org', '/reset-password');
    const reset = await owner.post('/api/auth/reset-password', {
      token,
      newPassword: 'owners-own-1',
      confirmPassword: 'owners-own-1',
    });
    expect(reset.status).toBe(200);

    // The copied URL answers what a reset feed answers: 404 JSON, no calendar.
    const after = await poll(old);
    expect(after.status).toBe(404);
    expect(after.contentType).toContain('application/json');
    expect(after.text).not.toContain('BEGIN:VCALENDAR');
    expect((JSON.parse(after.text) as { message: string }).message).toBe('Calendar feed not found');

    // The account's new URL works.
    await owner.login('quinn.feed@example.org', 'owners-own-1');
    const fresh = await feedUrl(owner);
    expect(fresh).not.toBe(old);
    const now = await poll(fresh);
    expect(now.status).toBe(200);
    expect(now.text).toContain('BEGIN:VCALENDAR');
  });
});

describe('a link dies with the address it was mailed to', () => {
  it('a reset or verification link mailed to A fails after the account moves to B and back to A; a new one works', async () => {
    const { client, user } = await registered('ada.a@example.org', 'ada-pass-1');
    const oldVerify = await linkToken('ada.a@example.org', '/verify-email');
    expect(
      (await new ApiClient(server.url).post('/api/auth/forgot-password', { email: 'ada.a@example.org' })).status,
    ).toBe(202);
    const oldReset = await linkToken('ada.a@example.org', '/reset-password');

    // A → B → A.
    for (const email of ['ada.b@example.org', 'ada.a@example.org']) {
      const changed = await client.patch<User>(`/api/auth/account/${user.id}`, { name: 'Ada', email });
      expect(changed.status).toBe(200);
      expect(changed.body.email).toBe(email);
    }
    const newVerify = await linkToken('ada.a@example.org', '/verify-email');
    expect(newVerify).not.toBe(oldVerify);

    const anyone = new ApiClient(server.url);
    const reset = await anyone.post('/api/auth/reset-password', {
      token: oldReset,
      newPassword: 'hijacked-1',
      confirmPassword: 'hijacked-1',
    });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe('This link is invalid or has expired');
    const verify = await anyone.post('/api/auth/verify-email', { token: oldVerify });
    expect(verify.status).toBe(400);
    expect(verify.body.message).toBe('This link is invalid or has expired');
    // Nothing changed: the password is the account's own, and the address is still unverified.
    expect((await client.get<User>('/api/auth/me')).body.emailVerified).toBe(false);
    expect((await anyone.post('/api/auth/login', { email: 'ada.a@example.org', password: 'hijacked-1' })).status).toBe(
      401,
    );

    // The links issued after the change back work.
    const verified = await anyone.post<User>('/api/auth/verify-email', { token: newVerify });
    expect(verified.status).toBe(200);
    expect(verified.body.emailVerified).toBe(true);
    await anyone.post('/api/auth/forgot-password', { email: 'ada.a@example.org' });
    const newReset = await linkToken('ada.a@example.org', '/reset-password');
    expect(newReset).not.toBe(oldReset);
    const ok = await anyone.post('/api/auth/reset-password', {
      token: newReset,
      newPassword: 'ada-new-pass-1',
      confirmPassword: 'ada-new-pass-1',
    });
    expect(ok.status).toBe(200);
    await anyone.login('ada.a@example.org', 'ada-new-pass-1');
  });
});

describe('a name cannot carry a web address into the school’s mail', () => {
  it("a signup named 'Win at www.evil-pills.example' answers 400 'Please enter a valid name', creates nothing and mails nothing", async () => {
    const { slotId } = await createSheetWithSlot(admin, 5, { title: 'Spam Fair' });
    await server.runtime.mail.flush();
    const res = await new ApiClient(server.url).post('/api/volunteers', {
      slotId,
      name: 'Win at www.evil-pills.example',
      email: 'victim@example.org',
      phone: '555-0100',
      emailConsent: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid name');
    await server.runtime.mail.flush();
    expect(smtp.messages).toHaveLength(0);
    expect(
      queryOne<{ n: number }>(server.databasePath, 'SELECT count(*) AS n FROM volunteers WHERE slot_id = ?', slotId).n,
    ).toBe(0);
  });
});
