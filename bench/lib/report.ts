import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, type as osType, release } from 'node:os';

/** One line of the results table. */
export interface Row {
  benchmark: string;
  figure: string;
  value: string;
  baseline: string;
  /** value / baseline, or '' when there is no baseline for the figure. */
  ratio: string;
  target: string;
  /** null: reported, no target. */
  pass: boolean | null;
}

/** What a benchmark hands back: its table rows and a few lines of detail (counts, chunk lists). */
export interface Section {
  title: string;
  rows: Row[];
  details: string[];
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ms = (millis: number) => `${millis.toFixed(millis < 10 ? 1 : 0)} ms`;
export const perSecond = (n: number) => `${n.toFixed(n < 100 ? 1 : 0)}/s`;
export const ratio = (value: number, baseline: number) =>
  baseline === 0 ? 'n/a' : `${(value / baseline).toFixed(2)}×`;

export function row(
  benchmark: string,
  figure: string,
  value: string,
  fields: Partial<Omit<Row, 'benchmark' | 'figure' | 'value'>> = {},
): Row {
  return {
    benchmark,
    figure,
    value,
    baseline: fields.baseline ?? '',
    ratio: fields.ratio ?? '',
    target: fields.target ?? '',
    pass: fields.pass ?? null,
  };
}

const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'pass' : '**FAIL**');

export function table(rows: Row[]): string {
  const header = ['Benchmark', 'Figure', 'Value', 'Baseline', 'Ratio', 'Target', 'Result'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const r of rows) {
    lines.push(
      `| ${[r.benchmark, r.figure, r.value, r.baseline, r.ratio, r.target, verdict(r.pass)].map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

export function machine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, ${osType()} ${release()}, Node ${process.version}`;
}

const notesMarker = '<!-- notes: everything below this line is kept when the benchmarks are run again -->';

/**
 * Writes bench/results.md: the run's header, table and details, then the hand-written notes that
 * the previous file kept below the marker.
 */
/** The 1-minute load average: above the core count, something else on the machine was busy too. */
export const load1 = () => loadavg()[0] ?? 0;

export function writeResults(
  path: string,
  sections: Section[],
  meta: { command: string; started: Date; seconds: number; loadBefore: number; loadAfter: number },
): void {
  const previous = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const at = previous.indexOf(notesMarker);
  const notes =
    at === -1
      ? '\n## Notes\n\n(What was slow and what was done about it goes here.)\n'
      : previous.slice(at + notesMarker.length);
  const rows = sections.flatMap((s) => s.rows);
  const failed = rows.filter((r) => r.pass === false).length;
  const out = [
    '# PAC Hub benchmark results',
    '',
    `- Date: ${meta.started.toISOString()}`,
    `- Machine: ${machine()}`,
    `- Command: \`${meta.command}\` (from the repository root; took ${meta.seconds.toFixed(0)} s)`,
    `- Load average (1 min) before / after: ${meta.loadBefore.toFixed(2)} / ${meta.loadAfter.toFixed(2)} on ${cpus().length} cores — other processes on a shared machine move the load figures`,
    `- Targets: ${rows.filter((r) => r.pass !== null).length} checked, ${failed === 0 ? 'all met' : `${failed} missed`}`,
    '',
    'Every figure is measured in the same run as its baseline; the ratio is value / baseline. See README.md for what each one measures.',
    '',
    table(rows),
    '',
    '## Details',
    '',
    ...sections.flatMap((s) => [`### ${s.title}`, '', ...s.details.map((d) => `- ${d}`), '']),
    notesMarker,
  ].join('\n');
  writeFileSync(path, `${out}${notes.startsWith('\n') ? '' : '\n'}${notes}`);
}
