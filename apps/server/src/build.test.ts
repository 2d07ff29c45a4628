import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { i18nFor } from '@pac/i18n/server';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, createSheetWithSlot, queryOne } from '../test/support/harness';
import { startFakeGraphApi, startSchoolSite } from '../test/support/sites';
import { smtpEnv, startTestSmtp } from '../test/support/smtp';

// What `pnpm start` runs: the bundle `pnpm build` writes (see build.mjs), under plain node, started
// by scripts/serve.sh with production's memory settings.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const bundle = join(repoRoot, 'apps/server/dist/main.js');
const serveScript = join(repoRoot, 'scripts/serve.sh');
const migrations = join(repoRoot, 'packages/db/drizzle');
const dir = mkdtempSync(join(tmpdir(), 'pac-build-'));
const databasePath = join(dir, 'pac.sqlite');
let child: ChildProcess | null = null;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

beforeAll(() => {
  // `pnpm test` builds first; run alone, this test builds what is missing (never rebuilding what
  // other tests may be serving).
  if (
    existsSync(bundle) &&
    existsSync(join(repoRoot, 'apps/web/dist/index.html')) &&
    existsSync(join(repoRoot, 'apps/web/dist-ssr/entry-server.js'))
  )
    return;
  const build = spawnSync(process.execPath, [join(repoRoot, 'scripts/ensure-build.mjs')], { stdio: 'inherit' });
  expect(build.status).toBe(0);
}, 120_000);

/**
 * Starts the bundle through scripts/serve.sh with nothing but the settings below (and `extra`), and
 * resolves with its URL.
 */
