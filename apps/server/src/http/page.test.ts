import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { pageDataElementId } from '@pac/validators/page-data';
import { parse } from 'node-html-parser';
import superjson, { type SuperJSONResult } from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { scriptSafeJson, serverBuildEntry } from './page';

/**
 * The app's pages carry their first data (issue 14): the HTML of `/` and of a sheet holds what the
 * page's own queries would answer for the same cookie, escaped so that no text can end its script
 * element, with the sheet page's chunks preloaded; files go out in the compressed form the build
 * wrote, and API answers are compressed on the fly, each by Accept-Encoding with Vary.
 */

const dir = mkdtempSync(join(tmpdir(), 'pac-page-'));
const staticDir = join(dir, 'dist');
// A stand-in for the built app: the template, Vite's manifest and a chunk with its compressed forms.
const chunk = `export const text = ${JSON.stringify('PAC Hub '.repeat(400))};\n`;
const template =
  '<!doctype html><html><head><title>PAC Hub</title>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const manifest = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  'src/pages/SignupSheet.page.tsx': {
    file: 'assets/SignupSheet.page-xyz.js',
    isDynamicEntry: true,
    imports: ['_Modal-2.js', '_shared-1.js'],
    css: ['assets/rest-3.css', 'assets/SignupSheet-4.css'],
  },
  '_Modal-2.js': { file: 'assets/Modal-2.js', imports: ['_shared-1.js'], css: ['assets/rest-3.css'] },
  'src/pages/Admin.page.tsx': {
    file: 'assets/Admin.page-adm.js',
    isDynamicEntry: true,
    imports: ['_shared-1.js'],
    css: ['assets/Tabs-5.css'],
  },
};

