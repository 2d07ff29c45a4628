import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { type Journey, signInAsAdmin, startJourney } from './harness';

/**
 * API.md "Announcements a person approves", as the admin meets it in Chromium: a change on a page
 * that posts to Facebook and Instagram waits as a draft on the dashboard and on /monitoring; the
 * admin edits its text and its card's description and approves it, and exactly that is posted (to a
 * fake Graph API on 127.0.0.1 that records what it is sent); a rejected one posts nothing. Also on
 * a 390 px phone with axe, and the monitor form's 'Post without approval' switch.
 */

const host = 'www.example-district.org';

/** The district's news page as the little test site serves it: the test adds lines between checks. */
let newsLines = ['Welcome back, families.'];
const newsPage = () =>
  `<!doctype html><html><head><title>News</title></head><body><nav>Menu</nav><main><h1>District News</h1>${newsLines
    .map((line) => `<p>${line}</p>`)
    .join('')}</main></body></html>`;

interface GraphRequest {
  method: string;
  path: string;
  body: string;
}

let site: Server;
let sitePort = 0;
let graph: Server;
const graphRequests: GraphRequest[] = [];
let journey: Journey;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * Stands in for the Graph API: the page and the Instagram account exist, a feed post and an
 * Instagram container (ready at once) and its publishing succeed; every request is recorded.
 */
function fakeGraphApi(): Server {
  let counter = 0;
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph.test');
    void readBody(req).then((body) => {
      graphRequests.push({ method: req.method ?? 'GET', path: url.pathname, body });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const path = url.pathname.replace(/^\/v[\d.]+/, '');
      counter += 1;
      if (req.method === 'GET' && path === '/page1') send(200, { id: 'page1', name: 'Test PAC Page' });
      else if (req.method === 'GET' && path === '/ig1') send(200, { id: 'ig1', username: 'testpac' });
      else if (req.method === 'POST' && path === '/page1/feed') send(200, { id: `page1_${counter}` });
      else if (req.method === 'POST' && path === '/ig1/media') send(200, { id: `container${counter}` });
      else if (req.method === 'GET' && path.startsWith('/container'))
        send(200, { status_code: 'FINISHED', id: path.slice(1) });
      else if (req.method === 'POST' && path === '/ig1/media_publish') send(200, { id: `media${counter}` });
      else send(404, { error: { message: `Unknown path ${path}`, type: 'GraphMethodException', code: 100 } });
    });
  });
}

const feedPosts = () => graphRequests.filter((r) => r.method === 'POST' && r.path.endsWith('/page1/feed'));
const containers = () => graphRequests.filter((r) => r.method === 'POST' && r.path.endsWith('/ig1/media'));

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/news') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(newsPage());
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
  });
  sitePort = await listen(site);
  graph = fakeGraphApi();
  const graphPort = await listen(graph);
  journey = await startJourney({
    MONITOR_ALLOW_PRIVATE_ADDRESSES: 'true',
    MONITOR_RESOLVE: `${host}=127.0.0.1`,
    MONITOR_HOST_SPACING_MS: '0',
    FACEBOOK_PAGE_ID: 'page1',
    FACEBOOK_ACCESS_TOKEN: 'secret-token-123',
    INSTAGRAM_USER_ID: 'ig1',
    GRAPH_API_BASE_URL: `http://127.0.0.1:${graphPort}/v21.0`,
    // Not the page's own origin: the admin's preview must load the card from this site.
    PUBLIC_BASE_URL: 'http://pac.test',
  });
  await signInAsAdmin(journey);
});

afterAll(async () => {
  await journey.close();
  await Promise.all([
    new Promise<void>((resolve) => site.close(() => resolve())),
    new Promise<void>((resolve) => graph.close(() => resolve())),
  ]);
});

let monitorId = 0;

