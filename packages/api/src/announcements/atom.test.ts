import { describe, expect, it } from 'vitest';
import { newsAtom, schoolTimestamp, xmlText } from './atom';

describe('the school news feed', () => {
  it("writes times with the school's offset, on both sides of a clock change", () => {
    // Vancouver: PST (-08:00) in November 2025, PDT (-07:00) in July, and -07:00 all year since BC
    // kept daylight time in November 2026.
    expect(schoolTimestamp(new Date('2025-11-28T17:05:09.500Z'), 'America/Vancouver')).toBe(
      '2025-11-28T09:05:09-08:00',
    );
    expect(schoolTimestamp(new Date('2026-11-28T17:05:09Z'), 'America/Vancouver')).toBe('2026-11-28T10:05:09-07:00');
    expect(schoolTimestamp(new Date('2026-07-01T19:00:00Z'), 'America/Vancouver')).toBe('2026-07-01T12:00:00-07:00');
    expect(schoolTimestamp(new Date('2026-07-01T19:00:00Z'), 'UTC')).toBe('2026-07-01T19:00:00Z');
    expect(schoolTimestamp(new Date('2026-07-01T19:00:00Z'), 'Asia/Kolkata')).toBe('2026-07-02T00:30:00+05:30');
  });

  it('escapes markup and leaves out what XML 1.0 cannot hold, keeping every other character', () => {
    expect(xmlText('Fish & chips <b>"night"</b>')).toBe('Fish &amp; chips &lt;b&gt;&quot;night&quot;&lt;/b&gt;');
    expect(xmlText('a\u0000b\u0007c\u001bd\ud800e\ufffff')).toBe('abcdef');
    expect(xmlText('tab\tline\nreturn\r 放學 تعطیلی 😀')).toBe('tab\tline\nreturn\r 放學 تعطیلی 😀');
  });

  it('is dated by its newest entry, or by now when it has none', () => {
    const config = { publicBaseUrl: 'https://pac.example.org', schoolName: 'Maple & Oak PAC', timeZone: 'UTC' };
    const now = new Date('2026-11-28T12:00:00Z');
    expect(newsAtom(config, [], now)).toContain('<updated>2026-11-28T12:00:00Z</updated>');
    expect(newsAtom(config, [], now)).toContain('<title type="text">Maple &amp; Oak PAC: School news</title>');
    const item = {
      id: 4,
      monitorName: 'News',
      headline: 'Early dismissal',
      text: 'Early dismissal Friday',
      link: 'https://district.example.org/news?a=1&b=2',
      imageUrl: 'https://pac.example.org/api/announcements/4/card.jpg',
      imageAlt: 'Early dismissal',
      publishedAt: new Date('2026-11-20T08:00:00Z'),
    };
    const xml = newsAtom(config, [item], now);
    expect(xml).toContain('<updated>2026-11-20T08:00:00Z</updated>');
    expect(xml).toContain('href="https://district.example.org/news?a=1&amp;b=2"');
    expect(xml).toContain('<id>https://pac.example.org/news#announcement-4</id>');
  });
});
