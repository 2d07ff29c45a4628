import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const siteHost = 'www.example-district.org';

/** A school page of about `bytes` bytes: navigation, a main column of news items, a footer. */
export function schoolPage(n: number, version: number, bytes = 100 * 1024): string {
  const nav = Array.from({ length: 30 }, (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`).join('');
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${n}</title><style>body{font:16px sans-serif}.news article{margin:1em 0}</style></head><body><header><nav><ul>${nav}</ul></nav></header><main><h1>School news ${n}</h1><p class="updated">Version ${version}</p><section class="news">`;
  const tail = `</section></main><footer><p>Example District, 1 School Road. Phone 555-0100.</p></footer></body></html>`;
  const items: string[] = [];
  let size = head.length + tail.length;
  for (let i = 0; size < bytes; i++) {
    const item = `<article><h2>Notice ${n}.${i}</h2><p>On day ${(i % 28) + 1} the PAC meets in room ${100 + (i % 50)} to plan the spring fair, the book swap and the bake sale for page ${n}. Parents are welcome; bring ideas, questions and a friend. Item ${i} of the newsletter.</p></article>`;
    items.push(item);
    size += item.length;
  }
  return head + items.join('') + tail;
}

export interface SchoolSite {
  port: number;
  /** http://www.example-district.org:PORT — reached through MONITOR_RESOLVE. */
  base: string;
  paths: string[];
  /** Changes the content (and so the ETag) of these pages. */
  change(indexes: number[]): void;
  /** Answers by status since the last call. */
  takeStatuses(): Record<string, number>;
  close(): Promise<void>;
}

/** The district's site on 127.0.0.1: `count` pages of ~100 KB, each with an ETag, honouring If-None-Match. */
export async function startSchoolSite(count: number): Promise<SchoolSite> {
  const pages = new Map<string, { body: Buffer; etag: string; version: number }>();
  const build = (i: number, version: number) => {
    const body = Buffer.from(schoolPage(i, version));
    pages.set(`/pages/${i}`, { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, version });
  };
  for (let i = 0; i < count; i++) build(i, 1);
  let statuses: Record<string, number> = {};
  const server = createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    const answer = (status: number) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      return status;
    };
    if (!page) {
      res.writeHead(answer(404)).end('not found');
      return;
    }
    if (req.headers['if-none-match'] === page.etag) {
      res.writeHead(answer(304), { ETag: page.etag }).end();
      return;
    }
    res
      .writeHead(answer(200), {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': page.body.length,
        ETag: page.etag,
      })
      .end(page.body);
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    base: `http://${siteHost}:${port}`,
    paths: Array.from({ length: count }, (_, i) => `/pages/${i}`),
    change: (indexes) => {
      for (const i of indexes) build(i, (pages.get(`/pages/${i}`)?.version ?? 1) + 1);
    },
    takeStatuses: () => {
      const taken = statuses;
      statuses = {};
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
