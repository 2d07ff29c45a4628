import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { admin, Api, inDays } from '../lib/api';
import { median, startAppAndChromium, visibleAt, watchVisible } from '../lib/browser';
import { kb, ms, ratio, row, type Section } from '../lib/report';
import { type Child, startChild } from '../lib/spawn';

const loads = 5;
const jsLimit = 180 * 1024;
const cssLimit = 40 * 1024;
/** Chunk names of admin and monitoring code, and strings only that code contains. */
const adminChunk =
  /(Admin|Monitor|Overview|ManageSheets|StatTiles|QuickActions|Reminder|EmailSettings|WebsiteSettings|SocialMedia|SheetDialogs)/;
const adminMarkers = ['PAC Admin Dashboard', 'Check All'];

interface Asset {
  url: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  text: string;
}

interface Loaded {
  assets: Asset[];
  js: number;
  css: number;
}

const chunkName = (url: string) => new URL(url).pathname.split('/').pop() ?? url;

/** Records every script and stylesheet a page loads, gzipping the bodies here (zlib default level). */
function recordAssets(page: Page): () => Promise<Loaded> {
  const pending: Promise<Asset | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (body) => ({
          url: response.url(),
          kind: type === 'script' ? 'js' : 'css',
          raw: body.length,
          gzip: gzipSync(body).length,
          text: body.toString('utf8'),
        }),
        () => null,
      ),
    );
  });
  return async () => {
    const assets = (await Promise.all(pending)).filter((a): a is Asset => a !== null);
    const unique = [...new Map(assets.map((a) => [a.url, a])).values()];
    const sum = (kind: Asset['kind']) => unique.filter((a) => a.kind === kind).reduce((n, a) => n + a.gzip, 0);
    return { assets: unique, js: sum('js'), css: sum('css') };
  };
}

/**
 * Time from navigation start to the first frame in which a 'View & Sign Up' link is visible,
 * measured inside the page (lib/browser.ts `watchVisible`).
 */
async function timeFirstCard(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: watchVisible('View & Sign Up') });
    await page.goto(url);
    return (await visibleAt(page, 15_000)).ms;
  } finally {
    await context.close();
  }
}

