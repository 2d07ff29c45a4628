import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeTrpcError, fakeTrpc, type FakeProcedure } from '../../../../test/fakeTrpc';
import { sampleNews } from '../../../../test/newsFixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { NewsList } from './NewsList';

function renderList(news: FakeProcedure, route = '/news') {
  const api = fakeTrpc({ 'auth.me': () => null, 'announcements.news': news });
  renderWithProviders(
    <Routes>
      <Route path="/news" element={<NewsList />} />
    </Routes>,
    { route, fetch: api.fetch },
  );
  return api;
}

const newest = sampleNews({ id: 3, headline: 'Pizza lunch moves to Thursday' });
const older = sampleNews({ id: 2, headline: 'Early dismissal Friday at 1 PM' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('NewsList', () => {
  it('asks for the school news with no input (as the page embeds it) and lists it in the order given, newest first', async () => {
    const api = renderList(() => [newest, older]);
    expect(screen.getByLabelText('Loading school news').getAttribute('aria-busy')).toBe('true');
    await screen.findByRole('article', { name: 'Pizza lunch moves to Thursday' });
    expect(screen.getAllByRole('article').map((article) => article.id)).toEqual(['announcement-3', 'announcement-2']);
    expect(api.calls.filter((call) => call.path === 'announcements.news')).toEqual([
      { path: 'announcements.news', input: undefined },
    ]);
  });

  it('says there is no news yet, and when there will be', async () => {
    renderList(() => []);
    expect(await screen.findByText('No school news yet.')).toBeDefined();
    expect(
      screen.getByText(
        "News appears here once the parent advisory council announces a change on the school's website.",
      ),
    ).toBeDefined();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says so when the news cannot be loaded, and Try again asks once more', async () => {
    let fail = true;
    const api = renderList(() => {
      if (fail) throw new FakeTrpcError('NOT_FOUND', 'Not here');
      return [newest];
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the school news');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Pizza lunch moves to Thursday' });
    expect(api.calls.filter((call) => call.path === 'announcements.news')).toHaveLength(2);
  });

  it('brings the announcement named in the address into view once the list is there', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    renderList(() => [newest, older], '/news#announcement-2');
    await screen.findByRole('article', { name: 'Early dismissal Friday at 1 PM' });
    await waitFor(() => expect(scrolled).toEqual(['announcement-2']));
  });
});
