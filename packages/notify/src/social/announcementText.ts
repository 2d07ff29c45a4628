import { INSTAGRAM_CAPTION_LIMIT } from './instagram';

/** A detected change, as the lines a person would read on the page. */
export type AnnouncementInput = {
  schoolName: string;
  /** The watched page's name, e.g. 'School news'. */
  pageName: string;
  /** The lines the page gained, as readable text (no diff markers), in page order. */
  added: readonly string[];
  /** The lines the page lost; only tells an update apart from nothing at all. */
  removed?: readonly string[];
  /** The page's address, always written out in full. */
  link: string;
};

export type Announcement = { text: string; headline: string };

const HEADLINE_MAX = 120;
const HEADING_MAX = 300;
/** Lines beyond these are left to the page: a post is a pointer, not a copy of the page. */
const MAX_LINES = 8;
const LINE_MAX = 400;
/** A cut line shorter than this says nothing useful; it is left out instead. */
const MIN_CUT = 24;

/** Spaces and control characters (a page's stray BEL or NUL is no part of a post) run together as one space. */
function oneLine(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/** A page's own bullet (or a stray diff marker) becomes the post's bullet, not a second one. */
function readable(line: string): string {
  return oneLine(line.normalize('NFC')).replace(/^(?:[-+*•·–—]\s+)+/u, '');
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * The longest start of `value` within `max` UTF-16 units (so within the limit however Instagram
 * counts), cut where a word ends (Intl.Segmenter: also between Chinese words, never inside a
 * grapheme), with '…' added. Falls back to a cut at a code point when no word boundary fits.
 */
export function cutAtWord(value: string, max: number): string {
  if (value.length <= max) return value;
  if (max < 1) return '';
  const room = max - 1;
  let end = 0;
  for (const { index, segment } of words.segment(value)) {
    if (index + segment.length > room) break;
    end = index + segment.length;
  }
  if (end === 0) end = Array.from(value.slice(0, room)).join('').length;
  let head = value.slice(0, end).trimEnd();
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/**
 * The post announcing a change, written for parents: the school, the page's name, what the page
 * gained (its first lines, one sentence or a few bullets) and the page's link. It never uses diff
 * words; when nothing was added it says only that the page was updated. The whole text fits
 * Instagram's caption limit (2,200) and keeps the link whole; added lines are cut at a word with '…'.
 * `headline` (for the image card and the news page) is the first added line, or '{page} was updated'.
 */
export function announcementText(input: AnnouncementInput): Announcement {
  const school = oneLine(input.schoolName);
  const page = oneLine(input.pageName) || 'The school website';
  const link = input.link.trim();
  const lines = [...new Set(input.added.map(readable).filter((line) => line !== ''))];
  const updated = `${page} was updated`;
  const first = lines[0];
  const headline = first === undefined ? updated : cutAtWord(first, HEADLINE_MAX);

  const footer = `More on the school website: ${link}`;
  // The link is kept whole: the heading and the lines share what it leaves (a blank line between parts).
  let room = INSTAGRAM_CAPTION_LIMIT - footer.length - 2;
  const heading = cutAtWord(school ? `News from ${school}: ${page}` : page, Math.min(HEADING_MAX, room));
  room -= heading.length + 2;
  if (first === undefined) {
    return { headline, text: assemble([heading, cutAtWord(`${updated}.`, room), footer]) };
  }

  const bullets = lines.length > 1;
  const format = (line: string): string => (bullets ? `• ${line}` : line);
  const marker = bullets ? 2 : 0;
  const body: string[] = [];
  for (const line of lines.slice(0, MAX_LINES).map((l) => cutAtWord(l, LINE_MAX))) {
    const gap = body.length > 0 ? 1 : 0;
    const entry = format(line);
    if (gap + entry.length <= room) {
      body.push(entry);
      room -= gap + entry.length;
      continue;
    }
    const left = room - gap - marker;
    if (left >= MIN_CUT || (body.length === 0 && left > 1)) body.push(format(cutAtWord(line, left)));
    break;
  }
  return { headline, text: assemble([heading, body.join('\n'), footer]) };
}

/** The non-empty parts, a blank line between them. */
function assemble(parts: readonly string[]): string {
  return parts.filter((part) => part !== '').join('\n\n');
}
