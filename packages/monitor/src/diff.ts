import { createHash } from 'node:crypto';

export type ChangeType = 'added' | 'modified' | 'removed';
export type Severity = 'low' | 'medium' | 'high';

export interface LineDiff {
  /** Lines present only in the new text, in order. */
  added: string[];
  /** Lines present only in the old text, in order. */
  removed: string[];
  /** Unified-style text: '@@' hunk headers, '  ' context, '- ' removed and '+ ' added lines. */
  unified: string;
  /** Lines common to both texts. */
  unchanged: number;
}

/**
 * Characters hashed per update: their UTF-8 (at most three bytes each) then fits the 1 KB buffer
 * Node converts a string into on the stack; a whole page's text went through a temporary buffer on
 * the process's heap on every check.
 */
const HASH_PIECE = 256;

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** sha256 of the text (as UTF-8), hex. */
export function hashContent(text: string): string {
  const hash = createHash('sha256');
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + HASH_PIECE, text.length);
    // A surrogate pair stays whole: apart, each half would be encoded as U+FFFD.
    while (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end += 1;
    hash.update(text.slice(start, end), 'utf8');
    start = end;
  }
  return hash.digest('hex');
}

/** Content that returns to one of the last few versions (a rotating banner, an undone edit) is not news. */
export function isRecentVersion(hash: string, recentHashes: readonly string[]): boolean {
  return recentHashes.includes(hash);
}

function splitLines(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

/** Beyond this many LCS table cells (after trimming the common head and tail) lines are compared as sets. */
const MAX_LCS_CELLS = 4_000_000;
const CONTEXT_LINES = 2;

type Op = { kind: ' ' | '-' | '+'; line: string; oldNo: number; newNo: number };

function lcsOps(a: readonly string[], b: readonly string[], aStart: number, bStart: number): Op[] {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  // table[i][j] = LCS length of a[i..] and b[j..]
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * width + j] =
        a[i] === b[j]
          ? (table[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const lineA = a[i];
    const lineB = b[j];
    if (i < n && j < m && lineA === lineB && lineA !== undefined) {
      ops.push({ kind: ' ', line: lineA, oldNo: aStart + i, newNo: bStart + j });
      i++;
      j++;
    } else if (
      j < m &&
      lineB !== undefined &&
      (i >= n || (table[i * width + j + 1] ?? 0) >= (table[(i + 1) * width + j] ?? 0))
    ) {
      ops.push({ kind: '+', line: lineB, oldNo: aStart + i, newNo: bStart + j });
      j++;
    } else if (lineA !== undefined) {
      ops.push({ kind: '-', line: lineA, oldNo: aStart + i, newNo: bStart + j });
      i++;
    } else {
      break;
    }
  }
  // Within a run of changes, show removals before additions, as unified diffs do.
  return reorderRuns(ops);
}

function reorderRuns(ops: Op[]): Op[] {
  const out: Op[] = [];
  let run: Op[] = [];
  const flush = (): void => {
    out.push(...run.filter((op) => op.kind === '-'), ...run.filter((op) => op.kind === '+'));
    run = [];
  };
  for (const op of ops) {
    if (op.kind === ' ') {
      flush();
      out.push(op);
    } else {
      run.push(op);
    }
  }
  flush();
  return out;
}

function formatHunks(ops: readonly Op[]): string {
  const out: string[] = [];
  let index = 0;
  while (index < ops.length) {
    const firstChange = ops.findIndex((op, k) => k >= index && op.kind !== ' ');
    if (firstChange === -1) break;
    const start = Math.max(index, firstChange - CONTEXT_LINES);
    // Extend the hunk while the next change is within 2 * context lines.
    let end = firstChange;
    let quiet = 0;
    for (let k = firstChange; k < ops.length; k++) {
      if (ops[k]?.kind === ' ') {
        quiet++;
        if (quiet > CONTEXT_LINES * 2) break;
      } else {
        quiet = 0;
        end = k;
      }
    }
    const stop = Math.min(ops.length, end + 1 + CONTEXT_LINES);
    const hunk = ops.slice(start, stop);
    const first = hunk[0];
    const oldCount = hunk.filter((op) => op.kind !== '+').length;
    const newCount = hunk.filter((op) => op.kind !== '-').length;
    if (first) out.push(`@@ -${first.oldNo + 1},${oldCount} +${first.newNo + 1},${newCount} @@`);
    for (const op of hunk) out.push(`${op.kind} ${op.line}`);
    index = stop;
  }
  return out.join('\n');
}

function multisetDifference(from: readonly string[], minus: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const line of minus) counts.set(line, (counts.get(line) ?? 0) + 1);
  const out: string[] = [];
  for (const line of from) {
    const left = counts.get(line) ?? 0;
    if (left > 0) counts.set(line, left - 1);
    else out.push(line);
  }
  return out;
}

/**
 * Line diff of two extracted texts. The common head and tail are trimmed first, so a small change on
 * a large page stays cheap; when the remaining middle is still too large for an LCS table, lines are
 * compared as multisets (order changes are then not reported).
 */
