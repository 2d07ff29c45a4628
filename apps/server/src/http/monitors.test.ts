import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, queryOne, startTestServer, type TestServer } from '../../test/support/harness';
import { type FakeGraphApi, startFakeGraphApi, startSchoolSite, type TestSite } from '../../test/support/sites';
import { smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

let site: TestSite;
let graph: FakeGraphApi;
let smtp: TestSmtp;
let server: TestServer;
let admin: ApiClient;
let dir: string;
const host = 'www.example-district.org';
const pageUrl = (path: string) => `http://${host}:${site.port}${path}`;

const page = (news: string, banner = 'Welcome!', extra = '') => `<!doctype html><html><body>
  <div class="banner">${banner}</div>
  <main><h1>District news</h1><ul class="news"><li>${news}</li></ul>
  <div class="ad">Advert ${extra}</div><script>var t = ${Date.now()};</script></main></body></html>`;

interface MonitorRow {
  id: number;
  status: string;
  errorCount: number;
  lastContentHash: string | null;
}
interface CheckAnswer {
  outcome: string;
  changeId: number | null;
  monitor: MonitorRow;
}

beforeAll(async () => {
  site = await startSchoolSite();
  graph = await startFakeGraphApi({ pageId: 'page1', igUserId: 'ig1' });
  smtp = await startTestSmtp();
  dir = mkdtempSync(join(tmpdir(), 'pac-monitors-'));
  const monitorsFile = join(dir, 'school-monitors.json');
  writeFileSync(
    monitorsFile,
    JSON.stringify([
      { name: 'District news', url: `http://${host}:${site.port}/news`, selectors: ['main'] },
      { name: 'Calendar', url: `http://${host}:${site.port}/calendar`, selectors: ['.calendar'], scheduleMinutes: 60 },
    ]),
  );
  server = await startTestServer({
    env: {
      ...smtpEnv(smtp),
      MONITOR_ALLOW_PRIVATE_ADDRESSES: 'true',
      MONITOR_RESOLVE: `${host}=127.0.0.1`,
      MONITOR_HOST_SPACING_MS: '0',
      MONITOR_TIMEOUT_MS: '2000',
      SCHOOL_MONITORS_FILE: monitorsFile,
      SCHOOL_SLUG: 'riverside',
      FACEBOOK_PAGE_ID: 'page1',
      FACEBOOK_ACCESS_TOKEN: 'secret-token-123',
      INSTAGRAM_USER_ID: 'ig1',
      GRAPH_API_BASE_URL: graph.baseUrl,
      PUBLIC_BASE_URL: 'http://pac.test',
    },
  });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
  await admin.post('/api/settings/adminEmail', { value: 'chair@example.org' });
});
afterAll(async () => {
  await server.stop();
  await Promise.all([site.close(), graph.close(), smtp.close()]);
  rmSync(dir, { recursive: true, force: true });
});

async function createMonitor(path: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post<MonitorRow>('/api/monitors', {
    name: `Monitor ${path}`,
    url: pageUrl(path),
    selectors: ['main'],
    ignoreSelectors: ['.ad'],
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const check = (id: number) => admin.post<CheckAnswer>(`/api/monitors/${id}/check`);

describe('monitor rules', () => {
  it('refuses bad monitors with the SPEC messages', async () => {
    const base = { name: 'X', url: pageUrl('/x'), selectors: ['main'] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: '' }, 'Monitor name is required'],
      [{ ...base, url: 'not a url' }, 'Must be a valid URL'],
      [
        { ...base, url: 'https://evil.example.com/' },
        'URL must be from an approved school domain (*.example-district.org)',
      ],
      [{ ...base, url: 'http://localhost/' }, 'URL must be from an approved school domain (*.example-district.org)'],
      [{ ...base, url: 'http://10.0.0.1/' }, 'URL must be from an approved school domain (*.example-district.org)'],
      [{ ...base, selectors: [] }, 'At least one CSS selector is required'],
      [{ ...base, scheduleMinutes: 2 }, 'Check at least every 5 minutes'],
      [{ ...base, scheduleMinutes: 1441 }, 'No more than once per day'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/monitors', body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const parent = new ApiClient(server.url);
    expect((await parent.post('/api/monitors', base)).status).toBe(401);
    expect((await parent.get('/api/monitors')).status).toBe(401);
    expect((await parent.get('/api/monitoring/health')).status).toBe(401);
  });

  it('creates the school monitors once, however often setup runs', async () => {
    const first = await admin.post<{ created: number }>('/api/monitors/setup-riverside');
    expect(first.status).toBe(200);
    expect(first.body.created).toBe(2);
    const again = await admin.post<{ created: number }>('/api/monitors/setup-riverside');
    expect(again.body.created).toBe(0);
    expect((await admin.post('/api/monitors/setup-otherschool')).status).toBe(404);
    const list = await admin.get<{ name: string }[]>('/api/monitors');
    expect(list.body.filter((m) => m.name === 'District news')).toHaveLength(1);
  });
});

describe('change detection', () => {
  it('takes a baseline, detects a change inside the selector once, and ignores ignored parts and whitespace', async () => {
    site.pages.set('/news', page('Book fair on Monday'));
    const monitor = await createMonitor('/news-a');
    site.pages.set('/news-a', page('Book fair on Monday'));
    const baseline = await check(monitor.id);
    expect(baseline.body.outcome).toBe('baseline');
    expect(baseline.body.changeId).toBeNull();

    site.pages.set('/news-a', page('Book   fair on\n Monday', 'Different banner', 'changed advert'));
    expect((await check(monitor.id)).body.changeId).toBeNull();

    site.pages.set('/news-a', page('Snow day: school closed Friday'));
    const changed = await check(monitor.id);
    expect(changed.body.outcome).toBe('changed');
    const changeId = changed.body.changeId;
    expect(changeId).not.toBeNull();
    expect((await check(monitor.id)).body.changeId).toBeNull();

    const changes =
      await admin.get<
        { id: number; summary: string; severity: string; changeType: string; monitor: { name: string } }[]
      >('/api/changes');
    const mine = changes.body.filter((c) => c.monitor.name === 'Monitor /news-a');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: changeId, changeType: 'modified', severity: 'high' });
    expect(mine[0]?.summary).toContain('Snow day');

    const queued = queryOne<{ n: number }>(
      server.databasePath,
      'SELECT count(*) AS n FROM notifications WHERE change_id = ?',
      changeId,
    );
    // Email and internal at once; Facebook and Instagram wait behind a draft announcement
    // (announcements.test.ts).
    expect(queued.n).toBe(2);
    const draft = queryOne<{ status: string }>(
      server.databasePath,
      'SELECT status FROM announcements WHERE change_id = ?',
      changeId,
    );
    expect(draft.status).toBe('draft');
  });

  it('stores unchanged content once, still shows it for every check, and diffs a later change against it', async () => {
    const monitor = await createMonitor('/steady');
    site.pages.set('/steady', page('Term starts on Monday'));
    await check(monitor.id);
    for (let i = 0; i < 3; i += 1) expect((await check(monitor.id)).body.outcome).toBe('unchanged');
    const stored = queryOne<{ withText: number; all: number }>(
      server.databasePath,
      'SELECT count(raw_content) AS withText, count(*) AS "all" FROM snapshots WHERE monitor_id = ?',
      monitor.id,
    );
    expect(stored).toEqual({ withText: 1, all: 4 });
    const latest = queryOne<{ id: number }>(
      server.databasePath,
      'SELECT max(id) AS id FROM snapshots WHERE monitor_id = ?',
      monitor.id,
    );
    const detail = await admin.get<{ rawContent: string | null }>(`/api/monitoring/snapshots/${latest.id}`);
    expect(detail.body.rawContent).toContain('Term starts on Monday');

    site.pages.set('/steady', page('Term starts on Tuesday'));
    const changed = await check(monitor.id);
    expect(changed.body.outcome).toBe('changed');
    const diff = queryOne<{ diff_content: string; change_type: string }>(
      server.databasePath,
      'SELECT diff_content, change_type FROM changes WHERE id = ?',
      changed.body.changeId,
    );
    expect(diff.change_type).toBe('modified');
    expect(diff.diff_content).toContain('Term starts on Monday');
    expect(diff.diff_content).toContain('Term starts on Tuesday');
  });

  it('does not announce content that returns to a recent version (a rotating banner)', async () => {
    const monitor = await createMonitor('/rotate');
    site.pages.set('/rotate', page('Message A'));
    await check(monitor.id);
    site.pages.set('/rotate', page('Message B'));
    expect((await check(monitor.id)).body.outcome).toBe('changed');
    site.pages.set('/rotate', page('Message A'));
    const back = await check(monitor.id);
    expect(back.body.outcome).toBe('reverted');
    expect(back.body.changeId).toBeNull();
  });

  it('records errors, turns to status error after repeated failures, emails the admin once, and recovers', async () => {
    const monitor = await createMonitor('/flaky');
    site.pages.set('/flaky', page('All good'));
    await check(monitor.id);
    smtp.messages.length = 0;
    site.statuses.set('/flaky', 500);
    for (let i = 1; i <= 4; i += 1) {
      const res = await check(monitor.id);
      expect(res.body.outcome).toBe('error');
      expect(res.body.monitor.errorCount).toBe(i);
    }
    const failing = (await admin.get<MonitorRow>(`/api/monitors/${monitor.id}`)).body;
    expect(failing.status).toBe('error');
    await smtp.waitFor(1);
    // Every mail the checks queued has been sent (or failed) once this resolves: no second alert is on its way.
    await server.runtime.mail.flush();
    const alerts = smtp.messages.filter((m) => m.parsed.subject?.includes('Monitor /flaky'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.envelopeTo).toEqual(['chair@example.org']);

    site.statuses.delete('/flaky');
    const recovered = await check(monitor.id);
    expect(recovered.body.monitor).toMatchObject({ status: 'active', errorCount: 0 });

    const missing = await createMonitor('/no-selector', { selectors: ['#does-not-exist'] });
    site.pages.set('/no-selector', page('x'));
    const res = await check(missing.id);
    expect(res.body.outcome).toBe('error');
    const snap = queryOne<{ error_message: string; status: string }>(
      server.databasePath,
      'SELECT error_message, status FROM snapshots WHERE monitor_id = ? ORDER BY id DESC LIMIT 1',
      missing.id,
    );
    expect(snap.status).toBe('error');
    expect(snap.error_message).toMatch(/selector not found/i);
  });

  it('pauses, and Check All skips paused monitors', async () => {
    const monitor = await createMonitor('/paused');
    site.pages.set('/paused', page('p'));
    expect((await admin.patch(`/api/monitors/${monitor.id}`, { status: 'paused' })).body.status).toBe('paused');
    const before = site.requests.filter((r) => r.path === '/paused').length;
    const all = await admin.post<{ checked: number }>('/api/monitors/check-all');
    expect(all.status).toBe(200);
    expect(site.requests.filter((r) => r.path === '/paused').length).toBe(before);
    const health = await admin.get<Record<string, unknown>>('/api/monitoring/health');
    expect(typeof health.body.totalMonitors).toBe('number');
    expect(typeof health.body.activeMonitors).toBe('number');
    expect(Number(health.body.recentFailures)).toBeGreaterThanOrEqual(4);
    const emailOff = await admin.patch<{ emailNotifications: boolean }>(`/api/monitors/${monitor.id}`, {
      emailNotifications: false,
    });
    expect(emailOff.body.emailNotifications).toBe(false);
  });
});

describe('notifications and social media', () => {
  it('shows Connected, sends test posts, and delivers queued Facebook and Instagram notifications once', async () => {
    const status = await admin.get('/api/social-media/status');
    expect(status.body).toEqual({ facebook: true, instagram: true });
    const test = await admin.post<{ results: { facebook: boolean; instagram: boolean; errors: string[] } }>(
      '/api/social-media/test-post',
    );
    expect(test.body.results).toEqual({ facebook: true, instagram: true, errors: [] });
    const feedPosts = () => graph.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/page1/feed'));
    const publishes = () => graph.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/ig1/media_publish'));
    const beforeFeed = feedPosts().length;

    const demo = await admin.post<{ message: string }>('/api/demo/create-sample-notifications');
    expect(demo.body.message).toBe('Created 2 demo notifications');
    const processed = await admin.post<{ sent: number }>('/api/notifications/process-social-media');
    expect(processed.body.sent).toBeGreaterThanOrEqual(2);
    expect(feedPosts().length).toBeGreaterThan(beforeFeed);
    const media = graph.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/ig1/media'));
    expect(media.at(-1)?.body).toContain('instagram-default.png');
    const afterFirst = feedPosts().length + publishes().length;
    await admin.post('/api/notifications/process-social-media');
    expect(feedPosts().length + publishes().length).toBe(afterFirst);
    for (const r of graph.requests) expect(r.path).not.toContain('secret-token-123');

    const history = await admin.get<
      { channel: string; status: string; change: { summary: string; monitor: { name: string } } }[]
    >('/api/monitoring/notifications');
    expect(history.body.some((h) => h.channel === 'facebook' && h.status === 'sent')).toBe(true);
    expect(history.body[0]?.change.monitor.name).toBeTruthy();
  });

  it('retries a failing channel with backoff and never holds up the others', async () => {
    graph.tokenValid = false;
    await admin.post('/api/demo/create-sample-notifications');
    const res = await admin.post<{ sent: number; retried: number }>('/api/notifications/process-social-media');
    expect(res.body.retried).toBe(2);
    const row = queryOne<{ attempts: number; last_error: string; status: string; next_attempt_at: number }>(
      server.databasePath,
      "SELECT attempts, last_error, status, next_attempt_at FROM notifications WHERE channel = 'facebook' ORDER BY id DESC LIMIT 1",
    );
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('Invalid OAuth access token');
    expect(row.last_error).not.toContain('secret-token-123');
    expect(row.next_attempt_at).toBeGreaterThan(Date.now());
    graph.tokenValid = true;
    const status = await admin.get('/api/social-media/status');
    expect(status.status).toBe(200);
  });
});

describe('snapshots and activity', () => {
  it('lists snapshots and activity, and shows a snapshot with its content as text', async () => {
    const snaps =
      await admin.get<{ id: number; monitor: { name: string }; status: string }[]>('/api/monitoring/snapshots');
    expect(snaps.body.length).toBeGreaterThan(0);
    const first = snaps.body[0];
    const detail = await admin.get<{ rawContent: string | null }>(`/api/monitoring/snapshots/${first?.id ?? 0}`);
    expect(detail.status).toBe(200);
    const activity =
      await admin.get<{ monitorName: string; action: string; status: string }[]>('/api/monitoring/activity');
    expect(activity.body.some((a) => a.action === 'change_detected')).toBe(true);
  });
});
