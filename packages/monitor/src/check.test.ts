import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPage, excerptOf, type CheckOutcome, type MonitorToCheck, type PreviousState } from './check.ts';
import { hashContent } from './diff.ts';
import { HostSpacer } from './fetch.ts';
import { html, siteOptions, SITE_DOMAIN, startSite, type FakeSite } from '../test/test-site.ts';

let site: FakeSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site.close();
});

const fresh: PreviousState = { hash: null, text: null, recentHashes: [] };

function page(news: string[], extra = ''): string {
  return `<html><body><nav>Menu</nav><section id="news"><h2>News</h2><ul>${news.map((n) => `<li>${n}</li>`).join('\n')}</ul>${extra}</section></body></html>`;
}

/** What the API package would store after an outcome, to feed the next check. */
function next(previous: PreviousState, outcome: CheckOutcome): PreviousState {
  if (outcome.kind === 'error') return previous;
  const recentHashes = [outcome.hash, ...previous.recentHashes.filter((h) => h !== outcome.hash)].slice(0, 5);
  return {
    hash: outcome.hash,
    text: outcome.kind === 'unchanged' && outcome.notModified ? previous.text : outcome.text,
    recentHashes,
    ...(outcome.etag === undefined ? {} : { etag: outcome.etag }),
    ...(outcome.lastModified === undefined ? {} : { lastModified: outcome.lastModified }),
  };
}

function monitor(path: string, overrides: Partial<MonitorToCheck> = {}): MonitorToCheck {
  return {
    name: 'Homepage news',
    url: `${site.base}${path}`,
    selectors: ['#news'],
    ignoreSelectors: [],
    filterFutureEvents: false,
    ...overrides,
  };
}

