import { describe, expect, it } from 'vitest';
import { RenderedPages } from './renderedPages';

describe('RenderedPages', () => {
  it('gives back a rendering younger than its maximum age, and forgets it from then on', () => {
    const pages = new RenderedPages({ maxAgeMs: 1000, maxEntries: 4 });
    pages.set('/', '<main>home</main>', 10_000);
    expect(pages.get('/', 10_000)).toBe('<main>home</main>');
    expect(pages.get('/', 10_999)).toBe('<main>home</main>');
    expect(pages.get('/', 11_000)).toBeUndefined();
    // Gone for good, not only hidden at that time.
    expect(pages.get('/', 10_500)).toBeUndefined();
    expect(pages.get('/other', 10_000)).toBeUndefined();
  });

  it('keeps at most maxEntries renderings, letting the oldest go first', () => {
    const pages = new RenderedPages({ maxAgeMs: 1000, maxEntries: 2 });
    pages.set('a', 'A', 0);
    pages.set('b', 'B', 1);
    pages.set('a', 'A2', 2); // rendered again: now the newest
    pages.set('c', 'C', 3);
    expect(pages.get('b', 4)).toBeUndefined();
    expect(pages.get('a', 4)).toBe('A2');
    expect(pages.get('c', 4)).toBe('C');
  });

  it('lets go of renderings too old to be used when it keeps a new one', () => {
    const pages = new RenderedPages({ maxAgeMs: 1000, maxEntries: 10 });
    pages.set('old', 'O', 0);
    pages.set('new', 'N', 5_000);
    // The old one was dropped when 'new' was kept, whatever time it is asked for at.
    expect(pages.get('old', 0)).toBeUndefined();
    expect(pages.get('new', 5_000)).toBe('N');
  });
});
