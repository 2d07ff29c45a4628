// `pnpm test` and its tiers. Each tier is a set of vitest projects (vitest.workspace.ts):
//   unit    no build: the packages, the web app, the server's tests beside its code, scripts/
//   server  the server as a whole, after the build: the production bundle, kill -9 mid-load, Caddy
//   fuzz    apps/server/test/fuzz
//   e2e     the browser journeys, after the build
// With no --tier, every tier runs in that order, building once after the unit tier; a failing tier
// does not stop the ones after it. Each tier's wall time and a passed/failed/skipped total are
// printed, and the exit status is 1 when anything failed. Other arguments go to every vitest run;
// `--outputFile.json=FILE` receives one JSON report of all the tiers run.
//
//   node scripts/test-tiers.mjs [--tier=unit|server|fuzz|e2e ...] [vitest arguments]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = join(root, 'node_modules', '.bin', 'vitest');

/** @typedef {{ name: string, projects: string[], build: boolean, what: string }} Tier */

/** @type {Tier[]} */
export const tiers = [
  {
    name: 'unit',
    projects: ['--project=!e2e', '--project=!@pac/server:*'],
    build: false,
    what: 'no build: packages, web app, server tests beside its code, scripts',
  },
  { name: 'server', projects: ['--project=@pac/server:system'], build: true, what: 'the server as a whole' },
  { name: 'fuzz', projects: ['--project=@pac/server:fuzz'], build: false, what: 'apps/server/test/fuzz' },
  { name: 'e2e', projects: ['--project=e2e'], build: true, what: 'browser journeys' },
];

/**
 * "1 min 12 s", "45 s", "0.4 s".
 * @param {number} ms
 */
export function duration(ms) {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * The arguments this script reads, and the ones it passes on to vitest. vitest's own JSON reporter
 * and output file are this script's (one report per tier, merged at the end).
 * @param {string[]} argv
 */
export function parseArguments(argv) {
  /** @type {string[]} */
  const chosen = [];
  /** @type {string[]} */
  const vitestArgs = [];
  /** @type {string | null} */
  let jsonFile = null;
  let reporters = 0;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const next = () => {
      i += 1;
      return argv[i] ?? '';
    };
    if (arg === '--') continue;
    if (arg.startsWith('--tier=')) chosen.push(arg.slice('--tier='.length));
    else if (arg === '--tier') chosen.push(next());
    else if (arg.startsWith('--outputFile.json=')) jsonFile = arg.slice('--outputFile.json='.length);
    else if (arg === '--outputFile.json') jsonFile = next();
    else if (arg === '--reporter=json') continue;
    else if (arg === '--reporter' && argv[i + 1] === 'json') next();
    else {
      if (arg === '--reporter' || arg.startsWith('--reporter=')) reporters += 1;
      vitestArgs.push(arg);
    }
  }
  const unknown = chosen.filter((name) => !tiers.some((t) => t.name === name));
  if (unknown.length > 0)
    throw new Error(`No tier ${unknown.join(', ')}: the tiers are ${tiers.map((t) => t.name).join(', ')}`);
  // Naming the JSON reporter replaces vitest's default one: keep the default unless others were named.
  if (reporters === 0) vitestArgs.unshift('--reporter=default');
  return { tiers: tiers.filter((t) => chosen.length === 0 || chosen.includes(t.name)), vitestArgs, jsonFile };
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ quiet?: boolean }} [options]
 */
function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: options.quiet ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  // Interrupted (Ctrl-C reaches the child too): stop here rather than start the next tier.
  if (result.signal) {
    console.error(`\n${command} ${args[0] ?? ''} stopped by ${result.signal}`);
    process.exit(130);
  }
  return { ok: result.status === 0, ms: Date.now() - started, stdout: result.stdout ?? '' };
}

/**
 * The test files vitest finds with these arguments.
 * @param {string[]} args
 * @returns {string[]}
 */
function listFiles(args) {
  const listed = run(vitest, ['list', '--filesOnly', '--json', ...args], { quiet: true });
  if (!listed.ok) throw new Error(`vitest list ${args.join(' ')} failed`);
  /** @type {unknown} */
  const parsed = JSON.parse(listed.stdout);
  const entries = /** @type {{ file: string }[]} */ (parsed);
  return entries.map((entry) => relative(root, entry.file));
}

/** Every test file in the repository, outside dependencies and builds. */
function testFilesOnDisk() {
  /** @type {string[]} */
  const out = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || ['node_modules', 'dist', 'dist-ssr', 'data'].includes(entry.name)) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(entry.name)) out.push(relative(root, full));
    }
  };
  walk(root);
  return out;
}

/**
 * Every test file belongs to exactly one tier: the tiers' lists, together, are the whole list without
 * a repeat, and the whole list holds every test file on disk. Returns the problems found.
 */
export function checkTiers() {
  const whole = listFiles([]);
  /** @type {Map<string, string[]>} */
  const tierOf = new Map();
  for (const tier of tiers)
    for (const file of listFiles(tier.projects)) tierOf.set(file, [...(tierOf.get(file) ?? []), tier.name]);
  /** @type {string[]} */
  const problems = [];
  for (const file of whole) if (!tierOf.has(file)) problems.push(`${file}: in no tier`);
  for (const [file, names] of tierOf) {
    if (names.length > 1) problems.push(`${file}: in more than one tier (${names.join(', ')})`);
    if (!whole.includes(file)) problems.push(`${file}: in tier ${names.join(', ')} but not in the whole run`);
  }
  for (const file of testFilesOnDisk())
    if (!whole.includes(file)) problems.push(`${file}: in no vitest project (vitest.workspace.ts)`);
  return problems;
}

