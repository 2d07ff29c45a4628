import { describe, expect, it } from 'vitest';
import {
  appPages,
  embeddablePaths,
  everyPageQueries,
  isAppPage,
  isEmbeddablePath,
  pageQueries,
  pageRoutes,
  pageTitle,
} from './pageData';

describe('the page route table (what a page embeds, for the server and the web app)', () => {
  it('embeds the hero, its image and the sheets on the home page, with what every page gets', () => {
    const { route, queries } = pageQueries('/');
    expect(route?.serverRendered).toBe(true);
    expect(queries).toEqual([
      ...everyPageQueries,
      { path: 'settings.heroContent' },
      { path: 'settings.getPublic', input: { key: 'heroImageUrl' } },
      { path: 'sheets.list' },
      { path: 'announcements.news', input: { limit: 3 } },
    ]);
  });

  it("embeds the school news on /news, all of the public list's (no input), and renders it on the server", () => {
    const { route, queries } = pageQueries('/news');
    expect(route).toMatchObject({ serverRendered: true, module: 'src/pages/News.page.tsx' });
    expect(queries).toEqual([...everyPageQueries, { path: 'announcements.news' }]);
    expect(pageQueries('/news/').route).toBe(route);
    expect(pageQueries('/newsletter').route).toBeNull();
  });

  it("embeds a sheet page's sheet by the id in its path, and only for a plain decimal id", () => {
    expect(pageQueries('/signup-sheet/42').queries).toEqual([
      ...everyPageQueries,
      { path: 'sheets.byId', input: { id: 42 } },
    ]);
    expect(pageQueries('/signup-sheet/42/').route?.module).toBe('src/pages/SignupSheet.page.tsx');
    for (const path of ['/signup-sheet/0', '/signup-sheet/abc', '/signup-sheet/1e3', '/signup-sheet/42/x'])
      expect(pageQueries(path).queries).toEqual(everyPageQueries);
    // Still the sheet page (the app shows its "not found"), about a sheet it cannot name.
    expect(pageQueries('/signup-sheet/abc').route?.subject).toBe('sheets.byId');
    expect(pageQueries('/signup-sheet/042').route?.subject).toBe('sheets.byId');
    // Beyond Number.MAX_SAFE_INTEGER the id is not a safe integer: only what every page gets.
    expect(pageQueries('/signup-sheet/9999999999999999').queries).toEqual(everyPageQueries);
  });

  it("embeds the dashboard's first screen for its viewer only: an administrator's figures, an organizer's sheets", () => {
    const admin = pageQueries('/admin', 'admin');
    expect(admin.route).toMatchObject({ module: 'src/pages/Admin.page.tsx' });
    expect(admin.route?.serverRendered).toBeUndefined();
    expect(admin.queries).toEqual([...everyPageQueries, { path: 'stats.get', role: 'admin' }]);
    expect(pageQueries('/admin/', 'organizer').queries).toEqual([
      ...everyPageQueries,
      { path: 'sheets.managed', role: 'organizer' },
    ]);
    // Signed out, or an account with no dashboard: the page's code, and only what every page gets.
    for (const role of [null, 'member'] as const) {
      expect(pageQueries('/admin', role)).toEqual({ route: admin.route, queries: everyPageQueries });
    }
    expect(pageQueries('/Admin', 'admin').route).toBe(admin.route);
  });

  it('gives any other page what every page gets', () => {
    expect(pageQueries('/profile/3', 'admin')).toEqual({ route: null, queries: everyPageQueries });
    expect(pageQueries('/signup-sheet')).toEqual({ route: null, queries: everyPageQueries });
  });

  it('embeds only embeddable procedures', () => {
    const paths = pageRoutes.flatMap((route) => route.queries(['7']).map((q) => q.path));
    // Each embeddable procedure is embedded by some page.
    for (const path of [...paths, ...everyPageQueries.map((q) => q.path)]) expect(isEmbeddablePath(path)).toBe(true);
    expect(new Set([...paths, ...everyPageQueries.map((q) => q.path)])).toEqual(new Set(embeddablePaths));
    expect(isEmbeddablePath('users.list')).toBe(false);
  });
});

describe('the pages of the app', () => {
  it('knows every page App.tsx routes, as react-router matches them', () => {
    for (const path of [
      '/',
      '/signup-sheet/42',
      '/signup-sheet/abc',
      '/signup-sheet/42/',
      '/signup-sheet/42/roster',
      '/profile/7',
      '/admin',
      '/Admin/',
      '/monitoring',
      '/privacy-policy',
      '/cancel-signup/3',
      '/my-signup',
      '/unsubscribe/3',
      '/verify-email',
      '/reset-password',
      '/%61dmin',
    ])
      expect(isAppPage(path), path).toBe(true);
  });

  it('knows no other page', () => {
    for (const path of [
      '/no-such-page',
      '/signup-sheet',
      '/signup-sheet/',
      '/signup-sheet/42/x',
      '/admin/x',
      '/profile',
      '/robots.txt',
      '/favicon.ico',
      '/this/page/does-not-exist',
      '/%ZZ',
    ])
      expect(isAppPage(path), path).toBe(false);
  });

  it('keeps the pages of one person out of search engines, and the public ones in', () => {
    const indexed = Object.values(appPages)
      .filter((page) => page.indexed)
      .map((page) => page.path);
    expect(indexed).toEqual(['/', '/signup-sheet/:id', '/privacy-policy', '/news']);
  });
});

describe('page titles', () => {
  it('name the page, then the school; the home page, the school and what the site is', () => {
    expect(pageTitle('Fall Bake Sale', 'Maple Elementary PAC')).toBe('Fall Bake Sale · Maple Elementary PAC');
    expect(pageTitle('  Profile ', 'Maple Elementary PAC')).toBe('Profile · Maple Elementary PAC');
    expect(pageTitle(null, 'Maple Elementary PAC')).toBe('Maple Elementary PAC · Volunteer Signups');
    expect(pageTitle(' ', 'Maple Elementary PAC')).toBe('Maple Elementary PAC · Volunteer Signups');
  });
});
