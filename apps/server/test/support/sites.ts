import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface TestSite {
  port: number;
  /** Path → page body; change it between checks. */
  pages: Map<string, string>;
  /** Path → status to answer instead of the page. */
  statuses: Map<string, number>;
  requests: Recorded[];
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** A real HTTP server standing in for the school district's website. */
export async function startSchoolSite(): Promise<TestSite> {
  const pages = new Map<string, string>();
  const statuses = new Map<string, number>();
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    void readBody(req).then((body) => {
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const status = statuses.get(path);
      if (status) {
        res.writeHead(status, { 'Content-Type': 'text/plain' });
        res.end('unavailable');
        return;
      }
      const page = pages.get(path);
      if (page === undefined) {
        res.writeHead(404);
        res.end('not found');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(page);
    });
  });
  const port = await listen(server);
  return { port, pages, statuses, requests, close: () => new Promise((r) => server.close(() => r())) };
}

export interface FakeGraphApi {
  baseUrl: string;
  requests: Recorded[];
  /** When false, every call answers Graph's invalid-token error. */
  tokenValid: boolean;
  close(): Promise<void>;
}

/** A real HTTP server standing in for the Facebook Graph API (page feed and Instagram publishing). */
export async function startFakeGraphApi(ids: { pageId: string; igUserId: string }): Promise<FakeGraphApi> {
  const requests: Recorded[] = [];
  let counter = 0;
  const api: FakeGraphApi = { baseUrl: '', requests, tokenValid: true, close: () => Promise.resolve() };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://graph.test');
    void readBody(req).then((body) => {
      requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (!api.tokenValid) {
        send(400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
        return;
      }
      const path = url.pathname.replace(/^\/v[\d.]+/, '');
      counter += 1;
      if (req.method === 'GET' && path === `/${ids.pageId}`) send(200, { id: ids.pageId, name: 'Test PAC Page' });
      else if (req.method === 'GET' && path === `/${ids.igUserId}`)
        send(200, { id: ids.igUserId, username: 'testpac' });
      else if (req.method === 'POST' && path === `/${ids.pageId}/feed`) send(200, { id: `${ids.pageId}_${counter}` });
      else if (req.method === 'POST' && path === `/${ids.igUserId}/media`) send(200, { id: `container${counter}` });
      else if (req.method === 'GET' && path.startsWith('/container'))
        send(200, { status_code: 'FINISHED', id: path.slice(1) });
      else if (req.method === 'POST' && path === `/${ids.igUserId}/media_publish`) send(200, { id: `media${counter}` });
      else send(404, { error: { message: `Unknown path ${path}`, type: 'GraphMethodException', code: 100 } });
    });
  });
  const port = await listen(server);
  api.baseUrl = `http://127.0.0.1:${port}/v21.0`;
  api.close = () => new Promise((r) => server.close(() => r()));
  return api;
}
