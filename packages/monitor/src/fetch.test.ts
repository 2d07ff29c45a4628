import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Agent } from 'undici';
import {
  ConnectionPool,
  HostSpacer,
  MONITOR_USER_AGENT,
  MonitorFetchError,
  safeFetch,
  type SafeFetchOptions,
} from './fetch.ts';
import { html, siteOptions, SITE_DOMAIN, SITE_HOST, startSite, type FakeSite } from '../test/test-site.ts';

let site: FakeSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site.close();
});

async function fetchError(url: string | URL, opts: SafeFetchOptions): Promise<MonitorFetchError> {
  try {
    await safeFetch(typeof url === 'string' ? new URL(url) : url, opts);
  } catch (err) {
    if (err instanceof MonitorFetchError) return err;
    throw err;
  }
  throw new Error('expected safeFetch to fail');
}

describe('safeFetch against a local stand-in for the school site', () => {
  it('fetches the page through the pinned address with the monitor user agent', async () => {
    site.route('/ok', (_req, res) =>
      html(res, '<p>Hello</p>', { etag: '"v1"', 'last-modified': 'Tue, 03 Mar 2026 10:00:00 GMT' }),
    );
    const result = await safeFetch(new URL(`${site.base}/ok`), siteOptions);
    expect(result).toEqual({
      status: 200,
      notModified: false,
      body: '<p>Hello</p>',
      etag: '"v1"',
      lastModified: 'Tue, 03 Mar 2026 10:00:00 GMT',
      contentType: 'text/html; charset=utf-8',
      finalUrl: `${site.base}/ok`,
      truncated: false,
    });
    const seen = site.requests.filter((r) => r.path === '/ok').at(-1);
    expect(seen?.headers['user-agent']).toBe(MONITOR_USER_AGENT);
    expect(seen?.headers.host).toBe(`${SITE_HOST}:${site.port}`);
  });

  it('decodes the charset the page declares', async () => {
    site.route('/latin1', (_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
        .end(Buffer.from([0x43, 0x61, 0x66, 0xe9]));
    });
    expect((await safeFetch(new URL(`${site.base}/latin1`), siteOptions)).body).toBe('Café');
  });

  describe('a UTF-8 page that arrives in pieces', () => {
    // A byte-order mark, then 'Café € ' with each multi-byte character split between two writes,
    // then a byte-order mark in the middle of the text, which is content and stays.
    const pieces = [
      [0xef, 0xbb, 0xbf, 0x43, 0x61, 0x66, 0xc3],
      [0xa9, 0x20, 0xe2, 0x82],
      [0xac, 0x20, 0xef, 0xbb, 0xbf, 0x21],
    ];
    beforeAll(() => {
      site.route('/pieces', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const write = (index: number): void => {
          const piece = pieces[index];
          if (!piece) {
            res.end();
            return;
          }
          res.write(Buffer.from(piece));
          // Apart in time, so that they reach the client as separate chunks.
          setTimeout(() => write(index + 1), 20);
        };
        write(0);
      });
    });

    it('decodes characters split between chunks and drops only a leading byte-order mark', async () => {
      const result = await safeFetch(new URL(`${site.base}/pieces`), siteOptions);
      expect(result).toMatchObject({ truncated: false, body: 'Café € \ufeff!' });
    });

    it('leaves out a character cut off by the size limit in a later chunk', async () => {
      const result = await safeFetch(new URL(`${site.base}/pieces`), { ...siteOptions, maxBytes: 10 });
      expect(result).toMatchObject({ truncated: true, body: 'Café ' });
    });
  });

  it('sends If-None-Match / If-Modified-Since and reports 304 as not modified', async () => {
    site.route('/conditional', (req, res) => {
      if (req.headers['if-none-match'] === '"v7"') res.writeHead(304, { etag: '"v7"' }).end();
      else html(res, '<p>fresh</p>', { etag: '"v7"' });
    });
    const result = await safeFetch(new URL(`${site.base}/conditional`), {
      ...siteOptions,
      etag: '"v7"',
      lastModified: 'Tue, 03 Mar 2026 10:00:00 GMT',
    });
    expect(result).toMatchObject({ status: 304, notModified: true, body: '', etag: '"v7"' });
    const seen = site.requests.filter((r) => r.path === '/conditional').at(-1);
    expect(seen?.headers['if-none-match']).toBe('"v7"');
    expect(seen?.headers['if-modified-since']).toBe('Tue, 03 Mar 2026 10:00:00 GMT');
  });

  it('follows redirects that stay on the domain, re-checking every hop', async () => {
    site.route('/old', (_req, res) => res.writeHead(301, { location: '/middle' }).end());
    site.route('/middle', (_req, res) =>
      res.writeHead(302, { location: `http://news.${SITE_DOMAIN}:${site.port}/new` }).end(),
    );
    site.route('/new', (_req, res) => html(res, '<p>moved</p>'));
    const resolve = new Map([...siteOptions.resolve, [`news.${SITE_DOMAIN}`, '127.0.0.1']]);
    const result = await safeFetch(new URL(`${site.base}/old`), { ...siteOptions, resolve });
    expect(result.body).toBe('<p>moved</p>');
    expect(result.finalUrl).toBe(`http://news.${SITE_DOMAIN}:${site.port}/new`);
    expect(site.requests.find((r) => r.path === '/new')?.headers.host).toBe(`news.${SITE_DOMAIN}:${site.port}`);
  });

  it('refuses a redirect off the domain without contacting it', async () => {
    site.route('/leave', (_req, res) => res.writeHead(302, { location: 'http://evil.test/' }).end());
    const err = await fetchError(`${site.base}/leave`, siteOptions);
    expect(err.kind).toBe('refused');
    expect(err.message).toBe(
      'Refused redirect to http://evil.test/: Host evil.test is not example-district.org or one of its subdomains',
    );
  });

  it.each([
    'http://127.0.0.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/',
    'file:///etc/passwd',
    'http://user:pass@www.example-district.org/',
    '/\\evil.test/',
  ])('refuses a redirect to %s', async (location) => {
    site.route('/bad-redirect', (_req, res) => res.writeHead(307, { location }).end());
    expect((await fetchError(`${site.base}/bad-redirect`, siteOptions)).kind).toBe('refused');
  });

  it('follows at most 5 redirects', async () => {
    for (let i = 0; i < 7; i++)
      site.route(`/hop${i}`, (_req, res) => res.writeHead(302, { location: `/hop${i + 1}` }).end());
    site.route('/hop5', (_req, res) => html(res, 'five redirects is fine'));
    expect((await safeFetch(new URL(`${site.base}/hop0`), siteOptions)).body).toBe('five redirects is fine');

    site.route('/hop5', (_req, res) => res.writeHead(302, { location: '/hop6' }).end());
    const err = await fetchError(`${site.base}/hop0`, siteOptions);
    expect(err.kind).toBe('refused');
    expect(err.message).toBe('Refused: more than 5 redirects');
  });

  it('reports an HTTP error status', async () => {
    site.route('/broken', (_req, res) => res.writeHead(500).end('oops'));
    const err = await fetchError(`${site.base}/broken`, siteOptions);
    expect(err).toMatchObject({ kind: 'http', status: 500, message: 'The page answered HTTP 500' });
  });

  it('times out when the server never answers', async () => {
    site.route('/hang', () => undefined);
    const started = performance.now();
    const err = await fetchError(`${site.base}/hang`, { ...siteOptions, timeoutMs: 300 });
    expect(err.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('times out a body that trickles in, since the limit covers the whole fetch', async () => {
    site.route('/trickle', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(timer));
    });
    const started = performance.now();
    const err = await fetchError(`${site.base}/trickle`, { ...siteOptions, timeoutMs: 400 });
    expect(err.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  describe('a 10 MB body', () => {
    let finished: boolean[] = [];
    beforeAll(() => {
      site.route('/huge', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = (): void => {
          while (sent < 10 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        res.on('close', () => finished.push(res.writableFinished));
        pump();
      });
    });

    it('is cut off at maxBytes without reading the rest', async () => {
      finished = [];
      const started = performance.now();
      const result = await safeFetch(new URL(`${site.base}/huge`), { ...siteOptions, maxBytes: 100_000 });
      expect(performance.now() - started).toBeLessThan(2000);
      expect(result.truncated).toBe(true);
      expect(result.body.length).toBe(100_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(finished).toEqual([false]); // the client hung up before the server could send it all
    });

    it('is a too-large error when asked to fail instead of truncating', async () => {
      const err = await fetchError(`${site.base}/huge`, { ...siteOptions, maxBytes: 100_000, onTooLarge: 'error' });
      expect(err.kind).toBe('too-large');
    });
  });

  it('does not split a multi-byte character at the size limit', async () => {
    site.route('/accents', (_req, res) => html(res, 'éééé'));
    const result = await safeFetch(new URL(`${site.base}/accents`), { ...siteOptions, maxBytes: 5 });
    expect(result).toMatchObject({ truncated: true, body: 'éé' });
  });

  it('reports a refused connection as a network error', async () => {
    const port = site.port;
    await site.close();
    try {
      const err = await fetchError(`http://${SITE_HOST}:${port}/`, siteOptions);
      expect(err.kind).toBe('network');
      expect(err.message).toContain('ECONNREFUSED');
    } finally {
      site = await startSite();
    }
  });
});

describe('safeFetch refusals without allowPrivateAddresses', () => {
  const strict = { domain: SITE_DOMAIN, timeoutMs: 2000 };

  it.each([
    'http://localhost/',
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://127.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://example-district.org.evil.com/',
    'http://evil-example-district.org/',
    'http://notexample-district.org/',
    'http://user:pass@www.example-district.org/',
    'http://www.example-district.org@evil.com/',
    'file:///etc/passwd',
    'ftp://www.example-district.org/',
    'javascript:alert(1)',
    'data:text/html,x',
    'http://www.example-district.org:8080/',
  ])('refuses %s', async (raw) => {
    const err = await fetchError(raw, strict);
    expect(err.kind).toBe('refused');
  });

  it('refuses a name that resolves to a private address, before connecting', async () => {
    const started = performance.now();
    const err = await fetchError(`http://${SITE_HOST}/`, { ...strict, resolve: new Map([[SITE_HOST, '10.1.2.3']]) });
    expect(err.kind).toBe('refused');
    expect(err.message).toBe(`Refused: ${SITE_HOST} resolves to a private or reserved address (10.1.2.3)`);
    // A connection attempt to 10.1.2.3 would end in a timeout or a network error, not this fast refusal.
    expect(performance.now() - started).toBeLessThan(200);
  });

  it.each(['127.0.0.1', '::1', '::ffff:192.168.0.1', '100.64.1.1'])('refuses a resolve to %s', async (ip) => {
    expect((await fetchError(`https://${SITE_HOST}/`, { ...strict, resolve: new Map([[SITE_HOST, ip]]) })).kind).toBe(
      'refused',
    );
  });

  it('checks what real DNS answers', async () => {
    const err = await fetchError('http://localhost/', { domain: 'localhost', timeoutMs: 2000 });
    expect(err.kind).toBe('refused');
    expect(err.message).toMatch(/^Refused: localhost resolves to a private or reserved address/);
  });

  it('connects to the addresses real DNS gave when private addresses are allowed', async () => {
    site.route('/dns', (_req, res) => html(res, 'via dns'));
    const result = await safeFetch(new URL(`http://localhost:${site.port}/dns`), {
      domain: 'localhost',
      allowPrivateAddresses: true,
      timeoutMs: 3000,
    });
    expect(result.body).toBe('via dns');
  });
});

describe('safeFetch over TLS', () => {
  let dir = '';
  let server: ReturnType<typeof createHttpsServer> | undefined;
  let port = 0;
  const serverNames: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'monitor-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          `/CN=${SITE_HOST}`,
          '-addext',
          `subjectAltName=DNS:${SITE_HOST}`,
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
    } catch {
      return; // no openssl: the TLS test is skipped below
    }
    const tlsServer = createHttpsServer(
      {
        key: readFileSync(join(dir, 'key.pem')),
        cert: readFileSync(join(dir, 'cert.pem')),
        SNICallback: (name, cb) => {
          serverNames.push(name);
          cb(null, undefined);
        },
      },
      (_req, res) => html(res, 'secure'),
    );
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    port = (tlsServer.address() as AddressInfo).port;
    server = tlsServer;
  });
  afterAll(async () => {
    if (server) {
      const s = server;
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('verifies the certificate (a self-signed one is refused) and sends the host name as SNI', async ({ skip }) => {
    if (!server) skip();
    const err = await fetchError(`https://${SITE_HOST}:${port}/`, siteOptions);
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/^TLS certificate check failed for www\.example-district\.org/);
    // The connection went to the pinned 127.0.0.1, but TLS still named the school host (SNI).
    expect(serverNames).toEqual([SITE_HOST]);
  });
});

describe('HostSpacer', () => {
  it('spaces starts for one host and lets other hosts go at once', async () => {
    const spacer = new HostSpacer(120);
    const t0 = performance.now();
    const starts: Record<string, number[]> = { a: [], b: [] };
    await Promise.all([
      spacer.wait('a.example-district.org').then(() => starts.a?.push(performance.now() - t0)),
      spacer.wait('A.example-district.org').then(() => starts.a?.push(performance.now() - t0)),
      spacer.wait('a.example-district.org').then(() => starts.a?.push(performance.now() - t0)),
      spacer.wait('b.example-district.org').then(() => starts.b?.push(performance.now() - t0)),
    ]);
    const [a1 = 0, a2 = 0, a3 = 0] = starts.a ?? [];
    expect(a1).toBeLessThan(50);
    expect(a2).toBeGreaterThanOrEqual(110);
    expect(a3).toBeGreaterThanOrEqual(230);
    expect(starts.b?.[0] ?? Infinity).toBeLessThan(50);
  });

  it('defaults to one second', () => {
    expect(new HostSpacer().minGapMs).toBe(1000);
  });
});

describe('ConnectionPool', () => {
  let server: ReturnType<typeof createHttpServer>;
  let port = 0;
  const connections: Socket[] = [];
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => html(res, 'page');

  beforeAll(async () => {
    server = createHttpServer((req, res) => handler(req, res));
    server.on('connection', (socket) => connections.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const url = (path: string) => new URL(`http://${SITE_HOST}:${port}${path}`);

  it('keeps the connection of one host and its checked addresses for the next fetch, 304s included', async () => {
    const pool = new ConnectionPool();
    const before = connections.length;
    handler = (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') res.writeHead(304, { etag: '"v1"' }).end();
      else html(res, 'page', { etag: '"v1"' });
    };
    const opts = { ...siteOptions, connections: pool };
    for (let i = 0; i < 4; i++) {
      expect((await safeFetch(url(`/a${i}`), opts)).body).toBe('page');
      expect((await safeFetch(url(`/b${i}`), { ...opts, etag: '"v1"' })).notModified).toBe(true);
    }
    // Eight fetches one after another: undici may spread them over two kept connections, never more.
    expect(connections.length - before).toBeLessThanOrEqual(2);
    expect(pool.size).toBe(1);
    await pool.close();
    expect(pool.size).toBe(0);
  });

  it('connects anew for every fetch without a pool', async () => {
    handler = (_req, res) => html(res, 'page');
    const before = connections.length;
    await safeFetch(url('/a'), siteOptions);
    await safeFetch(url('/b'), siteOptions);
    expect(connections.length - before).toBe(2);
  });

  it('gives a host whose DNS answer changed a new agent, and so a new connection', async ({ skip }) => {
    // The same port on 127.0.0.2 (loopback too) stands for the school host's new address.
    const moved = createHttpServer((_req, res) => html(res, 'moved'));
    let movedConnections = 0;
    moved.on('connection', () => (movedConnections += 1));
    const listening = await new Promise<boolean>((resolve) => {
      moved.once('error', () => resolve(false));
      moved.listen(port, '127.0.0.2', () => resolve(true));
    });
    if (!listening) skip();
    try {
      const pool = new ConnectionPool();
      handler = (_req, res) => html(res, 'page');
      expect((await safeFetch(url('/a'), { ...siteOptions, connections: pool })).body).toBe('page');
      // The kept connection goes to the old address; the new answer must not reuse it.
      const resolve = new Map([[SITE_HOST, '127.0.0.2']]);
      expect((await safeFetch(url('/a'), { ...siteOptions, resolve, connections: pool })).body).toBe('moved');
      expect(movedConnections).toBe(1);
      expect((await safeFetch(url('/a'), { ...siteOptions, connections: pool })).body).toBe('page');
      expect(pool.size).toBe(2);
      await pool.close();
    } finally {
      moved.closeAllConnections();
      await new Promise((resolve) => moved.close(resolve));
    }
  });

  it('lets the least recently used agent go beyond its limit', async () => {
    const pool = new ConnectionPool(2);
    const a = pool.agent('a', () => new Agent());
    const b = pool.agent('b', () => new Agent());
    expect(pool.agent('a', () => new Agent())).toBe(a);
    pool.agent('c', () => new Agent());
    expect(pool.size).toBe(2);
    // 'b' was the least recently used: it is gone (a new one would be made), 'a' is kept.
    expect(pool.agent('a', () => new Agent())).toBe(a);
    expect(pool.agent('b', () => new Agent())).not.toBe(b);
    await pool.close();
    expect(pool.size).toBe(0);
  });
});
