import { once } from 'node:events';
import { Agent, type OutgoingHttpHeaders } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  inDays,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { multipartFile, type RawResponse, sendRaw } from '../../test/support/rawHttp';

/** No mail leaves a test: the transport points at a closed local port. */
const quietMail = { SMTP_HOST: '127.0.0.1', SMTP_PORT: '9', SMTP_SECURE: 'false' };

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid 1×1 grey PNG of exactly `size` bytes: a tEXt comment fills it up. */
function pngOfSize(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8); // bit depth; colour type 0 (grey), default compression, filter, no interlace
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
  ];
  const end = pngChunk('IEND', Buffer.alloc(0));
  const used = parts.reduce((n, part) => n + part.length, 0) + end.length + 12;
  const keyword = Buffer.from('Comment\0', 'latin1');
  const text = pngChunk('tEXt', Buffer.concat([keyword, Buffer.alloc(size - used - keyword.length, 0x20)]));
  const png = Buffer.concat([...parts, text, end]);
  expect(png.length).toBe(size);
  return png;
}

async function failedLogin(server: TestServer, email: string, headers: Record<string, string>): Promise<number> {
  return (await new ApiClient(server.url).post('/api/auth/login', { email, password: 'wrong-password' }, headers))
    .status;
}

async function register(server: TestServer, email: string): Promise<void> {
  const res = await new ApiClient(server.url).post('/api/auth/register', {
    name: 'Pat Parent',
    email,
    password: 'secret-pass',
  });
  expect(res.status).toBe(201);
}

describe('client address without TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ...quietMail, LOGIN_MAX_FAILURES: '2' } });
  });
  afterAll(() => server.stop());

  it('ignores X-Forwarded-For: failed logins from one socket address share its limit whatever they claim', async () => {
    await register(server, 'kim@example.org');
    // One address may fail LOGIN_MAX_FAILURES * 4 = 8 times, each for a different account.
    for (let i = 0; i < 8; i++) {
      expect(await failedLogin(server, `nobody${i}@example.org`, { 'X-Forwarded-For': `203.0.113.${i + 1}` })).toBe(
        401,
      );
    }
    const correct = await new ApiClient(server.url).post(
      '/api/auth/login',
      { email: 'kim@example.org', password: 'secret-pass' },
      { 'X-Forwarded-For': '198.51.100.77' },
    );
    expect(correct.status).toBe(429);
  });

  it('ignores X-Forwarded-Proto: the cookie is not Secure on plain http', async () => {
    const res = await new ApiClient(server.url).post(
      '/api/auth/register',
      { name: 'Pat Parent', email: 'proto@example.org', password: 'secret-pass' },
      { 'X-Forwarded-Proto': 'https' },
    );
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()[0]).not.toContain('Secure');
  });
});

describe('client address with TRUST_PROXY=loopback', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ...quietMail, LOGIN_MAX_FAILURES: '2', TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => server.stop());

  it('takes the client from X-Forwarded-For: one client exhausting its limit does not lock out another', async () => {
    await register(server, 'lee@example.org');
    const clientA = { 'X-Forwarded-For': '203.0.113.7' };
    for (let i = 0; i < 8; i++) expect(await failedLogin(server, `nobody${i}@example.org`, clientA)).toBe(401);
    expect(await failedLogin(server, 'nobody-more@example.org', clientA)).toBe(429);
    // A forged left-most entry does not help A: the proxy appended A's real address.
    expect(await failedLogin(server, 'nobody-else@example.org', { 'X-Forwarded-For': '192.0.2.1, 203.0.113.7' })).toBe(
      429,
    );
    const clientB = await new ApiClient(server.url).post(
      '/api/auth/login',
      { email: 'lee@example.org', password: 'secret-pass' },
      { 'X-Forwarded-For': '198.51.100.9' },
    );
    expect(clientB.status).toBe(200);
  });

  it('takes the protocol from X-Forwarded-Proto: the cookie is Secure behind an https proxy', async () => {
    const res = await new ApiClient(server.url).post(
      '/api/auth/login',
      { email: adminCredentials.email, password: adminCredentials.password },
      { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.10' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toContain('; Secure');
  });
});

