/**
 * Test helpers: a real HTTP server on 127.0.0.1 that stands in for the Facebook Graph API, and a
 * server that never (fully) answers. Not exported from the package entry point.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';

export const FAKE_GRAPH_VERSION = 'v21.0';

export type RecordedRequest = {
  method: string;
  /** Path below the version prefix, e.g. '/1234/feed'. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed form or JSON body; empty for none. */
  body: Record<string, string>;
  rawUrl: string;
  rawBody: string;
  /** Where the access token came from, if anywhere. */
  tokenVia: 'header' | 'body' | 'query' | null;
};

export type ContainerStatus = 'FINISHED' | 'IN_PROGRESS' | 'ERROR' | 'EXPIRED';

export type FakeGraphOptions = {
  token: string;
  pageId?: string;
  pageName?: string;
  igUserId?: string;
  igUsername?: string;
  /** Status checks that answer IN_PROGRESS before a container settles; default 0. */
  containerPendingPolls?: number;
  /** What a container settles on; default FINISHED. */
  containerFinalStatus?: Exclude<ContainerStatus, 'IN_PROGRESS'>;
  /** A careless server: error messages repeat the token it was sent, raw and in a URL. */
  echoToken?: boolean;
};

export type FakeGraph = {
  /** e.g. 'http://127.0.0.1:40123/v21.0' */
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
};

type Container = { imageUrl: string; caption: string; polls: number; published: boolean };

function graphError(res: ServerResponse, status: number, error: Record<string, unknown>): void {
  send(res, status, { error: { fbtrace_id: 'AbCdEfGh123', ...error } });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(raw: string, contentType: string | undefined): Record<string, string> {
  if (!raw) return {};
  if (contentType?.includes('application/json')) {
    const parsed = JSON.parse(raw) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

async function listen(server: http.Server): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('The test server has no port.'));
    });
  });
}

function closer(server: http.Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

export async function startFakeGraph(options: FakeGraphOptions): Promise<FakeGraph> {
  const requests: RecordedRequest[] = [];
  const containers = new Map<string, Container>();
  let nextId = 1;
  const prefix = `/${FAKE_GRAPH_VERSION}`;

  const server = http.createServer((req, res) => {
    void (async () => {
      const rawBody = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://graph.test');
      const body = parseBody(rawBody, req.headers['content-type']);
      const query = Object.fromEntries(url.searchParams);
      const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const token = bearer ?? body.access_token ?? query.access_token;
      const tokenVia = bearer ? 'header' : body.access_token ? 'body' : query.access_token ? 'query' : null;
      const path = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : url.pathname;
      requests.push({
        method: req.method ?? '',
        path,
        query,
        headers: req.headers,
        body,
        rawUrl: req.url ?? '',
        rawBody,
        tokenVia,
      });

      if (!url.pathname.startsWith(`${prefix}/`)) {
        graphError(res, 400, { message: 'Unknown path components', type: 'OAuthException', code: 2500 });
        return;
      }
      if (!token) {
        graphError(res, 400, {
          message: 'An access token is required to request this resource.',
          type: 'OAuthException',
          code: 104,
        });
        return;
      }
      if (token !== options.token) {
        const echo = options.echoToken
          ? ` Received ${token} via https://graph.facebook.com/me?access_token=${encodeURIComponent(token)}&x=1`
          : '';
        graphError(res, 400, { message: `Invalid OAuth access token.${echo}`, type: 'OAuthException', code: 190 });
        return;
      }

      const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
      const [objectId, edge, ...rest] = segments;
      const unknownObject = (): void =>
        graphError(res, 400, {
          message: `Unsupported ${req.method?.toLowerCase() ?? 'get'} request. Object with ID '${objectId ?? ''}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          type: 'GraphMethodException',
          code: 100,
          error_subcode: 33,
        });
      if (!objectId || rest.length > 0) return unknownObject();

      if (req.method === 'GET' && edge === undefined) {
        const fields = (query.fields ?? 'id').split(',');
        const pick = (all: Record<string, string>): Record<string, string> =>
          Object.fromEntries(Object.entries(all).filter(([k]) => fields.includes(k)));
        if (objectId === options.pageId) {
          return send(res, 200, pick({ id: objectId, name: options.pageName ?? 'Test Page' }));
        }
        if (objectId === options.igUserId) {
          return send(res, 200, pick({ id: objectId, username: options.igUsername ?? 'test_account' }));
        }
        const container = containers.get(objectId);
        if (container) {
          container.polls += 1;
          const pending = container.polls <= (options.containerPendingPolls ?? 0);
          const status = container.published
            ? 'PUBLISHED'
            : pending
              ? 'IN_PROGRESS'
              : (options.containerFinalStatus ?? 'FINISHED');
          const detail =
            status === 'ERROR'
              ? "Error: Media download has failed. The media URI doesn't meet our requirements."
              : status;
          return send(res, 200, pick({ id: objectId, status_code: status, status: detail }));
        }
        return unknownObject();
      }

      if (req.method === 'POST' && edge === 'feed' && objectId === options.pageId) {
        if (!body.message && !body.link) {
          return graphError(res, 400, {
            message: '(#100) Missing message or attachment.',
            type: 'OAuthException',
            code: 100,
          });
        }
        return send(res, 200, { id: `${objectId}_${nextId++}` });
      }

      if (req.method === 'POST' && edge === 'media' && objectId === options.igUserId) {
        if (!body.image_url) {
          return graphError(res, 400, {
            message: 'The parameter image_url is required.',
            type: 'OAuthException',
            code: 100,
          });
        }
        const id = `1790000000${nextId++}`;
        containers.set(id, { imageUrl: body.image_url, caption: body.caption ?? '', polls: 0, published: false });
        return send(res, 200, { id });
      }

      if (req.method === 'POST' && edge === 'media_publish' && objectId === options.igUserId) {
        const container = containers.get(body.creation_id ?? '');
        const ready =
          container &&
          !container.published &&
          container.polls > (options.containerPendingPolls ?? 0) &&
          (options.containerFinalStatus ?? 'FINISHED') === 'FINISHED';
        if (!container || !ready) {
          return graphError(res, 400, {
            message: 'Media ID is not available',
            type: 'OAuthException',
            code: 9007,
            error_subcode: 2207027,
          });
        }
        container.published = true;
        return send(res, 200, { id: `1800000000${nextId++}` });
      }

      return unknownObject();
    })().catch(() => {
      if (!res.headersSent) send(res, 500, { error: { message: 'Fake Graph failed', type: 'FakeError', code: 1 } });
    });
  });

  const port = await listen(server);
  return { baseUrl: `http://127.0.0.1:${port}${prefix}`, requests, close: closer(server) };
}

export type HangingServer = { baseUrl: string; hits: () => number; close(): Promise<void> };

/**
 * A server that takes requests and never finishes answering: 'headers' never sends anything,
 * 'body' sends the status line and headers, then stalls the body.
 */
export async function startHangingServer(mode: 'headers' | 'body'): Promise<HangingServer> {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits += 1;
    req.resume();
    if (mode === 'body') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"id":');
    }
  });
  const port = await listen(server);
  return { baseUrl: `http://127.0.0.1:${port}/${FAKE_GRAPH_VERSION}`, hits: () => hits, close: closer(server) };
}
