import { HTMLElement, parse, TextNode, type Node } from 'node-html-parser';
import { InvalidSelectorError } from './selectorError.ts';

export { InvalidSelectorError };

/** Elements whose content is never page text. */
const ALWAYS_REMOVED = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'svg', 'head']);

/** Elements that start a new line, so each paragraph, list item or table row becomes one diff line. */
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'br',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'li',
  'main',
  'nav',
  'ol',
  'option',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
]);

/** Table cells stay on their row's line but must not run into each other. */
const SPACED_TAGS = new Set(['td', 'th']);

// Invisible characters that editors and CMSs sprinkle in and out of pages without visible change.
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/gu;
/** Any UTF-16 unit from U+0300 up: only such text can differ from its NFC form. */
const MAY_CHANGE_IN_NFC = /[\u0300-\uffff]/;

function select(root: HTMLElement, selector: string): HTMLElement[] {
  try {
    return root.querySelectorAll(selector);
  } catch (err) {
    throw new InvalidSelectorError(selector, err);
  }
}

/** Line breaks and byte-order marks inside a text node (see collectText). */
const LAYOUT_BREAKS = /[\n\ufeff]/g;

/**
 * Appends the text under `node`; a '\n' in `out` only ever marks the edge of a block element, and
 * `tidyLines` collapses the rest of the whitespace once for the whole text.
 */
function collectText(node: Node, out: string[]): void {
  if (node instanceof TextNode) {
    // Line breaks in the HTML source are layout, not content: only block elements start lines. A
    // byte-order mark is whitespace, so it stays a space rather than an invisible character.
    const text = node.text;
    out.push(text.includes('\n') || text.includes('\ufeff') ? text.replace(LAYOUT_BREAKS, ' ') : text);
    return;
  }
  if (!(node instanceof HTMLElement)) return;
  // rawTagName as written: tagName would upper-case it first.
  const tag = node.rawTagName ? node.rawTagName.toLowerCase() : '';
  const block = BLOCK_TAGS.has(tag);
  const spaced = SPACED_TAGS.has(tag);
  if (block) out.push('\n');
  else if (spaced) out.push(' ');
  for (const child of node.childNodes) collectText(child, out);
  if (block) out.push('\n');
  else if (spaced) out.push(' ');
}

/** A run of whitespace other than one plain space between two words. */
const UNTIDY_SPACE = /\s{2,}|[^\S ]/g;

/**
 * `split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean).join('\n')` without a
 * string per line (a page has hundreds): a run of whitespace holding a line break becomes one line
 * break (so blank lines go), any other run one space, and the ends are trimmed.
 */
function tidyLines(text: string): string {
  return text.replace(UNTIDY_SPACE, (run) => (run.includes('\n') ? '\n' : ' ')).trim();
}

/** Collapses whitespace inside lines, trims them and drops empty ones; NFC so equal text hashes equal. */
export function normalizeText(text: string): string {
  // normalize() copies the whole text to check it; text below U+0300 (no combining marks, nothing
  // that composes or decomposes) is already NFC.
  const composed = MAY_CHANGE_IN_NFC.test(text) ? text.normalize('NFC') : text;
  return tidyLines(composed.replace(INVISIBLE, ''));
}

/**
 * Drops every ALWAYS_REMOVED element in one walk of the tree (a selector pass per tag walked the
 * whole page eight times). Their content is never visited.
 */
function removeAlwaysRemoved(node: HTMLElement): void {
  // Copied only once something is removed: most elements keep all their children.
  let kept: Node[] | null = null;
  let index = 0;
  for (const child of node.childNodes) {
    if (child instanceof HTMLElement && ALWAYS_REMOVED.has(child.rawTagName.toLowerCase())) {
      kept ??= node.childNodes.slice(0, index);
    } else {
      kept?.push(child);
      if (child instanceof HTMLElement) removeAlwaysRemoved(child);
    }
    index++;
  }
  if (kept) node.childNodes = kept;
}

function isInside(element: HTMLElement, taken: ReadonlySet<HTMLElement>): boolean {
  for (let parent = element.parentNode; parent !== null; parent = parent.parentNode) {
    if (taken.has(parent)) return true;
  }
  return false;
}

/**
 * The watched text of a page: scripts, styles and every `ignoreSelectors` match are removed, then the
 * text of each `selectors` match is taken in selector order, one line per block element.
 * `elementsFound` counts distinct matched elements; an element inside an already-taken one adds no
 * text twice. Throws InvalidSelectorError for a selector the parser cannot read.
 */
