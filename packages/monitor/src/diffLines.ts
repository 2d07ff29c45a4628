/** The lines a change added and removed, as readable text without diff markers. */
export interface ChangedLines {
  added: string[];
  removed: string[];
}

/**
 * Reads the added and removed lines back from the unified text `lineDiff` stores (a change record
 * keeps only that text): '@@' hunk headers and context lines are skipped, '+ ' and '- ' lose their
 * marker. A marker without the space (plain `diff -u`) is read too, and a file header ('--- a',
 * '+++ b') before the first hunk is skipped. Pure; never throws.
 */
export function diffLines(unified: string | null | undefined): ChangedLines {
  const added: string[] = [];
  const removed: string[] = [];
  let inHunk = false;
  for (const raw of (unified ?? '').replace(/\r\n?/g, '\n').split('\n')) {
    if (raw.startsWith('@@')) {
      inHunk = true;
      continue;
    }
    if (!inHunk && (raw.startsWith('--- ') || raw.startsWith('+++ '))) continue;
    const marker = raw[0];
    if (marker !== '+' && marker !== '-') continue;
    const line = raw.slice(raw[1] === ' ' ? 2 : 1).trimEnd();
    (marker === '+' ? added : removed).push(line);
  }
  return { added, removed };
}
