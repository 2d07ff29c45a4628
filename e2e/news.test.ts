import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { type Journey, startJourney, waitUntilHydrated } from './harness';
import { recordServerElements, serverElements, watchProblems } from './hydration';

/**
 * The school news (API.md "Announcements a person approves"): real changes on a little school site
 * on 127.0.0.1 become drafts, an admin approves some and rejects one, and parents read the approved
 * ones on /news and, the latest 3, on the home page under 'School news', on a 390 px phone. Drafts
 * and rejected ones never appear. Both pages arrive rendered by the server and React takes them
 * over without a mismatch. A screenshot of each page lands in `screenshotDir`.
 */

const screenshotDir = fileURLToPath(new URL('./screenshots/news/', import.meta.url));

const phone = { width: 390, height: 844 };
const host = 'www.example-district.org';

let site: Server;
let sitePort = 0;
/** The school site's pages by path; the test edits them. */
const sitePages = new Map<string, string>();
let graph: Server;
let journey: Journey;
/** Where the browser opens the app: the server's own public address, which the cards' URLs are on. */
let publicUrl = '';

/** Listens on a free port of 127.0.0.1. */
async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

beforeAll(async () => {
  site = createServer((req, res) => {
    const page = sitePages.get(req.url ?? '');
    res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page ?? 'Not found');
  });
  sitePort = await listen(site);
  // Facebook and Instagram configured, as a school that posts its news has them, against a Graph
  // API of the test's own that answers every call: nothing leaves the machine.
  let graphCalls = 0;
  graph = createServer((req, res) => {
    graphCalls += 1;
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ id: `fake${graphCalls}`, status_code: 'FINISHED' }));
  });
  const graphPort = await listen(graph);
  journey = await startJourney({
    MONITOR_ALLOW_PRIVATE_ADDRESSES: 'true',
    MONITOR_RESOLVE: `${host}=127.0.0.1`,
    MONITOR_HOST_SPACING_MS: '0',
    MONITOR_TIMEOUT_MS: '2000',
    FACEBOOK_PAGE_ID: 'page1',
    FACEBOOK_ACCESS_TOKEN: 'secret-token-123',
    INSTAGRAM_USER_ID: 'ig1',
    GRAPH_API_BASE_URL: `http://127.0.0.1:${graphPort}/v21.0`,
  });
  publicUrl = journey.server.config.publicBaseUrl;
});

afterAll(async () => {
  await journey.close();
  await Promise.all([close(site), close(graph)]);
});

interface AnnouncementAnswer {
  id: number;
  changeId: number;
  monitorName: string;
  status: string;
  headline: string;
  link: string;
  decidedAt: string | null;
}

const newsPage = (items: string[]) =>
  `<!doctype html><html><body><main><h1>School News</h1><ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul></main></body></html>`;

let pageCount = 0;

/** A monitor of a page of its own, checked as it is and again once `added` appeared: its draft announcement. */
async function draftFor(added: string): Promise<AnnouncementAnswer> {
  pageCount += 1;
  const path = `/news-${pageCount}`;
  sitePages.set(path, newsPage(['Welcome back']));
  const monitor = await journey.api('POST', '/api/monitors', {
    name: `School News ${pageCount}`,
    url: `http://${host}:${sitePort}${path}`,
    selectors: ['main'],
    facebookPosts: true,
    instagramPosts: true,
  });
  expect(monitor.status, JSON.stringify(monitor.body)).toBe(201);
  const monitorId = (monitor.body as { id: number }).id;
  expect((await journey.api('POST', `/api/monitors/${monitorId}/check`)).status).toBe(200);
  sitePages.set(path, newsPage(['Welcome back', added]));
  const checked = await journey.api('POST', `/api/monitors/${monitorId}/check`);
  const changeId = (checked.body as { changeId: number | null }).changeId;
  if (changeId === null) throw new Error(`no change was found on ${path}`);
  const drafts = (await journey.api('GET', '/api/announcements?status=draft')).body as AnnouncementAnswer[];
  const draft = drafts.find((a) => a.changeId === changeId);
  if (!draft) throw new Error(`no draft for change ${changeId}`);
  expect(draft.headline).toBe(added);
  return draft;
}

async function approve(draft: AnnouncementAnswer): Promise<AnnouncementAnswer> {
  const answer = await journey.api('POST', `/api/announcements/${draft.id}/approve`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { announcement: AnnouncementAnswer }).announcement;
}

/** How /news writes a day: 'Saturday, May 3, 2031', on the school's clock. */
function schoolDay(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: journey.server.config.timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(iso));
}

