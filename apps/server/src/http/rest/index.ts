import type { IncomingMessage, ServerResponse } from 'node:http';
import { createCaller } from '@pac/api';
import { readJsonBody } from '../body';
import { HttpError, sendError, sendJson } from '../errors';
import { contextFromRequest, type HttpDeps } from '../session';
import { authRoutes } from './auth';
import type { RestRoute } from './route';
import { sheetRoutes, slotRoutes, volunteerRoutes } from './sheets';

const routes: RestRoute[] = [...authRoutes, ...sheetRoutes, ...slotRoutes, ...volunteerRoutes];

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

function match(method: string, pathname: string): { route: RestRoute; params: Record<string, string> } | 'method' | null {
  let pathMatched = false;
  for (const c of compiled) {
    const m = c.pattern.exec(pathname);
    if (!m) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    const params: Record<string, string> = {};
    c.names.forEach((name, i) => {
      params[name] = decodeURIComponent(m[i + 1] ?? '');
    });
    return { route: c.route, params };
  }
  return pathMatched ? 'method' : null;
}

/** The documented /api routes, each a thin call into the same tRPC procedures the web app uses. */
export async function handleRest(req: IncomingMessage, res: ServerResponse, url: URL, deps: HttpDeps): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  try {
    const found = match(req.method ?? 'GET', url.pathname);
    if (found === null) throw new HttpError(404, 'NOT_FOUND', `No API route ${url.pathname}`);
    if (found === 'method') throw new HttpError(405, 'METHOD_NOT_SUPPORTED', `${req.method ?? ''} is not supported on ${url.pathname}`);
    const body = req.method === 'GET' || req.method === 'DELETE' ? undefined : await readJsonBody(req);
    const caller = createCaller(contextFromRequest(req, res, deps));
    const result = await found.route.handle({ caller, params: found.params, body, query: url.searchParams });
    const status = found.route.status ?? 200;
    if (status === 204) {
      res.statusCode = 204;
      res.end();
    } else {
      sendJson(res, status, result);
    }
  } catch (error) {
    sendError(res, error);
  }
}
