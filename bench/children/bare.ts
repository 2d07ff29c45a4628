/**
 * A bare node:http server: the idle-memory baseline (answers "ok"), or, with BENCH_STATIC_DIR and
 * BENCH_INDEX_FILE (the page at `/`) and/or BENCH_PAGES (a JSON object of path → HTML file), static
 * copies of rendered pages that the browser benchmarks compare against. With BENCH_GZIP=1 every
 * answer goes gzipped (zlib's default level, compressed once and kept) to a client that accepts
 * gzip, as any static host sends it.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runChild } from '../lib/child-side';

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.html': 'text/html; charset=utf-8',
};

runChild(async () => {
  const staticDir = process.env.BENCH_STATIC_DIR;
  const pages = new Map<string, Buffer>();
  if (process.env.BENCH_INDEX_FILE) pages.set('/', readFileSync(process.env.BENCH_INDEX_FILE));
  if (process.env.BENCH_PAGES)
    for (const [path, file] of Object.entries(JSON.parse(process.env.BENCH_PAGES) as Record<string, string>))
      pages.set(path, readFileSync(file));
  const gzip = process.env.BENCH_GZIP === '1';
  const gzipped = new Map<string, Buffer>();
  const files = new Map<string, Buffer>();

  const send = (res: ServerResponse, key: string, type: string, body: Buffer, acceptsGzip: boolean) => {
    if (!gzip || !acceptsGzip) {
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length });
      res.end(body);
      return;
    }
    let packed = gzipped.get(key);
    if (!packed) {
      packed = gzipSync(body);
      gzipped.set(key, packed);
    }
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Encoding': 'gzip',
      'Content-Length': packed.length,
      Vary: 'Accept-Encoding',
    });
    res.end(packed);
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!staticDir || pages.size === 0) {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('ok');
      return;
    }
    const acceptsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const page = pages.get(path);
    if (page) {
      send(res, path, 'text/html; charset=utf-8', page, acceptsGzip);
      return;
    }
    const file = join(staticDir, normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(staticDir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    const type = types[extname(file)] ?? 'application/octet-stream';
    if (gzip) {
      const body = files.get(file) ?? readFileSync(file);
      files.set(file, body);
      send(res, file, type, body, acceptsGzip);
    } else {
      res.writeHead(200, { 'Content-Type': type });
      createReadStream(file).pipe(res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
});