/** Checks the news page after `line` was added to it: a change (the first call also takes the baseline). */
async function pageGains(line: string): Promise<void> {
  if (monitorId === 0) {
    const created = await journey.api('POST', '/api/monitors', {
      name: 'District news',
      url: `http://${host}:${sitePort}/news`,
      selectors: ['main'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    monitorId = (created.body as { id: number }).id;
    await journey.api('POST', `/api/monitors/${monitorId}/check`);
  }
  newsLines = [...newsLines, line];
  const checked = await journey.api('POST', `/api/monitors/${monitorId}/check`);
  expect((checked.body as { changeId: number | null }).changeId).not.toBeNull();
}

/** Sends the notifications that are due, as 'Process Social Media Notifications' does. */
async function deliver(): Promise<void> {
  const processed = await journey.api('POST', '/api/notifications/process-social-media');
  expect(processed.status).toBe(200);
}

const drafts = () => journey.page.getByRole('region', { name: 'Announcements to approve', exact: true });
const draft = (name: string) => drafts().getByRole('article', { name });
const decisions = () => drafts().getByRole('region', { name: 'Recent decisions' });
const toast = (text: string) => journey.page.getByRole('alert').filter({ hasText: text });

/** The image's width as loaded, once it has loaded (or failed to: then 0). */
async function loadedWidth(image: Locator): Promise<number> {
  return image.evaluate(
    (element: HTMLImageElement) =>
      new Promise<number>((resolve) => {
        if (element.complete) resolve(element.naturalWidth);
        else {
          element.addEventListener('load', () => resolve(element.naturalWidth), { once: true });
          element.addEventListener('error', () => resolve(0), { once: true });
        }
      }),
  );
}

/** The draft of the news page shows the added line, the proposed text and the card, loaded. */
async function expectDraftShown(added: string): Promise<void> {
  const card = draft('District news');
  await card.waitFor();
  expect(await card.getByRole('list', { name: 'Added' }).innerText()).toContain(added);
  const text = await card.getByLabel('Post text').inputValue();
  expect(text).toContain(added);
  expect(text).not.toMatch(/@@|lines? added/);
  const alt = await card.getByLabel('Image description').inputValue();
  const image = card.getByRole('img', { name: alt });
  expect(await image.getAttribute('src')).toMatch(/^\/api\/announcements\/\d+\/card\.jpg$/);
  expect(await loadedWidth(image)).toBe(1080);
}

describe('announcements a person approves', () => {
  it('shows a new draft on the dashboard and on /monitoring: the added line, the proposed text and its card', async () => {
    const { page } = journey;
    await pageGains('Bake sale on Friday.');

    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'PAC Admin Dashboard' }).waitFor();
    await expectDraftShown('Bake sale on Friday.');

    await page.goto('/monitoring');
    await page.getByRole('heading', { level: 1, name: 'Monitoring Dashboard' }).waitFor();
    await expectDraftShown('Bake sale on Friday.');
    // Nothing is posted before an admin approves it.
    await deliver();
    expect(feedPosts()).toHaveLength(0);
    expect(containers()).toHaveLength(0);
  });

  it('posts exactly what the admin edited and approved, once, and lists the decision', async () => {
    const card = draft('District news');
    const edited = 'Bake sale this Friday after school. Bring a loonie! https://www.example-district.org/news';
    const editedAlt = 'A card that reads: Bake sale on Friday';
    await card.getByLabel('Post text').fill(edited);
    await card.getByLabel('Image description').fill(editedAlt);
    await card.getByText(`${edited.length} / 2,200 characters`).waitFor();
    await card.getByRole('button', { name: 'Approve and post' }).click();
    await toast('Announcement Approved').waitFor();
    await card.waitFor({ state: 'detached' });
    await drafts().getByText('No announcements waiting.').waitFor();
    await decisions()
      .getByText(/^Approved by Administrator on /)
      .waitFor();
    expect(await decisions().getByRole('link', { name: 'District news' }).getAttribute('href')).toBe(
      `http://${host}:${sitePort}/news`,
    );

    await deliver();
    await deliver();
    expect(feedPosts()).toHaveLength(1);
    expect(new URLSearchParams(feedPosts()[0]?.body).get('message')).toBe(edited);
    expect(containers()).toHaveLength(1);
    expect(new URLSearchParams(containers()[0]?.body).get('alt_text')).toBe(editedAlt);
  });

  it('posts nothing for a rejected draft, and lists it as rejected with the reason', async () => {
    const { page } = journey;
    await pageGains('Pizza lunch moves to Thursday.');
    await page.reload();
    await expectDraftShown('Pizza lunch moves to Thursday.');
    await draft('District news').getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Announcement' });
    await dialog.getByLabel('Reason (optional)').fill('Only a typo');
    await dialog.getByRole('button', { name: 'Reject Announcement' }).click();
    await toast('Announcement Rejected').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await draft('District news').waitFor({ state: 'detached' });
    await decisions()
      .getByText(/^Rejected by Administrator on .*: Only a typo$/)
      .waitFor();

    await deliver();
    expect(feedPosts()).toHaveLength(1);
    expect(containers()).toHaveLength(1);
    const rejected = await journey.api('GET', '/api/announcements?status=rejected');
    expect(rejected.body).toEqual([expect.objectContaining({ status: 'rejected', rejectReason: 'Only a typo' })]);
  });

  it('fits a 390 px phone without scrolling sideways, and passes axe', async () => {
    const { page } = journey;
    await pageGains('Early dismissal Friday at 1 PM.');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const path of ['/admin', '/monitoring']) {
        await page.goto(path);
        await expectDraftShown('Early dismissal Friday at 1 PM.');
        const section = drafts();
        const box = await section.boundingBox();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(390);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await checkA11y(page, `${path} with a draft on a phone`);
      }
      await draft('District news').getByRole('button', { name: 'Reject' }).click();
      await page.getByRole('dialog', { name: 'Reject Announcement' }).waitFor();
      await checkA11y(page, 'Reject Announcement on a phone', { scope: 'dialog' });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Reject Announcement' }).waitFor({ state: 'hidden' });
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it("saves the monitor form's 'Post without approval' switch", async () => {
    const { page } = journey;
    await page.goto('/monitoring');
    await page.getByRole('button', { name: 'Edit District news' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Monitor' });
    const autoApprove = form.getByRole('switch', { name: /^Post without approval/ });
    expect(await autoApprove.isChecked()).toBe(false);
    await autoApprove.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => autoApprove.isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Monitor Updated').waitFor();
    await form.waitFor({ state: 'hidden' });

    const monitors = await journey.api('GET', '/api/monitors');
    expect(monitors.body).toEqual([expect.objectContaining({ id: monitorId, autoApprove: true })]);
  });
});
