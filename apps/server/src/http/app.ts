import { existsSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { appRouter, cannotSaveRefusal, cannotSaveRetryAfterSeconds, translated } from '@pac/api';
import { i18nFor } from '@pac/i18n/server';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import compression from 'compression';
import { worthCompressing } from './compressible';
import sirv from 'sirv';
import { maxJsonBytes } from './body';
import { closeConnectionWhenDone } from './connection';
import { crossSiteMessage, isCrossSiteWrite } from './crossSite';
import type { Logger } from '../log';
import { sendError, sendJson } from './errors';
import { checkHealth } from './health';
import { createPageRenderer } from './page';
import { PublicReadCache } from './publicCache';
import { createRequestLog, logRequestError } from './requestLog';
import { handleRest } from './rest';
import { sendNewsFeed } from './newsFeed';
import { sendRobotsTxt } from './robots';
import { contextFromRequest, type HttpDeps, requestLanguage, sessionUserOf } from './session';

export interface AppOptions extends HttpDeps {
  /** The built web app (apps/web/dist); absent in API-only tests. */
  staticDir: string | null;
  /** Uploaded images, served under /uploads/. */
  uploadDir: string;
  /** True once shutdown has begun: every answer from then on closes its connection. */
  closing?: () => boolean;
  /** One line per request, and every server error with its request id. */
  logger: Logger;
  /** When the server started (epoch ms), for the health answer's uptime. */
  startedAt: number;
}

/** The largest tRPC batch: a bigger one is refused whole, so that one request cannot run hundreds of calls. */
export const maxTrpcBatchSize = 10;

// Only names the server itself chose (see storeImage) are ever served from the upload folder.
const uploadName = /^\/uploads\/(hero|logo)-[a-f0-9]{24}\.(jpg|png|webp)$/;

const securityHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' data: blob: https:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
};

/** A refusal at the edge: its sentence and, as every error the API answers, its reason. */
interface EdgeRefusal {
  message: string;
  reason: string;
}

/**
 * What @trpc/server would answer with a 500 instead of a 400: a path that is not valid
 * percent-encoding ('%ZZ'; it decodes the procedure path itself), and a Host header that is not a
 * host (it builds a Request from it, which throws for 'user@host').
 */
function trpcRequestProblem(req: IncomingMessage, pathname: string): EdgeRefusal | null {
  const host = req.headers.host;
  if (host !== undefined && !/^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host))
    return { message: /*i18n*/ 'The Host header is not valid', reason: 'invalidHost' };
  try {
    decodeURIComponent(pathname);
  } catch {
    return { message: /*i18n*/ 'The URL path is not valid', reason: 'invalidPath' };
  }
  return null;
}

/**
 * sirv lists the built files once, at start, and streams each from disk with no error handler: a
 * file gone since (a `pnpm build` under the running server empties dist/ first) fails its read
 * stream after the headers went out, and that unhandled error would stop the whole server. Here it
 * ends that one answer instead (the client sees a cut-off transfer) and is logged.
 */
function endAnswerOnReadError(req: IncomingMessage, res: ServerResponse): void {
  res.once('pipe', (source: NodeJS.ReadableStream) => {
    source.once('error', (error: unknown) => {
      logRequestError(req, 'Serving a file failed', error);
      res.destroy();
    });
  });
}

/**
 * A tRPC-shaped error (what the client's links expect) for a request refused before tRPC sees it,
 * with its reason in `data` as the API's own errors have it (packages/api/src/lib/errors.ts), and
 * its sentence in the language the request's cookie or browser asks for.
 */
function sendTrpcError(
  res: ServerResponse,
  status: number,
  code: TRPC_ERROR_CODE_KEY,
  { message, reason }: EdgeRefusal,
): void {
  res.setHeader('Cache-Control', 'no-store');
  const said = translated(i18nFor(requestLanguage(res.req, null)), message);
  sendJson(res, status, {
    error: { json: { message: said, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: status, reason } } },
  });
}

