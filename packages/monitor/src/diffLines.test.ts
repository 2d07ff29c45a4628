import { describe, expect, it } from 'vitest';
import { lineDiff } from './diff.ts';
import { diffLines } from './diffLines.ts';

describe('diffLines', () => {
  it('reads back exactly the added and removed lines of a stored lineDiff', () => {
    const before = ['School News', 'Welcome back', 'Book fair Monday', 'Library closed', 'Contact us'].join('\n');
    const after = [
      'School News',
      'Welcome back',
      'Early dismissal Friday at 1 PM',
      'Buses leave at 1:15 PM',
      'Book fair Monday',
      'Contact us',
    ].join('\n');
    const diff = lineDiff(before, after);
    expect(diff.unified).toContain('@@');
    expect(diffLines(diff.unified)).toEqual({ added: diff.added, removed: diff.removed });
    expect(diffLines(diff.unified).added).toEqual(['Early dismissal Friday at 1 PM', 'Buses leave at 1:15 PM']);
  });

  it('reads the large-change form (lines compared as sets)', () => {
    const unified = [
      '@@ large change: 1 lines removed, 2 added (compared as sets) @@',
      '- old',
      '+ new 1',
      '+ new 2',
    ].join('\n');
    expect(diffLines(unified)).toEqual({ added: ['new 1', 'new 2'], removed: ['old'] });
  });

  it('keeps lines that themselves start with +, - or @@, and text in any script', () => {
    const unified = [
      '@@ -1,2 +1,3 @@',
      '  context',
      '- - a bullet',
      '+ +1 604 555 0100',
      '+ @@ not a header',
      '+ 提前放学',
      '+ تعطیلی زودهنگام',
    ].join('\n');
    expect(diffLines(unified)).toEqual({
      added: ['+1 604 555 0100', '@@ not a header', '提前放学', 'تعطیلی زودهنگام'],
      removed: ['- a bullet'],
    });
  });

  it('reads plain diff -u text (no space after the marker, file headers, CRLF)', () => {
    const unified = '--- a/page\r\n+++ b/page\r\n@@ -1 +1 @@\r\n-Old line\r\n+New line\r\n\\ No newline at end of file';
    expect(diffLines(unified)).toEqual({ added: ['New line'], removed: ['Old line'] });
  });

  it('gives empty lists for nothing', () => {
    expect(diffLines('')).toEqual({ added: [], removed: [] });
    expect(diffLines(null)).toEqual({ added: [], removed: [] });
  });
});