describe('the edge of one server', () => {
  let server: TestServer;
  let admin: ApiClient;
  let cookie: string;
  const evil = 'http://evil.example';
  const sheet = {
    title: 'Evil Fair',
    description: 'x',
    eventDate: inDays(10),
    organizerName: 'Eve Evans',
    organizerEmail: 'eve@example.org',
  };
  const sheetCount = (title: string) =>
    queryOne<{ n: number }>(server.databasePath, 'SELECT count(*) AS n FROM signup_sheets WHERE title = ?', title).n;

  beforeAll(async () => {
    server = await startTestServer({ env: quietMail });
    admin = new ApiClient(server.url);
    await admin.login(adminCredentials.email, adminCredentials.password);
    cookie = admin.cookie ?? '';
  });
  afterAll(() => server.stop());

  describe('cross-site writes', () => {
    const expectRefused = (res: RawResponse) => {
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
    };

    it('refuses a sheet posted from another origin in any body encoding, and creates nothing', async () => {
      const json = JSON.stringify(sheet);
      const form = new URLSearchParams(Object.entries(sheet)).toString();
      const multi = multipartFile('title', 'x.txt', 'text/plain', Buffer.from('Evil Fair'));
      const bodies: { contentType?: string; body: string | Buffer }[] = [
        { body: json },
        { contentType: 'text/plain', body: json },
        { contentType: 'application/x-www-form-urlencoded', body: form },
        { contentType: multi.contentType, body: multi.body },
        { contentType: 'application/json', body: json },
      ];
      for (const { contentType, body } of bodies) {
        const headers: OutgoingHttpHeaders = {
          Cookie: cookie,
          Origin: evil,
          ...(contentType ? { 'Content-Type': contentType } : {}),
        };
        expectRefused(await sendRaw(server.url, { method: 'POST', path: '/api/signup-sheets', headers, body }));
      }
      const nullOrigin = await sendRaw(server.url, {
        method: 'POST',
        path: '/api/signup-sheets',
        headers: { Cookie: cookie, Origin: 'null', 'Content-Type': 'application/json' },
        body: json,
      });
      expectRefused(nullOrigin);
      expect(sheetCount(sheet.title)).toBe(0);
      const listed = await admin.get<{ title: string }[]>('/api/signup-sheets');
      expect(listed.body.map((s) => s.title)).not.toContain(sheet.title);
    });

    it('refuses empty form posts to actions that take no body', async () => {
      for (const path of ['/api/monitors/check-all', '/api/monitors/setup-school', '/api/email/test-post']) {
        const headers = { Cookie: cookie, Origin: evil, 'Content-Type': 'application/x-www-form-urlencoded' };
        expectRefused(await sendRaw(server.url, { method: 'POST', path, headers, body: '' }));
      }
      expect((await admin.get<unknown[]>('/api/monitors')).body).toEqual([]);
    });

    it('refuses a tRPC call from another origin or marked cross-site, with a tRPC error', async () => {
      const body = JSON.stringify({ json: { ...sheet, title: 'Evil tRPC Fair' } });
      for (const extra of [{ Origin: evil }, { 'Sec-Fetch-Site': 'cross-site' }]) {
        const res = await sendRaw(server.url, {
          method: 'POST',
          path: '/trpc/sheets.create',
          headers: { Cookie: cookie, 'Content-Type': 'application/json', ...extra },
          body,
        });
        expect(res.status).toBe(403);
        expect(JSON.parse(res.body)).toMatchObject({
          error: { json: { message: 'Cross-site request refused', data: { code: 'FORBIDDEN', httpStatus: 403 } } },
        });
      }
      expect(sheetCount('Evil tRPC Fair')).toBe(0);
    });

    it('serves writes from the app itself, writes without Origin, and reads from anywhere', async () => {
      const own = await sendRaw(server.url, {
        method: 'POST',
        path: '/trpc/sheets.create',
        headers: {
          Cookie: cookie,
          'Content-Type': 'application/json',
          Origin: server.url,
          'Sec-Fetch-Site': 'same-origin',
        },
        body: JSON.stringify({ json: { ...sheet, title: 'Own Fair' } }),
      });
      expect(own.status).toBe(200);
      const viaBaseUrl = await sendRaw(server.url, {
        method: 'POST',
        path: '/api/signup-sheets',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: server.config.publicBaseUrl },
        body: JSON.stringify({ ...sheet, title: 'Base URL Fair' }),
      });
      expect(viaBaseUrl.status).toBe(201);
      const script = await sendRaw(server.url, {
        method: 'POST',
        path: '/api/signup-sheets',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...sheet, title: 'Script Fair' }),
      });
      expect(script.status).toBe(201);
      expect(sheetCount('Own Fair') + sheetCount('Base URL Fair') + sheetCount('Script Fair')).toBe(3);
      const read = await sendRaw(server.url, {
        path: '/api/signup-sheets',
        headers: { Cookie: cookie, Origin: evil, 'Sec-Fetch-Site': 'cross-site' },
      });
      expect(read.status).toBe(200);
      const readTrpc = await sendRaw(server.url, { path: '/trpc/sheets.list', headers: { Origin: evil } });
      expect(readTrpc.status).toBe(200);
    });
  });

  describe('tRPC batches', () => {
    it('refuses a batch of 11 registrations whole: nobody is created', async () => {
      const calls = Array.from({ length: 11 }, (_, i) => ({
        json: { name: 'Batch Parent', email: `batch${i}@example.org`, password: 'secret-pass' },
      }));
      const res = await sendRaw(server.url, {
        method: 'POST',
        path: `/trpc/${calls.map(() => 'auth.register').join(',')}?batch=1`,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(Object.fromEntries(calls.map((call, i) => [i, call]))),
      });
      expect(res.status).toBe(400);
      expect(
        queryOne<{ n: number }>(server.databasePath, "SELECT count(*) AS n FROM users WHERE email LIKE 'batch%'").n,
      ).toBe(0);
    });

    it('refuses a batch of 100 logins without checking one password', async () => {
      await register(server, 'guessed@example.org');
      const calls = Array.from({ length: 100 }, (_, i) => ({
        json: { email: 'guessed@example.org', password: `guess-${i}` },
      }));
      const res = await sendRaw(server.url, {
        method: 'POST',
        path: `/trpc/${calls.map(() => 'auth.login').join(',')}?batch=1`,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(Object.fromEntries(calls.map((call, i) => [i, call]))),
      });
      expect(res.status).toBe(400);
      // Had the guesses run, the account would be locked (LOGIN_MAX_FAILURES is 5).
      expect(
        (
          await new ApiClient(server.url).post('/api/auth/login', {
            email: 'guessed@example.org',
            password: 'secret-pass',
          })
        ).status,
      ).toBe(200);
    });

    it('still serves a batch of 10', async () => {
      const res = await sendRaw(server.url, {
        path: `/trpc/${Array.from({ length: 10 }, () => 'sheets.list').join(',')}?batch=1&input={}`,
      });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toHaveLength(10);
    });
  });

  describe('an answer before the body was read whole', () => {
    it('closes the connection after a 413 on an oversize JSON body, and the next request is served', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const big = JSON.stringify({ ...sheet, description: 'x'.repeat(3 * 1024 * 1024) });
        const refused = await sendRaw(server.url, {
          method: 'POST',
          path: '/api/signup-sheets',
          headers: { Cookie: cookie, 'Content-Type': 'application/json', Connection: 'keep-alive' },
          body: big,
          agent,
        });
        expect(refused.status).toBe(413);
        expect(refused.headers.connection).toBe('close');
        expect(JSON.parse(refused.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
        if (!refused.socket.destroyed) await once(refused.socket, 'close');
        const next = await sendRaw(server.url, { path: '/api/signup-sheets', headers: { Cookie: cookie }, agent });
        expect(next.status).toBe(200);
        expect(next.reusedSocket).toBe(false);
      } finally {
        agent.destroy();
      }
    });

    it('does the same for an upload over the limit, a 413 over tRPC, and an early 401 on a body', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const upload = multipartFile(
          'heroImage',
          'big.png',
          'image/png',
          Buffer.concat([pngOfSize(1024), Buffer.alloc(8 * 1024 * 1024)]),
        );
        const cases: { path: string; headers: OutgoingHttpHeaders; body: Buffer | string; status: number }[] = [
          {
            path: '/api/admin/upload/hero-image',
            headers: { Cookie: cookie, 'Content-Type': upload.contentType },
            body: upload.body,
            status: 413,
          },
          {
            path: '/api/admin/upload/hero-image',
            headers: { 'Content-Type': upload.contentType },
            body: upload.body,
            status: 401,
          },
          {
            path: '/trpc/sheets.create',
            headers: { Cookie: cookie, 'Content-Type': 'application/json' },
            body: JSON.stringify({ json: { ...sheet, description: 'x'.repeat(3 * 1024 * 1024) } }),
            status: 413,
          },
        ];
        for (const c of cases) {
          const refused = await sendRaw(server.url, {
            method: 'POST',
            path: c.path,
            headers: c.headers,
            body: c.body,
            agent,
          });
          expect(refused.status).toBe(c.status);
          expect(refused.headers.connection).toBe('close');
          if (!refused.socket.destroyed) await once(refused.socket, 'close');
          const next = await sendRaw(server.url, { path: '/api/auth/me', headers: { Cookie: cookie }, agent });
          expect(next.status).toBe(200);
          expect(next.reusedSocket).toBe(false);
        }
      } finally {
        agent.destroy();
      }
    });

    it('keeps the connection alive when the body was read whole', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const invalid = await sendRaw(server.url, {
          method: 'POST',
          path: '/api/signup-sheets',
          headers: { Cookie: cookie, 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...sheet, title: '' }),
          agent,
        });
        expect(invalid.status).toBe(400);
        expect(invalid.headers.connection).toBe('keep-alive');
        const next = await sendRaw(server.url, { path: '/api/auth/me', headers: { Cookie: cookie }, agent });
        expect(next.reusedSocket).toBe(true);
      } finally {
        agent.destroy();
      }
    });
  });

  describe('upload size', () => {
    const uploadHero = (bytes: Buffer) => {
      const form = multipartFile('heroImage', 'hero.png', 'image/png', bytes);
      return sendRaw(server.url, {
        method: 'POST',
        path: '/api/admin/upload/hero-image',
        headers: { Cookie: cookie, 'Content-Type': form.contentType },
        body: form.body,
      });
    };

    it('accepts an image of exactly 5,242,880 bytes', async () => {
      const res = await uploadHero(pngOfSize(5_242_880));
      expect(res.status).toBe(200);
      const url = String((JSON.parse(res.body) as { url: unknown }).url);
      expect(url).toMatch(/^\/uploads\/hero-[a-f0-9]{24}\.png$/);
      const served = await fetch(`${server.url}${url}`);
      expect((await served.arrayBuffer()).byteLength).toBe(5_242_880);
    });

    it('refuses one byte more with 413', async () => {
      const res = await uploadHero(pngOfSize(5_242_881));
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ message: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
    });
  });
});
