import { describe, expect, it } from 'vitest';
import { announcementText, cutAtWord } from './announcementText';
import { INSTAGRAM_CAPTION_LIMIT } from './instagram';

const link = 'https://district.example.org/schools/fixture/news';
const DIFF_WORDS = [/lines? added/i, /\bremoved\b/i, /@@/, /\bdiff\b/i, /changed:/i, /^\s*[+-]/m, /\+/];

describe('announcementText', () => {
  it('turns the fixture school-news change into news for parents, with the link', () => {
    const { text, headline } = announcementText({
      schoolName: 'Fixture Elementary PAC',
      pageName: 'Fixture School News',
      added: ['Early dismissal Friday at 1 PM', 'Buses leave at 1:15 PM'],
      link,
    });
    expect(text).toBe(
      [
        'News from Fixture Elementary PAC: Fixture School News',
        '',
        '• Early dismissal Friday at 1 PM',
        '• Buses leave at 1:15 PM',
        '',
        `More on the school website: ${link}`,
      ].join('\n'),
    );
    expect(headline).toBe('Early dismissal Friday at 1 PM');
    for (const word of DIFF_WORDS) expect(text).not.toMatch(word);
  });

  it('writes one added line as a sentence, without a bullet, and drops the page’s own bullet marks', () => {
    const { text } = announcementText({
      schoolName: 'Maple PAC',
      pageName: 'News',
      added: ['  - Early   dismissal Friday at 1 PM  ', ''],
      link,
    });
    expect(text.split('\n')[2]).toBe('Early dismissal Friday at 1 PM');
  });

  it('leaves out control characters a page may hold', () => {
    const { text, headline } = announcementText({
      schoolName: 'Maple\u0000 PAC',
      pageName: 'News\u0007',
      added: ['Early\u0007dismissal\u001b Friday'],
      link,
    });
    expect(headline).toBe('Early dismissal Friday');
    expect([...text].filter((c) => c !== '\n' && /\p{Cc}/u.test(c))).toEqual([]);
    expect(text).toContain('News from Maple PAC: News');
  });

  it('says only that the page was updated when nothing was added', () => {
    const { text, headline } = announcementText({
      schoolName: 'Maple PAC',
      pageName: 'Calendar',
      added: [' ', ''],
      removed: ['Book fair Monday'],
      link,
    });
    expect(headline).toBe('Calendar was updated');
    expect(text).toBe(`News from Maple PAC: Calendar\n\nCalendar was updated.\n\nMore on the school website: ${link}`);
    expect(text).not.toContain('Book fair');
  });

  it('keeps long additions within the caption limit, cut at a word, and keeps the link whole', () => {
    const sentence = 'The district has announced a new schedule for parent teacher conferences this spring ';
    const longLink = `https://district.example.org/news?${'q=1&'.repeat(400)}end=1`.slice(0, 2000);
    for (const url of [link, longLink]) {
      const { text, headline } = announcementText({
        schoolName: 'Maple Elementary Parent Advisory Council',
        pageName: 'District news',
        added: [sentence.repeat(30), sentence.repeat(40), 'Last line'],
        link: url,
      });
      expect(text.length).toBeLessThanOrEqual(INSTAGRAM_CAPTION_LIMIT);
      expect(text.endsWith(`More on the school website: ${url}`)).toBe(true);
      expect(text).toMatch(/[a-z]…\n/);
      expect(headline.length).toBeLessThanOrEqual(120);
      expect(headline).toMatch(/^The district has announced .*[a-z]…$/);
    }
  });

  it('keeps at most a few lines, each whole when short', () => {
    const added = Array.from({ length: 30 }, (_, i) => `Item ${String(i + 1)}`);
    const { text } = announcementText({ schoolName: 'Maple PAC', pageName: 'News', added, link });
    expect(text).toContain('• Item 8');
    expect(text).not.toContain('• Item 9');
  });

  it('passes Chinese and Farsi lines through unharmed', () => {
    const chinese = '星期五下午一点提前放学';
    const farsi = 'تعطیلی زودهنگام روز جمعه ساعت ۱ بعد از ظهر';
    const { text, headline } = announcementText({
      schoolName: '枫叶小学家长会',
      pageName: 'اخبار مدرسه',
      added: [chinese, farsi],
      link,
    });
    expect(headline).toBe(chinese);
    expect(text).toContain(`• ${chinese}\n• ${farsi}`);
    expect(text).toContain('枫叶小学家长会');
    expect(text).toContain('اخبار مدرسه');
    expect(text.normalize('NFC')).toBe(text);
  });

  it('cuts Chinese between words and never splits a surrogate pair', () => {
    const cut = cutAtWord('星期五下午一点提前放学'.repeat(20), 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut.endsWith('…')).toBe(true);
    const emoji = cutAtWord('📣'.repeat(100), 11);
    expect(emoji).toBe(`${'📣'.repeat(5)}…`);
  });

  it('never writes diff words, whatever the change (generated inputs)', () => {
    // A small deterministic generator: the inputs carry no diff words of their own.
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const vocabulary = ['Early', 'dismissal', 'Friday', '1 PM', '提前放学', 'جمعه', 'ਛੁੱਟੀ', '•', '*', 'Book fair', '📣'];
    const phrase = (max: number): string =>
      Array.from({ length: 1 + next(max) }, () => vocabulary[next(vocabulary.length)] ?? '').join(' ');
    for (let run = 0; run < 200; run++) {
      const input = {
        schoolName: phrase(4),
        pageName: phrase(3),
        added: Array.from({ length: next(12) }, () => (next(5) === 0 ? phrase(600) : phrase(12))),
        removed: Array.from({ length: next(4) }, () => phrase(6)),
        link: `https://district.example.org/${'p/'.repeat(next(500))}`,
      };
      const { text, headline } = announcementText(input);
      for (const word of DIFF_WORDS) {
        expect(text).not.toMatch(word);
        expect(headline).not.toMatch(word);
      }
      expect(text.length).toBeLessThanOrEqual(INSTAGRAM_CAPTION_LIMIT);
      expect(text).toContain(input.link);
      expect(headline.length).toBeLessThanOrEqual(120);
      expect(headline.length).toBeGreaterThan(0);
    }
  });
});
