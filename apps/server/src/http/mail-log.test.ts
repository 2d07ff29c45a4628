import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  adminCredentials,
  createSheetWithSlot,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { captureLog, type LogCapture } from '../../test/support/log';
import { sendRaw } from '../../test/support/rawHttp';
import { smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

// A real SMTP server that refuses one mailbox: the mail to it fails after the answer has gone out,
// and the server's log (the same JSON lines as in production) is what the test reads.
const refused = 'nobody-home@example.org';
let smtp: TestSmtp;
let server: TestServer;
let log: LogCapture;
let slotId: number;

beforeAll(async () => {
  smtp = await startTestSmtp({ rejectRecipients: (address) => address === refused });
  log = captureLog('info');
  server = await startTestServer({ env: smtpEnv(smtp), logger: log.logger });
  const admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
  ({ slotId } = await createSheetWithSlot(admin, 10));
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

const errorLines = () => log.lines().filter((line) => line.level === 50);

describe('a background email that fails', () => {
  it("is one JSON error line with the request's id (X-Request-Id), from REST", async () => {
    const before = errorLines().length;
    const res = await new ApiClient(server.url).post<{ id: number; confirmationEmail: boolean }>('/api/volunteers', {
      slotId,
      name: 'Nora Nobody',
      email: refused,
      phone: '555-0100',
      emailConsent: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.confirmationEmail).toBe(true);
    const reqId = res.headers.get('x-request-id');
    expect(reqId).toMatch(/^[0-9a-f]{12}$/);
    await server.runtime.mail.flush();

    const lines = errorLines().slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'Signup confirmation failed', reqId, volunteerId: res.body.id });
    // The SMTP server's refusal, as pino writes an error.
    expect(JSON.stringify(lines[0]?.err)).toContain('Mailbox unavailable');
    // The request's own line carries the same id.
    expect(log.lines()).toContainEqual(
      expect.objectContaining({ level: 30, msg: 'request', reqId, route: '/api/volunteers', status: 201 }),
    );
  });

  it('carries the id of the tRPC request that started it, through a task that starts another', async () => {
    const before = errorLines().length;
    // Registering sends the verification link in the background.
    const registered = await sendRaw(server.url, {
      method: 'POST',
      path: '/trpc/auth.register',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ json: { name: 'Nora Nobody', email: refused, password: 'secret-pass' } }),
    });
    expect(registered.status).toBe(200);
    await server.runtime.mail.flush();
    // 'Forgot password?' answers first; its task then starts the reset email as a second task.
    const reset = await sendRaw(server.url, {
      method: 'POST',
      path: '/trpc/auth.forgotPassword',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ json: { email: refused } }),
    });
    expect(reset.status).toBe(200);
    await server.runtime.mail.flush();

    expect(errorLines().slice(before)).toEqual([
      expect.objectContaining({ msg: 'Verification email failed', reqId: registered.headers['x-request-id'] }),
      expect.objectContaining({ msg: 'Password reset email failed', reqId: reset.headers['x-request-id'] }),
    ]);
    expect(registered.headers['x-request-id']).not.toBe(reset.headers['x-request-id']);
  });
});
