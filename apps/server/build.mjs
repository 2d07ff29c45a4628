// `pnpm build` for the server: an ESM bundle, dist/server.js, that plain `node` runs (no tsx at run
// time), started through dist/main.js, with what the server loads only on first use (`import()`: the
// website watch's fetcher and HTML parser, the mailer, the social posts' HTTP client) in
// dist/chunks/, read from disk only when first needed. The workspace packages (TypeScript source) and the npm
// dependencies are bundled in; the native modules stay outside and load from node_modules. The
// migrations and the compiled message catalogs are copied beside it, where main.ts and the messages'
// reader look for them.
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'esbuild';
import { nodeVersionProblem, requiredNodeMajor } from '../../scripts/node-version.mjs';

/**
 * zod's own error messages in English only. zod bundles every language it speaks (~290 KB, a tenth of
 * the server) into its namespace object, and the server never reads them: what a person reads comes
 * from our messages. The build fails if zod's layout changes so that the substitution no longer applies.
 * @returns {import('esbuild').Plugin}
 */
function onlyEnglishZodMessages() {
  return {
    name: 'only-english-zod-messages',
    setup(b) {
      let substituted = false;
      b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
        // zod/v4/core/index.js and zod/v4/classic/external.js (and mini's) each re-export them.
        if (!/[/\\]zod[/\\]v4[/\\](core|classic|mini)[/\\][a-z]+\.js$/.test(args.importer)) return undefined;
        substituted = true;
        return { path: args.importer, namespace: 'zod-locales' };
      });
      b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
        contents: "export { default as en } from '../locales/en.js';",
        resolveDir: dirname(args.path),
      }));
      b.onEnd((result) => {
        if (!substituted && result.errors.length === 0)
          throw new Error("zod's locales were not found where build.mjs expects them (zod/v4/core/index.js)");
      });
    },
  };
}

/**
 * node:http through require() rather than an ES import, for our code and for bundled ES modules
 * (@trpc/server's adapter). On Node 24 an ES import of node:http reads every export of it, and one
 * of them loads Node's own bundled undici (its fetch and WebSocket): ~17 MB of a bare process, and
 * ~10 MB of the idle server, for code the server never calls. require() leaves that export unread.
 * @returns {import('esbuild').Plugin}
 */
function httpThroughRequire() {
  return {
    name: 'http-through-require',
    setup(b) {
      b.onResolve({ filter: /^(node:)?http$/ }, (args) =>
        args.kind === 'import-statement' ? { path: 'node:http', namespace: 'http-through-require' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'http-through-require' }, () => ({
        contents: "module.exports = require('node:http');",
        loader: 'js',
      }));
    },
  };
}

/**
 * @trpc/server bundled from the TypeScript source its package publishes (`src/`, the same release),
 * compiled for this Node like our own code, instead of from its `dist/`, which is built for older
 * runtimes: there every object spread is a call of Babel's `_objectSpread2` helper, defining each
 * property through `Object.defineProperty`, and each procedure call spreads its options and context
 * a dozen times (on a refused signup, a tenth of the server's CPU; bench/results.md, notes). Each
 * import of the package, ours and its own, resolves to the module of `src/` that its `dist/` entry
 * was built from; the build fails if one has none.
 * @returns {import('esbuild').Plugin}
 */
