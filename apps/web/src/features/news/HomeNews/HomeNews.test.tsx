import { i18nFor } from '@pac/i18n/server';
import { pageQueries } from '@pac/validators/page-data';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { fakeTrpc } from '../../../../test/fakeTrpc';
import { sampleNews } from '../../../../test/newsFixtures';
import { fillPageData } from '../../../lib/pageData';
import { Providers } from '../../../Providers';
import { createQueryClient, createTrpcClient } from '../../../trpc';
import type { NewsItem } from '../news';
import { HomeNews } from './HomeNews';

/** The home page's embedded news entry, with the input the server embeds it under (pageRoutes). */
function homeNewsEntry(items: NewsItem[]) {
  const query = pageQueries('/').queries.find((q) => q.path === 'announcements.news');
  if (!query) throw new Error('the home page embeds no school news');
  return { path: query.path, input: query.input, data: superjson.serialize(items) };
}

/**
 * Renders the section as the home page's first render has it: with the page's embedded news in the
 * cache (none when `items` is null) and any request it makes answered by `answer`.
 */
function renderHomeNews(items: NewsItem[] | null, answer: () => NewsItem[] = () => []) {
  const api = fakeTrpc({ 'announcements.news': answer });
  const queryClient = createQueryClient();
  if (items) fillPageData(queryClient, [homeNewsEntry(items)]);
  render(
    <MemoryRouter>
      <Providers
        i18n={i18nFor('en')}
        queryClient={queryClient}
        trpcClient={createTrpcClient({ url: 'http://localhost/trpc', fetch: api.fetch })}
        env="test"
      >
        <HomeNews />
      </Providers>
    </MemoryRouter>,
  );
  return api;
}

const news = [
  sampleNews({ id: 9, headline: 'Pizza lunch moves to Thursday', monitorName: 'District news' }),
  sampleNews({ id: 8, headline: 'Early dismissal Friday at 1 PM', monitorName: 'School calendar' }),
  sampleNews({ id: 7, headline: 'Book fair next week', monitorName: 'Library' }),
];

describe('HomeNews', () => {
  it("shows the embedded news in the first render, asking for nothing: a 'School news' section, each headline a link to it on /news", () => {
    const api = renderHomeNews(news);
    const section = screen.getByRole('region', { name: 'School news' });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('School news');
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(
      items.map((item) => {
        const link = within(item).getByRole('link');
        return [link.textContent, link.getAttribute('href')];
      }),
    ).toEqual([
      ['Pizza lunch moves to Thursday', '/news#announcement-9'],
      ['Early dismissal Friday at 1 PM', '/news#announcement-8'],
      ['Book fair next week', '/news#announcement-7'],
    ]);
    // The day on the school's clock (already Saturday in this test's own zone) and the page's name.
    expect(items[1]?.textContent).toContain('Friday, May 2, 2031 · School calendar');
    expect(within(section).getByRole('link', { name: 'All school news' }).getAttribute('href')).toBe('/news');
    expect(api.calls).toEqual([]);
  });

  it('shows no more than the home page takes, whatever it is given', () => {
    renderHomeNews([...news, sampleNews({ id: 6, headline: 'Fourth item' })]);
    expect(within(screen.getByRole('region', { name: 'School news' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('Fourth item')).toBeNull();
  });

  it('renders nothing at all when there is no approved news: no empty heading', () => {
    renderHomeNews([]);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("renders nothing while its news loads, then the section, asking with the home page's limit", async () => {
    const api = renderHomeNews(null, () => news.slice(0, 1));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByLabelText(/loading/i)).toBeNull();
    const section = await screen.findByRole('region', { name: 'School news' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
    expect(api.calls).toEqual([{ path: 'announcements.news', input: { limit: 3 } }]);
  });
});