describe('checkPage', () => {
  it('takes a baseline, then detects a change inside the selector once', async () => {
    let body = page(['Bake sale Friday']);
    site.route('/news', (_req, res) => html(res, body));
    const m = monitor('/news');

    const first = await checkPage(m, fresh, siteOptions);
    expect(first).toMatchObject({
      kind: 'baseline',
      snapshotStatus: 'success',
      elementsFound: 1,
      text: 'News\nBake sale Friday',
    });
    if (first.kind !== 'baseline') throw new Error('expected baseline');
    expect(first.hash).toBe(hashContent('News\nBake sale Friday'));
    expect(first.durationMs).toBeGreaterThanOrEqual(0);

    body = page(['Snow day: school closed Friday', 'Bake sale Friday']);
    const second = await checkPage(m, next(fresh, first), siteOptions);
    expect(second).toMatchObject({
      kind: 'changed',
      changeType: 'modified',
      severity: 'high',
      summary: 'Homepage news: 1 line added — "Snow day: school closed Friday"',
      diff: { added: ['Snow day: school closed Friday'], removed: [] },
    });
    if (second.kind !== 'changed') throw new Error('expected changed');
    expect(second.diff.unified).toContain('+ Snow day: school closed Friday');
    expect(second.excerpt).toBe(second.text);

    const third = await checkPage(m, next(next(fresh, first), second), siteOptions);
    expect(third).toMatchObject({ kind: 'unchanged', notModified: false, hash: second.hash });
  });

  it('reads the previous text only for a page that changed, when given a way to read it', async () => {
    let body = page(['Bake sale Friday']);
    site.route('/lazy', (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') res.writeHead(304, { etag: '"v1"' }).end();
      else html(res, body);
    });
    const m = monitor('/lazy');
    const first = await checkPage(m, fresh, siteOptions);
    if (first.kind !== 'baseline') throw new Error('expected baseline');
    const reads: string[] = [];
    const lazy = (previous: PreviousState): PreviousState => ({
      ...previous,
      text: () => {
        reads.push('read');
        return first.text;
      },
    });

    // The same page downloaded again, and a 304: neither needs the previous text.
    expect(await checkPage(m, lazy(next(fresh, first)), siteOptions)).toMatchObject({ kind: 'unchanged' });
    const notModified = await checkPage(m, { ...lazy(next(fresh, first)), etag: '"v1"' }, siteOptions);
    expect(notModified).toMatchObject({ kind: 'unchanged', notModified: true });
    expect(reads).toEqual([]);

    body = page(['Bake sale moved to Saturday']);
    const changed = await checkPage(m, lazy(next(fresh, first)), siteOptions);
    expect(changed).toMatchObject({
      kind: 'changed',
      diff: { added: ['Bake sale moved to Saturday'], removed: ['Bake sale Friday'] },
    });
    expect(reads).toEqual(['read']);
  });

  it('ignores changes inside an ignoreSelector and whitespace-only changes', async () => {
    let body = page(['PAC meeting Tuesday'], '<div class="updated">Updated 10:00</div>');
    site.route('/ignore', (_req, res) => html(res, body));
    const m = monitor('/ignore', { ignoreSelectors: ['.updated'] });
    const first = await checkPage(m, fresh, siteOptions);
    expect(first.kind).toBe('baseline');

    body = page(['PAC meeting Tuesday'], '<div class="updated">Updated 10:15</div>');
    const second = await checkPage(m, next(fresh, first), siteOptions);
    expect(second.kind).toBe('unchanged');

    body = page(['  PAC\n   meeting&nbsp;Tuesday  '], '<div class="updated">Updated 10:30</div>');
    const third = await checkPage(m, next(fresh, first), siteOptions);
    expect(third.kind).toBe('unchanged');

    // A change outside the selector is not watched either.
    body = `<p>Outside</p>${page(['PAC meeting Tuesday'])}`.replace('Menu', 'New menu');
    expect((await checkPage(m, next(fresh, first), siteOptions)).kind).toBe('unchanged');
  });

  it('reports "selector not found" when no selector matches', async () => {
    site.route('/redesigned', (_req, res) => html(res, '<main class="new-layout">News moved</main>'));
    const outcome = await checkPage(monitor('/redesigned'), fresh, siteOptions);
    expect(outcome).toMatchObject({
      kind: 'error',
      snapshotStatus: 'error',
      errorKind: 'selector',
      message: 'selector not found',
      elementsFound: 0,
    });
  });

  it('reports an invalid selector as an error', async () => {
    site.route('/any', (_req, res) => html(res, page(['x'])));
    const outcome = await checkPage(monitor('/any', { selectors: ['#news['] }), fresh, siteOptions);
    expect(outcome).toMatchObject({ kind: 'error', errorKind: 'selector', message: 'Invalid CSS selector: #news[' });
  });

  it('records a 500 as an http error', async () => {
    site.route('/down', (_req, res) => res.writeHead(500).end('Internal Server Error'));
    const outcome = await checkPage(monitor('/down'), fresh, siteOptions);
    expect(outcome).toMatchObject({
      kind: 'error',
      snapshotStatus: 'error',
      errorKind: 'http',
      status: 500,
      message: 'The page answered HTTP 500',
    });
  });

  it('records a server that never answers as a timeout', async () => {
    site.route('/silent', () => undefined);
    const outcome = await checkPage(monitor('/silent'), fresh, { ...siteOptions, timeoutMs: 250 });
    expect(outcome).toMatchObject({ kind: 'error', snapshotStatus: 'timeout', errorKind: 'timeout' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(200);
    expect(outcome.durationMs).toBeLessThan(1500);
  });

  it('refuses a redirect off the domain', async () => {
    site.route('/moved', (_req, res) => res.writeHead(301, { location: 'http://evil.test/' }).end());
    const outcome = await checkPage(monitor('/moved'), fresh, siteOptions);
    expect(outcome).toMatchObject({ kind: 'error', errorKind: 'refused' });
    if (outcome.kind === 'error') expect(outcome.message).toContain('evil.test');
  });

  it('refuses more than 5 redirects', async () => {
    for (let i = 0; i < 6; i++)
      site.route(`/loop${i}`, (_req, res) => res.writeHead(302, { location: `/loop${i + 1}` }).end());
    const outcome = await checkPage(monitor('/loop0'), fresh, siteOptions);
    expect(outcome).toMatchObject({ kind: 'error', errorKind: 'refused', message: 'Refused: more than 5 redirects' });
  });

  it('refuses a monitor URL outside the approved domain before fetching', async () => {
    const outcome = await checkPage(
      monitor('/x', { url: 'http://169.254.169.254/latest/meta-data' }),
      fresh,
      siteOptions,
    );
    expect(outcome).toMatchObject({ kind: 'error', errorKind: 'invalid-url', snapshotStatus: 'error' });
  });

  it('sends the stored ETag and records a 304 as unchanged', async () => {
    const seen: (string | undefined)[] = [];
    site.route('/etag', (req, res) => {
      const inm = req.headers['if-none-match'];
      seen.push(inm);
      if (inm === '"news-1"') res.writeHead(304, { etag: '"news-1"' }).end();
      else html(res, page(['Book fair Monday']), { etag: '"news-1"' });
    });
    const m = monitor('/etag');
    const first = await checkPage(m, fresh, siteOptions);
    expect(first).toMatchObject({ kind: 'baseline', etag: '"news-1"' });

    const second = await checkPage(m, next(fresh, first), siteOptions);
    expect(seen).toEqual([undefined, '"news-1"']);
    expect(second).toMatchObject({
      kind: 'unchanged',
      notModified: true,
      etag: '"news-1"',
      elementsFound: null,
      snapshotStatus: 'success',
    });
    if (first.kind === 'baseline' && second.kind === 'unchanged') {
      expect(second.hash).toBe(first.hash);
      // Nothing was downloaded, so there is no text of its own: the first check's stands.
      expect(second).not.toHaveProperty('text');
    }
  });

  it('cuts a 10 MB page off at maxBytes and still checks what it read', async () => {
    let fullySent = false;
    site.route('/huge', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write(page(['Huge page news']));
      const filler = Buffer.alloc(64 * 1024, ' ');
      let sent = 0;
      const pump = (): void => {
        while (sent < 10 * 1024 * 1024) {
          sent += filler.length;
          if (!res.write(filler)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end(() => {
          fullySent = true;
        });
      };
      pump();
    });
    const heapBefore = process.memoryUsage().heapUsed;
    const outcome = await checkPage(monitor('/huge'), fresh, { ...siteOptions, maxBytes: 200_000 });
    expect(outcome).toMatchObject({ kind: 'baseline', truncated: true, text: 'News\nHuge page news' });
    expect(outcome.durationMs).toBeLessThan(2000);
    expect(fullySent).toBe(false);
    // Nowhere near the 10 MB the server offered was kept.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(8 * 1024 * 1024);
  });

  it('treats a return to a recent version as reverted, not as a change', async () => {
    let body = page(['Version A']);
    site.route('/flip', (_req, res) => html(res, body));
    const m = monitor('/flip');
    const a = await checkPage(m, fresh, siteOptions);
    body = page(['Version B']);
    const b = await checkPage(m, next(fresh, a), siteOptions);
    expect(b.kind).toBe('changed');
    body = page(['Version A']);
    const back = await checkPage(m, next(next(fresh, a), b), siteOptions);
    expect(back.kind).toBe('reverted');
    if (a.kind === 'baseline' && back.kind === 'reverted') expect(back.hash).toBe(a.hash);
  });

  it('classifies content that appears in an empty section as added and content that disappears as removed', async () => {
    let body = '<section id="news"></section>';
    site.route('/empty', (_req, res) => html(res, body));
    const m = monitor('/empty');
    const empty = await checkPage(m, fresh, siteOptions);
    expect(empty).toMatchObject({ kind: 'baseline', text: '', elementsFound: 1 });
    body = '<section id="news"><p>First post</p></section>';
    const added = await checkPage(m, next(fresh, empty), siteOptions);
    expect(added).toMatchObject({ kind: 'changed', changeType: 'added' });
    body = '<section id="news"><p></p></section>';
    const removed = await checkPage(m, next(fresh, added), siteOptions);
    expect(removed).toMatchObject({
      kind: 'changed',
      changeType: 'removed',
      summary: 'Homepage news: 1 line removed — "First post"',
    });
  });

  it('leaves past events out when filterFutureEvents is on', async () => {
    site.route('/events', (_req, res) => html(res, page(['March 3, 2026 Science fair', 'March 20, 2026 Concert'])));
    const outcome = await checkPage(monitor('/events', { filterFutureEvents: true }), fresh, {
      ...siteOptions,
      now: new Date(2026, 2, 10),
    });
    expect(outcome).toMatchObject({ kind: 'baseline', text: 'News\nMarch 20, 2026 Concert' });
  });

  it('spaces checks of one host when given a HostSpacer', async () => {
    site.route('/spaced', (_req, res) => html(res, page(['x'])));
    const spacer = new HostSpacer(150);
    const started = performance.now();
    await Promise.all([
      checkPage(monitor('/spaced'), fresh, { ...siteOptions, spacer }),
      checkPage(monitor('/spaced'), fresh, { ...siteOptions, spacer }),
    ]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it(`uses the approved domain ${SITE_DOMAIN} from the options`, async () => {
    const outcome = await checkPage(monitor('/news'), fresh, { ...siteOptions, domain: 'other-district.org' });
    expect(outcome).toMatchObject({ kind: 'error', errorKind: 'invalid-url' });
  });
});

describe('excerptOf', () => {
  it('keeps at most 500 characters', () => {
    expect(excerptOf('short')).toBe('short');
    const long = excerptOf('é'.repeat(600));
    expect(Array.from(long)).toHaveLength(500);
    expect(long.endsWith('…')).toBe(true);
  });

  it('counts characters, not UTF-16 units, and never cuts one in two', () => {
    expect(excerptOf('😀'.repeat(500))).toBe('😀'.repeat(500));
    const long = excerptOf(`a${'😀'.repeat(600)}`);
    expect(long).toBe(`a${'😀'.repeat(498)}…`);
  });
});
