import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCaller, type RouterOutputs, sheetPreview } from '@pac/api';
import { type I18n, i18nFor } from '@pac/i18n/server';
import {
  type EmbeddedQuery,
  isAppPage,
  type Language,
  languageDirection,
  pageDataElementId,
  pageQueries,
  type PageQuery,
  type PageRoute,
  pageRoutes,
  type RenderPage,
} from '@pac/validators/page-data';
import { TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { type HeadPage, pageHeadTags } from './pageHead';
import { RenderedPages } from './renderedPages';
import { logRequestError } from './requestLog';
import { contextFromRequest, type HttpDeps, isSecureRequest, languageFromQuery, setLanguageCookie } from './session';

/**
 * The single-page app's HTML, with the first data of the page it opens embedded, so that a phone
 * renders the page as soon as its scripts run instead of asking the API and waiting again: the
 * home page gets the upcoming sheets and the hero, a sheet page its sheet, the dashboard its first
 * screen (an administrator's figures, an organizer's own sheets), every page the signed-in user and
 * the school's clock. The data is what the app's own queries would answer for the same cookie (so
 * nobody sees more than the API would show them), encoded with superjson like /trpc answers, and
 * written so that no text in it can end its script element. The page's code chunks are preloaded
 * beside it, and its stylesheets linked.
 *
 * The home and sheet pages also arrive rendered: the web app's server build (apps/web/dist-ssr,
 * beside the public build) renders them from the same data into `#root`, so that a phone shows the
 * page before any script has run, and the browser hydrates that HTML. Without that build, or when
 * rendering fails, the root stays empty and the browser renders the page, as for every other page.
 * A signed-out visitor's rendering is kept for a second for the same data (renderedPages.ts).
 *
 * Every page's head names it (pageHead.ts: its title, and the Open Graph tags of a link preview), and
 * a path that is no page of the app, or a sheet page whose sheet does not exist, answers 404 with
 * the app's HTML, which shows its own "not found" page.
 */

type Caller = ReturnType<typeof createCaller>;

/**
 * Runs the query at `path` as the page's own query would (`pageRoutes`, in @pac/validators, says
 * which pages embed which queries; the web app reads the same table).
 */
function runQuery(caller: Caller, { path, input }: PageQuery): Promise<unknown> {
  const [domain = '', name = ''] = path.split('.');
  const procedures = caller as unknown as Record<
    string,
    Record<string, ((input?: unknown) => Promise<unknown>) | undefined>
  >;
  const procedure = procedures[domain]?.[name];
  if (!procedure) return Promise.reject(new Error(`No procedure ${path}`));
  return input === undefined ? procedure() : procedure(input);
}

/**
 * JSON that is safe inside a `<script type="application/json">` element: `<` (so no `</script>` or
 * `<!--`), `>` and `&` written as \u escapes, and the two line separators that old parsers treat as
 * line ends. JSON.parse reads it back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The files a page module needs, from Vite's manifest: its chunk and every chunk it imports, and
 * their stylesheets (each once, in the order Vite would load them).
 */
function chunkFiles(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
): { scripts: string[]; styles: string[] } {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return { scripts: [], styles: [] };
  seen.add(key);
  const imported = (chunk.imports ?? []).map((k) => chunkFiles(manifest, k, seen));
  return {
    scripts: [chunk.file, ...imported.flatMap((i) => i.scripts)],
    styles: [...new Set([...imported.flatMap((i) => i.styles), ...(chunk.css ?? [])])],
  };
}

/** Whether a page's subject query failed because there is no such thing (or no such id): the page is its own "not found". */
function isMissing(error: unknown): boolean {
  return error instanceof TRPCError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST');
}

/** What the head says about the page at `pathname`, from its route and the answers of its queries. */
function headPage(
  pathname: string,
  route: PageRoute | null,
  answers: ReadonlyMap<string, unknown>,
  subjectMissing: boolean,
  deps: HttpDeps,
  language: Language,
): HeadPage {
  if (!isAppPage(pathname)) return { kind: 'notFound' };
  const about = route?.subject;
  if (subjectMissing) return { kind: about === 'sheets.byId' ? 'sheetNotFound' : 'notFound' };
  const sheet =
    about === 'sheets.byId' ? (answers.get(about) as RouterOutputs['sheets']['byId'] | undefined) : undefined;
  if (sheet) return { kind: 'sheet', sheet: sheetPreview(deps.config, sheet, language) };
  if (pathname === '/') return { kind: 'home' };
  return /^\/news\/?$/i.test(pathname) ? { kind: 'news' } : { kind: 'other' };
}

/**
 * The template's `<html …>` with the page's `lang` and `dir` (API.md "Languages"), its other
 * attributes kept (Mantine's `data-mantine-color-scheme`, whose colours the first paint needs).
 */
export function htmlTag(tag: string, language: Language): string {
  const attributes = tag
    .replace(/^<html\b/i, '')
    .replace(/>$/, '')
    .replace(/\s(?:lang|dir)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*)/gi, '')
    .trimEnd();
  return `<html lang="${language}" dir="${languageDirection(language)}"${attributes}>`;
}

