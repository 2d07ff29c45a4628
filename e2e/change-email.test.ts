import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The template alone is under test (no server).
import { i18nFor } from '@pac/i18n/server';
import { changeNotification } from '@pac/notify';
import { chromiumPath } from './harness';

/**
 * The website-change email on a 390 px phone (issue 25, item 5): a 300-character address and a long
 * unbroken word in the change wrap instead of scrolling sideways, and what changed reads as 'Added'
 * and 'Removed' lists, not as a unified diff.
 */

const PHONE = { width: 390, height: 844 };
const longUrl = `https://www.example-district.org/schools/maple/news?${'section=announcements&'.repeat(13)}`.slice(
  0,
  300,
);
const longWord = `Registration:${'x'.repeat(180)}`;

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
});
afterAll(() => browser.close());

const mail = changeNotification({
  i18n: i18nFor('en'),
  schoolName: 'Maple Elementary PAC',
  monitorName: 'Fixture School News',
  url: longUrl,
  summary: 'Fixture School News: 2 lines added, 1 removed — "Early dismissal Friday at 1 PM"',
  severity: 'high',
  diffExcerpt: [
    '@@ -1,3 +1,4 @@',
    '  School News',
    '- Book fair Monday',
    '+ Early dismissal Friday at 1 PM',
    `+ ${longWord}`,
    '  Contact us',
  ].join('\n'),
  detectedAt: new Date('2025-01-10T15:00:00Z'),
  timeZone: 'America/Vancouver',
});

async function onPhone(markup: string, use: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.setContent(markup);
    await use(page);
  } finally {
    await context.close();
  }
}

const scrollWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);

describe('the change email on a phone', () => {
  it('fits 390 px with a 300-character address and a long unbroken word', async () => {
    expect(longUrl).toHaveLength(300);
    await onPhone(mail.html, async (page) => {
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      const address = page.locator(`a[href="${longUrl}"]`).first();
      const box = await address.boundingBox();
      expect(box?.width ?? Infinity).toBeLessThanOrEqual(PHONE.width);
    });
  });

  it('would overflow without its wrapping rules (the check can fail)', async () => {
    const unwrapped = mail.html.replace(
      '</head>',
      '<style>* { word-break: normal !important; overflow-wrap: normal !important; }</style></head>',
    );
    await onPhone(unwrapped, async (page) => {
      expect(await scrollWidth(page)).toBeGreaterThan(PHONE.width);
    });
  });

  it('shows what changed as labelled Added and Removed lines, without diff markup', async () => {
    await onPhone(mail.html, async (page) => {
      const text = await page.locator('body').innerText();
      expect(text).toContain('Added');
      expect(text).toContain('Early dismissal Friday at 1 PM');
      expect(text).toContain('Removed');
      expect(text).toContain('Book fair Monday');
      expect(text).not.toContain('@@');
      expect(text).not.toMatch(/^\s*[+-]\s/m);
      await expect(page.locator('li', { hasText: 'Early dismissal Friday at 1 PM' }).isVisible()).resolves.toBe(true);
      await expect(page.locator('li', { hasText: 'Book fair Monday' }).isVisible()).resolves.toBe(true);
    });
  });
});
