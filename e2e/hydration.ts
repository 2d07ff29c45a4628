import type { Page } from 'playwright-core';

/**
 * What the browser journeys watch when a server-rendered page is taken over by the app: the
 * elements the server sent (hydration must keep them), and what the page logs.
 */

/**
 * A script (for page.addInitScript) that records every element in #root once the HTML is parsed and
 * before the app's scripts run (they run after the document turns 'interactive'): the elements
 * hydration must keep. `redrawn` selects those the app itself draws again once more of its code
 * arrives, hydration or not. A string, not a function: the test runner's transform would add
 * helpers the page lacks.
 */
export const recordServerElements = (redrawn?: string) => `
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const redrawn = ${JSON.stringify(redrawn ?? null)};
    window.serverElements = Array.from(document.querySelectorAll('#root *')).filter(
      (e) => redrawn === null || !e.matches(\`:is(\${redrawn}), :is(\${redrawn}) *\`),
    );
  });
`;

/** How many server-rendered elements there were (recordServerElements), and those no longer in the document. */
export function serverElements(page: Page): Promise<{ count: number; replaced: string[] }> {
  return page.evaluate(() => {
    const elements = (window as unknown as { serverElements?: Element[] }).serverElements ?? [];
    return {
      count: elements.length,
      replaced: elements.filter((e) => !e.isConnected).map((e) => e.outerHTML.slice(0, 120)),
    };
  });
}

/**
 * The page's console errors and warnings and its uncaught errors, as they happen (React reports a
 * hydration mismatch as these): the list fills while the page runs.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}