/** 4. The web app: gzipped JS and CSS of `/` and `/admin`, and time to the first sheet card against static HTML. */
export async function webBenchmark(root: string): Promise<Section> {
  const { webDist, browser, app } = await startAppAndChromium(root, 'web-app');
  let staticSite: Child | null = null;
  try {
    const api = new Api(app.url);
    await api.login();
    for (const [i, title] of ['Spring Fair', 'Book Swap', 'Bake Sale'].entries()) {
      const sheetId = await api.createSheet(title, inDays(7 + i));
      for (let s = 0; s < 6; s++)
        await api.createSlot(sheetId, `${title} shift ${s + 1}`, 4, new Date(inDays(7 + i).getTime() + s * 3_600_000));
    }

    // `/` as a first-time visitor: what it loads, and its rendered HTML for the static baseline.
    const homeContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const homePage = await homeContext.newPage();
    const homeAssets = recordAssets(homePage);
    await homePage.goto(`${app.url}/`, { waitUntil: 'networkidle' });
    await homePage.getByRole('link', { name: 'View & Sign Up' }).first().waitFor();
    const home = await homeAssets();
    const rendered = (await homePage.content())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
    const cards = await homePage.getByRole('link', { name: 'View & Sign Up' }).count();
    await homeContext.close();

    // `/admin` as the signed-in admin.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const login = await adminContext.request.post(`${app.url}/api/auth/login`, { data: admin });
    if (!login.ok()) throw new Error(`admin login in the browser context: ${login.status()}`);
    const adminPage = await adminContext.newPage();
    const adminAssets = recordAssets(adminPage);
    await adminPage.goto(`${app.url}/admin`, { waitUntil: 'networkidle' });
    await adminPage.getByRole('heading', { name: 'PAC Admin Dashboard' }).waitFor();
    const adminLoad = await adminAssets();
    await adminContext.close();

    const homeChunks = home.assets.map((a) => chunkName(a.url));
    const adminNamed = homeChunks.filter((c) => adminChunk.test(c));
    const adminCode = home.assets
      .filter((a) => adminMarkers.some((m) => a.text.includes(m)))
      .map((a) => chunkName(a.url));
    const homeNames = new Set(home.assets.map((a) => a.url));
    const adminOnly = adminLoad.assets
      .filter((a) => !homeNames.has(a.url))
      .map((a) => `${chunkName(a.url)} (${kb(a.gzip)})`);

    // Time to the first card: the app against the same HTML served statically by bare node:http.
    const indexFile = join(root, 'home-static.html');
    writeFileSync(indexFile, rendered);
    staticSite = await startChild('bare', { BENCH_STATIC_DIR: webDist, BENCH_INDEX_FILE: indexFile });
    await timeFirstCard(browser, `${staticSite.url}/`); // warm-up
    const appTimes: number[] = [];
    const staticTimes: number[] = [];
    for (let i = 0; i < loads; i++) {
      appTimes.push(await timeFirstCard(browser, `${app.url}/`));
      staticTimes.push(await timeFirstCard(browser, `${staticSite.url}/`));
    }
    const appMedian = median(appTimes);
    const staticMedian = median(staticTimes);

    const name = 'Web app';
    const list = (assets: Asset[]) => assets.map((a) => `${chunkName(a.url)} ${kb(a.gzip)}`).join(', ');
    return {
      title: '4. The web app — gzipped JS/CSS in headless Chromium, time to the first sheet card',
      rows: [
        row(name, '`/` JavaScript, gzipped', kb(home.js), { target: '≤ 180 KB', pass: home.js <= jsLimit }),
        row(name, '`/` CSS, gzipped', kb(home.css), { target: '≤ 40 KB', pass: home.css <= cssLimit }),
        row(name, '`/` admin or monitoring chunks', String(adminNamed.length + adminCode.length), {
          target: 'none',
          pass: adminNamed.length === 0 && adminCode.length === 0,
        }),
        row(name, '`/admin` JavaScript, gzipped (admin)', kb(adminLoad.js), {
          ratio: ratio(adminLoad.js, home.js) + ' of `/`',
        }),
        row(name, '`/admin` CSS, gzipped (admin)', kb(adminLoad.css), {
          ratio: ratio(adminLoad.css, home.css) + ' of `/`',
        }),
        row(name, `time to first sheet card, median of ${loads}`, ms(appMedian), {
          baseline: ms(staticMedian),
          ratio: ratio(appMedian, staticMedian),
          // Issue 14, item 2.
          target: '≤ 2×',
          pass: appMedian <= 2 * staticMedian,
        }),
      ],
      details: [
        `\`/\` loads ${home.assets.length} files: ${list(home.assets)}.`,
        `Admin or monitoring code on \`/\`: by chunk name ${adminNamed.length ? adminNamed.join(', ') : 'none'}; by content (${adminMarkers.map((m) => `"${m}"`).join(', ')}) ${adminCode.length ? adminCode.join(', ') : 'none'}.`,
        `\`/admin\` adds: ${adminOnly.join(', ') || 'nothing'}.`,
        `First card, app: ${appTimes.map((t) => ms(t)).join(', ')}; static copy: ${staticTimes.map((t) => ms(t)).join(', ')} (${cards} cards; each load in a fresh browser context, so a cold cache).`,
        'Sizes are each response body gzipped here with zlib at its default level (the server may send them uncompressed); the static baseline is the rendered home page with its scripts removed, served with the same stylesheet by a bare node:http.',
      ],
    };
  } finally {
    await browser.close();
    await app.stop();
    await staticSite?.stop();
  }
}
