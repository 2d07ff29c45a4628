import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import {
  type Direction,
  type EmbeddablePath,
  type EmbeddedQuery,
  isEmbeddablePath,
  isLanguage,
  type Language,
  languageDirection,
  pageDataElementId,
  type SchoolClock,
} from '@pac/validators/page-data';
import superjson, { type SuperJSONResult } from 'superjson';
import { trpc } from '../trpc';

/**
 * The first data of the page, embedded by the server in the HTML it sends
 * (apps/server/src/http/page.ts): put into React Query under the keys the page's own queries use,
 * so that the page renders at once and asks the API for none of it.
 */

type QueryProcedure = Parameters<typeof getQueryKey>[0];

/**
 * The web app's query for an embeddable path (`embeddablePaths`, beside the route table the server
 * embeds by): `trpc.sheets.byId` for 'sheets.byId'.
 */
function queryProcedure(path: EmbeddablePath): QueryProcedure | undefined {
  const [domain = '', name = ''] = path.split('.');
  return (trpc as unknown as Record<string, Record<string, QueryProcedure | undefined> | undefined>)[domain]?.[name];
}

function isEmbeddedQuery(value: unknown): value is EmbeddedQuery & { data: SuperJSONResult } {
  return typeof value === 'object' && value !== null && 'path' in value && 'data' in value;
}

/**
 * Puts each embedded answer into `queryClient` under the key of the query that asks for it; entries
 * for procedures not in `embeddablePaths`, and anything that is not an entry, are ignored. The browser
 * (hydratePageData) and the server's rendering of the same page (entry-server.tsx) both fill their
 * cache with this, from the same entries, so that both render the same page.
 */
export function fillPageData(queryClient: QueryClient, entries: unknown): void {
  if (!Array.isArray(entries)) return;
  for (const entry of entries) {
    if (!isEmbeddedQuery(entry) || !isEmbeddablePath(entry.path)) continue;
    const procedure = queryProcedure(entry.path);
    if (!procedure) continue;
    // The input is the one the server answered for this path; each procedure's own type cannot be named here.
    queryClient.setQueryData(getQueryKey(procedure, entry.input as never, 'query'), superjson.deserialize(entry.data));
  }
}

/** Fills `queryClient` from the page's embedded data, once; a page without any is left alone. */
export function hydratePageData(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(pageDataElementId);
  if (!element?.textContent) return;
  let entries: unknown;
  try {
    entries = JSON.parse(element.textContent);
  } catch {
    return;
  }
  element.remove();
  fillPageData(queryClient, entries);
}

/** The school's clock from the page's data once filled in, or null when the page had none (`pnpm dev`). */
export function embeddedSchoolClock(queryClient: QueryClient): SchoolClock | null {
  return queryClient.getQueryData<SchoolClock>(getQueryKey(trpc.settings.schoolClock, undefined, 'query')) ?? null;
}

/**
 * Whether the page's data says who is signed in: true or false from its `auth.me` answer, or
 * undefined when the page carried none (`pnpm dev`).
 */
export function embeddedSignedIn(queryClient: QueryClient): boolean | undefined {
  const me = queryClient.getQueryData<unknown>(getQueryKey(trpc.auth.me, undefined, 'query'));
  return me === undefined ? undefined : me !== null;
}

/** The language a page is read in and its writing direction (the answer of `settings.language`). */
export interface PageLanguage {
  language: Language;
  dir: Direction;
}

/**
 * The page's language from its data once filled in (or from keepPageLanguage), or null when the
 * page had none (`pnpm dev`) or it names no language of ours. The direction is the language's own.
 */
export function embeddedLanguage(queryClient: QueryClient): PageLanguage | null {
  const data = queryClient.getQueryData<{ language?: unknown }>(
    getQueryKey(trpc.settings.language, undefined, 'query'),
  );
  const language = data?.language;
  return isLanguage(language) ? { language, dir: languageDirection(language) } : null;
}

/** Keeps the server's `settings.language` answer where the page's own data would have put it. */
export function keepPageLanguage(queryClient: QueryClient, answer: PageLanguage): void {
  queryClient.setQueryData(getQueryKey(trpc.settings.language, undefined, 'query'), answer);
}
