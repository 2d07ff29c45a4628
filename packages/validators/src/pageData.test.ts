import { describe, expect, it } from 'vitest';
import { embeddablePaths, everyPageQueries, isEmbeddablePath, pageQueries, pageRoutes } from './pageData';

describe('the page route table (what a page embeds, for the server and the web app)', () => {
  it('embeds the hero, its image and the sheets on the home page, with what every page gets', () => {
    const { route, queries } = pageQueries('/');
    expect(route?.serverRendered).toBe(true);
    expect(queries).toEqual([
      ...everyPageQueries,
      { path: 'settings.heroContent' },
      { path: 'settings.getPublic', input: { key: 'heroImageUrl' } },
      { path: 'sheets.list' },
    ]);
  });

  it("embeds a sheet page's sheet by the id in its path, and only for a plain decimal id", () => {
    expect(pageQueries('/signup-sheet/42').queries).toEqual([
      ...everyPageQueries,
      { path: 'sheets.byId', input: { id: 42 } },
    ]);
    expect(pageQueries('/signup-sheet/42/').route?.module).toBe('src/pages/SignupSheet.page.tsx');
    for (const path of ['/signup-sheet/0', '/signup-sheet/abc', '/signup-sheet/1e3', '/signup-sheet/42/x'])
      expect(pageQueries(path).queries).toEqual(everyPageQueries);
    // Beyond Number.MAX_SAFE_INTEGER the id is not a safe integer: only what every page gets.
    expect(pageQueries('/signup-sheet/9999999999999999').queries).toEqual(everyPageQueries);
  });

  it('gives any other page what every page gets', () => {
    expect(pageQueries('/admin')).toEqual({ route: null, queries: everyPageQueries });
    expect(pageQueries('/signup-sheet')).toEqual({ route: null, queries: everyPageQueries });
  });

  it('embeds only embeddable procedures', () => {
    const paths = pageRoutes.flatMap((route) => route.queries(['7']).map((q) => q.path));
    for (const path of [...paths, ...everyPageQueries.map((q) => q.path)]) expect(isEmbeddablePath(path)).toBe(true);
    expect(new Set([...paths, ...everyPageQueries.map((q) => q.path)])).toEqual(new Set(embeddablePaths));
    expect(isEmbeddablePath('users.list')).toBe(false);
  });
});