export function lineDiff(before: string, after: string): LineDiff {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);

  if (midA.length * midB.length > MAX_LCS_CELLS) {
    const removed = multisetDifference(midA, midB);
    const added = multisetDifference(midB, midA);
    const unified = [
      `@@ large change: ${removed.length} lines removed, ${added.length} added (compared as sets) @@`,
      ...removed.map((line) => `- ${line}`),
      ...added.map((line) => `+ ${line}`),
    ].join('\n');
    return { added, removed, unified, unchanged: a.length - removed.length };
  }

  const ops: Op[] = [
    ...a.slice(Math.max(0, head - CONTEXT_LINES), head).map((line, k, arr): Op => {
      const no = head - arr.length + k;
      return { kind: ' ', line, oldNo: no, newNo: no };
    }),
    ...lcsOps(midA, midB, head, head),
    ...a.slice(a.length - tail, a.length - tail + CONTEXT_LINES).map((line, k): Op => ({
      kind: ' ',
      line,
      oldNo: a.length - tail + k,
      newNo: b.length - tail + k,
    })),
  ];
  const added = ops.filter((op) => op.kind === '+').map((op) => op.line);
  const removed = ops.filter((op) => op.kind === '-').map((op) => op.line);
  return { added, removed, unified: formatHunks(ops), unchanged: a.length - removed.length };
}

/** 'added' when there was no content before, 'removed' when there is none now, else 'modified'. */
export function classifyChange(before: string | null, after: string): ChangeType {
  if (before === null || before.trim() === '') return 'added';
  if (after.trim() === '') return 'removed';
  return 'modified';
}

function quote(line: string, max = 100): string {
  const chars = Array.from(line);
  return `"${chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line}"`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** One readable sentence, e.g. 'Homepage news: 2 lines added, 1 removed — "Snow day: school closed Friday"'. */
export function summarizeChange(diff: Pick<LineDiff, 'added' | 'removed'>, monitorName: string): string {
  const parts: string[] = [];
  if (diff.added.length > 0) parts.push(`${plural(diff.added.length, 'line')} added`);
  if (diff.removed.length > 0) {
    parts.push(
      diff.added.length > 0 ? `${diff.removed.length} removed` : `${plural(diff.removed.length, 'line')} removed`,
    );
  }
  const counts = parts.length > 0 ? parts.join(', ') : 'content changed';
  const sample = diff.added[0] ?? diff.removed[0];
  return sample === undefined ? `${monitorName}: ${counts}` : `${monitorName}: ${counts} — ${quote(sample)}`;
}

const URGENT =
  /\b(closures?|closed|closing|cancell?ed|cancell?ations?|emergenc(?:y|ies)|lockdowns?|evacuat(?:e|ed|ion|ions)|snow\s+days?|weather|delay(?:s|ed)?|urgent|alerts?|safety)\b/i;

const DATE_WORDS =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\b\.?/gi;

/** The line with numbers, month and weekday names blanked out, to spot 'only a date or count changed'. */
function withoutNumbersAndDates(line: string): string {
  return line
    .replace(DATE_WORDS, '§')
    .replace(/\d+(?:[.,:/-]\d+)*(?:st|nd|rd|th|am|pm)?/gi, '#')
    .toLowerCase();
}

function sortedEqual(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((line, i) => line === y[i]);
}

/** Characters that differ between two lines once their common start and end are set aside. */
function changedCharacters(before: string, after: string): number {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  return Math.max(before.length - start - end, after.length - start - end);
}

const SHORT_LINE = 40;
const FEW_CHARACTERS = 12;
const MIN_LINES_FOR_SHARE_RULE = 4;

/**
 * How loudly to announce a change. The rule, checked in this order:
 * - high: an added line mentions an urgent word (closure, closed, cancelled/canceled, emergency,
 *   lockdown, evacuation, snow day, weather, delay, urgent, alert, safety), or more than half of the
 *   content changed (changed lines over the larger version's line count; only for pages that had at
 *   least 4 lines, so a one-line page is not 'high' for every edit);
 * - low: at most one line changed on each side and either only a few characters (≤ 12) differ or the
 *   line is short (≤ 40 characters); or the removed and added lines are the same once numbers, month
 *   and weekday names are blanked out (only a date, time or count changed);
 * - medium: everything else.
 */
export function severityOf(diff: Pick<LineDiff, 'added' | 'removed'> & { unchanged?: number }): Severity {
  const { added, removed } = diff;
  if (added.some((line) => URGENT.test(line))) return 'high';

  const unchanged = diff.unchanged ?? 0;
  const beforeLines = removed.length + unchanged;
  const largest = Math.max(beforeLines, added.length + unchanged);
  if (beforeLines >= MIN_LINES_FOR_SHARE_RULE && Math.max(added.length, removed.length) / largest > 0.5) return 'high';

  if (added.length <= 1 && removed.length <= 1 && added.length + removed.length > 0) {
    const [newLine = ''] = added;
    const [oldLine = ''] = removed;
    if (changedCharacters(oldLine, newLine) <= FEW_CHARACTERS) return 'low';
    if (Math.max(oldLine.length, newLine.length) <= SHORT_LINE) return 'low';
  }
  if (added.length > 0 && sortedEqual(added.map(withoutNumbersAndDates), removed.map(withoutNumbersAndDates)))
    return 'low';
  return 'medium';
}
