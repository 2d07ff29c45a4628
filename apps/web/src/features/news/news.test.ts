import { describe, expect, it } from 'vitest';
import { cardImage, newsAnchor, newsBody, newsItemHref } from './news';

const link = 'https://www.example-district.org/news';

describe('school news display rules', () => {
  it("links to an announcement at its anchor on /news (the feed's entries link there too)", () => {
    expect(newsAnchor(7)).toBe('announcement-7');
    expect(newsItemHref(7)).toBe('/news#announcement-7');
  });

  it("shows the card at the card's own proportions (1080 × 1350), smaller", () => {
    expect(cardImage.shownWidth / cardImage.shownHeight).toBe(cardImage.width / cardImage.height);
    expect(cardImage.shownWidth).toBeLessThan(390);
  });

  it('leaves out the last line when it only points at the page, which /news links to itself', () => {
    const text = `News from Maple PAC: District news\n\n• Early dismissal Friday\n• Pizza lunch Thursday\n\nMore on the school website: ${link}\n`;
    expect(newsBody(text, link)).toBe(
      'News from Maple PAC: District news\n\n• Early dismissal Friday\n• Pizza lunch Thursday',
    );
    expect(newsBody(`Pizza lunch is on Thursday.\n${link}`, link)).toBe('Pizza lunch is on Thursday.');
  });

  it('keeps every word the admin approved otherwise, the link included', () => {
    const edited = `Pizza lunch is on Thursday this week. Details: ${link}`;
    expect(newsBody(edited, link)).toBe(edited);
    const otherLink = 'More on the school website: https://www.example-district.org/calendar';
    expect(newsBody(`Calendar changed\n\n${otherLink}`, link)).toBe(`Calendar changed\n\n${otherLink}`);
  });
});
