// A type only: nothing of users.ts (which uses zod) is loaded.
import type { Language } from './languages';
import type { UserRoleValue } from './users';

/**
 * The element in which the server writes a page's first data into its HTML
 * (apps/server/src/http/page.ts) and from which the web app reads it (apps/web/src/lib/pageData.ts).
 * Without zod: the web app imports it through '@pac/validators/page-data' on every first load.
 */
export const pageDataElementId = 'pac-data';

// Every page's data carries the school's clock, which the web app reads before its first render.
export * from './schoolClock';
// And the language it is read in.
export * from './languages';

/** One query the web app makes on first load, as the web app keys it (`apps/web/src/lib/pageData.ts`). */
export interface EmbeddedQuery {
  path: string;
  input?: unknown;
  /** superjson.serialize of the procedure's answer. */
  data: unknown;
}

/**
 * What the web app's server build (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr) exports
 * for the server (apps/server/src/http/page.ts): the HTML inside `#root` of the page at `url`,
 * rendered from the same embedded data the browser gets, or a rejection when it cannot be rendered
 * whole (the browser then renders the page itself).
 */
export type RenderPage<Messages = unknown> = (
  url: string,
  pageData: readonly EmbeddedQuery[],
  /**
   * The server's messages in a language (`i18nFor` from '@pac/i18n/server'): one set per process,
   * shared with the server's own texts, so the server build carries no catalogs of its own.
   */
  messagesFor: (language: Language) => Messages,
) => Promise<string>;

/**
 * The procedures a page may embed: the server runs them (apps/server/src/http/page.ts) and the web
 * app takes their answers into its cache (apps/web/src/lib/pageData.ts); anything else in a page's
 * data is ignored.
 */
export const embeddablePaths = [
  'auth.me',
  'settings.schoolClock',
  'settings.language',
  'settings.heroContent',
  'settings.getPublic',
  'sheets.list',
  'sheets.byId',
  'announcements.news',
  'stats.get',
  'sheets.managed',
] as const;

export type EmbeddablePath = (typeof embeddablePaths)[number];

export function isEmbeddablePath(path: string): path is EmbeddablePath {
  return (embeddablePaths as readonly string[]).includes(path);
}

/** One query a page embeds: the procedure's path, and its input when it takes one. */
export interface PageQuery {
  path: EmbeddablePath;
  input?: unknown;
  /**
   * Embedded only for a signed-in account of this role: the first screen of their dashboard, which
   * nobody else may read (the server would refuse it) or whose first screen does without it.
   */
  role?: UserRoleValue;
}

/** How many approved announcements the home page shows under 'School news' (newsLimits.home in @pac/validators). */
export const homeNewsCount = 3;

/**
 * What every page embeds: the signed-in user, the school's clock that every time on it is read on,
 * and the language it is read in.
 */
export const everyPageQueries: readonly PageQuery[] = [
  { path: 'auth.me' },
  { path: 'settings.schoolClock' },
  { path: 'settings.language' },
];

export interface PageRoute {
  pattern: RegExp;
  /**
   * The query whose answer the page is about (a sheet page's sheet): without it, because the path's
   * id is not an id or the procedure answered NOT_FOUND, the page shows its own "not found", and the
   * server answers the page with 404.
   */
  subject?: EmbeddablePath;
  /** The page's module in the web app's source (its key in Vite's manifest), when it loads on demand. */
  module?: string;
  /** The server renders the page from its first data (every query it needs on first render is embedded). */
  serverRendered?: boolean;
  /** The page's own first queries, beyond everyPageQueries; `params` are the pattern's groups. */
  queries: (params: readonly string[]) => readonly PageQuery[];
}