let server: TestServer;
let admin: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  mkdirSync(join(staticDir, '.vite'));
  writeFileSync(join(staticDir, 'index.html'), template);
  writeFileSync(join(staticDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(staticDir, 'assets', 'index-abc.js'), chunk);
  writeFileSync(join(staticDir, 'assets', 'index-abc.js.br'), brotliCompressSync(chunk));
  writeFileSync(join(staticDir, 'assets', 'index-abc.js.gz'), gzipSync(chunk));
  server = await startTestServer({ staticDir });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
  anonymous = new ApiClient(server.url);
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose body is kept as sent (fetch would decompress it). */
function rawRequest(url: string, method: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** A GET to the shared server whose body is kept as sent. */
const rawGet = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(`${server.url}${path}`, 'GET', headers);

interface Embedded {
  path: string;
  input?: unknown;
  data: SuperJSONResult;
}

/** The page's embedded queries, by path (and the raw HTML). */
async function pageData(
  client: ApiClient,
  path: string,
  status = 200,
): Promise<{ html: string; queries: Map<string, Embedded> }> {
  const res = await client.get<string>(path, { Accept: 'text/html' });
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  const html = res.body;
  const element = parse(html).getElementById(pageDataElementId);
  expect(element?.getAttribute('type')).toBe('application/json');
  const entries = JSON.parse(element?.textContent ?? 'null') as Embedded[];
  return { html, queries: new Map(entries.map((e) => [e.path, e])) };
}

const decoded = (entry: Embedded | undefined): unknown => (entry ? superjson.deserialize(entry.data) : undefined);

describe('the first data of a page, in its HTML', () => {
  it('gives the home page the upcoming sheets, the hero and the visitor, as the API answers them', async () => {
    await createSheetWithSlot(admin, 3, { title: 'Book Fair' });
    const { queries } = await pageData(anonymous, '/');
    expect([...queries.keys()].sort()).toEqual([
      'announcements.news',
      'auth.me',
      'settings.getPublic',
      'settings.heroContent',
      'settings.language',
      'settings.schoolClock',
      'sheets.list',
    ]);
    expect(decoded(queries.get('auth.me'))).toBeNull();
    expect(queries.get('settings.getPublic')?.input).toEqual({ key: 'heroImageUrl' });
    // The home page's School news: the latest 3 (none yet).
    expect(queries.get('announcements.news')?.input).toEqual({ limit: 3 });
    expect(decoded(queries.get('announcements.news'))).toEqual([]);

    const listed = decoded(queries.get('sheets.list')) as { title: string; eventDate: Date }[];
    expect(listed.map((s) => s.title)).toContain('Book Fair');
    // superjson keeps dates as dates, as /trpc sends them.
    expect(listed[0]?.eventDate).toBeInstanceOf(Date);
    const api = await anonymous.get<{ title: string }[]>('/api/signup-sheets');
    expect(listed.map((s) => s.title)).toEqual(api.body.map((s) => s.title));
  });

  it('gives /news the school news, names it in its head and points feed readers to /news.atom', async () => {
    const { html, queries } = await pageData(anonymous, '/news');
    expect(queries.get('announcements.news')).toMatchObject({ path: 'announcements.news' });
    expect(queries.get('announcements.news')).not.toHaveProperty('input');
    expect(decoded(queries.get('announcements.news'))).toEqual([]);
    const head = parse(html).querySelector('head');
    expect(head?.querySelector('title')?.textContent).toBe('School news · Our School PAC');
    const feedLink = head?.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    expect(feedLink?.getAttribute('href')).toMatch(/\/news\.atom$/);
    const home = await pageData(anonymous, '/');
    expect(parse(home.html).querySelector('head link[type="application/atom+xml"]')).not.toBeNull();
  });

  it('gives a sheet page its sheet, with contact details only for those who may see them, and preloads its chunks', async () => {
    const { sheetId, slotId } = await createSheetWithSlot(admin, 2, { title: 'Fun Run' });
    const signup = await anonymous.post('/api/volunteers', {
      slotId,
      name: 'Pat Parent',
      email: 'pat@example.org',
      phone: '555-0101',
    });
    expect(signup.status).toBe(201);

    type Sheet = { title: string; slots: { volunteers: { name: string; email?: string; phone?: string }[] }[] };
    const visitor = await pageData(anonymous, `/signup-sheet/${sheetId}`);
    expect(visitor.queries.get('sheets.byId')?.input).toEqual({ id: sheetId });
    const seen = decoded(visitor.queries.get('sheets.byId')) as Sheet;
    expect(seen.title).toBe('Fun Run');
    expect(seen.slots[0]?.volunteers).toEqual([expect.objectContaining({ name: 'Pat P.' })]);
    expect(visitor.html).not.toContain('pat@example.org');
    expect(visitor.html).not.toContain('555-0101');

    const organizer = await pageData(admin, `/signup-sheet/${sheetId}`);
    const full = decoded(organizer.queries.get('sheets.byId')) as Sheet;
    expect(full.slots[0]?.volunteers[0]).toMatchObject({ email: 'pat@example.org', phone: '555-0101' });
    expect(decoded(organizer.queries.get('auth.me'))).toMatchObject({ email: adminCredentials.email });

    // The page's chunk and what it imports, less what index.html already loads.
    const preloads = parse(visitor.html)
      .querySelectorAll('link[rel=modulepreload]')
      .map((l) => l.getAttribute('href'));
    expect(preloads).toEqual(['/assets/SignupSheet.page-xyz.js', '/assets/Modal-2.js', '/assets/shared-1.js']);
    // Their stylesheets, each once, those of imported chunks first (the order the app would add them in).
    const styles = parse(visitor.html)
      .querySelectorAll('head link[rel=stylesheet]')
      .map((l) => l.getAttribute('href'));
    expect(styles).toEqual(['/assets/rest-3.css', '/assets/SignupSheet-4.css']);
    // The home page has no chunk of its own to preload.
    const home = await pageData(anonymous, '/');
    expect(home.html).not.toContain('modulepreload');
    expect(home.html).not.toContain('stylesheet');
    // No server-rendering build beside this one: the root is left for the browser to render.
    expect(home.html).toContain('<div id="root"></div>');
    expect(visitor.html).toContain('<div id="root"></div>');
  });

  it("gives the dashboard its viewer's first screen (an administrator's figures, an organizer's own sheets) and preloads its chunks", async () => {
    await createSheetWithSlot(admin, 2, { title: 'Dashboard Fair' });
    const everyPage = ['auth.me', 'settings.language', 'settings.schoolClock'];

    const adminPage = await pageData(admin, '/admin');
    expect([...adminPage.queries.keys()].sort()).toEqual([...everyPage, 'stats.get'].sort());
    expect(decoded(adminPage.queries.get('stats.get'))).toEqual((await admin.get('/api/stats')).body);
    const preloads = parse(adminPage.html)
      .querySelectorAll('link[rel=modulepreload]')
      .map((l) => l.getAttribute('href'));
    expect(preloads).toEqual(['/assets/Admin.page-adm.js', '/assets/shared-1.js']);
    const styles = parse(adminPage.html)
      .querySelectorAll('head link[rel=stylesheet]')
      .map((l) => l.getAttribute('href'));
    expect(styles).toEqual(['/assets/Tabs-5.css']);

    const organizer = new ApiClient(server.url);
    const account = await organizer.post<{ id: number }>('/api/auth/register', {
      name: 'Olu Organizer',
      email: 'olu-dashboard@example.org',
      password: 'secret-pass',
    });
    expect((await admin.patch(`/api/users/${account.body.id}`, { role: 'organizer' })).status).toBe(200);
    await createSheetWithSlot(organizer, 1, { title: "Olu's Bake Sale" });
    const organizerPage = await pageData(organizer, '/admin');
    expect([...organizerPage.queries.keys()].sort()).toEqual([...everyPage, 'sheets.managed'].sort());
    // Their own sheets only, as sheets.managed answers them.
    const managed = decoded(organizerPage.queries.get('sheets.managed')) as { title: string }[];
    expect(managed.map((sheet) => sheet.title)).toEqual(["Olu's Bake Sale"]);

    // Signed out: the gate's code, and what every page gets.
    expect([...(await pageData(anonymous, '/admin')).queries.keys()].sort()).toEqual(everyPage);
  });

  it('leaves out what the page would be refused, and a sheet that does not exist', async () => {
    // Still the app, with what every page gets, answered 404 (sharing.test.ts).
    const missing = await pageData(anonymous, '/signup-sheet/999999', 404);
    expect([...missing.queries.keys()]).toEqual(['auth.me', 'settings.language', 'settings.schoolClock']);
    const other = await pageData(anonymous, '/profile/1');
    expect([...other.queries.keys()]).toEqual(['auth.me', 'settings.language', 'settings.schoolClock']);
  });

  it("gives every page the school's clock, as settings.schoolClock answers it", async () => {
    const api = await anonymous.get<{ result: { data: { json: unknown } } }>('/trpc/settings.schoolClock');
    const clock = api.body.result.data.json as { timeZone: string; offsets: [number, number][] };
    expect(clock.timeZone).toBe(server.config.timeZone);
    for (const path of ['/', '/privacy-policy', '/admin']) {
      expect(decoded((await pageData(anonymous, path)).queries.get('settings.schoolClock'))).toEqual(clock);
    }
  });

  it('keeps a title that tries to end the script element inside it, as text', async () => {
    // With `$` patterns that String#replace would expand into parts of the template.
    const title = "</script><script>window.pwned=1</script><!-- & \u2028 $` $& $' end";
    const { sheetId } = await createSheetWithSlot(admin, 1, { title });
    const { html, queries } = await pageData(anonymous, `/signup-sheet/${sheetId}`);
    // As stored (the server trims titles), the hostile part intact.
    const stored = (await anonymous.get<{ title: string }>(`/api/signup-sheets/${sheetId}`)).body.title;
    expect(stored).toContain("</script><script>window.pwned=1</script><!-- & \u2028 $` $& $' end");
    expect((decoded(queries.get('sheets.byId')) as { title: string }).title).toBe(stored);
    expect(html).not.toContain('window.pwned=1</script>');
    // One script element for the data, closed once.
    const root = parse(html);
    expect(root.querySelectorAll('script').map((s) => s.getAttribute('id') ?? s.getAttribute('src'))).toEqual([
      '/assets/index-abc.js',
      pageDataElementId,
    ]);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('writes JSON that no script-ending text survives in, and that parses back unchanged', () => {
    const value = { a: '</script>', b: '<!--', c: 'a & b > c', d: '\u2028\u2029' };
    const written = scriptSafeJson(value);
    expect(written).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(written)).toEqual(value);
  });
});

describe('compression', () => {
  it('sends a built file in the compressed form the client takes, with Vary, and the file itself to others', async () => {
    const br = await rawGet('/assets/index-abc.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(chunk);
    expect(br.body.length).toBeLessThan(chunk.length / 10);

    const gz = await rawGet('/assets/index-abc.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(chunk);

    const plain = await rawGet('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(chunk);
  });

  it('answers a missing chunk with 404, not with a page', async () => {
    expect((await rawGet('/assets/gone-123.js')).status).toBe(404);
  });

  it('compresses pages and API answers of 1 KB or more, and leaves small ones alone', async () => {
    for (let i = 0; i < 6; i++) await createSheetWithSlot(admin, 2, { title: `Sheet number ${i} of many` });
    const list = await rawGet('/api/signup-sheets', { 'Accept-Encoding': 'br, gzip' });
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toMatch(/Accept-Encoding/i);
    const sheets = JSON.parse(brotliDecompressSync(list.body).toString()) as unknown[];
    expect(sheets.length).toBeGreaterThanOrEqual(6);

    const gz = await rawGet('/api/signup-sheets', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(sheets);

    const trpc = await rawGet('/trpc/sheets.list', { 'Accept-Encoding': 'gzip' });
    expect(trpc.headers['content-encoding']).toBe('gzip');
    const answer = JSON.parse(gunzipSync(trpc.body).toString()) as { result: { data: { json: unknown } } };
    expect(Array.isArray(answer.result.data.json)).toBe(true);

    const page = await rawGet('/', { 'Accept-Encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain(pageDataElementId);

    const small = await rawGet('/api/health', { 'Accept-Encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ status: 'ok' });

    const identity = await rawGet('/api/signup-sheets');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body.toString())).toEqual(sheets);
  });
});

describe('the server-rendered root', () => {
  // A build beside a stand-in for the web app's server build (apps/web/dist-ssr, tested for real
  // in e2e/server-rendering.test.ts): it counts its loads, renders the sheet pages by throwing, and
  // anything else as the paths of the data it was given, with `$` patterns in it.
  const ssrDir = mkdtempSync(join(tmpdir(), 'pac-page-ssr-'));
  const ssrStatic = join(ssrDir, 'dist');
  const loads = () => (globalThis as { pacServerBuildLoads?: number }).pacServerBuildLoads ?? 0;
  const renders = () => (globalThis as { pacServerRenders?: number }).pacServerRenders ?? 0;
  let ssr: TestServer;
  let organizer: ApiClient;
  let sheetId = 0;

  beforeAll(async () => {
    mkdirSync(ssrStatic, { recursive: true });
    writeFileSync(join(ssrStatic, 'index.html'), template);
    const entry = serverBuildEntry(ssrStatic);
    mkdirSync(join(entry, '..'), { recursive: true });
    writeFileSync(
      entry,
      [
        'globalThis.pacServerBuildLoads = (globalThis.pacServerBuildLoads ?? 0) + 1;',
        'export async function renderPage(url, pageData) {',
        '  globalThis.pacServerRenders = (globalThis.pacServerRenders ?? 0) + 1;',
        "  if (url.startsWith('/signup-sheet/')) throw new Error('stand-in render failure');",
        "  return `<main data-url=\"${url}\">${pageData.map((q) => q.path).sort().join(' ')} $& $'</main>`;",
        '}',
      ].join('\n'),
    );
    ssr = await startTestServer({ staticDir: ssrStatic });
    organizer = new ApiClient(ssr.url);
    await organizer.login(adminCredentials.email, adminCredentials.password);
    ({ sheetId } = await createSheetWithSlot(organizer, 2, { title: 'Fun Run' }));
  });
  afterAll(async () => {
    await ssr.stop();
    rmSync(ssrDir, { recursive: true, force: true });
  });

  const root = (html: string) => /<div id="root">([\s\S]*?)<\/div><script id="pac-data"/.exec(html)?.[1];

  it('loads the server build on the first page that needs it, not at start, and once', async () => {
    expect(serverBuildEntry(ssrStatic)).toBe(join(ssrDir, 'dist-ssr', 'entry-server.js'));
    const visitor = new ApiClient(ssr.url);
    expect((await visitor.get('/api/health')).status).toBe(200);
    const policy = await visitor.get<string>('/privacy-policy', { Accept: 'text/html' });
    expect(root(policy.body)).toBe('');
    expect(loads()).toBe(0);

    const home = await visitor.get<string>('/', { Accept: 'text/html' });
    expect(home.status).toBe(200);
    // Rendered from the same data the page embeds, and put in whole.
    expect(root(home.body)).toBe(
      `<main data-url="/">announcements.news auth.me settings.getPublic settings.heroContent settings.language settings.schoolClock sheets.list $& $'</main>`,
    );
    expect(home.body).toContain(`<script id="${pageDataElementId}" type="application/json">`);
    await visitor.get('/');
    expect(loads()).toBe(1);
  });

  it('sends the page with an empty root when rendering fails, never an error', async () => {
    const res = await new ApiClient(ssr.url).get<string>(`/signup-sheet/${sheetId}`, { Accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(root(res.body)).toBe('');
    const entries = JSON.parse(parse(res.body).getElementById(pageDataElementId)?.textContent ?? '[]') as Embedded[];
    expect(entries.map((e) => e.path).sort()).toEqual([
      'auth.me',
      'settings.language',
      'settings.schoolClock',
      'sheets.byId',
    ]);
  });

  it("renders a signed-out visitor's page once a second for the same data, and a signed-in one's every time", async () => {
    // The server's clock stands still unless moved here (requests take what time they take).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const visitor = new ApiClient(ssr.url);
      const first = await visitor.get<string>('/', { Accept: 'text/html' });
      const before = renders();
      const again = await new ApiClient(ssr.url).get<string>('/', { Accept: 'text/html' });
      expect(renders()).toBe(before);
      expect(again.body).toBe(first.body);

      // Other data is another page.
      await createSheetWithSlot(organizer, 3, { title: 'Book Swap' });
      const changed = await visitor.get<string>('/', { Accept: 'text/html' });
      expect(renders()).toBe(before + 1);
      expect(changed.body).toContain('Book Swap');

      // A second later, the same page is rendered anew (it compares dates with the clock).
      vi.setSystemTime(Date.now() + 1000);
      await visitor.get('/', { Accept: 'text/html' });
      expect(renders()).toBe(before + 2);

      await organizer.get('/', { Accept: 'text/html' });
      await organizer.get('/', { Accept: 'text/html' });
      expect(renders()).toBe(before + 4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers HEAD with the headers of the rendered page and no body', async () => {
    const head = await rawRequest(`${ssr.url}/`, 'HEAD');
    const get = await rawRequest(`${ssr.url}/`, 'GET');
    expect(head.status).toBe(200);
    expect(get.body.toString()).toContain('<main data-url="/">');
    expect(Number(head.headers['content-length'])).toBe(get.body.length);
    expect(head.body.length).toBe(0);
  });
});
