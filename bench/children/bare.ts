/**
 * A bare node:http server: the idle-memory baseline (answers "ok"), or, with BENCH_STATIC_DIR and
 * BENCH_INDEX_FILE, the static copy of the home page that the browser benchmark compares against.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
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
  const indexFile = process.env.BENCH_INDEX_FILE;
  const index = indexFile ? readFileSync(indexFile) : null;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!staticDir || !index) {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('ok');
      return;
    }
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': index.length });
      res.end(index);
      return;
    }
    const file = join(staticDir, normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(staticDir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
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
