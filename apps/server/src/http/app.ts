import { existsSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { appRouter } from '@pac/api';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import sirv from 'sirv';
import { sendError } from './errors';
import { handleRest } from './rest';
import { contextFromRequest, type HttpDeps } from './session';

export interface AppOptions extends HttpDeps {
  /** The built web app (apps/web/dist); absent in API-only tests. */
  staticDir: string | null;
  /** Uploaded images, served under /uploads/. */
  uploadDir: string;
}

// Only names the server itself chose (see storeImage) are ever served from the upload folder.
const uploadName = /^\/uploads\/(hero|logo)-[a-f0-9]{24}\.(jpg|png|webp)$/;

const securityHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' data: blob: https:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
};

/** One listener for everything: /trpc, the /api REST adapter, and the single-page app. */
export function createApp(options: AppOptions): RequestListener {
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: '/trpc/',
    createContext: ({ req, res }) => contextFromRequest(req, res, options),
    onError: ({ error }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error('tRPC call failed:', error.cause ?? error);
    },
    responseMeta: () => ({ headers: { 'Cache-Control': 'no-store' } }),
  });

  const staticDir = options.staticDir && existsSync(options.staticDir) ? options.staticDir : null;
  const assets = staticDir
    ? sirv(staticDir, {
        single: true,
        etag: true,
        gzip: true,
        setHeaders: (res, pathname) => {
          res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      })
    : null;

  // dev: look files up on every request, since uploads come and go while the server runs.
  const uploads = sirv(options.uploadDir, { dev: true, etag: true });

  return (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      res.statusCode = 400;
      res.end('Bad request');
      return;
    }
    if (url.pathname === '/trpc' || url.pathname.startsWith('/trpc/')) {
      trpc(req, res);
      return;
    }
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      handleRest(req, res, url, options).catch((error: unknown) => sendError(res, error));
      return;
    }
    if (uploadName.test(url.pathname)) {
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.setHeader('Cache-Control', 'public, max-age=3600');
      req.url = url.pathname.slice('/uploads'.length);
      uploads(req, res, () => {
        res.statusCode = 404;
        res.end('Not found');
      });
      return;
    }
    if (assets) {
      assets(req, res, () => {
        res.statusCode = 404;
        res.end('Not found');
      });
      return;
    }
    res.statusCode = 503;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('The web app is not built yet: run `pnpm build`.');
  };
}
