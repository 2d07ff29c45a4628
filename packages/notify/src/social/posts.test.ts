import { describe, expect, it } from 'vitest';
import { INSTAGRAM_CAPTION_LIMIT } from './instagram';
import { changeCaption, changePostText, hashtag, testPostText, type ChangePostInput } from './posts';

const change: ChangePostInput = {
  schoolName: 'Maple Elementary PAC',
  monitorName: 'Announcements',
  summary: 'New item: Early dismissal on Friday, May 9.\n\n\n\nBus times change.   ',
  url: 'https://www.example-district.org/maple/announcements',
  detectedAt: new Date('2025-05-03T16:00:00Z'),
  timeZone: 'America/Vancouver',
};

describe('changePostText', () => {
  it('names the school, the page and the change, with the date and the link', () => {
    // ICU versions differ on the space before AM (U+0020 or U+202F); compare with a plain one.
    const text = changePostText(change).replace(/\u202f/g, ' ');
    expect(text).toBe(
      [
        'School website update from Maple Elementary PAC',
        '',
        'The "Announcements" page has changed:',
        'New item: Early dismissal on Friday, May 9.',
        '',
        'Bus times change.',
        '',
        'Detected Saturday, May 3, 2025 at 9:00 AM.',
        'Read the full page: https://www.example-district.org/maple/announcements',
      ].join('\n'),
    );
  });

  it('shortens a very long summary and fills in an empty one', () => {
    const long = changePostText({ ...change, summary: 'word '.repeat(2000) });
    expect(long.length).toBeLessThan(1800);
    expect(long).toContain('…');
    expect(long).toContain(change.url);
    expect(changePostText({ ...change, summary: '  ' })).toContain('See the page for details.');
  });
});

describe('changeCaption', () => {
  it('writes the URL out as text and ends with hashtags', () => {
    const caption = changeCaption(change);
    expect(caption).toContain('The "Announcements" page has changed:');
    expect(caption).toContain(
      'Full details on the school website: https://www.example-district.org/maple/announcements',
    );
    const lastLine = caption.split('\n').at(-1);
    expect(lastLine).toBe('#SchoolNews #MapleElementaryPAC #ParentAdvisoryCouncil');
  });

  it('fits 2200 characters by shortening the summary, keeping the URL and hashtags', () => {
    const caption = changeCaption({ ...change, summary: 'Lots of changes. '.repeat(500) });
    expect(Array.from(caption).length).toBeLessThanOrEqual(INSTAGRAM_CAPTION_LIMIT);
    expect(caption).toContain('…');
    expect(caption).toContain(change.url);
    expect(caption.endsWith('#ParentAdvisoryCouncil')).toBe(true);
  });
});

describe('testPostText', () => {
  it('says it is a test, from whom and when', () => {
    const text = testPostText({
      schoolName: 'Maple Elementary PAC',
      sentAt: change.detectedAt,
      timeZone: 'America/Vancouver',
    });
    expect(text).toMatch(/^This is a test post from Maple Elementary PAC, sent Saturday, May 3, 2025 at 9:00\sAM\./);
    expect(text).toContain('can be deleted');
  });
});

describe('hashtag', () => {
  it('joins words and drops punctuation', () => {
    expect(hashtag("St. Mary's school PAC")).toBe('#StMarySSchoolPAC');
    expect(hashtag('École Côte-des-Neiges')).toBe('#ÉcoleCôteDesNeiges');
    expect(hashtag('!!!')).toBe('');
  });
});