export function extractContent(
  html: string,
  selectors: string[],
  ignoreSelectors: string[],
): { elementsFound: number; text: string } {
  const root = parse(html, {
    comment: false,
    // Raw-text elements stay unparsed so a '</div>' inside a script cannot end the element early.
    blockTextElements: { script: true, style: true, noscript: true },
  });
  removeAlwaysRemoved(root);
  for (const selector of ignoreSelectors) {
    for (const element of select(root, selector)) element.remove();
  }

  const matched = new Set<HTMLElement>();
  const taken = new Set<HTMLElement>();
  const parts: string[] = [];
  for (const selector of selectors) {
    for (const element of select(root, selector)) {
      if (matched.has(element)) continue;
      matched.add(element);
      if (isInside(element, taken)) continue;
      taken.add(element);
      parts.push('\n');
      collectText(element, parts);
      parts.push('\n');
    }
  }
  return { elementsFound: matched.size, text: normalizeText(parts.join('')) };
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const MONTH_NAMES = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const ISO_DATE = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g;
const US_DATE = /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/g;
const MONTH_DAY = new RegExp(
  `\\b(${MONTH_NAMES})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?!:)(?:,?\\s+(\\d{4})\\b)?`,
  'gi',
);
const DAY_MONTH = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH_NAMES})\\b\\.?(?:,?\\s+(\\d{4})\\b)?`,
  'gi',
);

/** A calendar day as a comparable number (yyyymmdd), or null when the day does not exist. */
function dayKey(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return year * 10000 + month * 100 + day;
}

/** The calendar day of `now` in `timeZone` (the school's; the process's own when not given). */
function calendarDay(now: Date, timeZone?: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** A date written without a year means the occurrence nearest to `now` (Dec 20 in January is last month). */
function nearestYear(month: number, day: number, now: Date, timeZone?: string): number {
  const c = calendarDay(now, timeZone);
  const today = Date.UTC(c.year, c.month - 1, c.day);
  let best = c.year;
  let bestDistance = Infinity;
  for (const year of [c.year - 1, c.year, c.year + 1]) {
    const distance = Math.abs(Date.UTC(year, month - 1, day) - today);
    if (distance < bestDistance) {
      best = year;
      bestDistance = distance;
    }
  }
  return best;
}

function monthNumber(name: string | undefined): number {
  return MONTHS[(name ?? '').toLowerCase()] ?? 0;
}

/** Every date written on `line`, as yyyymmdd keys. */
export function datesInLine(line: string, now: Date, timeZone?: string): number[] {
  const keys: number[] = [];
  const add = (year: number, month: number, day: number): void => {
    const key = dayKey(year, month, day);
    if (key !== null) keys.push(key);
  };
  for (const m of line.matchAll(ISO_DATE)) add(Number(m[1]), Number(m[2]), Number(m[3]));
  for (const m of line.matchAll(US_DATE)) {
    const year = Number(m[3]);
    add(year < 100 ? 2000 + year : year, Number(m[1]), Number(m[2]));
  }
  for (const m of line.matchAll(MONTH_DAY)) {
    const month = monthNumber(m[1]);
    const day = Number(m[2]);
    add(m[3] === undefined ? nearestYear(month, day, now, timeZone) : Number(m[3]), month, day);
  }
  for (const m of line.matchAll(DAY_MONTH)) {
    const month = monthNumber(m[2]);
    const day = Number(m[1]);
    add(m[3] === undefined ? nearestYear(month, day, now, timeZone) : Number(m[3]), month, day);
  }
  return keys;
}

/**
 * Drops lines about events that are over: a line whose dates ('March 3, 2026', '2026-03-03',
 * '3/3/2026', 'Mar 3') all fall before today (in the school's `timeZone`). Undated lines, and lines
 * with any date today or later (a date range still running), are kept. Numeric dates without a year
 * ('3/4') are not read as dates: they are too often grades or fractions.
 */
export function filterFutureEvents(text: string, now: Date, timeZone?: string): string {
  const c = calendarDay(now, timeZone);
  const today = c.year * 10000 + c.month * 100 + c.day;
  return text
    .split('\n')
    .filter((line) => {
      const dates = datesInLine(line, now, timeZone);
      return dates.length === 0 || Math.max(...dates) >= today;
    })
    .join('\n');
}