/** One listener for everything: /trpc, the /api REST adapter, and the single-page app. */
export function createApp(options: AppOptions): RequestListener {
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: '/trpc/',
    // Without a limit the adapter buffers a request body of any size, even from anonymous callers.
    maxBodySize: maxJsonBytes,
    maxBatchSize: maxTrpcBatchSize,
    createContext: ({ req, res }) => contextFromRequest(req, res, options),
    onError: ({ error, req }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logRequestError(req, 'tRPC call failed', error.cause ?? error);
    },
    // A write the disk refused (503, see cannotSaveRefusal) says when to try again, as over REST.
    responseMeta: ({ errors }) => ({
      headers: {
        'Cache-Control': 'no-store',
        ...(errors.some((error) => cannotSaveRefusal(error) !== null)
          ? { 'Retry-After': String(cannotSaveRetryAfterSeconds) }
          : {}),
      },
    }),
  });

  const staticDir = options.staticDir && existsSync(options.staticDir) ? options.staticDir : null;
  // Files as built, with the .br and .gz forms the build wrote beside them (apps/web/precompress.ts).
  const assets = staticDir
    ? sirv(staticDir, {
        etag: true,
        brotli: true,
        gzip: true,
        // sirv itself sends Vary: Accept-Encoding, since it chooses between the forms.
        setHeaders: (res, pathname) => {
          res.setHeader(
            'Cache-Control',
            pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      })
    : null;
  // Any other path is a page of the app: its HTML with the page's first data.
  const renderPage = staticDir ? createPageRenderer(staticDir, options) : null;
  // Answers of 1 KB or more (JSON, the pages, CSV) go compressed to a client that accepts it.
  // compression works on node:http's own request and response; its types name Express's.
  const compress = compression({ threshold: 1024, filter: worthCompressing }) as unknown as (
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
  ) => void;

  // dev: look files up on every request, since uploads come and go while the server runs.
  const uploads = sirv(options.uploadDir, { dev: true, etag: true });

  // Public reads, and a signed-in caller's when their answer is one many callers share.
  const publicReads = new PublicReadCache(options.db, undefined, {
    context: { db: options.db, config: options.config, runtime: options.runtime },
    sessionUser: (req, token) => sessionUserOf(req, options, token)?.user ?? null,
  });
  const closing = options.closing ?? (() => false);
  const logRequest = createRequestLog(options.logger);
  /** Everything but a kept answer, which the listener below sends before compression is set up. */
  const handle = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (url.pathname === '/trpc' || url.pathname.startsWith('/trpc/')) {
      const problem = trpcRequestProblem(req, url.pathname);
      if (problem) {
        sendTrpcError(res, 400, 'BAD_REQUEST', problem);
        return;
      }
      if (isCrossSiteWrite(req, options.config.publicBaseUrl, options.trustedProxies)) {
        sendTrpcError(res, 403, 'FORBIDDEN', { message: crossSiteMessage, reason: 'crossSite' });
        return;
      }
      trpc(req, res);
      return;
    }
    if (url.pathname === '/api/health' && (req.method === 'GET' || req.method === 'HEAD')) {
      res.setHeader('Cache-Control', 'no-store');
      const health = checkHealth(options.db, options.startedAt, options.config.timeZone);
      sendJson(res, health.status === 'ok' ? 200 : 503, health);
      return;
    }
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      handleRest(req, res, url, options).catch((error: unknown) => sendError(res, error));
      return;
    }
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (url.pathname === '/robots.txt' && isRead) {
      sendRobotsTxt(res, req.method === 'HEAD');
      return;
    }
    if (url.pathname === '/news.atom' && isRead) {
      sendNewsFeed(req, res, options).catch((error: unknown) => {
        logRequestError(req, 'news feed failed', error);
        sendError(res, error);
      });
      return;
    }
    if (uploadName.test(url.pathname)) {
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.setHeader('Cache-Control', 'public, max-age=3600');
      req.url = url.pathname.slice('/uploads'.length);
      endAnswerOnReadError(req, res);
      uploads(req, res, () => {
        res.statusCode = 404;
        res.end('Not found');
      });
      return;
    }
    if (assets && renderPage) {
      const page = () => {
        renderPage(req, res, url.pathname).catch((error: unknown) => {
          logRequestError(req, 'page failed', error);
          sendError(res, error);
        });
      };
      // A path without a file extension is a page of the app; anything else a file, or else a page.
      if (isRead && !/\.[^/]*$/.test(url.pathname)) {
        page();
        return;
      }
      endAnswerOnReadError(req, res);
      assets(req, res, () => {
        // A missing chunk is an error to its script (an old page after an upgrade), not a page.
        if (isRead && !url.pathname.startsWith('/assets/')) {
          page();
          return;
        }
        res.statusCode = 404;
        res.end('Not found');
      });
      return;
    }
    res.statusCode = 503;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('The web app is not built yet: run `pnpm build`.');
  };

  /**
   * The key of a read the public read cache may answer (publicCache.ts), for a well-formed /trpc
   * or /api request; else null.
   */
  const keptKey = (req: IncomingMessage, url: URL): string | null => {
    const { pathname } = url;
    if (pathname.startsWith('/trpc/')) return trpcRequestProblem(req, pathname) ? null : publicReads.keyFor(req, url);
    if (pathname.startsWith('/api/')) return publicReads.keyFor(req, url);
    return null;
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    logRequest(req, res);
    closeConnectionWhenDone(req, res, closing);
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      res.statusCode = 400;
      res.end('Bad request');
      return;
    }
    // A kept answer goes as it is kept, already compressed for the client.
    const key = keptKey(req, url);
    const version = key === null ? null : publicReads.currentVersion();
    if (key !== null && version !== null && publicReads.serve(key, version, req, res)) return;
    const next = () => {
      // Inside the compression layer, so that the answer kept is the uncompressed one.
      if (key !== null && version !== null) publicReads.capture(key, version, res);
      handle(req, res, url);
    };
    // Compression's bookkeeping only for a client that can take a compressed answer.
    if (/\b(?:gzip|br|deflate)\b/.test(req.headers['accept-encoding'] ?? '')) compress(req, res, next);
    else next();
  };
}
