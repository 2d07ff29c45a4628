import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { datesInLine, extractContent, filterFutureEvents, InvalidSelectorError, normalizeText } from './extract.ts';

const page = `<!doctype html><html><head><title>District</title><style>.x{color:red}</style></head><body>
<nav>Home | About</nav>
<main id="news">
  <h2>News</h2>
  <script>document.write('</main>tracking')</script>
  <noscript>Enable JavaScript</noscript>
  <template><p>hidden template</p></template>
  <ul>
    <li>Snow   day:
        school closed Friday</li>
    <li>Bake sale &amp; book fair<br>in the gym</li>
  </ul>
  <div class="ad">Sponsored: buy things</div>
  <p><span>Cafe</span><span>&#769;</span> menu</p>
  <table><tr><td>Mon</td><td>Pizza</td></tr><tr><th>Tue</th><td>Tacos</td></tr></table>
  <div class="timestamp">Updated 10:42:13</div>
</main>
<footer>© District</footer>
</body></html>`;

describe('extractContent', () => {
  it('takes the selected text, one line per block, without scripts, styles and ignored parts', () => {
    const result = extractContent(page, ['#news'], ['.ad', '.timestamp']);
    expect(result.elementsFound).toBe(1);
    expect(result.text).toBe(
      [
        'News',
        'Snow day: school closed Friday',
        'Bake sale & book fair',
        'in the gym',
        'Café menu',
        'Mon Pizza',
        'Tue Tacos',
      ].join('\n'),
    );
  });

  it('normalises to NFC, so composed and decomposed accents are the same text', () => {
    const decomposed = extractContent('<p>Cafe\u0301</p>', ['p'], []);
    const composed = extractContent('<p>Caf\u00e9</p>', ['p'], []);
    expect(decomposed.text).toBe(composed.text);
    expect(decomposed.text).toBe('Caf\u00e9');
  });

  it('joins several selectors in selector order and counts every matched element', () => {
    const result = extractContent(
      '<div><p class="b">B1</p><p class="a">A1</p><p class="b">B2</p></div>',
      ['.a', '.b'],
      [],
    );
    expect(result.elementsFound).toBe(3);
    expect(result.text).toBe('A1\nB1\nB2');
  });

  it('does not repeat the text of an element nested inside another match', () => {
    const result = extractContent('<div class="card"><div class="card">inner</div>outer</div>', ['.card'], []);
    expect(result.elementsFound).toBe(2);
    expect(result.text).toBe('inner\nouter');
  });

  it('reports zero elements when nothing matches', () => {
    expect(extractContent(page, ['#missing'], [])).toEqual({ elementsFound: 0, text: '' });
  });

  it('ignores whitespace and invisible-character differences', () => {
    const a = extractContent('<div id="x"><p>Hello   world</p>\n\n<p>Bye</p></div>', ['#x'], []);
    const b = extractContent('<div id="x">  <p>Hello\u00a0world\u200b</p><p>\n Bye </p>  </div>', ['#x'], []);
    expect(a.text).toBe(b.text);
  });

  it('reads every kind of whitespace as a space and starts lines only at block edges', () => {
    const result = extractContent(
      '<div id="x">\r\n\t<p> a\u00a0\u00a0b\r\nc\u2028d </p>\n\n<p>\ufeffe\u200bf\ufeffg</p><span>h</span>\u3000<span>i</span>\n</div>',
      ['#x'],
      [],
    );
    // A byte-order mark inside the text is whitespace; a zero-width space is nothing.
    expect(result.text).toBe('a b c d\nef g\nh i');
  });

  it('throws InvalidSelectorError for an unreadable selector', () => {
    expect(() => extractContent(page, ['div['], [])).toThrow(InvalidSelectorError);
    expect(() => extractContent(page, ['main'], ['[unclosed'])).toThrow('Invalid CSS selector: [unclosed');
  });
});

