import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classifyChange, hashContent, isRecentVersion, lineDiff, severityOf, summarizeChange } from './diff.ts';

describe('hashContent', () => {
  it('is the sha256 hex of the text', () => {
    expect(hashContent('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hashContent('a')).not.toBe(hashContent('b'));
    expect(hashContent('Café')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes long texts in pieces to the same sha256, surrogate pairs and lone halves included', () => {
    const whole = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    const units = ['a', ' ', '\n', 'é', '€', '\u{1F3EB}', '\ud800', '\udc00', '\u0301'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 300; i++) {
      const text = Array.from(
        { length: Math.floor(next() * 1500) },
        () => units[Math.floor(next() * units.length)],
      ).join('');
      expect(hashContent(text)).toBe(whole(text));
    }
    // A pair, and a run of high halves before one, right where a piece ends.
    for (const text of ['a'.repeat(255) + '\u{1F3EB}b', 'a'.repeat(255) + '\ud800\ud800\udc00b']) {
      expect(hashContent(text)).toBe(whole(text));
    }
  });
});

describe('isRecentVersion', () => {
  it('finds a hash among the recent ones', () => {
    expect(isRecentVersion('b', ['a', 'b'])).toBe(true);
    expect(isRecentVersion('c', ['a', 'b'])).toBe(false);
    expect(isRecentVersion('c', [])).toBe(false);
  });
});

describe('lineDiff', () => {
  it('finds added and removed lines in order, with a unified view', () => {
    const before = ['News', 'Bake sale Friday', 'Book fair Monday', 'Concert Tuesday', 'Footer'].join('\n');
    const after = [
      'News',
      'Snow day: school closed Friday',
      'Book fair Monday',
      'Concert Tuesday',
      'Track meet',
      'Footer',
    ].join('\n');
    const diff = lineDiff(before, after);
    expect(diff.added).toEqual(['Snow day: school closed Friday', 'Track meet']);
    expect(diff.removed).toEqual(['Bake sale Friday']);
    expect(diff.unchanged).toBe(4);
    expect(diff.unified).toBe(
      [
        '@@ -1,5 +1,6 @@',
        '  News',
        '- Bake sale Friday',
        '+ Snow day: school closed Friday',
        '  Book fair Monday',
        '  Concert Tuesday',
        '+ Track meet',
        '  Footer',
      ].join('\n'),
    );
  });

  it('splits distant changes into separate hunks with two lines of context', () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const changed = [...lines];
    changed[1] = 'line two';
    changed[17] = 'line eighteen';
    const diff = lineDiff(lines.join('\n'), changed.join('\n'));
    expect(diff.unified.split('\n').filter((l) => l.startsWith('@@'))).toEqual([
      '@@ -1,4 +1,4 @@',
      '@@ -16,5 +16,5 @@',
    ]);
  });

  it('handles empty sides', () => {
    expect(lineDiff('', 'a\nb')).toMatchObject({ added: ['a', 'b'], removed: [], unchanged: 0 });
    expect(lineDiff('a\nb', '')).toMatchObject({ added: [], removed: ['a', 'b'], unchanged: 0 });
    expect(lineDiff('same', 'same')).toEqual({ added: [], removed: [], unified: '', unchanged: 1 });
  });

  it('stays fast on very large pages by falling back to set difference', () => {
    const before = Array.from({ length: 30_000 }, (_, i) => `item ${i}`);
    const after = Array.from({ length: 30_000 }, (_, i) => `item ${(i * 7919) % 30_000}`); // same lines, shuffled
    after[0] = 'brand new line';
    const started = performance.now();
    const diff = lineDiff(before.join('\n'), after.join('\n'));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(diff.added).toEqual(['brand new line']);
    expect(diff.removed).toEqual(['item 0']);
    expect(diff.unified).toContain('compared as sets');
  });

  it('keeps a small change on a large page exact and cheap', () => {
    const before = Array.from({ length: 50_000 }, (_, i) => `row ${i}`);
    const after = [...before];
    after[25_000] = 'row changed';
    const started = performance.now();
    const diff = lineDiff(before.join('\n'), after.join('\n'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(diff).toMatchObject({ added: ['row changed'], removed: ['row 25000'], unchanged: 49_999 });
  });
});

describe('classifyChange', () => {
  it('is added, removed or modified', () => {
    expect(classifyChange(null, 'x')).toBe('added');
    expect(classifyChange('', 'x')).toBe('added');
    expect(classifyChange('x', '')).toBe('removed');
    expect(classifyChange('x', 'y')).toBe('modified');
  });
});

describe('summarizeChange', () => {
  it('counts lines and quotes the first added line', () => {
    expect(summarizeChange({ added: ['Snow day: school closed Friday', 'x'], removed: ['y'] }, 'Homepage news')).toBe(
      'Homepage news: 2 lines added, 1 removed — "Snow day: school closed Friday"',
    );
    expect(summarizeChange({ added: ['One'], removed: [] }, 'News')).toBe('News: 1 line added — "One"');
    expect(summarizeChange({ added: [], removed: ['Old item', 'b'] }, 'News')).toBe(
      'News: 2 lines removed — "Old item"',
    );
    expect(summarizeChange({ added: [], removed: [] }, 'News')).toBe('News: content changed');
  });

  it('shortens a long quote', () => {
    const summary = summarizeChange({ added: ['x'.repeat(300)], removed: [] }, 'News');
    expect(summary.length).toBeLessThan(130);
    expect(summary.endsWith('…"')).toBe(true);
  });
});

describe('severityOf', () => {
  const page = [
    'Welcome',
    'PAC meeting Tuesday at 7pm in the library',
    'Hot lunch order form is open',
    'Book fair next week',
    'Contact us',
  ];

  it('is high when added text mentions an urgent word', () => {
    for (const line of [
      'Snow day: school closed Friday',
      'Field trip cancelled',
      'Concert canceled due to illness',
      'Emergency drill results',
      'Lockdown procedures updated',
      'Evacuation practice on Monday',
      'Weather update for families',
      'Buses delayed 2 hours',
      'URGENT: read this',
      'Safety alert for parents',
      'Pool closure this week',
    ]) {
      expect(severityOf(lineDiff(page.join('\n'), [...page, line].join('\n'))), line).toBe('high');
    }
  });

  it('is high when more than half of the content changed', () => {
    const after = [
      'Welcome',
      'New term newsletter posted',
      'Volunteer drive starts',
      'Garden club meets',
      'Contact us',
    ];
    expect(severityOf(lineDiff(page.join('\n'), after.join('\n')))).toBe('high');
  });

  it('is low when only a few characters or one short line changed', () => {
    const typo = [...page];
    typo[1] = 'PAC meeting Tuesday at 7pm in the Library';
    expect(severityOf(lineDiff(page.join('\n'), typo.join('\n')))).toBe('low');
    expect(severityOf(lineDiff(page.join('\n'), [...page, 'New photo'].join('\n')))).toBe('low');
  });

  it('is low when only numbers or dates changed', () => {
    const before = [...page, 'Next PAC meeting: Tuesday March 3 at 7:00pm in room 104 with the principal'];
    const after = [...page, 'Next PAC meeting: Thursday April 16 at 6:30pm in room 210 with the principal'];
    expect(severityOf(lineDiff(before.join('\n'), after.join('\n')))).toBe('low');
  });

  it('is medium otherwise', () => {
    const after = [...page, 'The spring photo day order forms have been sent home with every student'];
    expect(severityOf(lineDiff(page.join('\n'), after.join('\n')))).toBe('medium');
  });
});