function startBundle(extra: Record<string, string> = {}, database = databasePath): Promise<string> {
  const proc = spawn('sh', [serveScript], {
    // Outside the repository: nothing may be found relative to the working directory.
    cwd: dir,
    // Only these: no NODE_OPTIONS (a loader such as tsx) from the test runner.
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: database,
      UPLOAD_DIR: join(dir, 'uploads'),
      MONITOR_TICK_SECONDS: '0',
      REMINDER_TICK_SECONDS: '0',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the bundle did not start: ${out}`)), 30_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/[^\s"]+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    proc.stdout.on('data', read);
    proc.stderr.on('data', read);
    proc.once('exit', (code) => reject(new Error(`the bundle exited with ${String(code)}: ${out}`)));
  });
}

describe('the production build (apps/server/dist/main.js)', () => {
  it('imports only Node built-ins, its own chunks and the native modules kept outside the bundle', () => {
    // esbuild's own account of the build (build.mjs writes it beside the bundle).
    const meta = JSON.parse(readFileSync(join(repoRoot, 'apps/server/dist/meta.json'), 'utf8')) as {
      outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
    };
    const files = Object.keys(meta.outputs).filter((file) => file.endsWith('.js'));
    expect(files.some((file) => file.endsWith('dist/server.js'))).toBe(true);
    const builtins = new Set(builtinModules);
    const outside = new Set(
      files
        .flatMap((file) => meta.outputs[file]?.imports ?? [])
        .map((i) => i.path)
        .filter((path) => !path.startsWith('node:') && !builtins.has(path) && !files.includes(path)),
    );
    expect([...outside].sort()).toEqual(['argon2', 'better-sqlite3']);
  });

  it('leaves the website watch, the mailer, the QR codes, the upload parser and their libraries to chunks loaded on first use', () => {
    const meta = JSON.parse(readFileSync(join(repoRoot, 'apps/server/dist/meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown>; imports: { path: string; kind: string }[] }>;
    };
    const [entry, main] = Object.entries(meta.outputs).find(([file]) => file.endsWith('dist/server.js')) ?? [];
    if (!entry || !main) throw new Error('meta.json does not describe dist/server.js');
    const inMain = Object.keys(main.inputs);
    for (const library of ['undici', 'nodemailer', 'node-html-parser', 'zod/v4/locales/fr.js', 'qrcode', 'busboy'])
      expect(inMain.filter((input) => input.includes(`/${library}`))).toEqual([]);
    // compression's table of media types is not in the build at all: the server gives it a filter.
    const everyInput = Object.values(meta.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(everyInput.filter((input) => /[/]mime-db[/]|[/]compressible[/]/.test(input))).toEqual([]);
    // The entry reaches them only through import() …
    const chunks = main.imports.filter((i) => i.path.includes('dist/chunks/'));
    expect(chunks.some((i) => i.kind === 'dynamic-import')).toBe(true);
    // … and each of them is in some chunk of the build.
    const everywhere = Object.values(meta.outputs).flatMap((output) => Object.keys(output.inputs));
    for (const library of ['undici', 'nodemailer'])
      expect(everywhere.some((input) => input.includes(`/${library}/`))).toBe(true);
    // The HTML parser is only ever loaded by the page reader's thread, a bundle of its own beside
    // server.js, which the server starts as a file (packages/monitor/src/reader.ts).
    const [, reader] = Object.entries(meta.outputs).find(([file]) => file.endsWith('dist/page-reader.js')) ?? [];
    const readerInputs = Object.keys(reader?.inputs ?? {});
    expect(readerInputs.some((input) => input.includes('/node-html-parser/'))).toBe(true);
    expect(readerInputs.some((input) => input.endsWith('packages/monitor/src/readPage.worker.ts'))).toBe(true);
    expect(reader?.imports.filter((i) => i.path.includes('dist/'))).toEqual([]);
    expect(
      Object.values(meta.outputs).filter((output) =>
        Object.keys(output.inputs).some((i) => i.includes('/node-html-parser/')),
      ),
    ).toHaveLength(1);
  });

  it("reads each language's messages from JSON copied beside it when first used, and the server build carries none", () => {
    const meta = JSON.parse(readFileSync(join(repoRoot, 'apps/server/dist/meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown>; imports: { path: string; kind: string }[] }>;
    };
    // Nothing the server loads at start holds a catalog: only import() (the browser's catalog
    // loaders, which the server never calls) reaches one.
    const atStart = new Set<string>();
    const visit = (file: string) => {
      if (atStart.has(file)) return;
      atStart.add(file);
      for (const i of meta.outputs[file]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path);
    };
    const entry = Object.keys(meta.outputs).find((file) => file.endsWith('dist/server.js'));
    if (!entry) throw new Error('meta.json does not describe dist/server.js');
    visit(entry);
    const catalogInputs = [...atStart].flatMap((file) =>
      Object.keys(meta.outputs[file]?.inputs ?? {}).filter((input) => input.includes('packages/i18n/compiled/')),
    );
    expect(catalogInputs).toEqual([]);
    // The copies are the package's catalogs, every language and part.
    const compiled = join(repoRoot, 'packages/i18n/compiled');
    const copied = join(repoRoot, 'apps/server/dist/catalogs');
    const files = readdirSync(compiled, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(36);
    for (const file of files)
      expect(readFileSync(join(copied, file), 'utf8')).toBe(readFileSync(join(compiled, file), 'utf8'));
    // The web app's server build renders with the server's messages: no translation is in it.
    const ssr = readFileSync(join(repoRoot, 'apps/web/dist-ssr/entry-server.js'), 'utf8');
    const punjabi = JSON.parse(readFileSync(join(compiled, 'pa/web.json'), 'utf8')) as Record<string, unknown>;
    // A compiled message is its text's parts; the longer Gurmukhi ones stand for the catalog.
    const translations = Object.values(punjabi)
      .flat(Number.POSITIVE_INFINITY)
      .filter((m): m is string => typeof m === 'string' && (m.match(/[\u0A00-\u0A7F]/g)?.length ?? 0) >= 12);
    expect(translations.length).toBeGreaterThan(50);
    expect(translations.filter((m) => ssr.includes(m))).toEqual([]);
  });

  it('bundles @trpc/server from its published TypeScript source, not its dist/ built for older runtimes (build.mjs, trpcFromSource)', () => {
    const meta = JSON.parse(readFileSync(join(repoRoot, 'apps/server/dist/meta.json'), 'utf8')) as {
      inputs: Record<string, unknown>;
    };
    const trpc = Object.keys(meta.inputs).filter((input) => input.includes('/@trpc/server/'));
    expect(trpc.length).toBeGreaterThan(10);
    expect(trpc.filter((input) => !/[/]@trpc[/]server[/]src[/].*\.ts$/.test(input))).toEqual([]);
    // Its object spreads are the language's own: no Babel helper defining each property one by one.
    const server = readFileSync(join(repoRoot, 'apps/server/dist/server.js'), 'utf8');
    expect(server).not.toContain('_objectSpread2');
  });

  it("reaches node:http through require(), never an ES import (which loads Node 24's own undici)", () => {
    const meta = JSON.parse(readFileSync(join(repoRoot, 'apps/server/dist/meta.json'), 'utf8')) as {
      outputs: Record<string, { imports: { path: string; kind: string }[] }>;
    };
    const kinds = Object.values(meta.outputs)
      .flatMap((output) => output.imports)
      .filter((i) => i.path === 'node:http' || i.path === 'http')
      .map((i) => i.kind);
    expect(kinds).toContain('require-call');
    expect(kinds).not.toContain('import-statement');
  });

  it('is what `pnpm start` and the systemd unit both run, through scripts/serve.sh', () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } };
    expect(manifest.scripts.start).toMatch(/&& sh scripts\/serve\.sh$/);
    const unit = readFileSync(join(repoRoot, 'deploy/pac-hub.service'), 'utf8');
    expect(unit).toMatch(/^ExecStart=\/bin\/sh \/opt\/pac-hub\/scripts\/serve\.sh$/m);
  });

  it('starts under plain node, migrates from the copied migrations, and serves the app and the API', async () => {
    const url = await startBundle();
    const pid = child?.pid;
    if (pid !== undefined && existsSync(`/proc/${pid}/cmdline`)) {
      // The script has become node itself (exec: one process, which gets the service's signals),
      // running the bundle with the V8 heap settings and no other flags (no --import tsx, no loader).
      expect(realpathSync(`/proc/${pid}/exe`)).toBe(realpathSync(process.execPath));
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(argv.slice(1, -1)).toEqual([
        '--max-old-space-size=512',
        '--max-semi-space-size=4',
        '--no-parallel-scavenge',
        '--no-allocation-site-pretenuring',
      ]);
      expect(realpathSync(argv.at(-1) ?? '')).toBe(bundle);
      // glibc's malloc settings are in its environment from the start.
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environment).toEqual(expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_TRIM_THRESHOLD_=131072']));
    }

    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    // Rendered on the server by the web app's server build (apps/web/dist-ssr), which the bundle
    // imports at run time from beside the web build.
    const html = await home.text();
    expect(html).not.toContain('<div id="root"></div>');
    expect(html).toContain('No Current Opportunities');
    // In Farsi: the server's messages, read from the catalogs copied beside the bundle, render the
    // page (the server build has no messages of its own) and write its head.
    const farsi = await (await fetch(`${url}/?lang=fa`)).text();
    expect(farsi).toContain('<html lang="fa" dir="rtl"');
    const noOpportunities = i18nFor('fa')._('No Current Opportunities');
    expect(noOpportunities).not.toBe('No Current Opportunities');
    expect(farsi).toContain(noOpportunities);
    const sheets = await fetch(`${url}/api/signup-sheets`);
    expect(sheets.status).toBe(200);
    expect(await sheets.json()).toEqual([]);

    const sqlite = new Database(databasePath, { readonly: true });
    try {
      const applied = sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
      expect(applied.n).toBe(readdirSync(migrations).filter((f) => f.endsWith('.sql')).length);
    } finally {
      sqlite.close();
    }

    const proc = child;
    if (!proc) throw new Error('no server process');
    const exited = once(proc, 'exit');
    proc.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    child = null;
  }, 60_000);

  it('checks a page, sends mail and posts to Facebook and Instagram from the chunks it loads on first use', async () => {
    const site = await startSchoolSite();
    const graph = await startFakeGraphApi({ pageId: 'page1', igUserId: 'ig1' });
    const smtp = await startTestSmtp();
    const host = 'www.example-district.org';
    try {
      const url = await startBundle(
        {
          ...smtpEnv(smtp),
          ADMIN_EMAIL: adminCredentials.email,
          ADMIN_PASSWORD: adminCredentials.password,
          SCHOOL_DOMAIN: 'example-district.org',
          MONITOR_ALLOW_PRIVATE_ADDRESSES: 'true',
          MONITOR_RESOLVE: `${host}=127.0.0.1`,
          MONITOR_HOST_SPACING_MS: '0',
          FACEBOOK_PAGE_ID: 'page1',
          FACEBOOK_ACCESS_TOKEN: 'chunk-test-token',
          INSTAGRAM_USER_ID: 'ig1',
          GRAPH_API_BASE_URL: graph.baseUrl,
          PUBLIC_BASE_URL: 'http://pac.test',
        },
        join(dir, 'chunks.sqlite'),
      );
      const admin = new ApiClient(url);
      await admin.login(adminCredentials.email, adminCredentials.password);

      // The website watch: undici (the fetch), and node-html-parser on the page reader's thread (page-reader.js).
      site.pages.set('/news', '<html><body><main><h1>District news</h1><p>Term starts Monday</p></main></body></html>');
      const monitor = await admin.post<{ id: number }>('/api/monitors', {
        name: 'District news',
        url: `http://${host}:${site.port}/news`,
        selectors: ['main'],
      });
      expect(monitor.status).toBe(201);
      const checked = await admin.post<{ outcome: string }>(`/api/monitors/${monitor.body.id}/check`);
      expect(checked.body.outcome).toBe('baseline');
      const snapshot = queryOne<{ content: string }>(
        join(dir, 'chunks.sqlite'),
        'SELECT raw_content AS content FROM snapshots WHERE monitor_id = ? ORDER BY id DESC LIMIT 1',
        monitor.body.id,
      );
      expect(snapshot?.content).toBe('District news\nTerm starts Monday');

      // The announcement's card: the native renderer (@napi-rs/canvas) and the bundled fonts, found
      // from the bundle on first use.
      site.pages.set(
        '/news',
        '<html><body><main><h1>District news</h1><p>Term starts Monday</p><p>家长会：星期五提前放学</p></main></body></html>',
      );
      const changed = await admin.post<{ outcome: string; changeId: number }>(`/api/monitors/${monitor.body.id}/check`);
      expect(changed.body.outcome).toBe('changed');
      const drafts = await admin.get<{ id: number; changeId: number }[]>('/api/announcements?status=draft');
      const draft = drafts.body.find((a) => a.changeId === changed.body.changeId);
      if (!draft) throw new Error('no draft announcement');
      const card = await fetch(`${url}/api/announcements/${draft.id}/card.jpg`, {
        headers: { cookie: admin.cookie ?? '' },
      });
      expect(card.status).toBe(200);
      expect(card.headers.get('content-type')).toBe('image/jpeg');
      expect([...new Uint8Array(await card.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

      // Mail: nodemailer, with the first signup's confirmation.
      const { slotId } = await createSheetWithSlot(admin, 2, { title: 'Book Fair' });
      const signup = await new ApiClient(url).post<{ confirmationEmail: boolean }>('/api/volunteers', {
        slotId,
        name: 'Casey Jones',
        email: 'casey@example.org',
        phone: '555-0101',
        emailConsent: true,
      });
      expect(signup.status).toBe(201);
      expect(signup.body.confirmationEmail).toBe(true);
      const [mail] = await smtp.waitForMatching((m) => m.envelopeTo.includes('casey@example.org'), 1);
      expect(mail?.parsed.subject).toContain('Book Fair');

      // Social posts: undici again, from the notify package.
      const posted = await admin.post<{ results: unknown }>('/api/social-media/test-post');
      expect(posted.body.results).toEqual({ facebook: true, instagram: true, errors: [] });
      expect(graph.requests.some((r) => r.method === 'POST' && r.path.endsWith('/page1/feed'))).toBe(true);
    } finally {
      child?.kill('SIGKILL');
      child = null;
      await Promise.all([site.close(), graph.close(), smtp.close()]);
    }
  }, 60_000);
});

