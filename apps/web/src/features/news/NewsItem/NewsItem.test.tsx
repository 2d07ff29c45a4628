import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleNews } from '../../../../test/newsFixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { NewsItem } from './NewsItem';

describe('NewsItem', () => {
  it("is an article at the announcement's anchor, named by its headline, dated on the school's clock", () => {
    const item = sampleNews({ id: 7 });
    renderWithProviders(<NewsItem item={item} />);
    const article = screen.getByRole('article', { name: 'Early dismissal Friday at 1 PM' });
    expect(article.id).toBe('announcement-7');
    expect(within(article).getByRole('heading', { level: 2 }).textContent).toBe('Early dismissal Friday at 1 PM');
    // 10:30 PM on Friday at the school, already Saturday on this test's own clock (Tokyo).
    const time = article.querySelector('time');
    expect(time?.textContent).toBe('Friday, May 2, 2031');
    expect(time?.getAttribute('dateTime')).toBe(item.publishedAt.toISOString());
    expect(time?.parentElement?.textContent).toBe('Friday, May 2, 2031 · District news');
  });

  it('shows the approved words with their line breaks, without repeating the link line', () => {
    renderWithProviders(<NewsItem item={sampleNews()} />);
    const words = screen.getByText(/^News from Maple Elementary PAC/);
    expect(words.textContent).toBe('News from Maple Elementary PAC: District news\n\nEarly dismissal Friday at 1 PM');
    expect(words.style.whiteSpace).toBe('pre-line');
    expect(screen.queryByText(/More on the school website/)).toBeNull();
  });

  it('keeps words the admin wrote in place of the generated ones, their own link line too', () => {
    const text = 'Pizza lunch is on Thursday this week.\nDetails: https://www.example-district.org/news';
    renderWithProviders(<NewsItem item={sampleNews({ text })} />);
    expect(screen.getByText(/^Pizza lunch/).textContent).toBe(text);
  });

  it("links to the page that changed, in the same tab, named with the page's name for screen readers", () => {
    renderWithProviders(<NewsItem item={sampleNews()} />);
    const link = screen.getByRole('link', { name: 'Read it on the school website: District news' });
    expect(link.getAttribute('href')).toBe('https://www.example-district.org/news');
    expect(link.hasAttribute('target')).toBe(false);
    expect(link.textContent).toBe('Read it on the school website');
  });

  it('shows the card lazily, with its description and room kept at its proportions', () => {
    renderWithProviders(<NewsItem item={sampleNews({ id: 4 })} />);
    const card = screen.getByRole('img', { name: 'Maple Elementary PAC: Early dismissal Friday at 1 PM' });
    expect(card.getAttribute('src')).toBe('/api/announcements/4/card.jpg');
    expect(card.getAttribute('loading')).toBe('lazy');
    expect(Number(card.getAttribute('width')) / Number(card.getAttribute('height'))).toBe(1080 / 1350);
    expect(card.style.maxWidth).toBe('100%');
    expect(card.style.height).toBe('auto');
  });
});
