import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, fetch, type Response } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, startTestServer, type TestServer } from '../support/harness';

/**
 * The app behind a real Caddy on loopback, configured from deploy/Caddyfile's own site block
 * (only the name, the ports and `tls internal` differ), as README's "Put it online" sets it up.
 */
const caddyBin = '/usr/bin/caddy';
const shippedCaddyfile = fileURLToPath(new URL('../../../../deploy/Caddyfile', import.meta.url));

/** A TCP port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The directives inside deploy/Caddyfile's `pac.example.org { … }` block, comments removed. */
function shippedSiteBody(): string {
  const lines = readFileSync(shippedCaddyfile, 'utf8')
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'));
  const start = lines.findIndex((line) => /^pac\.example\.org\s*\{\s*$/.test(line.trim()));
  if (start < 0) throw new Error('deploy/Caddyfile has no `pac.example.org {` site block');
  let depth = 0;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] ?? '';
    depth += (line.match(/\{/g)?.length ?? 0) - (line.match(/\}/g)?.length ?? 0);
    if (depth === 0) return lines.slice(start + 1, i).join('\n');
  }
  throw new Error('deploy/Caddyfile: the site block is not closed');
}

const caddyEnv = (dir: string) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: dir,
  XDG_DATA_HOME: join(dir, 'data'),
  XDG_CONFIG_HOME: join(dir, 'config'),
});

interface Caddy {
  child: ChildProcess;
  exited: Promise<void>;
  output(): string;
}

function startCaddy(config: string, dir: string): Caddy {
  const child = spawn(caddyBin, ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: caddyEnv(dir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => log };
}

/** Codes that mean "Caddy is not serving yet": nothing listening, or no certificate issued yet. */
function notReadyYet(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | null)?.cause?.code ??
    (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    (code === 'ECONNREFUSED' ||
      code === 'ECONNRESET' ||
      code === 'ENOENT' ||
      code === 'EPROTO' ||
      code.startsWith('ERR_SSL_'))
  );
}