/** The template with a `</head>` to write each page's head before: one where a parser would start the body, when it has none. */
function withHead(template: string): string {
  if (template.includes('</head>')) return template;
  const body = template.search(/<body\b|<div id="root">/);
  if (body >= 0) return `${template.slice(0, body)}<head></head>${template.slice(body)}`;
  return template.replace(/^\s*(?:<!doctype[^>]*>)?/i, (start) => `${start}<head></head>`);
}

export type PageRenderer = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void>;

/** Where the web app's server build is (apps/web/vite.config.ts's SSR build): beside the public one. */
export function serverBuildEntry(staticDir: string): string {
  return join(staticDir, '..', 'dist-ssr', 'entry-server.js');
}

/**
 * The server build's `renderPage`, imported on the first page that needs it rather than at start
 * (React's server renderer, Mantine and the app are some megabytes of memory that an idle server,
 * or one only answering the API, does without). Null when there is no such build or it does not
 * load; the pages then go out with an empty root, as before server rendering.
 */
function serverRenderer(entry: string): (req: IncomingMessage) => Promise<RenderPage<I18n> | null> {
  let loading: Promise<RenderPage<I18n> | null> | null = null;
  return (req) => {
    loading ??= existsSync(entry)
      ? import(pathToFileURL(entry).href).then(
          (module: { renderPage?: unknown }) => {
            if (typeof module.renderPage === 'function') return module.renderPage as RenderPage<I18n>;
            logRequestError(req, "The web app's server build has no renderPage", entry);
            return null;
          },
          (error: unknown) => {
            logRequestError(req, "Loading the web app's server build failed", error);
            return null;
          },
        )
      : Promise.resolve(null);
    return loading;
  };
}

/**
 * Reads the built index.html (and Vite's manifest, for the chunks to preload) once; answers an
 * app page with the HTML and that page's data. Null when the app is not built.
 */
