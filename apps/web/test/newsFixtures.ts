import type { NewsItem } from '../src/features/news/news';
import { schoolDate } from './schoolTime';

/**
 * An approved announcement as `announcements.news` answers it, for component tests. Published at
 * 10:30 PM on Friday 2 May 2031 at the school, already Saturday in the tests' own zone (Tokyo).
 */
export function sampleNews(overrides: Partial<NewsItem> = {}): NewsItem {
  const id = overrides.id ?? 1;
  const link = overrides.link ?? 'https://www.example-district.org/news';
  return {
    id,
    monitorName: 'District news',
    headline: 'Early dismissal Friday at 1 PM',
    text: `News from Maple Elementary PAC: District news\n\nEarly dismissal Friday at 1 PM\n\nMore on the school website: ${link}`,
    link,
    imageUrl: `https://pac.example.org/api/announcements/${id}/card.jpg`,
    imageAlt: 'Maple Elementary PAC: Early dismissal Friday at 1 PM',
    publishedAt: schoolDate(2031, 4, 2, 22, 30),
    ...overrides,
  };
}
