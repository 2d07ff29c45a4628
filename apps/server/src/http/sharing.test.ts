import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageDataElementId } from '@pac/validators/page-data';
import { type HTMLElement, parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, startTestServer, type TestServer } from '../../test/support/harness';

/**
 * Sharing a sheet (API.md "Sharing a sheet"), as something that reads the HTML without running it
 * sees it (a chat app fetching a link preview, a search engine): each page's title and Open Graph
 * tags, 404 for a page that does not exist (still the app's HTML), robots.txt, and a sheet's QR
 * code route. The server runs for a Vancouver school with its own name and public address.
 */

const dir = mkdtempSync(join(tmpdir(), 'pac-sharing-'));
const staticDir = join(dir, 'dist');
const schoolName = 'Maple Elementary PAC';
const publicBaseUrl = 'https://pac.example.org';
// 17:00 UTC is 10:00 in Vancouver, on UTC-7 all year from November 2026 (tz data 2026a and later).
const eventDate = '2026-12-05T17:00:00.000Z';
const when = 'Saturday, December 5, 2026 at 10:00 AM';

let server: TestServer;
let admin: ApiClient;
let crawler: ApiClient;

beforeAll(async () => {
  mkdirSync(staticDir, { recursive: true });
  // The app's own page template (its title and description are the build's, for every page).
  writeFileSync(
    join(staticDir, 'index.html'),
    readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8').replace(
      '<script type="module" src="/src/main.tsx"></script>',
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    ),
  );
  server = await startTestServer({
    staticDir,
    env: { SCHOOL_TIMEZONE: 'America/Vancouver', SCHOOL_NAME: schoolName, PUBLIC_BASE_URL: publicBaseUrl },
  });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
  crawler = new ApiClient(server.url);
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A sheet with slots of these sizes, as the admin makes it; returns its id and its slots' ids. */
async function createSheet(title: string, sizes: number[]): Promise<{ id: number; slotIds: number[] }> {
  const sheet = await admin.post<{ id: number }>('/api/signup-sheets', {
    title,
    description: 'Crafts, cocoa and carols',
    eventDate,
    organizerName: 'Ann Lee',
    organizerEmail: 'ann@example.org',
  });
  expect(sheet.status).toBe(201);
  const slotIds: number[] = [];
  for (const [i, maxVolunteers] of sizes.entries()) {
    const slot = await admin.post<{ id: number }>('/api/volunteer-slots', {
      signupSheetId: sheet.body.id,
      title: `Shift ${i + 1}`,
      maxVolunteers,
    });
    expect(slot.status).toBe(201);
    slotIds.push(slot.body.id);
  }
  return { id: sheet.body.id, slotIds };
}

let signups = 0;
/** One more volunteer on the slot (entered by the admin, who may add to a slot whose time has passed). */
async function signUp(slotId: number): Promise<void> {
  signups += 1;
  const res = await admin.post('/api/volunteers', {
    slotId,
    name: `Parent Number${signups}`,
    email: `parent${signups}@example.org`,
    phone: '604-555-0100',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

interface Page {
  status: number;
  html: string;
  root: HTMLElement;
  /** The content of `<meta property=…>` (Open Graph) or `<meta name=…>`, each of which must be there once. */
  meta(key: string): string | undefined;
  title: string | undefined;
}

/** The page at `path` as a crawler gets it: a plain GET, no cookie, no script run. */
async function crawl(path: string): Promise<Page> {
  const res = await crawler.get<string>(path, { Accept: 'text/html' });
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = res.body;
  const root = parse(html);
  const titles = root.querySelectorAll('title');
  expect(titles).toHaveLength(1);
  return {
    status: res.status,
    html,
    root,
    title: titles[0]?.text,
    meta: (key) => {
      const tags = root.querySelectorAll(`head meta[property="${key}"], head meta[name="${key}"]`);
      expect(tags.length, key).toBeLessThanOrEqual(1);
      return tags[0]?.getAttribute('content');
    },
  };
}

describe("a sheet's page, as a link preview reads it", () => {
  it('has the title, description, link and type of the sheet, on the school clock, with the spots still open', async () => {
    const { id, slotIds } = await createSheet('Winter Fair', [4, 5]);
    await signUp(slotIds[0] ?? 0);
    await signUp(slotIds[1] ?? 0);

    const page = await crawl(`/signup-sheet/${id}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe(`Winter Fair · ${schoolName}`);
    expect(page.meta('og:title')).toBe('Winter Fair');
    expect(page.meta('og:description')).toBe(`${when} · 7 spots open`);
    expect(page.meta('description')).toBe(`${when} · 7 spots open`);
    expect(page.meta('og:url')).toBe(`${publicBaseUrl}/signup-sheet/${id}`);
    expect(page.meta('og:type')).toBe('website');
    expect(page.meta('og:site_name')).toBe(schoolName);
    // The build's own title and description gave way to the sheet's.
    expect(page.html).not.toContain('<title>PAC Hub</title>');
    expect(page.html).not.toContain("Volunteer signups for our school's parent advisory council.");
    // Still the app, with the sheet's data for its first render.
    expect(page.root.getElementById('root')).not.toBeNull();
    expect(page.root.getElementById(pageDataElementId)?.textContent).toContain('Winter Fair');
  });

  it('says one spot, and none once the sheet is full, as the signups come in', async () => {
    const { id, slotIds } = await createSheet('Book Swap', [2]);
    await signUp(slotIds[0] ?? 0);
    expect((await crawl(`/signup-sheet/${id}`)).meta('og:description')).toBe(`${when} · 1 spot open`);
    await signUp(slotIds[0] ?? 0);
    expect((await crawl(`/signup-sheet/${id}`)).meta('og:description')).toBe(`${when} · No spots open`);
    const { id: empty } = await createSheet('Planning Meeting', []);
    expect((await crawl(`/signup-sheet/${empty}`)).meta('og:description')).toBe(`${when} · No spots open`);
  });

  it('keeps a hostile title text, in the title and in every attribute', async () => {
    const hostile = `</title><script>alert(1)</script>"><img src=x onerror=alert(2)> ' & $& $' $\` Fair`;
    const { id } = await createSheet(hostile, [3]);
    const page = await crawl(`/signup-sheet/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt; &#39; &amp; $&amp; $&#39; $` Fair',
    );
    // Read back, each is the title as typed: no `$` pattern expanded into parts of the page.
    expect(page.title).toBe(`${hostile} · ${schoolName}`);
    expect(page.meta('og:title')).toBe(hostile);
    // Only the app's own script and its data: nothing the title brought.
    expect(page.root.querySelectorAll('script').map((s) => s.getAttribute('src') ?? s.getAttribute('id'))).toEqual([
      '/assets/index-abc.js',
      pageDataElementId,
    ]);
  });
});

describe('the other pages', () => {
  it('names the school on the home page, with a preview of the site', async () => {
    const home = await crawl('/');
    expect(home.status).toBe(200);
    expect(home.title).toBe(`${schoolName} · Volunteer Signups`);
    expect(home.meta('og:title')).toBe(`${schoolName} · Volunteer Signups`);
    expect(home.meta('og:url')).toBe(`${publicBaseUrl}/`);
    expect(home.meta('og:type')).toBe('website');
    expect(home.meta('og:site_name')).toBe(schoolName);
    expect(home.meta('og:description')).toContain(schoolName);
    expect(home.meta('description')).toBe(home.meta('og:description'));
  });

  it('answers the pages of the app 200, with a title naming the school', async () => {
    const { id } = await createSheet('Science Night', [2]);
    for (const path of [
      '/privacy-policy',
      '/admin',
      `/signup-sheet/${id}/roster`,
      '/profile/1',
      '/my-signup?token=x',
    ]) {
      const page = await crawl(path);
      expect(page.status, path).toBe(200);
      expect(page.title, path).toContain(schoolName);
      expect(page.meta('og:site_name'), path).toBe(schoolName);
      expect(page.meta('robots'), path).toBeUndefined();
    }
  });

  it("answers a missing sheet and an unknown page 404, with the app's HTML and a title saying so", async () => {
    for (const path of ['/signup-sheet/999999', '/signup-sheet/abc', '/signup-sheet/0']) {
      const page = await crawl(path);
      expect(page.status, path).toBe(404);
      expect(page.title, path).toBe(`Signup Sheet Not Found · ${schoolName}`);
      expect(page.meta('robots'), path).toBe('noindex');
      expect(page.meta('og:title'), path).toBeUndefined();
      // The app itself, which shows its own "not found" page.
      expect(page.root.getElementById('root'), path).not.toBeNull();
      expect(page.root.getElementById(pageDataElementId), path).not.toBeNull();
    }
    for (const path of ['/no-such-page', '/signup-sheet', '/admin/extra', '/favicon.ico']) {
      const page = await crawl(path);
      expect(page.status, path).toBe(404);
      expect(page.title, path).toBe(`Page Not Found · ${schoolName}`);
      expect(page.meta('robots'), path).toBe('noindex');
      expect(page.root.getElementById('root'), path).not.toBeNull();
    }
    const head = await fetch(`${server.url}/no-such-page`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    // An unknown API path is still JSON.
    const api = await crawler.get('/api/no-such-route');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('robots.txt', () => {
  it('is plain text that lets the public pages be read and keeps out the API and the pages of one person', async () => {
    const res = await crawler.get<string>('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    expect(disallowed.sort()).toEqual(
      [
        '/api/',
        '/trpc/',
        '/admin',
        '/monitoring',
        '/my-signup',
        '/unsubscribe/',
        '/verify-email',
        '/reset-password',
        '/profile/',
        '/cancel-signup/',
        '/signup-sheet/*/roster',
      ].sort(),
    );
    expect(res.body).not.toContain('<');
    const head = await fetch(`${server.url}/robots.txt`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });
});

describe("a sheet's QR code", () => {
  it('is an SVG to print, for anyone, without a session', async () => {
    const { id } = await createSheet('Spring Concert', [2]);
    const res = await crawler.get<string>(`/api/signup-sheets/${id}/qr.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 \d+ \d+"/);
    expect(res.body).toContain('fill="#ffffff"');
    expect(res.body).toContain('stroke="#000000"');
  });

  it('answers a missing sheet 404 and an id that is not one 400, in JSON as every API error', async () => {
    const missing = await crawler.get('/api/signup-sheets/999999/qr.svg');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(missing.body).toMatchObject({ message: 'Signup sheet not found', code: 'NOT_FOUND' });
    for (const bad of ['abc', '0', '1e3', '0x3']) {
      const res = await crawler.get(`/api/signup-sheets/${bad}/qr.svg`);
      expect(res.status, bad).toBe(400);
      expect(res.body, bad).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});
