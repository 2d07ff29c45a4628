import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { inDays, type Journey, seedSheet, startJourney, waitUntilHydrated } from './harness';

/**
 * Sharing a sheet (API.md "Sharing a sheet"): its QR code, drawn by Chromium and read back by a QR
 * reader (jsQR), holds the sheet's public link; 'Share' on the sheet's page, on a phone, copies that
 * link and offers the QR code to download, by mouse and by keyboard, and passes axe; the tab keeps
 * the title the server gave the page, which names the school.
 */

const schoolName = 'Maple Elementary PAC';
const sheetTitle = 'Winter Fair';

let journey: Journey;
let sheetId = 0;
/** `{PUBLIC_BASE_URL}/signup-sheet/{id}`: the journey's server is its own public address. */
let sheetUrl = '';

beforeAll(async () => {
  journey = await startJourney({ SCHOOL_NAME: schoolName, SCHOOL_TIMEZONE: 'America/Vancouver' });
  ({ sheetId } = await seedSheet(journey, { title: sheetTitle, eventDate: inDays(9) }, [
    { title: 'Cocoa stand', maxVolunteers: 4 },
    { title: 'Craft table', maxVolunteers: 3 },
  ]));
  sheetUrl = `${journey.server.config.publicBaseUrl}/signup-sheet/${sheetId}`;
});
afterAll(() => journey.close());

/** The text of the QR code in a PNG image (a screenshot), or null when there is none a reader finds. */
function readQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** Runs `use` with a fresh context on the journey's server (its own cookies and permissions), closed afterwards. */
async function inContext(
  use: (context: BrowserContext) => Promise<void>,
  viewport = { width: 390, height: 844 },
): Promise<void> {
  const context = await journey.browser.newContext({ baseURL: journey.server.url, viewport });
  try {
    await use(context);
  } finally {
    await context.close();
  }
}

describe("a sheet's QR code", () => {
  it("is read back as the sheet's public link, at its own size and printed small", async () => {
    await inContext(
      async (context) => {
        const page = await context.newPage();
        const qrPath = `/api/signup-sheets/${sheetId}/qr.svg`;
        const response = await page.goto(qrPath);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
        // Chromium draws the SVG document itself, at the size the file names (512 px).
        expect(await page.evaluate(() => document.documentElement.getBoundingClientRect().width)).toBe(512);
        expect(readQr(await page.screenshot())).toBe(sheetUrl);

        // Scaled down by its viewBox, as on a flyer beside other text.
        const flyer = await context.newPage();
        await flyer.setContent(
          `<body style="margin:24px;background:#fff"><img id="qr" src="${journey.server.url}${qrPath}" width="120" height="120" alt=""></body>`,
        );
        const small = flyer.locator('#qr');
        await flyer.waitForFunction(
          () => (document.getElementById('qr') as HTMLImageElement | null)?.complete === true,
        );
        expect(await small.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        expect(readQr(await small.screenshot())).toBe(sheetUrl);
      },
      { width: 640, height: 640 },
    );
  });
});

describe("'Share' on a sheet's page, on a phone (390 px)", () => {
  /** Opens the sheet's page, hydrated, and its Share panel; returns the page and the panel. */
  async function openShare(context: BrowserContext): Promise<{ page: Page; panel: Locator; share: Locator }> {
    const page = await context.newPage();
    const response = await page.goto(`/signup-sheet/${sheetId}`);
    expect(response?.status()).toBe(200);
    await waitUntilHydrated(page);
    const share = page.getByRole('button', { name: 'Share', exact: true });
    expect(await share.getAttribute('aria-expanded')).toBe('false');
    await share.click();
    const panel = page.getByRole('group', { name: 'Share this sheet' });
    await panel.waitFor();
    expect(await share.getAttribute('aria-expanded')).toBe('true');
    // The link arrives from the server (its public address, the one the QR code holds).
    await expect.poll(() => panel.getByLabel('Link to this sheet').inputValue()).toBe(sheetUrl);
    return { page, panel, share };
  }

  it('copies the link, and says so', async () => {
    await inContext(async (context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.server.url });
      const { page, panel } = await openShare(context);
      await panel.getByRole('button', { name: 'Copy link' }).click();
      await expect.poll(() => panel.getByRole('status').textContent()).toBe('Link copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sheetUrl);
    });
  });

  it('downloads the QR code under its own name, and shows one a phone reads as the link', async () => {
    await inContext(async (context) => {
      const { page, panel } = await openShare(context);
      const link = panel.getByRole('link', { name: 'Download QR code' });
      expect(await link.getAttribute('href')).toBe(`/api/signup-sheets/${sheetId}/qr.svg`);
      expect(await link.getAttribute('download')).toBe(`signup-sheet-${sheetId}-qr.svg`);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(`signup-sheet-${sheetId}-qr.svg`);
      const saved = readFileSync(await download.path());
      expect(saved.toString('utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

      const shown = panel.getByRole('img', { name: `QR code of the link to ${sheetTitle}` });
      await page.waitForFunction(() =>
        Array.from(document.images).some((img) => img.src.endsWith('/qr.svg') && img.complete && img.naturalWidth > 0),
      );
      expect(readQr(await shown.screenshot())).toBe(sheetUrl);
    });
  });

  it('works from the keyboard, fits the screen, passes axe, and keeps the title the server gave the tab', async () => {
    await inContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`/signup-sheet/${sheetId}`);
      await waitUntilHydrated(page);
      // The tab's title is the server's: the app names it the same way once it runs.
      expect(await page.title()).toBe(`${sheetTitle} · ${schoolName}`);

      const share = page.getByRole('button', { name: 'Share', exact: true });
      await share.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('group', { name: 'Share this sheet' });
      await panel.waitFor();
      await expect.poll(() => panel.getByLabel('Link to this sheet').inputValue()).toBe(sheetUrl);
      // Next in reading order: the link, then its buttons.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(
        await panel.getByLabel('Link to this sheet').getAttribute('id'),
      );
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copy link');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Download QR code');

      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const box = await panel.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 390).toBe(true);
      await checkA11y(page, 'sheet page with its Share panel open, 390 px');

      // Back on Share (Shift+Tab past the buttons and the link), Enter closes the panel.
      for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Share');
      await page.keyboard.press('Enter');
      await panel.waitFor({ state: 'detached' });
      expect(await share.getAttribute('aria-expanded')).toBe('false');
    });
  });
});
