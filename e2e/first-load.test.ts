import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, seedSheet, startJourney } from './harness';

/**
 * A page's first load (issue 14): the HTML carries the page's first data, so the home page and a
 * sheet page render without asking /trpc for any of it; the scripts arrive compressed; and a
 * sheet title written to break out of the data's script element shows as text and runs nothing.
 */

let journey: Journey;
let sheetId = 0;
const hostileTitle = '</script><script>window.pwned = 1</script> Fair';

beforeAll(async () => {
  journey = await startJourney();
  ({ sheetId } = await seedSheet(journey, { title: hostileTitle }, [{ title: 'Ticket table', maxVolunteers: 3 }]));
});
afterAll(() => journey.close());

/** Opens `path` in a fresh context (a cold cache) and returns the /trpc calls and the compressed responses. */
async function coldLoad(path: string, ready: (page: Page) => Promise<void>) {
  const context = await journey.browser.newContext({ baseURL: journey.server.url });
  const page = await context.newPage();
  const trpcCalls: string[] = [];
  const scripts: Promise<{ file: string; encoding: string; bytes: number }>[] = [];
  const dialogs: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/')) trpcCalls.push(decodeURIComponent(url.pathname.slice('/trpc/'.length)));
  });
  // Scripts are counted until the page is settled; one arriving later is not read (its body would
  // be asked for from a closed page).
  let collecting = true;
  page.on('response', (response) => {
    if (!collecting) return;
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    const encoding = response.headers()['content-encoding'] ?? 'none';
    scripts.push(response.body().then((body) => ({ file: url.pathname, encoding, bytes: body.length })));
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(path);
  await ready(page);
  // Some code (the sheet page's dialogs) loads just after the first paint: let it arrive.
  await page.waitForLoadState('networkidle');
  collecting = false;
  const pwned = await page.evaluate(() => (window as unknown as { pwned?: number }).pwned ?? null);
  const encodings = await Promise.all(scripts);
  await context.close();
  return { trpcCalls, encodings, dialogs, pwned };
}

describe('the first load of a page', () => {
  it('renders the home page from the data in its HTML, with no /trpc call, and scripts sent compressed', async () => {
    const load = await coldLoad('/', async (page) => {
      await page.getByRole('link', { name: 'View & Sign Up' }).first().waitFor();
      await page.getByText(hostileTitle).first().waitFor();
    });
    expect(load.trpcCalls).toEqual([]);
    expect(load.encodings.length).toBeGreaterThan(0);
    // Brotli, as the build wrote it, for every script worth compressing (1 KB or more).
    for (const { file, encoding, bytes } of load.encodings) {
      expect(`${file}: ${encoding}`).toBe(`${file}: ${bytes >= 1024 ? 'br' : 'none'}`);
    }
    expect(load.pwned).toBeNull();
    expect(load.dialogs).toEqual([]);
  });

  it('renders a sheet page from its HTML: the title as text, the slots, and nothing fetched twice', async () => {
    const load = await coldLoad(`/signup-sheet/${sheetId}`, async (page) => {
      await page.getByRole('heading', { level: 1, name: hostileTitle }).waitFor();
      await page.getByRole('button', { name: 'Sign Up', exact: true }).first().waitFor();
    });
    expect(load.trpcCalls).toEqual([]);
    expect(load.pwned).toBeNull();
    expect(load.dialogs).toEqual([]);
  });
});
