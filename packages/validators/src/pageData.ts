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
