import Database from 'better-sqlite3';
import { parseAtomFeed } from 'feedsmith';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, startTestServer, type TestServer } from '../../test/support/harness';
import { type FakeGraphApi, startFakeGraphApi, startSchoolSite, type TestSite } from '../../test/support/sites';

/**
 * API.md "Announcements a person approves", against the real server, a real school site and the
 * fake Graph API on 127.0.0.1: a change on a monitor that posts to Facebook and Instagram becomes a
 * draft; nothing is posted before an admin approves it; approving (also twice at once) posts once,
 * with the edited text and alt text; rejecting and expiring post nothing; email is not held.
 */

let site: TestSite;
let graph: FakeGraphApi;
let server: TestServer;
let admin: ApiClient;
const host = 'www.example-district.org';

beforeAll(async () => {
  site = await startSchoolSite();
  graph = await startFakeGraphApi({ pageId: 'page1', igUserId: 'ig1' });
  server = await startTestServer({
    env: {
      MONITOR_ALLOW_PRIVATE_ADDRESSES: 'true',
      MONITOR_RESOLVE: `${host}=127.0.0.1`,
      MONITOR_HOST_SPACING_MS: '0',
      MONITOR_TIMEOUT_MS: '2000',
      FACEBOOK_PAGE_ID: 'page1',
      FACEBOOK_ACCESS_TOKEN: 'secret-token-123',
      INSTAGRAM_USER_ID: 'ig1',
      GRAPH_API_BASE_URL: graph.baseUrl,
      PUBLIC_BASE_URL: 'http://pac.test',
    },
  });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(async () => {
  await server.stop();
  await Promise.all([site.close(), graph.close()]);
});

interface AnnouncementAnswer {
  id: number;
  changeId: number;
  monitorName: string;
  status: string;
  text: string;
  link: string;
  imageUrl: string;
  imageAlt: string;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  added: string[];
  removed: string[];
}

const feedPosts = () => graph.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/page1/feed'));
const containers = () => graph.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/ig1/media'));
const process = () => admin.post<{ sent: number }>('/api/notifications/process-social-media');

const news = (items: string[]) =>
  `<!doctype html><html><body><main><h1>School News</h1><ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul></main></body></html>`;

let pageCount = 0;
/** A monitor of a page of its own, checked once as it is and once after `added` appeared: the change's id. */
async function changedPage(added: string): Promise<{ monitorId: number; changeId: number }> {
  pageCount += 1;
  const path = `/news-${pageCount}`;
  site.pages.set(path, news(['Welcome back']));
  const monitor = await admin.post<{ id: number }>('/api/monitors', {
    name: `School News ${pageCount}`,
    url: `http://${host}:${site.port}${path}`,
    selectors: ['main'],
  });
  expect(monitor.status, JSON.stringify(monitor.body)).toBe(201);
  await admin.post(`/api/monitors/${monitor.body.id}/check`);
  site.pages.set(path, news(['Welcome back', added]));
  const checked = await admin.post<{ changeId: number | null }>(`/api/monitors/${monitor.body.id}/check`);
  if (checked.body.changeId === null) throw new Error('no change was found');
  return { monitorId: monitor.body.id, changeId: checked.body.changeId };
}

async function draftOf(changeId: number): Promise<AnnouncementAnswer> {
  const drafts = await admin.get<AnnouncementAnswer[]>('/api/announcements?status=draft');
  expect(drafts.status).toBe(200);
  const found = drafts.body.find((a) => a.changeId === changeId);
  if (!found) throw new Error(`no draft for change ${changeId}`);
  return found;
}

function channelsQueued(changeId: number): string[] {
  const db = new Database(server.databasePath, { readonly: true });
  try {
    return (
      db.prepare('SELECT channel FROM notifications WHERE change_id = ? ORDER BY channel').all(changeId) as {
        channel: string;
      }[]
    ).map((r) => r.channel);
  } finally {
    db.close();
  }
}

describe('announcements a person approves', () => {
  it('holds the Facebook and Instagram posts of a change as a draft, not its email or internal post', async () => {
    const { changeId } = await changedPage('Early dismissal Friday at 1 PM');
    const draft = await draftOf(changeId);
    expect(draft).toMatchObject({ status: 'draft', decidedAt: null, decidedBy: null });
    // What changed, for the admin to judge: the lines as a person reads them, before and after.
    expect(draft.added).toEqual(['Early dismissal Friday at 1 PM']);
    expect(draft.removed).toEqual([]);
    expect(draft.imageUrl).toBe(`http://pac.test/api/announcements/${draft.id}/card.jpg`);
    // News for parents: the page, what was added and its link, never the diff's words.
    expect(draft.text).toContain('Early dismissal Friday at 1 PM');
    expect(draft.text).toContain(draft.link);
    expect(draft.text).toContain(draft.monitorName);
    expect(draft.text).not.toMatch(/lines? added|@@|^[+-]/m);
    expect(draft.text.length).toBeLessThanOrEqual(2200);
    expect(channelsQueued(changeId)).toEqual(['email', 'internal']);
    const before = feedPosts().length + containers().length;
    await process();
    expect(feedPosts().length + containers().length).toBe(before);
    // A draft's card is the admin's preview, not public.
    expect((await fetch(`${server.url}/api/announcements/${draft.id}/card.jpg`)).status).toBe(404);
    const preview = await fetch(`${server.url}/api/announcements/${draft.id}/card.jpg`, {
      headers: { cookie: admin.cookie ?? '' },
    });
    expect(preview.status).toBe(200);
  });

  it('posts once after approval, with the edited text and alt text, even when approved twice at once', async () => {
    const { changeId } = await changedPage('Pizza lunch moves to Thursday');
    const draft = await draftOf(changeId);
    const edited = await admin.patch<AnnouncementAnswer>(`/api/announcements/${draft.id}`, {
      text: 'Pizza lunch is on Thursday this week. Details: https://example-district.org/news',
      imageAlt: 'Pizza lunch moves to Thursday',
    });
    expect(edited.status).toBe(200);
    const feedBefore = feedPosts().length;
    const containersBefore = containers().length;

    const [first, second] = await Promise.all([
      admin.post<{ announcement: AnnouncementAnswer }>(`/api/announcements/${draft.id}/approve`),
      admin.post<{ announcement: AnnouncementAnswer }>(`/api/announcements/${draft.id}/approve`),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const approved = first.status === 200 ? first.body.announcement : second.body.announcement;
    expect(approved).toMatchObject({ status: 'approved', decidedBy: 'Administrator' });
    expect(approved.decidedAt).not.toBeNull();

    await process();
    await process();
    const posts = feedPosts().slice(feedBefore);
    expect(posts).toHaveLength(1);
    expect(new URLSearchParams(posts[0]?.body).get('message')).toBe(
      'Pizza lunch is on Thursday this week. Details: https://example-district.org/news',
    );
    const media = containers().slice(containersBefore);
    expect(media).toHaveLength(1);
    const params = new URLSearchParams(media[0]?.body);
    expect(params.get('alt_text')).toBe('Pizza lunch moves to Thursday');
    expect(params.get('image_url')).toBe(`http://pac.test/api/announcements/${draft.id}/card.jpg`);

    // The card Instagram fetches: no session needed once approved, a real 1080 × 1350 JPEG.
    const card = await fetch(`${server.url}/api/announcements/${draft.id}/card.jpg`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    const image = jpeg.decode(Buffer.from(await card.arrayBuffer()));
    expect([image.width, image.height]).toEqual([1080, 1350]);
    const colours = new Set<number>();
    for (let i = 0; i < image.data.length; i += 4 * 997) colours.add(image.data[i] ?? 0);
    expect(colours.size).toBeGreaterThan(10);
    expect(params.get('caption')).toContain('Pizza lunch is on Thursday this week.');

    const again = await admin.post(`/api/announcements/${draft.id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This announcement is already approved');
    const late = await admin.patch(`/api/announcements/${draft.id}`, { text: 'Changed after approval' });
    expect(late.status).toBe(409);
  });

  it('posts nothing for a rejected draft or an expired one', async () => {
    const rejectedChange = await changedPage('Typo fix');
    const expiredChange = await changedPage('Old news');
    const rejected = await draftOf(rejectedChange.changeId);
    const expiring = await draftOf(expiredChange.changeId);
    const refusal = await admin.post<{ announcement: AnnouncementAnswer }>(`/api/announcements/${rejected.id}/reject`, {
      reason: 'Only a typo',
    });
    expect(refusal.status).toBe(200);
    expect(refusal.body.announcement).toMatchObject({ status: 'rejected', rejectReason: 'Only a typo' });
    expect((await admin.post(`/api/announcements/${rejected.id}/approve`)).status).toBe(409);

    // Eight days old: past the seven a draft waits.
    const db = new Database(server.databasePath);
    db.prepare('UPDATE announcements SET created_at = ? WHERE id = ?').run(Date.now() - 8 * 86_400_000, expiring.id);
    db.close();
    const before = feedPosts().length + containers().length;
    await process();
    const expired = await admin.get<AnnouncementAnswer[]>('/api/announcements?status=expired');
    expect(expired.body.map((a) => a.id)).toContain(expiring.id);
    expect((await admin.post(`/api/announcements/${expiring.id}/approve`)).status).toBe(409);
    await process();
    expect(feedPosts().length + containers().length, JSON.stringify(graph.requests.slice(-4))).toBe(before);
    expect(channelsQueued(rejectedChange.changeId)).toEqual(['email', 'internal']);
    expect(channelsQueued(expiredChange.changeId)).toEqual(['email', 'internal']);
  });

  it('queues the posts at once on a monitor that auto-approves', async () => {
    const { monitorId } = await changedPage('Warm-up');
    const on = await admin.patch<{ autoApprove: boolean }>(`/api/monitors/${monitorId}`, { autoApprove: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.autoApprove).toBe(true);
    const path = `/news-${pageCount}`;
    site.pages.set(path, news(['Welcome back', 'Warm-up', 'Sports day on June 5']));
    const checked = await admin.post<{ changeId: number }>(`/api/monitors/${monitorId}/check`);
    expect(channelsQueued(checked.body.changeId)).toEqual(['email', 'facebook', 'instagram', 'internal']);
    const approved = await admin.get<AnnouncementAnswer[]>('/api/announcements?status=approved');
    expect(approved.body.find((a) => a.changeId === checked.body.changeId)).toMatchObject({ decidedBy: null });
  });

  it('is for admins only', async () => {
    const parent = new ApiClient(server.url);
    expect((await parent.get('/api/announcements')).status).toBe(401);
    expect((await admin.get('/api/announcements?status=bogus')).status).toBe(400);
  });
});

interface NewsAnswer {
  id: number;
  monitorName: string;
  headline: string;
  text: string;
  link: string;
  imageUrl: string;
  imageAlt: string;
  publishedAt: string;
}

/** The public's news over tRPC, as the web app asks for it (superjson on the wire). */
async function publicNews(input?: { limit?: number }): Promise<{ status: number; items: NewsAnswer[] }> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await fetch(`${server.url}/trpc/announcements.news${query}`);
  const body = (await response.json()) as { result?: { data: { json: NewsAnswer[] } } };
  return { status: response.status, items: body.result?.data.json ?? [] };
}

/** An instant to the second, as the feed writes it. */
const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000) * 1000;

async function feed(headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/news.atom`, { headers });
}

describe('school news: /news.atom and the public list', () => {
  let fishAndChips: AnnouncementAnswer;
  let decided: AnnouncementAnswer[];

  beforeAll(async () => {
    // Text a feed must escape: the page's own ampersand and angle brackets, and a control character.
    const { changeId } = await changedPage('Fish &amp; chips &lt;night&gt; on Friday\u0007');
    const draft = await draftOf(changeId);
    const approved = await admin.post<{ announcement: AnnouncementAnswer }>(`/api/announcements/${draft.id}/approve`);
    expect(approved.status).toBe(200);
    fishAndChips = approved.body.announcement;
    decided = (await admin.get<AnnouncementAnswer[]>('/api/announcements')).body;
  });

  it('lists approved announcements only, newest first, to anyone', async () => {
    const { status, items } = await publicNews();
    expect(status).toBe(200);
    const approved = decided.filter((a) => a.status === 'approved');
    expect(approved.length).toBeGreaterThanOrEqual(3);
    expect(items.map((i) => i.id).sort()).toEqual(approved.map((a) => a.id).sort());
    expect(items[0]).toMatchObject({
      id: fishAndChips.id,
      headline: 'Fish & chips <night> on Friday',
      text: fishAndChips.text,
      link: fishAndChips.link,
      imageUrl: `http://pac.test/api/announcements/${fishAndChips.id}/card.jpg`,
      imageAlt: fishAndChips.imageAlt,
    });
    const times = items.map((i) => new Date(i.publishedAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Who decided, and the words of drafts and refusals, stay with the admins.
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(
      ['id', 'monitorName', 'headline', 'text', 'link', 'imageUrl', 'imageAlt', 'publishedAt'].sort(),
    );
    const hidden = decided.filter((a) => a.status !== 'approved');
    expect(hidden.map((a) => a.status).sort()).toEqual(expect.arrayContaining(['draft', 'expired', 'rejected']));
    for (const a of hidden) expect(items.some((i) => i.id === a.id)).toBe(false);

    const home = await publicNews({ limit: 3 });
    expect(home.items.map((i) => i.id)).toEqual(items.slice(0, 3).map((i) => i.id));
    expect((await publicNews({ limit: 21 })).status).toBe(400);
    expect((await publicNews({ limit: 0 })).status).toBe(400);
  });

  it('is a valid Atom 1.0 feed that a feed parser reads: each entry what changed and the link', async () => {
    const response = await feed();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    // The control character the page held is no part of the news (nor allowed in XML).
    expect(xml).not.toContain('\u0007');
    const parsed = parseAtomFeed(xml);
    expect(parsed.id).toBe('http://pac.test/news');
    expect(parsed.title?.type).toBe('text');
    expect(parsed.title?.value).toContain('School news');
    expect(parsed.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: 'self', href: 'http://pac.test/news.atom' }),
        expect.objectContaining({ rel: 'alternate', href: 'http://pac.test/news' }),
      ]),
    );
    expect(parsed.authors?.[0]?.name).toBeTruthy();
    const { items } = await publicNews();
    const entries = parsed.entries ?? [];
    expect(entries.map((e) => e.id)).toEqual(items.map((i) => `http://pac.test/news#announcement-${i.id}`));
    expect(new Date(parsed.updated ?? '').getTime()).toBe(seconds(items[0]?.publishedAt ?? ''));
    for (const [index, entry] of entries.entries()) {
      const item = items[index];
      if (!item) throw new Error('an entry the list does not have');
      expect(entry.title).toEqual({ type: 'text', value: item.headline });
      expect(entry.content).toEqual({ type: 'text', value: item.text });
      expect(entry.links).toEqual(
        expect.arrayContaining([expect.objectContaining({ rel: 'alternate', href: item.link })]),
      );
      // RFC 3339 with an offset; the same instant as the approval.
      expect(entry.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:Z|[+-]\d\d:\d\d)$/);
      expect(new Date(entry.updated ?? '').getTime()).toBe(seconds(item.publishedAt));
    }
    expect(entries[0]?.title?.value).toBe('Fish & chips <night> on Friday');
    expect(entries[0]?.content?.value).toContain('Fish & chips <night> on Friday');
    expect(entries[0]?.content?.value).toContain(fishAndChips.link);
    for (const hidden of decided.filter((a) => a.status !== 'approved'))
      expect(xml).not.toContain(`#announcement-${hidden.id}<`);
  });

  it('answers a reader that has the feed already with 304, and HEAD without a body', async () => {
    const first = await feed();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await feed({ 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await fetch(`${server.url}/news.atom`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
  });

  it('holds the newest 20', async () => {
    // Twenty-two more approved announcements, each of its own change, straight into the database.
    const db = new Database(server.databasePath);
    try {
      const monitorId = (db.prepare('SELECT id FROM monitors ORDER BY id LIMIT 1').pluck().get() as number) ?? 0;
      const base = Date.now() + 60_000;
      for (let i = 0; i < 22; i += 1) {
        const changeId = db
          .prepare(
            "INSERT INTO changes (monitor_id, change_type, summary, diff_content, detected_at) VALUES (?, 'modified', 'x', '', ?)",
          )
          .run(monitorId, base + i * 1000).lastInsertRowid;
        db.prepare(
          `INSERT INTO announcements (change_id, monitor_id, monitor_name, status, text, headline, link, image_alt, created_at, decided_at)
           VALUES (?, ?, 'Bulk', 'approved', ?, ?, 'https://example.org/', 'alt', ?, ?)`,
        ).run(changeId, monitorId, `Item ${i}`, `Item ${i}`, base + i * 1000, base + i * 1000);
      }
    } finally {
      db.close();
    }
    const entries = parseAtomFeed(await (await feed()).text()).entries ?? [];
    expect(entries).toHaveLength(20);
    expect(entries[0]?.title?.value).toBe('Item 21');
    expect(entries[19]?.title?.value).toBe('Item 2');
    expect((await publicNews()).items.map((i) => i.headline)).toEqual(entries.map((e) => e.title?.value));
  });
});
