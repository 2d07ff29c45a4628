// The Node.js the product runs on: the root package.json's `engines.node` (">=24"), read in one
// place by `pnpm start` (ensure-build.mjs) and written into the compiled server's entry by
// apps/server/build.mjs, so that an older Node stops with one line instead of a stack trace.
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

/** The lowest major version `engines.node` allows (24 for ">=24"). */
export function requiredNodeMajor() {
  /** @type {unknown} */
  const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'));
  const engines = manifest instanceof Object && 'engines' in manifest ? manifest.engines : undefined;
  const node = engines instanceof Object && 'node' in engines ? engines.node : undefined;
  const range = typeof node === 'string' ? node : '';
  const match = /^>=\s*(\d+)/.exec(range);
  if (!match?.[1]) throw new Error(`package.json's engines.node (${range}) is not of the form ">=N"`);
  return Number(match[1]);
}

/**
 * The one line an older Node prints, or null when this one is new enough.
 * @param {number} required
 * @param {string} running e.g. process.versions.node
 */
export function nodeVersionProblem(required, running) {
  const major = Number(running.split('.')[0]);
  return major >= required ? null : `PAC Hub needs Node.js ${required} or newer; this is Node.js ${running}.`;
}
