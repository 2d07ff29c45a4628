import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test helper: a real HTTP server on 127.0.0.1 standing in for the school site. Not exported by the package. */
export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FakeSite {
  port: number;
  /** http://www.example-district.org:PORT, reachable through `siteOptions.resolve`. */
  base: string;
  requests: { path: string; headers: IncomingHttpHeaders }[];
  route(path: string, handler: Handler): void;
  close(): Promise<void>;
}

export const SITE_HOST = 'www.example-district.org';
export const SITE_DOMAIN = 'example-district.org';

export async function startSite(): Promise<FakeSite> {
  const routes = new Map<string, Handler>();
  const requests: FakeSite['requests'] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, headers: req.headers });
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    base: `http://${SITE_HOST}:${port}`,
    requests,
    route: (path, handler) => routes.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function html(res: ServerResponse, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
}

/** Options that let the engine reach the fake site, as MONITOR_ALLOW_PRIVATE_ADDRESSES and MONITOR_RESOLVE do. */
export const siteOptions = {
  domain: SITE_DOMAIN,
  allowPrivateAddresses: true,
  resolve: new Map([[SITE_HOST, '127.0.0.1']]),
  timeoutMs: 3000,
} as const;
