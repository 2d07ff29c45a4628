import { describe, expect, it } from 'vitest';
import { breakPieces, firstLine, fitText, textDirection, wrapLines } from './layout';

/** Every grapheme 10 units wide at the reference size (100). */
const mono = (text: string) => [...text].length * 10;

describe('card layout', () => {
  it('takes the direction from the first letter', () => {
    expect(textDirection('تعطیلی زودهنگام')).toBe('rtl');
    expect(textDirection('12 تعطیلی')).toBe('rtl');
    expect(textDirection('Friday تعطیلی')).toBe('ltr');
    expect(textDirection('家长会')).toBe('ltr');
    expect(textDirection('2026')).toBe('ltr');
  });

  it('uses the first non-empty line', () => {
    expect(firstLine('\n  Early   dismissal \nsecond line')).toBe('Early dismissal');
  });

  it('breaks between words, keeps punctuation on the word before it, and splits Chinese into words', () => {
    expect(breakPieces('Early dismissal, Friday (1 PM).')).toEqual(['Early ', 'dismissal, ', 'Friday ', '(1 ', 'PM).']);
    const chinese = breakPieces('家长会：星期五提前放学');
    expect(chinese.length).toBeGreaterThan(2);
    expect(chinese.join('')).toBe('家长会：星期五提前放学');
    expect(chinese.some((p) => p.startsWith('：'))).toBe(false);
  });

  it('wraps greedily and splits a piece wider than the line', () => {
    expect(wrapLines('aaa bbb ccc', 70, mono)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapLines('abcdefghij', 40, mono)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('picks the largest size that fits, else ellipsises at the smallest', () => {
    const box = { width: 1000, height: 300 };
    const short = fitText('aaa bbb', box, [100, 50], 1.25, mono);
    expect(short).toEqual({ size: 100, lineHeight: 125, lines: ['aaa bbb'] });
    const long = fitText('word '.repeat(200), box, [100, 50], 1.25, mono);
    expect(long.size).toBe(50);
    expect(long.lines).toHaveLength(4);
    expect(long.lines.at(-1)?.endsWith('…')).toBe(true);
    for (const line of long.lines) expect(mono(line) * 0.5).toBeLessThanOrEqual(1000);
  });
});