function trpcFromSource() {
  const packageDir = dirname(createRequire(here('./package.json')).resolve('@trpc/server/package.json'));
  return {
    name: 'trpc-from-source',
    setup(b) {
      b.onResolve({ filter: /^@trpc\/server(\/.*)?$/ }, (args) => {
        const sub = args.path.slice('@trpc/server'.length).replace(/^\//, '') || 'index';
        for (const candidate of [`src/${sub}.ts`, `src/${sub}/index.ts`]) {
          const path = join(packageDir, candidate);
          if (existsSync(path)) return { path };
        }
        return { errors: [{ text: `@trpc/server has no source for '${args.path}' (looked in ${packageDir}/src)` }] };
      });
    },
  };
}

/**
 * compression's `compressible` (and with it mime-db, a table of every media type, held in memory
 * from start) left out: the server gives compression its own filter (src/http/compressible.ts), so
 * compression never asks it. Should that change, the stand-in says so on the first answer instead of
 * compressing by a guess.
 * @returns {import('esbuild').Plugin}
 */
function withoutCompressible() {
  return {
    name: 'without-compressible',
    setup(b) {
      b.onResolve({ filter: /^compressible$/ }, (args) =>
        /[/\\]compression[/\\]index\.js$/.test(args.importer)
          ? { path: 'compressible', namespace: 'unused' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'unused' }, () => ({
        contents:
          "module.exports = function compressible() { throw new Error('compressible is not bundled: give compression a filter (src/http/compressible.ts)'); };",
        loader: 'js',
      }));
    },
  };
}

/** @param {string} path relative to this folder */
const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const dist = here('./dist');

const pageReaderFile = 'page-reader.js';
const catalogsDir = 'catalogs';

rmSync(dist, { recursive: true, force: true });
/**
 * What both bundles share: ES modules for this Node, and less source for V8 to hold and parse (about
 * 4 MB less heap at idle); names are kept, so stack traces still read.
 * @type {import('esbuild').BuildOptions}
 */
const common = {
  bundle: true,
  platform: 'node',
  target: `node${requiredNodeMajor()}`,
  format: 'esm',
  // Bundled CommonJS dependencies call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __pacCreateRequire } from 'node:module';\nconst require = __pacCreateRequire(import.meta.url);",
  },
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
};
const result = await build({
  ...common,
  metafile: true,
  entryPoints: [here('./src/main.ts')],
  outdir: dist,
  entryNames: 'server',
  chunkNames: 'chunks/[name]-[hash]',
  // Each `import()` becomes a chunk of its own, so the code behind it is neither parsed nor held
  // until it is first used: a server idles about 9 MB smaller (bench/results.md, notes).
  splitting: true,
  external: ['better-sqlite3', 'argon2'],
  plugins: [onlyEnglishZodMessages(), httpThroughRequire(), trpcFromSource(), withoutCompressible()],
  // The page reader's thread (packages/monitor/src/reader.ts) is the file built below, beside server.js.
  // The messages are read from JSON files beside server.js (packages/i18n/src/server.ts), copied below.
  define: {
    PAC_PAGE_READER_WORKER: JSON.stringify(`./${pageReaderFile}`),
    PAC_CATALOGS_DIR: JSON.stringify(`./${catalogsDir}/`),
  },
});
/**
 * The output file esbuild bundled a source file into (by the end of its path).
 * @param {string} source
 */
const outputHolding = (source) =>
  Object.entries(result.metafile.outputs).find(([, output]) =>
    Object.keys(output.inputs).some((input) => input.endsWith(source)),
  )?.[0];
// reader.ts finds its thread's file relative to itself, and the messages' reader the catalogs: both
// hold while they are bundled into server.js.
for (const source of ['packages/monitor/src/reader.ts', 'packages/i18n/src/server.ts']) {
  const output = outputHolding(source);
  if (!output?.endsWith('dist/server.js')) throw new Error(`${source} was bundled into ${output}, not dist/server.js`);
}
// The page reader's thread, a bundle of its own: the HTML parser and the extraction, loaded only by
// the thread, so the server's main thread never holds them.
const readerResult = await build({
  ...common,
  metafile: true,
  entryPoints: [here('../../packages/monitor/src/readPage.worker.ts')],
  outfile: here(`./dist/${pageReaderFile}`),
});
// The entry checks the Node version before the bundle loads: the bundle's imports of the native
// modules are resolved before any of its own code runs, and on an older Node they fail with a
// module-version stack trace instead of a sentence. This file itself runs on any Node; it carries
// the same check `pnpm start` makes (scripts/node-version.mjs), copied in as source, since a copy
// of the build (the benchmarks') has no scripts/ beside it.
const required = requiredNodeMajor();
writeFileSync(
  here('./dist/main.js'),
  `// Written by apps/server/build.mjs: starts the server (server.js) on Node.js ${required} or newer.
const nodeVersionProblem = ${nodeVersionProblem.toString()};
const problem = nodeVersionProblem(${required}, process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const { run } = await import('./server.js');
run();
`,
);
// What went into the bundle and what it still imports (build.test.ts checks the latter).
writeFileSync(
  here('./dist/meta.json'),
  JSON.stringify({
    inputs: { ...result.metafile.inputs, ...readerResult.metafile.inputs },
    outputs: { ...result.metafile.outputs, ...readerResult.metafile.outputs },
  }),
);
cpSync(here('../../packages/db/drizzle'), here('./dist/drizzle'), { recursive: true });
// Every language's compiled messages (JSON, read when a language is first used).
cpSync(here('../../packages/i18n/compiled'), here(`./dist/${catalogsDir}`), { recursive: true });
