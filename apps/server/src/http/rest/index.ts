import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ContextInner, createCaller } from '@pac/api';
import { readJsonBody } from '../body';
import { crossSiteMessage, isCrossSiteWrite } from '../crossSite';
import { readMultipartFile } from '../multipart';
import { HttpError, sendError, sendJson } from '../errors';
import { logRequestError } from '../requestLog';
import { contextFromRequest, type HttpDeps } from '../session';
import { authRoutes } from './auth';
import { calendarRoutes } from './calendar';
import { exportRoutes } from './exports';
import { messageRoutes } from './messages';
import { announcementRoutes } from './announcements';
import { monitoringRoutes } from './monitoring';
import { monitorRoutes } from './monitors';
import { notificationRoutes } from './notifications';
import { privacyRoutes } from './privacy';
import { reminderRoutes } from './reminders';
import { rosterRoutes } from './roster';
import type { Download, RestRoute } from './route';
import { settingRoutes } from './settings';
import { sheetRoutes } from './sheets';
import { slotRoutes } from './slots';
import { socialRoutes } from './social';
import { statsRoutes } from './stats';
import { userRoutes } from './users';
import { volunteerRoutes } from './volunteers';

// One file per tRPC router (rest/<router>.ts calls only that router's procedures). The first route
// whose path and method match answers, so a fixed path (e.g. /api/settings/logo-url) comes before
// a pattern that also matches it (/api/settings/:key). privacyRoutes holds /api/auth/export and
// DELETE /api/auth/account, which are the privacy router's.
const routes: RestRoute[] = [
  ...privacyRoutes,
  ...authRoutes,
  ...sheetRoutes,
  ...slotRoutes,
  ...volunteerRoutes,
  ...settingRoutes,
  ...statsRoutes,
  ...exportRoutes,
  ...reminderRoutes,
  ...notificationRoutes,
  ...monitorRoutes,
  ...monitoringRoutes,
  ...socialRoutes,
  ...userRoutes,
  ...rosterRoutes,
  ...calendarRoutes,
  ...messageRoutes,
  ...announcementRoutes,
];

interface CompiledRoute {
  route: RestRoute;
  pattern: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = routes.map((route) => {
  const names: string[] = [];
  const source = route.path.replace(/:([a-zA-Z]+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, names, pattern: new RegExp(`^${source}/?$`) };
});

/** A path segment as text; one that is not valid percent-encoding (e.g. '%ZZ') is the caller's mistake. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', /*i18n*/ 'The URL path is not valid');
  }
}

function match(
  method: string,
  pathname: string,
): { route: RestRoute; params: Record<string, string> } | 'method' | null {
  let pathMatched = false;
  for (const c of compiled) {
    const m = c.pattern.exec(pathname);
    if (!m) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    const params: Record<string, string> = {};
    c.names.forEach((name, i) => {
      params[name] = decodeSegment(m[i + 1] ?? '');
    });
    return { route: c.route, params };
  }
  return pathMatched ? 'method' : null;
}

/**
 * The procedure the route for this method and path reads through, when the route names it, with
 * the path's parameters as its input (what the route hands the procedure, before validation).
 */
export function restRouteRead(method: string, pathname: string): { procedure: string; input: unknown } | null {
  let found: ReturnType<typeof match>;
  try {
    found = match(method, pathname);
  } catch {
    // A path that does not decode is the route's own 400 to answer, not a cacheable read.
    return null;
  }
  if (found === null || found === 'method' || found.route.procedure === undefined) return null;
  return { procedure: found.route.procedure, input: found.params };
}

/** The documented /api routes, each a thin call into the same tRPC procedures the web app uses. */
export async function handleRest(req: IncomingMessage, res: ServerResponse, url: URL, deps: HttpDeps): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  let route: RestRoute | null = null;
  // The caller's context, once made: its language (the account's first) is the errors' too.
  let context: ContextInner | null = null;
  try {
    const found = match(req.method ?? 'GET', url.pathname);
    if (found === null)
      throw new HttpError(404, 'NOT_FOUND', { id: /*i18n*/ 'No API route {path}', values: { path: url.pathname } });
    if (found === 'method')
      throw new HttpError(405, 'METHOD_NOT_SUPPORTED', {
        id: /*i18n*/ '{method} is not supported on {path}',
        values: { method: req.method ?? '', path: url.pathname },
      });
    route = found.route;
    // Before the body is read and before any procedure runs.
    if (isCrossSiteWrite(req, deps.config.publicBaseUrl, deps.trustedProxies))
      throw new HttpError(403, 'FORBIDDEN', crossSiteMessage);
    context = contextFromRequest(req, res, deps);
    const caller = createCaller(context);
    let body: unknown;
    let file: Buffer | null = null;
    if (route.upload) {
      await route.upload.authorize(caller);
      file = await readMultipartFile(req, route.upload.field, route.upload.maxBytes);
    } else if (!route.ignoreBody && req.method !== 'GET' && req.method !== 'HEAD') {
      // A DELETE may carry one too (DELETE /api/auth/account asks for the password).
      body = await readJsonBody(req);
    }
    const result = await route.handle({ caller, params: found.params, body, query: url.searchParams, file });
    const status = route.status ?? 200;
    if (route.download) {
      await sendDownload(res, result as Download);
    } else if (route.text) {
      sendText(res, status, route.text.contentType, String(result));
    } else if (route.binary) {
      sendBytes(res, status, route.binary.contentType, result as Buffer);
    } else if (status === 204) {
      res.statusCode = 204;
      res.end();
    } else {
      sendJson(res, status, result);
    }
  } catch (error) {
    if (res.headersSent) {
      // A download failed part-way: the client sees a cut-off transfer, never half a JSON body.
      logRequestError(req, 'Download failed', error);
      res.destroy();
      return;
    }
    sendError(res, error, {
      errorField: route?.errorField ?? false,
      ...(context === null ? {} : { language: context.language }),
    });
  }
}

/** A text answer (an iCalendar feed) with its own Content-Type. */
function sendBytes(res: ServerResponse, status: number, contentType: string, bytes: Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

function sendText(res: ServerResponse, status: number, contentType: string, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** Writes a Download as an attachment, waiting for the socket to drain between chunks. */
async function sendDownload(res: ServerResponse, download: Download): Promise<void> {
  const iterator = download.lines[Symbol.iterator]();
  // Produce the first line before sending headers, so that an error still gets a JSON answer.
  let next = iterator.next();
  res.statusCode = 200;
  res.setHeader('Content-Type', download.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${download.filename}"`);
  while (!next.done) {
    if (!res.write(next.value)) await new Promise((resolve) => res.once('drain', resolve));
    next = iterator.next();
  }
  res.end();
}
