/**
 * The element in which the server writes a page's first data into its HTML
 * (apps/server/src/http/page.ts) and from which the web app reads it (apps/web/src/lib/pageData.ts).
 * Without zod: the web app imports it through '@pac/validators/page-data' on every first load.
 */
export const pageDataElementId = 'pac-data';

// Every page's data carries the school's clock, which the web app reads before its first render.
export * from './schoolClock';

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
export type RenderPage = (url: string, pageData: readonly EmbeddedQuery[]) => Promise<string>;

/**
 * The procedures a page may embed: the server runs them (apps/server/src/http/page.ts) and the web
 * app takes their answers into its cache (apps/web/src/lib/pageData.ts); anything else in a page's
 * data is ignored.
 */
export const embeddablePaths = [
  'auth.me',
  'settings.schoolClock',
  'settings.heroContent',
  'settings.getPublic',
  'sheets.list',
  'sheets.byId',
] as const;

export type EmbeddablePath = (typeof embeddablePaths)[number];

export function isEmbeddablePath(path: string): path is EmbeddablePath {
  return (embeddablePaths as readonly string[]).includes(path);
}

/** One query a page embeds: the procedure's path, and its input when it takes one. */
export interface PageQuery {
  path: EmbeddablePath;
  input?: unknown;
}

/** What every page embeds: the signed-in user, and the school's clock that every time on it is read on. */
export const everyPageQueries: readonly PageQuery[] = [{ path: 'auth.me' }, { path: 'settings.schoolClock' }];

export interface PageRoute {
  pattern: RegExp;
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
    ],
  },
  {
    // Only a plain decimal id: anything else is the page's own "not found".
    pattern: /^\/signup-sheet\/([1-9][0-9]{0,15})\/?$/,
    module: 'src/pages/SignupSheet.page.tsx',
    serverRendered: true,
    queries: ([idText]) => {
      const id = Number(idText);
      return Number.isSafeInteger(id) ? [{ path: 'sheets.byId', input: { id } }] : [];
    },
  },
];

/** The route of the page at `pathname` (null for any other page) and every query it embeds. */
export function pageQueries(pathname: string): { route: PageRoute | null; queries: PageQuery[] } {
  for (const route of pageRoutes) {
    const match = route.pattern.exec(pathname);
    if (match) return { route, queries: [...everyPageQueries, ...route.queries(match.slice(1))] };
  }
  return { route: null, queries: [...everyPageQueries] };
}
