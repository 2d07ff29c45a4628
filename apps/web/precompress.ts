import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server sends as files (index.html is excluded: the server fills it in per request). */
const compressible = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.map', '.webmanifest']);
/** Below this, compression saves less than the header costs. */
const minBytes = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Dot folders (Vite's manifest in .vite/) are for the server, never sent.
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* files(path);
    } else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip, level 9) beside every text file of
 * the build, once, so that the server sends the smallest form a browser accepts without
 * compressing on each request (sirv picks them by Accept-Encoding). A compressed form that is not
 * smaller than the file is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pac-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const work: Promise<void>[] = [];
      for await (const path of files(outDir)) {
        if (!compressible.has(extname(path))) continue;
        if ((await stat(path)).size < minBytes) continue;
        work.push(
          (async () => {
            const body = await readFile(path);
            const [br, gz] = await Promise.all([
              brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              gzipAsync(body, { level: 9 }),
            ]);
            if (br.length < body.length) await writeFile(`${path}.br`, br);
            if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
          })(),
        );
      }
      await Promise.all(work);
    },
  };
}