/**
 * Runs a script under this node, made to report `version` as its own (a module preloaded before the
 * script, as an older Node would report it), and returns its exit code and what it printed.
 */
const olderDatabase = join(dir, 'older-node.sqlite');

function underNodeVersion(version: string, script: string): { status: number | null; stdout: string; stderr: string } {
  const pretend = `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '${version}' } });`;
  const result = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(pretend)}`, script],
    { cwd: dir, env: { PATH: process.env.PATH, PORT: '0', DATABASE_PATH: olderDatabase }, encoding: 'utf8' },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the Node.js version (package.json engines)', () => {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } };

  it('is Node.js 24 or newer', () => {
    expect(manifest.engines.node).toBe('>=24');
  });

  it('stops the compiled server on an older Node with one line naming the version it needs, before anything loads', () => {
    const older = underNodeVersion('20.20.2', bundle);
    expect(older.status).toBe(1);
    expect(older.stdout).toBe('');
    expect(older.stderr).toBe('PAC Hub needs Node.js 24 or newer; this is Node.js 20.20.2.\n');
    // Nothing was opened or created.
    expect(existsSync(olderDatabase)).toBe(false);
  });

  it('stops `pnpm start` on an older Node before it builds anything', () => {
    const older = underNodeVersion('22.12.0', join(repoRoot, 'scripts/ensure-build.mjs'));
    expect(older.status).toBe(1);
    expect(older.stdout).toBe('');
    expect(older.stderr).toBe('PAC Hub needs Node.js 24 or newer; this is Node.js 22.12.0.\n');
  });
});

describe('the web build (apps/web/dist)', () => {
  it('has a brotli and a gzip form beside every script and stylesheet worth compressing, each the same bytes', () => {
    const assets = join(repoRoot, 'apps/web/dist/assets');
    const files = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    let compressed = 0;
    for (const file of files) {
      const body = readFileSync(join(assets, file));
      if (body.length < 1024) continue;
      compressed++;
      expect(brotliDecompressSync(readFileSync(join(assets, `${file}.br`))).equals(body)).toBe(true);
      expect(gunzipSync(readFileSync(join(assets, `${file}.gz`))).equals(body)).toBe(true);
    }
    expect(compressed).toBeGreaterThan(5);
    // The server fills index.html in per request, and reads the manifest to preload a page's chunks.
    expect(existsSync(join(repoRoot, 'apps/web/dist/index.html.br'))).toBe(false);
    expect(existsSync(join(repoRoot, 'apps/web/dist/.vite/manifest.json'))).toBe(true);
  });

  it('keeps the server build (apps/web/dist-ssr) out of what is served, and whole: it imports only Node built-ins', () => {
    const ssr = join(repoRoot, 'apps/web/dist-ssr');
    expect(existsSync(join(ssr, 'entry-server.js'))).toBe(true);
    expect(readdirSync(join(repoRoot, 'apps/web/dist'), { recursive: true }).map(String)).not.toContainEqual(
      expect.stringContaining('entry-server'),
    );
    // Bundled with its dependencies (ssr.noExternal), so the server loads it whatever node_modules holds.
    const builtins = new Set(builtinModules);
    for (const file of readdirSync(ssr, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(ssr, file), 'utf8');
      const imported = [
        ...code.matchAll(/^import\s[^;]*?from\s*["']([^"']+)["']/gm),
        ...code.matchAll(/\brequire\(["']([^"']+)["']\)/g),
      ].map((m) => m[1] ?? '');
      const outside = imported.filter((p) => !p.startsWith('.') && !p.startsWith('node:') && !builtins.has(p));
      expect(`${file}: ${outside.join(', ')}`).toBe(`${file}: `);
    }
  });
});
