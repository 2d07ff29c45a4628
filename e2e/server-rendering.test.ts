import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, inDays, type Journey, seedSheet, startJourney, waitUntilHydrated, webDist } from './harness';
import { recordServerElements, serverElements, watchProblems } from './hydration';

/**
 * The first page arrives rendered: the server renders `/` and a sheet page with React from the data
 * it embeds (apps/web/src/entry-server.tsx, loaded by apps/server/src/http/page.ts), the browser
 * hydrates that HTML instead of building the page again, and every other page is still rendered in
 * the browser. Checked on the HTML as sent, in Chromium with JavaScript off, and in Chromium with it
 * on: hydration must keep every element the server sent (a mismatch makes React throw the server's
 * HTML away and render again) and log nothing.
 */

let journey: Journey;
let fairId = 0;
let hostileId = 0;
let longSheetId = 0;
const fairTitle = 'Spring Fair';
// Markup that would run if it reached the page as HTML, and `$` patterns that String#replace would
// expand if the page were put together with replacement strings.
const hostileTitle = "</script><script>alert(1)</script><img src=x onerror=alert(1)> $` $& $' Fair";

beforeAll(async () => {
  journey = await startJourney();
  ({ sheetId: fairId } = await seedSheet(journey, { title: fairTitle }, [
    { title: 'Face painting', maxVolunteers: 3 },
    { title: 'Bake stall', maxVolunteers: 2 },
  ]));
  ({ sheetId: hostileId } = await seedSheet(journey, { title: hostileTitle }, [
    { title: 'Ticket table', maxVolunteers: 3 },
  ]));
  // Far longer than React's 12.8 KB progressive chunk, past which it would send a Suspense boundary's
  // content after its fallback, for an inline script to swap in.
  ({ sheetId: longSheetId } = await seedSheet(
    journey,
    { title: 'Newsletter Night', eventDate: inDays(30) },
    Array.from({ length: 24 }, (_, i) => ({
      title: `Shift ${i + 1}: setting up the gym and the hall`,
      maxVolunteers: 5,
    })),
  ));
});
afterAll(() => journey.close());

