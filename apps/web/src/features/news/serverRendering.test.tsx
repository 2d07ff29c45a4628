// @vitest-environment node
import { type EmbeddedQuery, pageQueries } from '@pac/validators/page-data';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { sampleNews } from '../../../test/newsFixtures';
import { testSchoolClock } from '../../../test/schoolTime';
import { i18nFor } from '@pac/i18n/server';
import { renderPage } from '../../entry-server';
import type { NewsItem } from './news';

/** The page rendered as the server renders it, with the server's messages. */
const render = (url: string, pageData: Parameters<typeof renderPage>[1]) => renderPage(url, pageData, i18nFor);

/**
 * The server's rendering of /news and of the home page's School news (apps/web/src/entry-server.tsx,
 * from the source under Node as on the server), from the data the server embeds for each page: the
 * paths and inputs come from the route table the server reads (pageQueries), so the components ask
 * under the same keys.
 */

/** The page's embedded data: the visitor, the school's clock, and `news` under each news query the page embeds. */
function pageData(path: string, news: NewsItem[]): EmbeddedQuery[] {
  return pageQueries(path).queries.flatMap((query): EmbeddedQuery[] => {
    const data = (value: unknown) => [{ ...query, data: superjson.serialize(value) }];
    switch (query.path) {
      case 'auth.me':
        return data(null);
      case 'settings.schoolClock':
        return data(testSchoolClock);
      case 'settings.language':
        return data({ language: 'en', dir: 'ltr' });
      case 'announcements.news':
        return data(news);
      case 'sheets.list':
        return data([]);
      case 'settings.getPublic':
        return data({ value: null });
      case 'settings.heroContent':
        // No content of the admin's: the hero's defaults.
        return data(undefined);
      case 'sheets.byId':
      case 'stats.get':
      case 'sheets.managed':
        return [];
    }
  });
}

const news = [
  sampleNews({ id: 12, headline: 'Pizza lunch moves to <Thursday> & more', monitorName: 'District news' }),
  sampleNews({ id: 11, headline: 'Early dismissal Friday at 1 PM', monitorName: 'School calendar' }),
];

describe('server rendering of the school news', () => {
  it('renders /news whole from its data: the heading, the feed link and each announcement', async () => {
    const html = await render('/news', pageData('/news', news));
    expect(html).toContain('>School news</h1>');
    expect(html).toContain('href="/news.atom"');
    expect(html).toContain('id="announcement-12"');
    expect(html).toContain('id="announcement-11"');
    expect(html.indexOf('announcement-12')).toBeLessThan(html.indexOf('announcement-11'));
    expect(html).toContain('Pizza lunch moves to &lt;Thursday&gt; &amp; more</h2>');
    expect(html).toContain('Friday, May 2, 2031');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('src="/api/announcements/12/card.jpg"');
    expect(html).not.toContain('Loading page');
    expect(html).not.toContain('Loading school news');
    expect(html).not.toMatch(/<(?:script|template)\b/);
  });

  it('renders /news with no approved news as its empty state', async () => {
    const html = await render('/news', pageData('/news', []));
    expect(html).toContain('No school news yet.');
    expect(html).not.toContain('<article');
  });

  it("renders the home page's School news from the home page's data", async () => {
    const html = await render('/', pageData('/', news));
    expect(html).toContain('id="school-news-title"');
    expect(html).toContain('href="/news#announcement-12"');
    expect(html).toContain('href="/news#announcement-11"');
    expect(html).toContain('Friday, May 2, 2031');
    expect(html).toMatch(/href="\/news"[^>]*>All school news</);
    // After the upcoming sheets, before why to volunteer.
    const at = (text: string) => html.indexOf(text);
    expect(at('opportunities-title')).toBeLessThan(at('school-news-title'));
    expect(at('school-news-title')).toBeLessThan(at('benefits-title'));
  });

  it('leaves School news off the home page when nothing is approved', async () => {
    const html = await render('/', pageData('/', []));
    expect(html).toContain('benefits-title');
    expect(html).not.toContain('school-news-title');
    expect(html).not.toContain('All school news');
  });
});
