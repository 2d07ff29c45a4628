/** Text layout for the card: direction, line breaking, and fitting a headline into a box. */

const rtlLetter = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const letter = /\p{L}/u;

/** 'rtl' when the first letter of `text` is of a right-to-left script (Farsi, Arabic, Hebrew…). */
export function textDirection(text: string): 'ltr' | 'rtl' {
  for (const char of text) if (letter.test(char)) return rtlLetter.test(char) ? 'rtl' : 'ltr';
  return 'ltr';
}

/** The first non-empty line, trimmed, with runs of spaces made one. */
export function firstLine(text: string): string {
  const line = text.split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '';
  return line.trim().replace(/\s+/g, ' ');
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const opening = /^[\p{Ps}\p{Pi}]+$/u;

/**
 * The pieces a line may break between: Intl's word segments (which split Chinese into words and keep
 * Latin, Arabic and Gurmukhi words whole), with punctuation kept on the word before it (an opening
 * bracket or quote on the word after), and each piece carrying its trailing space.
 */
export function breakPieces(text: string): string[] {
  const pieces: string[] = [];
  let carry = '';
  for (const { segment, isWordLike } of words.segment(text)) {
    const last = pieces.length - 1;
    if (/^\s+$/.test(segment)) {
      if (last >= 0 && carry === '') pieces[last] += ' ';
      continue;
    }
    if (!isWordLike && opening.test(segment)) {
      carry += segment;
      continue;
    }
    if (!isWordLike && last >= 0 && carry === '' && !(pieces[last] ?? '').endsWith(' ')) {
      pieces[last] += segment;
      continue;
    }
    pieces.push(carry + segment);
    carry = '';
  }
  if (carry !== '') pieces.push(carry);
  return pieces;
}

export type Measure = (text: string) => number;

/** `measure` remembered per text: the layout asks for the same pieces at every size it tries. */
export function memoized(measure: Measure): Measure {
  const widths = new Map<string, number>();
  return (text) => {
    let width = widths.get(text);
    if (width === undefined) {
      width = measure(text);
      widths.set(text, width);
    }
    return width;
  };
}

/**
 * Breaks `text` into lines no wider than `width`: greedily by pieces, and a piece wider than a line
 * by grapheme clusters. A line's width is the sum of its pieces' (kerning across a break is a
 * pixel or two), so each piece is measured once whatever the number of sizes tried. Each line is
 * trimmed of its trailing space. Stops after `maxLines + 1` lines.
 */
export function wrapLines(text: string, width: number, measure: Measure, maxLines = Infinity): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  const push = (piece: string) => {
    const trimmed = piece.trimEnd();
    if (line === '' || lineWidth + measure(trimmed) <= width) {
      line += piece;
      lineWidth += measure(piece);
      return;
    }
    lines.push(line.trimEnd());
    line = piece;
    lineWidth = measure(piece);
  };
  for (const piece of breakPieces(text)) {
    if (lines.length > maxLines) break;
    if (measure(piece.trimEnd()) <= width) push(piece);
    else for (const { segment } of graphemes.segment(piece)) push(segment);
  }
  if (line.trimEnd() !== '') lines.push(line.trimEnd());
  return lines;
}

/** `line` shortened by grapheme clusters until it and an ellipsis fit in `width`. */
export function withEllipsis(line: string, width: number, measure: Measure): string {
  const clusters = Array.from(graphemes.segment(line), (s) => s.segment);
  while (clusters.length > 0) {
    const candidate = `${clusters.join('').trimEnd()}…`;
    if (measure(candidate) <= width) return candidate;
    clusters.pop();
  }
  return '…';
}

export interface FittedText {
  size: number;
  lineHeight: number;
  lines: string[];
}

/** The size `measure` measures at: widths at other sizes are scaled from it. */
export const REFERENCE_SIZE = 100;

/**
 * The largest font size from `sizes` (largest first) at which `text` wraps into the box; at the
 * smallest size, the lines that fit, the last one ending in an ellipsis. `measure` measures at
 * REFERENCE_SIZE; text widths scale with the font size.
 */
export function fitText(
  text: string,
  box: { width: number; height: number },
  sizes: readonly number[],
  lineHeightRatio: number,
  measure: Measure,
): FittedText {
  const atReference = memoized(measure);
  let fitted: FittedText = { size: 0, lineHeight: 0, lines: [] };
  for (const size of sizes) {
    const scale = size / REFERENCE_SIZE;
    const measureAtSize: Measure = (t) => atReference(t) * scale;
    const lineHeight = Math.round(size * lineHeightRatio);
    const room = Math.max(1, Math.floor((box.height - size) / lineHeight) + 1);
    const lines = wrapLines(text, box.width, measureAtSize, room);
    fitted = { size, lineHeight, lines };
    if (lines.length <= room) return fitted;
    fitted.lines = [...lines.slice(0, room - 1), withEllipsis(lines[room - 1] ?? '', box.width, measureAtSize)];
  }
  return fitted;
}