/** The HTML the server sends for `path`, and the part of it inside `#root`, as a client gets it before any script runs. */
async function rawPage(baseUrl: string, path: string, cookie?: string): Promise<{ html: string; root: string }> {
  const res = await fetch(`${baseUrl}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  const html = await res.text();
  const open = '<div id="root">';
  const start = html.indexOf(open);
  const end = html.lastIndexOf('</div>', html.indexOf('<script id="pac-data"'));
  expect(start).toBeGreaterThan(0);
  const root = html.slice(start + open.length, end);
  // Every part of the page inline: nothing left for a script to fill in (the CSP would block it).
  expect(root).not.toMatch(/<(?:script|template)\b/);
  return { html, root };
}

/** Runs `use` in a fresh browser context on `on`'s server (cookies, cache and storage of its own), closed afterwards. */
async function inContext(
  use: (context: BrowserContext) => Promise<void>,
  options: BrowserContextOptions = {},
  on: Journey = journey,
): Promise<void> {
  const context = await on.browser.newContext({ baseURL: on.server.url, ...options });
  try {
    await use(context);
  } finally {
    await context.close();
  }
}

/** `html` as Chromium parses it with JavaScript off: nothing in it can run. */
function parsedWithoutScripts(html: string, use: (page: Page) => Promise<void>): Promise<void> {
  return inContext(
    async (context) => {
      const page = await context.newPage();
      await page.setContent(html);
      await use(page);
    },
    { javaScriptEnabled: false },
  );
}

interface Hydrated {
  page: Page;
  /** console errors and warnings, and uncaught errors (React reports a hydration mismatch as one). */
  problems: string[];
  /** alert(), confirm() and prompt() calls. */
  dialogs: string[];
}

/** Follows the fair's 'View & Sign Up' link on `/` and waits for its sheet page. */
async function openFairFromItsCard(page: Page): Promise<void> {
  await page.getByRole('article').filter({ hasText: fairTitle }).getByRole('link', { name: 'View & Sign Up' }).click();
  await page.waitForURL(`**/signup-sheet/${fairId}`);
  await page.getByRole('heading', { level: 1, name: fairTitle }).waitFor();
}

/** Opens `path` in `context` and waits until React has taken the page over (its code loaded, hydration done). */
async function openHydrated(context: BrowserContext, path: string, redrawn?: string): Promise<Hydrated> {
  const page = await context.newPage();
  const problems = watchProblems(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript({ content: recordServerElements(redrawn) });
  await page.goto(path);
  await waitUntilHydrated(page);
  return { page, problems, dialogs };
}

describe('the HTML the server sends', () => {
  it('has the home page rendered: the sheet cards with their titles and View & Sign Up links', async () => {
    const { root } = await rawPage(journey.server.url, '/');
    expect(root).toContain(fairTitle);
    expect(root).toContain('Face painting');
    expect(root.match(/>View &amp; Sign Up</g)).toHaveLength(3);
    expect(root).toContain(`href="/signup-sheet/${fairId}"`);
    expect(root).toContain('Upcoming Volunteer Opportunities');
    // Signed out: the header's Login button, as the browser's first render will have it.
    expect(root).toContain('>Login<');

    await parsedWithoutScripts(root, async (page) => {
      expect(await page.getByRole('link', { name: 'View & Sign Up' }).count()).toBe(3);
      await page.getByRole('heading', { level: 3, name: fairTitle }).waitFor();
    });
  });

  it("has a sheet page rendered: the sheet's title and a Sign Up button for each slot", async () => {
    const { root } = await rawPage(journey.server.url, `/signup-sheet/${fairId}`);
    expect(root).toContain(`>${fairTitle}</h1>`);
    expect(root.match(/>Sign Up</g)).toHaveLength(2);

    await parsedWithoutScripts(root, async (page) => {
      await page.getByRole('heading', { level: 1, name: fairTitle }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign Up', exact: true }).count()).toBe(2);
      await page.getByText('Face painting').waitFor();
    });
  });

  it('has a long sheet page rendered whole', async () => {
    const { root } = await rawPage(journey.server.url, `/signup-sheet/${longSheetId}`);
    expect(root.length).toBeGreaterThan(40_000);
    expect(root.match(/>Sign Up</g)).toHaveLength(24);
    expect(root).toContain('Shift 24: setting up the gym and the hall');
    expect(root).not.toContain('Loading page');
  });

  it('leaves a page without first data (the privacy policy) to the browser', async () => {
    const { root } = await rawPage(journey.server.url, '/privacy-policy');
    expect(root).toBe('');
  });
});

describe('hydration in Chromium', () => {
  it('takes over the home page as sent, logs nothing, and opens a sheet from its card without a page load', async () => {
    await inContext(async (context) => {
      const { page, problems } = await openHydrated(context, '/');
      const kept = await serverElements(page);
      expect(kept.count).toBeGreaterThan(100);
      expect(kept.replaced).toEqual([]);
      expect(problems).toEqual([]);

      // Client-side navigation: no new document, and the page's own state survives.
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest()) documents.push(request.url());
      });
      await page.evaluate(() => {
        (window as unknown as { samePage?: boolean }).samePage = true;
      });
      await openFairFromItsCard(page);
      expect(documents).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  it('takes over a sheet page (its code loaded on demand) as sent, and its Sign Up button opens the form', async () => {
    await inContext(async (context) => {
      const { page, problems } = await openHydrated(context, `/signup-sheet/${fairId}`);
      const kept = await serverElements(page);
      expect(kept.count).toBeGreaterThan(50);
      expect(kept.replaced).toEqual([]);

      await page.getByRole('button', { name: 'Sign Up', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Sign up: Bake stall' });
      await dialog.getByLabel('Name').waitFor();
      expect(problems).toEqual([]);
    });
  });

  it("renders a signed-in admin's pages with the account menu and admin controls, and hydrates them", async () => {
    await inContext(async (context) => {
      const login = await context.request.post('/api/auth/login', { data: admin });
      expect(login.ok()).toBe(true);
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

      const home = await rawPage(journey.server.url, '/', cookie);
      // The account button as the browser's first render has it: waiting for the menu's code.
      expect(home.root).toMatch(/<button[^>]*data-loading="true"[^>]*>(?:(?!<\/button>).)*Account menu for/);
      expect(home.root).not.toContain('>Login<');
      expect(home.root).toContain(`aria-label="Delete ${fairTitle}"`);
      const sheet = await rawPage(journey.server.url, `/signup-sheet/${fairId}`, cookie);
      expect(sheet.root).toContain('>Roster<');

      // This browser has never stored the user: the first render must still be the signed-in one.
      // Drawn again once React has the page, as they always were once their code arrived: the
      // account button's placeholder (the menu's code loads on demand) and, on a sheet, the admin's
      // icon buttons, which get their tooltips.
      const accountPlaceholder = 'header button:has([data-loading])';
      const slotAdminButtons =
        'button[aria-label^="Edit "], button[aria-label^="Delete "], button[aria-label^="Remove "]';
      for (const [path, redrawn] of [
        ['/', accountPlaceholder],
        [`/signup-sheet/${fairId}`, `${accountPlaceholder}, ${slotAdminButtons}`],
      ] as const) {
        const { page, problems } = await openHydrated(context, path, redrawn);
        expect((await serverElements(page)).replaced).toEqual([]);
        expect(problems).toEqual([]);
        await page.getByRole('button', { name: /Account menu for/ }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
        await page.close();
      }
    });
  });

  it('renders signed out for a browser that still remembers a user whose session has ended', async () => {
    await inContext(async (context) => {
      await context.addInitScript({
        content: `localStorage.setItem('currentUser', JSON.stringify({ id: 1, name: 'Gone Admin', isAdmin: true }));`,
      });
      const { page, problems } = await openHydrated(context, '/');
      expect((await serverElements(page)).replaced).toEqual([]);
      expect(problems).toEqual([]);
      await page.getByRole('button', { name: 'Login' }).waitFor();
      expect(await page.getByRole('button', { name: `Delete ${fairTitle}` }).count()).toBe(0);
    });
  });

  it("takes over a sheet page as sent in a browser in another time zone: its dates are the school's", async () => {
    // The server and the browser both read the page's dates on the school's clock, which the page's
    // data carries (apps/web/src/lib/dates.ts), so a browser elsewhere finds the server's text.
    // e2e/school-clock.test.ts checks the times themselves.
    const serverZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const timezoneId = serverZone === 'Pacific/Kiritimati' ? 'America/Adak' : 'Pacific/Kiritimati';
    await inContext(
      async (context) => {
        const sheet = (await journey.api('GET', `/api/signup-sheets/${fairId}`)).body as { eventDate: string };
        const { page, problems } = await openHydrated(context, `/signup-sheet/${fairId}`);
        expect((await serverElements(page)).replaced).toEqual([]);
        expect(problems).toEqual([]);

        // The browser's own clock would have written another day: the page shows the school's.
        const local = await page.evaluate((iso) => {
          const date = new Date(iso);
          const day = new Intl.DateTimeFormat('en-US', {
            weekday: 'long',
            month: 'long',
            day: 'numeric',
            year: 'numeric',
          });
          const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
          return `${day.format(date)} at ${time.format(date)}`.replace(/\u202f/g, ' ');
        }, sheet.eventDate);
        const { root } = await rawPage(journey.server.url, `/signup-sheet/${fairId}`);
        const school = new Intl.DateTimeFormat('en-US', {
          timeZone: journey.server.config.timeZone,
          dateStyle: 'full',
          timeStyle: 'short',
        })
          .format(new Date(sheet.eventDate))
          .replace(/\u202f/g, ' ');
        const shown = await page.locator('#root').innerText();
        expect(shown).toContain(school);
        expect(root).toContain(school);
        expect(shown).not.toContain(local);
        expect(root).not.toContain(local);
        await page.getByRole('button', { name: 'Sign Up', exact: true }).first().click();
        await page.getByRole('dialog').getByLabel('Name').waitFor();
      },
      { timezoneId },
    );
  });

  it('renders a page the server leaves empty (the privacy policy) in the browser', async () => {
    await inContext(async (context) => {
      const { page, problems } = await openHydrated(context, '/privacy-policy');
      await page
        .getByRole('heading', { name: /privacy policy/i })
        .first()
        .waitFor();
      expect(problems).toEqual([]);
    });
  });
});

describe('with JavaScript turned off', () => {
  it('shows the home page with its cards, and a sheet page with its Sign Up buttons', async () => {
    await inContext(
      async (context) => {
        const page = await context.newPage();
        await page.goto('/');
        await page.getByRole('heading', { level: 3, name: fairTitle }).waitFor();
        const links = page.getByRole('link', { name: 'View & Sign Up' });
        expect(await links.count()).toBe(3);
        expect(await links.first().isVisible()).toBe(true);

        // The card's link is a plain link: it works without scripts too.
        await openFairFromItsCard(page);
        expect(await page.getByRole('button', { name: 'Sign Up', exact: true }).count()).toBe(2);
      },
      { javaScriptEnabled: false },
    );
  });
});

describe('a sheet title written to break out of the page', () => {
  it('is text in the HTML as sent: no element or script comes of it', async () => {
    const { root } = await rawPage(journey.server.url, `/signup-sheet/${hostileId}`);
    expect(root).not.toContain('<img src=x');
    expect(root).not.toContain('<script');
    expect(root).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');

    for (const path of ['/', `/signup-sheet/${hostileId}`]) {
      const sent = await rawPage(journey.server.url, path);
      await parsedWithoutScripts(sent.html, async (page) => {
        expect(await page.locator('#root script, #root img[src="x"], img[onerror]').count()).toBe(0);
        // The title, whole and as typed (no `$` pattern expanded into parts of the page).
        const titles = await page.locator('#root h1, #root h3').allTextContents();
        expect(titles).toContain(hostileTitle);
      });
    }
  });

  it('stays text after hydration, and nothing runs', async () => {
    await inContext(async (context) => {
      for (const path of ['/', `/signup-sheet/${hostileId}`]) {
        const { page, problems, dialogs } = await openHydrated(context, path);
        expect((await serverElements(page)).replaced).toEqual([]);
        await page.getByRole('heading', { name: hostileTitle, exact: true }).first().waitFor();
        expect(await page.locator('img[src="x"], img[onerror], #root script').count()).toBe(0);
        expect(dialogs).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      }
    });
  });
});

describe('without the server-rendering build', () => {
  let bare: Journey;
  let dir = '';
  beforeAll(async () => {
    // A copy of the public build alone: nothing beside it in ../dist-ssr.
    dir = mkdtempSync(join(tmpdir(), 'pac-no-ssr-'));
    cpSync(webDist, join(dir, 'dist'), { recursive: true });
    bare = await startJourney({}, { staticDir: join(dir, 'dist') });
    await seedSheet(bare, { title: fairTitle }, [{ title: 'Face painting', maxVolunteers: 3 }]);
  });
  afterAll(async () => {
    await bare.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the pages with an empty root, and the browser renders them from the embedded data', async () => {
    const { html, root } = await rawPage(bare.server.url, '/');
    expect(root).toBe('');
    expect(html).toContain(fairTitle); // in the embedded data

    await inContext(
      async (context) => {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        await page.goto('/');
        await page.getByRole('link', { name: 'View & Sign Up' }).first().waitFor();
        await page.getByRole('heading', { level: 3, name: fairTitle }).waitFor();
        await page.getByRole('link', { name: 'View & Sign Up' }).first().click();
        await page.getByRole('button', { name: 'Sign Up', exact: true }).first().click();
        await page.getByRole('dialog').getByLabel('Name').waitFor();
        expect(problems).toEqual([]);
      },
      {},
      bare,
    );
  });
});