/** The HTML inside #root as the server sends it, before any script runs. */
async function serverRoot(path: string): Promise<string> {
  const res = await fetch(`${journey.server.url}${path}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const open = '<div id="root">';
  const start = html.indexOf(open);
  expect(start).toBeGreaterThan(0);
  return html.slice(start + open.length, html.lastIndexOf('</div>', html.indexOf('<script id="pac-data"')));
}

interface PhonePage {
  page: Page;
  /** Console errors and warnings, and uncaught errors (React reports a hydration mismatch as these). */
  problems: string[];
}

/** Runs `use` with a fresh phone-sized browser context at the server's public address, closed afterwards. */
async function onPhone(use: (context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await journey.browser.newContext({ baseURL: publicUrl, viewport: phone });
  try {
    await use(context);
  } finally {
    await context.close();
  }
}

/** Opens `path` and waits until React has taken the page over, recording what it logs. */
async function openHydrated(context: BrowserContext, path: string): Promise<PhonePage> {
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.addInitScript({ content: recordServerElements() });
  await page.goto(path);
  await waitUntilHydrated(page);
  return { page, problems };
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const approvedHeadlines = [
  'Early dismissal Friday at 1 PM',
  'Pizza lunch moves to Thursday',
  'Book fair in the library next week',
  'Sports day on June 5',
];
const draftHeadline = 'Draft: bus routes change in March';
const rejectedHeadline = 'Rejected: a typo on the staff page';

let draft: AnnouncementAnswer;
let rejected: AnnouncementAnswer;
/** The approved announcements, newest first. */
const approved: AnnouncementAnswer[] = [];

describe('before anything is approved', () => {
  beforeAll(async () => {
    draft = await draftFor(draftHeadline);
    rejected = await draftFor(rejectedHeadline);
    const refusal = await journey.api('POST', `/api/announcements/${rejected.id}/reject`, { reason: 'Only a typo' });
    expect(refusal.status).toBe(200);
  });

  it("has no 'School news' on the home page, and /news says there is none yet", async () => {
    const home = await serverRoot('/');
    expect(home).toContain('Upcoming Volunteer Opportunities');
    expect(home).not.toContain('school-news-title');
    expect(home).not.toContain(draftHeadline);

    await onPhone(async (context) => {
      const { page, problems } = await openHydrated(context, '/');
      await page.getByRole('heading', { level: 2, name: 'Upcoming Volunteer Opportunities' }).waitFor();
      expect(await page.getByRole('heading', { name: 'School news' }).count()).toBe(0);
      expect(await page.getByText(draftHeadline).count()).toBe(0);

      // The footer's link, inside the app.
      await page.getByRole('contentinfo').getByRole('link', { name: 'School news', exact: true }).click();
      await page.waitForURL('**/news');
      await page.getByRole('heading', { level: 1, name: 'School news' }).waitFor();
      await page.getByText('No school news yet.').waitFor();
      expect(await page.getByRole('article').count()).toBe(0);
      expect(await page.getByText(draftHeadline).count()).toBe(0);
      expect(await page.getByText(rejectedHeadline).count()).toBe(0);
      expect(problems).toEqual([]);
    });
  });
});

describe('approved news', () => {
  beforeAll(async () => {
    // Approved one after the other: the last one approved is the newest.
    const drafts: AnnouncementAnswer[] = [];
    for (const headline of approvedHeadlines) drafts.push(await draftFor(headline));
    for (const each of drafts) approved.unshift(await approve(each));
  });

  it('arrives rendered by the server: /news with every approved announcement, the home page with the latest 3', async () => {
    const news = await serverRoot('/news');
    for (const item of approved) {
      expect(news).toContain(`id="announcement-${item.id}"`);
      expect(news).toContain(item.headline);
    }
    expect(news).not.toContain(draftHeadline);
    expect(news).not.toContain(rejectedHeadline);

    const home = await serverRoot('/');
    expect(home).toContain('id="school-news-title"');
    for (const item of approved.slice(0, 3)) expect(home).toContain(`href="/news#announcement-${item.id}"`);
    expect(home).not.toContain(approved[3]?.headline ?? 'the oldest');

    // The feed lists the same, and neither the draft nor the rejected one.
    const feed = await (await fetch(`${journey.server.url}/news.atom`)).text();
    for (const item of approved) expect(feed).toContain(`/news#announcement-${item.id}`);
    expect(feed).not.toContain(draftHeadline);
    expect(feed).not.toContain(rejectedHeadline);
  });

  it('lists them on /news at 390 px, newest first, each with its date, page, link and card, and React takes the page over as sent', async () => {
    await onPhone(async (context) => {
      const { page, problems } = await openHydrated(context, '/news');
      const kept = await serverElements(page);
      expect(kept.count).toBeGreaterThan(50);
      expect(kept.replaced).toEqual([]);

      await page.getByRole('heading', { level: 1, name: 'School news' }).waitFor();
      expect(await page.getByRole('link', { name: 'Subscribe in a feed reader' }).getAttribute('href')).toBe(
        '/news.atom',
      );
      const articles = page.getByRole('article');
      expect(await articles.evaluateAll((all) => all.map((a) => a.id))).toEqual(
        approved.map((item) => `announcement-${item.id}`),
      );
      for (const item of approved) {
        const article = page.getByRole('article', { name: item.headline, exact: true });
        await article.getByRole('heading', { level: 2, name: item.headline }).waitFor();
        expect(await article.locator('time').textContent()).toBe(schoolDay(item.decidedAt ?? ''));
        expect(await article.getByText(item.monitorName, { exact: false }).count()).toBeGreaterThan(0);
        const link = article.getByRole('link', { name: `Read it on the school website: ${item.monitorName}` });
        expect(await link.getAttribute('href')).toBe(item.link);
        expect(await link.getAttribute('target')).toBeNull();

        // The card loads as it comes into view: the server's 1080 × 1350 JPEG.
        const card = article.getByRole('img');
        expect(await card.getAttribute('loading')).toBe('lazy');
        await card.scrollIntoViewIfNeeded();
        await card.evaluate((img: HTMLImageElement) =>
          img.complete && img.naturalWidth > 0
            ? undefined
            : new Promise<void>((resolve, reject) => {
                img.addEventListener('load', () => resolve(), { once: true });
                img.addEventListener('error', () => reject(new Error(`card failed: ${img.src}`)), { once: true });
              }),
        );
        expect(await card.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
          1080, 1350,
        ]);
        const box = await card.boundingBox();
        expect(box?.width ?? Infinity).toBeLessThanOrEqual(phone.width);
      }
      expect(await page.getByText(draftHeadline).count()).toBe(0);
      expect(await page.getByText(rejectedHeadline).count()).toBe(0);

      expect(await scrollWidth(page)).toBeLessThanOrEqual(phone.width);
      mkdirSync(screenshotDir, { recursive: true });
      await page.screenshot({ path: `${screenshotDir}news-phone-390x844.png`, fullPage: true });
      await checkA11y(page, '/news on a phone');
      expect(problems).toEqual([]);
    });
  });

  it("shows the latest 3 under 'School news' on the home page; a headline opens it on /news and 'All school news' opens /news", async () => {
    await onPhone(async (context) => {
      const { page, problems } = await openHydrated(context, '/');
      expect((await serverElements(page)).replaced).toEqual([]);

      const section = page.getByRole('region', { name: 'School news' });
      await section.getByRole('heading', { level: 2, name: 'School news' }).waitFor();
      const items = section.getByRole('listitem');
      expect(await items.count()).toBe(3);
      const latest = approved.slice(0, 3);
      expect(await section.getByRole('listitem').getByRole('link').allTextContents()).toEqual(
        latest.map((item) => item.headline),
      );
      for (const [i, item] of latest.entries()) {
        const text = await items.nth(i).textContent();
        expect(text).toContain(`${schoolDay(item.decidedAt ?? '')} · ${item.monitorName}`);
      }
      expect(await section.getByText(approved[3]?.headline ?? 'the oldest').count()).toBe(0);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(phone.width);
      mkdirSync(screenshotDir, { recursive: true });
      await section.screenshot({ path: `${screenshotDir}home-school-news-phone-390x844.png` });
      await checkA11y(page, 'the home page with school news, on a phone');

      // The oldest of the three, on /news: the page opens with it in view.
      const third = latest[2];
      if (!third) throw new Error('three announcements expected');
      await section.getByRole('link', { name: third.headline, exact: true }).click();
      await page.waitForURL(`**/news#announcement-${third.id}`);
      const article = page.getByRole('article', { name: third.headline, exact: true });
      await article.waitFor();
      await page.waitForFunction((id) => {
        const box = document.getElementById(id)?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.top < window.innerHeight / 2;
      }, `announcement-${third.id}`);

      await page.goBack();
      await page.getByRole('link', { name: 'All school news', exact: true }).click();
      await page.waitForURL('**/news');
      await page.getByRole('heading', { level: 1, name: 'School news' }).waitFor();
      await page.getByRole('article').first().waitFor();
      expect(await page.getByRole('article').count()).toBe(approved.length);
      expect(problems).toEqual([]);
    });
  });

  it('keeps the draft a draft: never public, whatever else is approved', async () => {
    const drafts = (await journey.api('GET', '/api/announcements?status=draft')).body as AnnouncementAnswer[];
    expect(drafts.map((a) => a.id)).toContain(draft.id);
    const publicNews = await fetch(`${journey.server.url}/trpc/announcements.news`);
    const body = (await publicNews.json()) as { result: { data: { json: { id: number }[] } } };
    expect(body.result.data.json.map((item) => item.id)).toEqual(approved.map((item) => item.id));
  });
});