/** The pages whose first data is more than every page's, in the order they are matched. */
export const pageRoutes: readonly PageRoute[] = [
  {
    pattern: /^\/$/,
    serverRendered: true,
    queries: () => [
      { path: 'settings.heroContent' },
      { path: 'settings.getPublic', input: { key: 'heroImageUrl' } },
      { path: 'sheets.list' },
      { path: 'announcements.news', input: { limit: homeNewsCount } },
    ],
  },
  {
    pattern: /^\/news\/?$/i,
    module: 'src/pages/News.page.tsx',
    serverRendered: true,
    queries: () => [{ path: 'announcements.news' }],
  },
  {
    pattern: /^\/signup-sheet\/([^/]+)\/?$/,
    module: 'src/pages/SignupSheet.page.tsx',
    serverRendered: true,
    subject: 'sheets.byId',
    // Only a plain decimal id: anything else is the page's own "not found".
    queries: ([idText = '']) => {
      const id = /^[1-9][0-9]{0,15}$/.test(idText) ? Number(idText) : Number.NaN;
      return Number.isSafeInteger(id) ? [{ path: 'sheets.byId', input: { id } }] : [];
    },
  },
  {
    // The dashboards, rendered in the browser (they are one person's) from the first screen's data:
    // an administrator's stat tiles, an organizer's own sheet cards.
    pattern: /^\/admin\/?$/i,
    module: 'src/pages/Admin.page.tsx',
    queries: () => [
      { path: 'stats.get', role: 'admin' },
      { path: 'sheets.managed', role: 'organizer' },
    ],
  },
];

/**
 * The route of the page at `pathname` (null for any other page) and every query it embeds for a
 * viewer of `role` (null: signed out).
 */
export function pageQueries(
  pathname: string,
  role: UserRoleValue | null = null,
): { route: PageRoute | null; queries: PageQuery[] } {
  for (const route of pageRoutes) {
    const match = route.pattern.exec(pathname);
    if (match) {
      const own = route.queries(match.slice(1)).filter((query) => query.role === undefined || query.role === role);
      return { route, queries: [...everyPageQueries, ...own] };
    }
  }
  return { route: null, queries: [...everyPageQueries] };
}

/**
 * Every page of the web app, in react-router's path syntax: App.tsx routes these, and any other path
 * is the app's own "not found" page, which the server answers with 404. `indexed: false` marks the
 * pages that are one person's (an account, a signup's link, the admin's), which robots.txt asks
 * search engines to leave alone.
 */
export const appPages = {
  home: { path: '/', indexed: true },
  sheet: { path: '/signup-sheet/:id', indexed: true },
  roster: { path: '/signup-sheet/:id/roster', indexed: false },
  profile: { path: '/profile/:userId', indexed: false },
  admin: { path: '/admin', indexed: false },
  monitoring: { path: '/monitoring', indexed: false },
  privacyPolicy: { path: '/privacy-policy', indexed: true },
  news: { path: '/news', indexed: true },
  cancelSignup: { path: '/cancel-signup/:id', indexed: false },
  mySignup: { path: '/my-signup', indexed: false },
  unsubscribe: { path: '/unsubscribe/:id', indexed: false },
  verifyEmail: { path: '/verify-email', indexed: false },
  resetPassword: { path: '/reset-password', indexed: false },
} as const satisfies Record<string, { path: string; indexed: boolean }>;

/** A path segment as react-router reads it (percent-decoded), or as it is when it does not decode. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const appPagePatterns = Object.values(appPages).map(({ path }) => path.split('/').slice(1));

/**
 * Whether the web app has a page at `pathname`, matched as react-router matches App.tsx's routes:
 * segment by segment, a `:param` any one segment, letters in any case, a trailing slash or not.
 */
export function isAppPage(pathname: string): boolean {
  const segments = pathname
    .replace(/(.)\/$/, '$1')
    .split('/')
    .slice(1)
    .map(decodedSegment);
  return appPagePatterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => {
        const segment = segments[i] ?? '';
        return part.startsWith(':') ? segment !== '' : part.toLowerCase() === segment.toLowerCase();
      }),
  );
}

/** The product's name: the end of every page's title until the server names the school (`pnpm dev`). */
export const productName = 'PAC Hub';

/** What the home page is, after the site's name in its title (a message: `i18n._(homePageTitle)`). */
export const homePageTitle = /*i18n*/ 'Volunteer Signups';

/**
 * A page's title, the same on the server's HTML and in the browser's tab: '{page} · {site}'
 * ('Fall Bake Sale · Maple Elementary PAC'), or '{site} · Volunteer Signups' for the home page
 * (no page title). `site` is SCHOOL_NAME; `home` is `homePageTitle` in the page's language.
 */
export function pageTitle(page: string | null | undefined, site: string, home: string = homePageTitle): string {
  const trimmed = page?.trim();
  return trimmed ? `${trimmed} · ${site}` : `${site} · ${home}`;
}