describe('behind Caddy (deploy/Caddyfile, tls internal on loopback)', () => {
  let dir = '';
  let server: TestServer | null = null;
  let caddy: Caddy | null = null;
  let httpsPort = 0;
  let httpPort = 0;
  let ca = '';
  const agents: Agent[] = [];

  /** A client connecting from `localAddress` (any 127.x address is this machine) that trusts Caddy's CA. */
  function client(localAddress = '127.0.0.1'): Agent {
    const agent = new Agent({ localAddress, connect: { ca, family: 4 } });
    agents.push(agent);
    return agent;
  }
  const base = () => `https://localhost:${httpsPort}`;
  const login = (dispatcher: Agent, email: string, password: string): Promise<Response> =>
    fetch(`${base()}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
      dispatcher,
    });

  beforeAll(async () => {
    if (!existsSync(caddyBin)) {
      throw new Error(
        `Caddy is missing at ${caddyBin}: install it with \`apt-get install -y --no-install-recommends caddy\` (CI installs it).`,
      );
    }
    dir = mkdtempSync(join(tmpdir(), 'pac-caddy-'));
    httpsPort = await freePort();
    httpPort = await freePort();
    server = await startTestServer({
      env: { TRUST_PROXY: 'loopback', PUBLIC_BASE_URL: `https://localhost:${httpsPort}`, LOGIN_MAX_FAILURES: '2' },
    });
    const appPort = new URL(server.url).port;
    const body = shippedSiteBody();
    expect(body).toMatch(/^\s*reverse_proxy 127\.0\.0\.1:3000\s*$/m);
    const storage = join(dir, 'storage');
    mkdirSync(storage);
    const config = join(dir, 'Caddyfile');
    writeFileSync(
      config,
      [
        '{',
        `\thttp_port ${httpPort}`,
        `\thttps_port ${httpsPort}`,
        '\tadmin off',
        '\tskip_install_trust',
        `\tstorage file_system {\n\t\troot ${storage}\n\t}`,
        // No HTTP/3: its UDP port was never checked to be free.
        '\tservers {\n\t\tprotocols h1 h2\n\t}',
        '}',
        `https://localhost:${httpsPort} {`,
        '\tbind 127.0.0.1',
        '\ttls internal',
        body.replace(/reverse_proxy 127\.0\.0\.1:3000/, `reverse_proxy 127.0.0.1:${appPort}`),
        '}',
        '',
      ].join('\n'),
    );
    caddy = startCaddy(config, dir);
    const running = caddy;
    let exited = false;
    void running.exited.then(() => (exited = true));

    // Wait until Caddy answers over HTTPS: retry while it refuses connections or has no certificate yet.
    const rootCert = join(storage, 'pki/authorities/local/root.crt');
    const deadline = Date.now() + 20_000;
    let probe: Agent | null = null;
    for (;;) {
      if (exited) throw new Error(`caddy exited before serving:\n${running.output()}`);
      try {
        if (!probe) {
          ca = readFileSync(rootCert, 'utf8');
          probe = client();
        }
        const res = await fetch(`${base()}/api/signup-sheets`, { dispatcher: probe });
        await res.arrayBuffer();
        break;
      } catch (error) {
        if (!notReadyYet(error) || Date.now() > deadline) {
          throw new Error(`caddy did not answer on ${base()}: ${String(error)}\n${running.output()}`, { cause: error });
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }, 30_000);

  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.close()));
    if (caddy && caddy.child.exitCode === null && caddy.child.signalCode === null) {
      caddy.child.kill('SIGTERM');
      const timer = setTimeout(() => caddy?.child.kill('SIGKILL'), 10_000);
      await caddy.exited;
      clearTimeout(timer);
    }
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('the shipped deploy/Caddyfile is valid for caddy as it stands', () => {
    const checked = spawnSync(caddyBin, ['validate', '--config', shippedCaddyfile, '--adapter', 'caddyfile'], {
      env: caddyEnv(dir),
      encoding: 'utf8',
    });
    expect(checked.status, checked.stderr).toBe(0);
  });

  it('answers over HTTPS, through Caddy, with a certificate from its CA', async () => {
    const res = await fetch(`${base()}/api/signup-sheets`, { dispatcher: client() });
    expect(res.status).toBe(200);
    expect(res.headers.get('server')).toBe('Caddy');
    expect(Array.isArray(await res.json())).toBe(true);
  });

  it('marks the session cookie Secure when the admin logs in over HTTPS', async () => {
    const res = await login(client(), adminCredentials.email, adminCredentials.password);
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*Secure(;|$)/i);
      expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i);
    }
  });

  it("takes the client's address from Caddy: one client's login limit does not lock out another", async () => {
    const a = client('127.0.0.2');
    const b = client('127.0.0.3');
    // LOGIN_MAX_FAILURES=2: an address may fail 4 × 2 = 8 times, each with a different account.
    for (let i = 0; i < 8; i++) {
      const res = await login(a, `nobody-${i}@example.org`, 'wrong-password-1');
      await res.arrayBuffer();
      expect(res.status, `failed login ${i + 1} from A`).toBe(401);
    }
    const limited = await login(a, adminCredentials.email, adminCredentials.password);
    await limited.arrayBuffer();
    expect(limited.status, "A's right password once A is limited").toBe(429);
    // Every request reached the app from Caddy's own 127.0.0.1; B is still a different client.
    const other = await login(b, adminCredentials.email, adminCredentials.password);
    await other.arrayBuffer();
    expect(other.status, 'B logs in while A is limited').toBe(200);
  });

  it('redirects plain HTTP to HTTPS', async () => {
    const res = await fetch(`http://localhost:${httpPort}/api/signup-sheets?page=2`, {
      redirect: 'manual',
      dispatcher: client(),
    });
    await res.arrayBuffer();
    expect([301, 308]).toContain(res.status);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.protocol).toBe('https:');
    expect(location.hostname).toBe('localhost');
    // Caddy 2.6's automatic redirect names the standard port (443, as in production), later ones may name https_port.
    expect(['', String(httpsPort)]).toContain(location.port);
    expect(`${location.pathname}${location.search}`).toBe('/api/signup-sheets?page=2');
  });
});