/**
 * @typedef {{ numPassedTests: number, numFailedTests: number, numPendingTests: number, numTodoTests: number,
 *   numTotalTests: number, numFailedTestSuites: number, testResults: TestFileResult[], success: boolean }} Report
 */

/**
 * @typedef {{ name: string, status: string, message?: string,
 *   assertionResults?: { fullName: string, status: string, failureMessages?: string[] }[] }} TestFileResult
 */

/**
 * What failed, with the first lines of each failure's message: printed again at the very end, so
 * that a log cut to its last lines (CI's) still says what to look at.
 * @param {Report} report @returns {string[]}
 */
export function failureSummary(report) {
  /** @type {string[]} */
  const lines = [];
  const firstLines = (/** @type {string} */ text) =>
    text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, 6)
      .map((line) => `      ${line.slice(0, 300)}`);
  for (const file of report.testResults) {
    if (file.status !== 'failed') continue;
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failedTests.length === 0) {
      lines.push(`  ${file.name}`, ...firstLines(file.message ?? 'the file failed'));
    }
    for (const test of failedTests) {
      lines.push(`  ${file.name} > ${test.fullName}`, ...firstLines((test.failureMessages ?? []).join('\n')));
    }
  }
  return lines;
}

/** @param {string} file @returns {Report | null} */
function readReport(file) {
  try {
    /** @type {unknown} */
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    return /** @type {Report} */ (parsed);
  } catch {
    return null;
  }
}

/** @param {Report | null} report */
function counts(report) {
  if (!report) return 'no report';
  const skipped = report.numPendingTests + report.numTodoTests;
  const failedFiles = report.testResults.filter((r) => r.status === 'failed').length;
  const files = failedFiles > 0 ? ` (${failedFiles} test file${failedFiles === 1 ? '' : 's'} failed)` : '';
  return `${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped${files}`;
}

function main() {
  const options = parseArguments(process.argv.slice(2));
  const started = Date.now();
  const reports = mkdtempSync(join(tmpdir(), 'pac-test-tiers-'));
  /** @type {string[]} */
  const lines = [];
  let failed = false;
  /** @type {Report[]} */
  const collected = [];

  if (options.tiers.length === tiers.length) {
    const problems = checkTiers();
    if (problems.length > 0) {
      for (const problem of problems) console.error(`test tiers: ${problem}`);
      lines.push(`tiers: ${problems.length} test files not in exactly one tier`);
      failed = true;
    }
  }

  /** @type {boolean | null} */
  let built = null;
  for (const tier of options.tiers) {
    if (tier.build && built === null) {
      console.log('\n+ pnpm build');
      const build = run('pnpm', ['build']);
      built = build.ok;
      lines.push(`build: ${duration(build.ms)}${build.ok ? '' : ', FAILED'}`);
      if (!build.ok) failed = true;
    }
    if (tier.build && !built) {
      lines.push(`tier ${tier.name}: not run, the build failed`);
      continue;
    }
    const jsonFile = join(reports, `${tier.name}.json`);
    const args = ['run', ...tier.projects, ...options.vitestArgs, '--reporter=json', `--outputFile.json=${jsonFile}`];
    console.log(`\n+ tier ${tier.name} (${tier.what}): vitest ${args.slice(0, -1).join(' ')}`);
    const result = run(vitest, args);
    const report = readReport(jsonFile);
    if (report) collected.push(report);
    if (!result.ok) failed = true;
    lines.push(`tier ${tier.name}: ${duration(result.ms)}, ${counts(report)}${result.ok ? '' : ', FAILED'}`);
  }

  const total = collected.reduce(
    (sum, r) => ({
      numPassedTests: sum.numPassedTests + r.numPassedTests,
      numFailedTests: sum.numFailedTests + r.numFailedTests,
      numPendingTests: sum.numPendingTests + r.numPendingTests,
      numTodoTests: sum.numTodoTests + r.numTodoTests,
      numTotalTests: sum.numTotalTests + r.numTotalTests,
      numFailedTestSuites: sum.numFailedTestSuites + r.numFailedTestSuites,
      testResults: [...sum.testResults, ...r.testResults],
      success: sum.success && r.success,
    }),
    /** @type {Report} */ ({
      numPassedTests: 0,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      numTotalTests: 0,
      numFailedTestSuites: 0,
      testResults: [],
      success: !failed,
    }),
  );
  if (options.jsonFile) writeFileSync(options.jsonFile, JSON.stringify(total));
  rmSync(reports, { recursive: true, force: true });

  const failures = failureSummary(total);
  if (failures.length > 0) console.log(['', 'failures:', ...failures].join('\n'));
  console.log('');
  for (const line of lines) console.log(line);
  console.log(`total: ${duration(Date.now() - started)}, ${counts(total)}${failed ? ', FAILED' : ''}`);
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
