/**
 * `pnpm bench`: every benchmark, each figure beside a baseline measured in the same run; prints the
 * table and writes bench/results.md. Options (after `pnpm bench`, or `pnpm --filter @pac/bench bench`):
 *   --only signups,sheet,monitoring,web,memory,phone,newsletter,card,lighthouse   run some (results.md is then left alone)
 *   --seconds N                                  length of each load measurement (default 10)
 *   --strict                                     exit 1 when a target is missed (default: report only)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cardBenchmark } from './benchmarks/card';
import { lighthouseBenchmark } from './benchmarks/lighthouse';
import { memoryBenchmark } from './benchmarks/memory';
import { monitoringBenchmark } from './benchmarks/monitoring';
import { newsletterBenchmark } from './benchmarks/newsletter';
import { phoneBenchmark } from './benchmarks/phone';
import { sheetBenchmark } from './benchmarks/sheet';
import { signupBenchmark } from './benchmarks/signups';
import { webBenchmark } from './benchmarks/web';
import { load1, machine, row, type Section, table, writeResults } from './lib/report';

const all = ['signups', 'sheet', 'monitoring', 'web', 'memory', 'phone', 'newsletter', 'card', 'lighthouse'] as const;
type Name = (typeof all)[number];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    strict: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const seconds = Number(values.seconds);
if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('--seconds must be a positive number');
const only = values.only ? values.only.split(',').map((s) => s.trim()) : [...all];
for (const name of only)
  if (!(all as readonly string[]).includes(name))
    throw new Error(`Unknown benchmark ${name}; one of ${all.join(', ')}`);
const full = only.length === all.length && seconds === 10;

const root = mkdtempSync(join(tmpdir(), 'pac-bench-'));
const started = new Date();
const loadBefore = load1();
const t0 = performance.now();
const run: Record<Name, () => Promise<Section>> = {
  signups: () => signupBenchmark(root, seconds),
  sheet: () => sheetBenchmark(root, seconds),
  monitoring: () => monitoringBenchmark(root),
  web: () => webBenchmark(root),
  memory: () => memoryBenchmark(root),
  phone: () => phoneBenchmark(root),
  newsletter: () => newsletterBenchmark(root),
  card: () => cardBenchmark(),
  lighthouse: () => lighthouseBenchmark(root),
};

console.log(`PAC Hub benchmarks on ${machine()}; load average ${loadBefore.toFixed(2)}\n`);
const sections: Section[] = [];
const crashed: string[] = [];
try {
  for (const name of all) {
    if (!only.includes(name)) continue;
    const t = performance.now();
    process.stdout.write(`${name} … `);
    try {
      sections.push(await run[name]());
      console.log(`${((performance.now() - t) / 1000).toFixed(1)} s`);
    } catch (error) {
      // One broken benchmark (no Chromium, say) still leaves the others' figures.
      const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
      console.log(`failed: ${message}`);
      if (error instanceof Error && error.stack) console.error(error.stack);
      crashed.push(name);
      sections.push({
        title: name,
        rows: [row(name, 'did not run', message, { target: 'runs', pass: false })],
        details: [],
      });
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

const rows = sections.flatMap((s) => s.rows);
console.log(`\n${table(rows)}\n`);
for (const s of sections) console.log(`${s.title}\n${s.details.map((d) => `  - ${d}`).join('\n')}\n`);
const took = (performance.now() - t0) / 1000;
const failed = rows.filter((r) => r.pass === false);
if (full) {
  const path = fileURLToPath(new URL('./results.md', import.meta.url));
  writeResults(path, sections, { command: 'pnpm bench', started, seconds: took, loadBefore, loadAfter: load1() });
  console.log(`Wrote ${path}`);
} else {
  console.log('A partial run (--only or --seconds): bench/results.md was left as it was.');
}
console.log(
  `${took.toFixed(0)} s; ${failed.length === 0 ? 'every target met' : `${failed.length} target(s) missed: ${failed.map((r) => `${r.benchmark} ${r.figure}`).join('; ')}`}`,
);
if (crashed.length > 0 || (failed.length > 0 && values.strict)) process.exitCode = 1;