describe('normalizeText', () => {
  /** What normalizeText means, written the plain way (a string per line, a regex per line). */
  const plainly = (text: string) =>
    text
      .normalize('NFC')
      .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n');

  it('reads every UTF-16 unit as JavaScript does: whitespace, invisible or text', () => {
    const differing: string[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) {
      const c = String.fromCharCode(unit);
      for (const sample of [`a${c}b`, `a ${c}b`, `a${c} b`, `${c}${c}a${c}\n${c}b${c}`]) {
        if (normalizeText(sample) !== plainly(sample)) differing.push(`U+${unit.toString(16).padStart(4, '0')}`);
      }
    }
    expect([...new Set(differing)]).toEqual([]);
  });

  it("gives the plain way's text for random mixes of words, whitespace, invisibles and accents", () => {
    const pieces = [
      'word',
      'é',
      'e\u0301',
      '\ud83c\udf4e',
      ' ',
      '  ',
      '\n',
      '\n\n',
      '\t',
      '\r\n',
      '\u00a0',
      '\u2028',
      '\u3000',
      '\u200b',
      '\u00ad',
      '\ufeff',
      '\u2060',
      '\u1680',
    ];
    // A fixed sequence (xorshift), so a failure names a text that can be read again.
    let seed = 0x9e3779b9;
    const next = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 0x100000000;
    };
    for (let round = 0; round < 5000; round++) {
      const text = Array.from(
        { length: 1 + Math.floor(next() * 12) },
        () => pieces[Math.floor(next() * pieces.length)],
      ).join('');
      expect(normalizeText(text), JSON.stringify(text)).toBe(plainly(text));
    }
  });
});

describe('the HTML parser as installed', () => {
  it('gives each node its source range as a plain property (patches/node-html-parser@9.0.7.patch)', () => {
    // Unpatched, every node's constructor defines `range` with Object.defineProperty, a sixth of a
    // check's parse; pnpm applies the patch at install.
    const root = parse('<main><p>Fun fair</p></main>');
    const paragraph = root.querySelector('p');
    expect(paragraph?.range).toEqual([6, 21]);
    expect(Object.getOwnPropertyDescriptor(paragraph, 'range')).toMatchObject({ enumerable: true, writable: true });
  });

  it("makes an element's classList on first use, from the class it was parsed with (same patch)", () => {
    // Unpatched, every element gets a DOMTokenList, a Set and a callback as it is parsed: a fifth
    // of what a parse allocated, for a list the extraction never reads.
    const root = parse('<main><p class="news  urgent">Fun fair</p><p>Bake sale</p></main>');
    const [news, plain] = root.querySelectorAll('p');
    if (!news || !plain) throw new Error('no paragraphs');
    expect(Object.getOwnPropertyNames(news)).not.toContain('classList');
    expect(news.classList.value).toEqual(['news', 'urgent']);
    expect(news.classList.contains('urgent')).toBe(true);
    expect(news.classNames).toBe('news urgent');
    expect(plain.classList.value).toEqual([]);
    // Its changes still reach the attribute, as they did.
    plain.classList.add('sold-out');
    expect(plain.getAttribute('class')).toBe('sold-out');
    expect(root.querySelectorAll('.sold-out')).toEqual([plain]);
    expect(root.querySelectorAll('.urgent')).toEqual([news]);
  });
});

describe('filterFutureEvents', () => {
  const now = new Date(2026, 2, 10, 9, 30); // 10 March 2026, local time

  it('drops lines whose dates are all before today and keeps undated ones', () => {
    const text = [
      'Upcoming events',
      'March 3, 2026 - Science fair',
      'March 10, 2026 - Concert',
      'Mar 12 - Book fair',
      '2026-03-09 PAC meeting',
      '2026-03-11 PAC meeting',
      '3/9/2026 Hot lunch',
      '3/31/26 Spirit day',
      'Feb. 28th Skating',
      '5 March 2026 Assembly',
      '20 April Sports day',
      'Grades 3/4 field trip',
      'Winter break Dec 22 - Jan 2', // both dates are in the past
      'Reading week Mar 9 - Mar 13', // still running
    ].join('\n');
    expect(filterFutureEvents(text, now)).toBe(
      [
        'Upcoming events',
        'March 10, 2026 - Concert',
        'Mar 12 - Book fair',
        '2026-03-11 PAC meeting',
        '3/31/26 Spirit day',
        '20 April Sports day',
        'Grades 3/4 field trip',
        'Reading week Mar 9 - Mar 13',
      ].join('\n'),
    );
  });

  it('reads a yearless date as its nearest occurrence', () => {
    const january = new Date(2026, 0, 5);
    expect(filterFutureEvents('Dec 20 Winter concert\nMar 3 Science fair', january)).toBe('Mar 3 Science fair');
    const december = new Date(2025, 11, 15);
    expect(filterFutureEvents('Jan 6 School reopens', december)).toBe('Jan 6 School reopens');
  });

  it('ignores impossible dates and clock times', () => {
    expect(datesInLine('February 30, 2026', now)).toEqual([]);
    expect(datesInLine('2026-13-01', now)).toEqual([]);
    expect(datesInLine('Doors open Mar 3:30', now)).toEqual([]);
    expect(datesInLine('Sept. 8, 2025', now)).toEqual([20250908]);
  });
});
