// The first half of `pnpm start`: runs `pnpm build` when the build is missing or older than anything
// it is made from (sources, migrations, the lockfile after an upgrade), so that the second half can
// run the compiled server with plain node.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { nodeVersionProblem, requiredNodeMajor } from './node-version.mjs';

// Before building anything: an older Node would build native modules it cannot use, then fail.
const problem = nodeVersionProblem(requiredNodeMajor(), process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = [
  'apps/server/dist/main.js',
  'apps/server/dist/server.js',
  'apps/web/dist/index.html',
  'apps/web/dist-ssr/entry-server.js',
];
const packages = readdirSync(join(root, 'packages')).map((name) => `packages/${name}/src`);
const inputs = [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/db/drizzle',
  'packages/i18n/compiled',
  'pnpm-lock.yaml',
  ...packages,
];

/**
 * The newest modification time of a file, or of any file under a folder (0 when absent).
 * @param {string} path
 * @returns {number}
 */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

const missing = outputs.filter((file) => !existsSync(join(root, file)));
const built = missing.length > 0 ? 0 : Math.min(...outputs.map((file) => statSync(join(root, file)).mtimeMs));
const changed = Math.max(...inputs.map((path) => newest(join(root, path))));
if (missing.length > 0 || changed > built) {
  console.log(missing.length > 0 ? 'No build yet: building.' : 'Sources changed since the last build: building.');
  const run = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