export function createPageRenderer(staticDir: string, deps: HttpDeps): PageRenderer | null {
  const indexPath = join(staticDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  // The build's own title and description give way to each page's (pageHead.ts).
  const template = withHead(
    readFileSync(indexPath, 'utf8')
      .replace(/<title>[^<]*<\/title>\s*/i, '')
      .replace(/<meta\s+name="description"[^>]*>\s*/i, ''),
  );
  const emptyRoot = '<div id="root"></div>';
  const renderer = template.includes(emptyRoot) ? serverRenderer(serverBuildEntry(staticDir)) : null;
  const renderedPages = new RenderedPages();
  const manifestPath = join(staticDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  // What index.html already loads or preloads needs no second hint.
  const inTemplate = new Set([...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
  const preloads = new Map<string, string>();
  for (const route of pageRoutes) {
    if (!route.module) continue;
    const { scripts, styles } = chunkFiles(manifest, route.module);
    // The page's stylesheets start with the HTML rather than once the app asks for the page's chunk
    // (a round trip later on a phone); the app then finds them there and does not load them again.
    preloads.set(
      route.module,
      [
        ...styles
          .filter((file) => !inTemplate.has(file))
          .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...scripts
          .filter((file) => !inTemplate.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ].join(''),
    );
  }

  // The page's messages, in its language only (each language's catalog is its own chunk), start
  // with the HTML: the app renders nothing before it has them (main.tsx). Someone signed in gets
  // the signed-in screens' messages too.
  const catalogPreloads = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const [, language, part] = /\/compiled\/([^/]+)\/(web|admin)\.json$/.exec(key) ?? [];
    if (language && part) {
      catalogPreloads.set(`${language}/${part}`, `<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
    }
  }

  return async (req, res, pathname) => {
    const context = contextFromRequest(req, res, deps);
    const { route, queries } = pageQueries(pathname, context.user?.role ?? null);
    const caller = createCaller(context);
    const embedded: EmbeddedQuery[] = [];
    const answers = new Map<string, unknown>();
    // A page about something (a sheet) whose path names nothing it could be about.
    let subjectMissing = route?.subject !== undefined && !queries.some((query) => query.path === route.subject);
    // A query that fails (a sheet that does not exist) is left to the page, which asks again and shows why.
    await Promise.all(
      queries.map(async (query) => {
        const { path, input } = query;
        try {
          const answer = await runQuery(caller, query);
          answers.set(path, answer);
          const data = superjson.serialize(answer);
          embedded.push(input === undefined ? { path, data } : { path, input, data });
        } catch (error) {
          // The page's own query reports it; the status says whether the page's subject exists.
          if (path === route?.subject && isMissing(error)) subjectMissing = true;
        }
      }),
    );
    const page = headPage(pathname, route, answers, subjectMissing, deps, context.language);
    // In one order, whichever query answered first: the same data is the same text.
    embedded.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const json = scriptSafeJson(embedded);
    let rendered = '';
    const render = route?.serverRendered && renderer ? await renderer(req) : null;
    if (render) {
      // Only a signed-out visitor's page is the same for everyone with the same data.
      const key = context.user === null ? `${pathname}\n${json}` : null;
      const now = deps.runtime.now().getTime();
      const kept = key === null ? undefined : renderedPages.get(key, now);
      if (kept !== undefined) rendered = kept;
      else {
        try {
          // React escapes every text and attribute it writes.
          rendered = await render(pathname, embedded, i18nFor);
          if (key !== null) renderedPages.set(key, rendered, now);
        } catch (error) {
          logRequestError(req, 'Rendering the page on the server failed; the browser renders it', error);
        }
      }
    }
    const head =
      pageHeadTags(page, deps.config, i18nFor(context.language)) +
      (catalogPreloads.get(`${context.language}/web`) ?? '') +
      (context.user ? (catalogPreloads.get(`${context.language}/admin`) ?? '') : '') +
      (route?.module ? (preloads.get(route.module) ?? '') : '');
    const data = `<script id="${pageDataElementId}" type="application/json">${json}</script>`;
    // Functions, not replacement strings: a sheet's title may hold `$&` or `$'`, which a
    // replacement string would expand into parts of the template.
    // `?lang=` on any page chooses the language, kept as the `lang` cookie for the pages after it.
    const asked = languageFromQuery(req);
    if (asked) setLanguageCookie(res, asked, isSecureRequest(req, deps));
    const html = template
      .replace(/<html\b[^>]*>/i, (tag) => htmlTag(tag, context.language))
      .replace('</head>', () => `${head}</head>`)
      .replace(emptyRoot, () => `<div id="root">${rendered}</div>`)
      .replace('</body>', () => `${data}</body>`);
    res.statusCode = page.kind === 'notFound' || page.kind === 'sheetNotFound' ? 404 : 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    // It holds what this visitor may see (their account, contact details for an admin): never shared.
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Length', Buffer.byteLength(html));
    res.end(req.method === 'HEAD' ? undefined : html);
  };
}
