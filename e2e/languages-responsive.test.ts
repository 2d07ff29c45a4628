import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { smtpEnv, startTestSmtp, type TestSmtp } from '@pac/server/test/smtp';
import { type Language, languages } from '@pac/validators';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from './a11y';
import { admin, inDays, type Journey, mailedLink, startJourney, waitUntilHydrated } from './harness';
import { headerAndTouchProblems, layoutProblems } from './layout';

/**
 * Every page in each of the nine languages, at a phone's width (390 × 844) and a laptop's
 * (1280 × 800): nothing wider than the window, no text cut at the edge of its box (the layout checks
 * of responsive.test.ts), the page in its language (`<html lang dir>`, and its words in its script),
 * and Farsi laid out right to left: its screenshot is the English one mirrored in where things sit
 * (the brand at the right, the menu at the left). Screenshots land in `screenshotDir`.
 *
 * Debian's Chromium here has no fonts for Chinese, Korean, Punjabi or Farsi, which a parent's phone
 * has: the page gets the Noto Sans fonts the card already bundles (from the npm registry), so that
 * lines are as long as on a phone and the screenshots can be read.
 */

const screenshotDir = fileURLToPath(new URL('./screenshots/languages/', import.meta.url));

const viewports = [
  { name: 'phone-390x844', width: 390, height: 844 },
  { name: 'laptop-1280x800', width: 1280, height: 800 },
];

/** A character of each language's own script, for languages not written in Latin letters. */
const scripts: Partial<Record<Language, RegExp>> = {
  'zh-Hans': /\p{Script=Han}/u,
  'zh-Hant': /\p{Script=Han}/u,
  pa: /\p{Script=Gurmukhi}/u,
  fa: /\p{Script=Arabic}/u,
  ko: /\p{Script=Hangul}/u,
};

const require = createRequire(import.meta.url);
const fontPackages = [
  '@fontsource-variable/noto-sans',
  '@fontsource-variable/noto-sans-arabic',
  '@fontsource-variable/noto-sans-gurmukhi',
  '@fontsource-variable/noto-sans-kr',
  '@fontsource-variable/noto-sans-sc',
  '@fontsource-variable/noto-sans-tc',
];
const fontDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The fonts' @font-face rules, their files served under /__test-fonts/ (routed to the packages). */
const fontCss = fontPackages
  .map((name) =>
    readFileSync(join(fontDir(name), 'index.css'), 'utf8').replaceAll(
      'url(./files/',
      `url(/__test-fonts/${name}/files/`,
    ),
  )
  .join('\n');
const fontStack = (language: Language) =>
  [
    "'Noto Sans Variable'",
    "'Noto Sans Arabic Variable'",
    "'Noto Sans Gurmukhi Variable'",
    language === 'zh-Hant' ? "'Noto Sans TC Variable'" : "'Noto Sans SC Variable'",
    "'Noto Sans KR Variable'",
    'sans-serif',
  ].join(', ');

let smtp: TestSmtp;
let journey: Journey;
let adminId = 0;
let sheetId = 0;
let manageLink = '';

beforeAll(async () => {
  smtp = await startTestSmtp();
  journey = await startJourney(smtpEnv(smtp));
  adminId = ((await journey.api('GET', '/api/auth/me')).body as { id: number }).id;
  const created = await journey.api('POST', '/api/signup-sheets', {
    title: 'Spring Family Fun Fair and Silent Auction',
    description: 'Join us for our biggest evening of the year! Bring a friend.',
    eventDate: inDays(6),
    organizerName: 'Olivia Organizer',
    organizerEmail: 'olivia@example.org',
    location: 'School gymnasium, 1234 Example Street',
  });
  expect(created.status).toBe(201);
  sheetId = (created.body as { id: number }).id;
  const start = new Date(inDays(6)).getTime();
  const hour = 60 * 60 * 1000;
  const slotIds: number[] = [];
  for (const [index, slot] of [
    { title: 'Set up the tables and the welcome banner', maxVolunteers: 4 },
    { title: 'Ticket desk', maxVolunteers: 1 },
    { title: 'Bake sale', maxVolunteers: 6 },
  ].entries()) {
    const res = await journey.api('POST', '/api/volunteer-slots', {
      signupSheetId: sheetId,
      description: 'Meet at the office.',
      startTime: new Date(start + index * hour).toISOString(),
      endTime: new Date(start + (index + 2) * hour).toISOString(),
      ...slot,
    });
    expect(res.status).toBe(201);
    slotIds.push((res.body as { id: number }).id);
  }
  for (const [slotId, name, email] of [
    [slotIds[0], 'Zoë Ñúñez-Ødegård', 'zoe@example.org'],
    [slotIds[1], '李小龙', 'li@example.org'],
    [slotIds[0], 'Harpreet Kaur', 'harpreet@example.org'],
  ] as const) {
    const res = await journey.api('POST', '/api/volunteers', {
      slotId,
      name,
      email,
      phone: '+1 (555) 010-0199',
      notes: '',
      emailConsent: true,
    });
    expect(res.status).toBe(201);
  }
  manageLink = await mailedLink(smtp, 'zoe@example.org', '/my-signup');
});

afterAll(async () => {
  await journey.close();
  await smtp.close();
});

interface PageToCheck {
  name: string;
  path: () => string;
  signedIn?: boolean;
}

const pages: PageToCheck[] = [
  { name: 'home', path: () => '/' },
  { name: 'sheet', path: () => `/signup-sheet/${sheetId}` },
  { name: 'news', path: () => '/news' },
  { name: 'privacy-policy', path: () => '/privacy-policy' },
  { name: 'admin-signed-out', path: () => '/admin' },
  { name: 'my-signup', path: () => manageLink },
  { name: 'reset-password', path: () => '/reset-password?token=abcdefghijklmnopqrstuvwxyz' },
  { name: 'verify-email-invalid', path: () => '/verify-email?token=x' },
  { name: 'not-found', path: () => '/no-such-page' },
  { name: 'home-admin', path: () => '/', signedIn: true },
  { name: 'sheet-admin', path: () => `/signup-sheet/${sheetId}`, signedIn: true },
  { name: 'roster', path: () => `/signup-sheet/${sheetId}/roster`, signedIn: true },
  { name: 'profile', path: () => `/profile/${adminId}`, signedIn: true },
  { name: 'admin', path: () => '/admin', signedIn: true },
  { name: 'monitoring', path: () => '/monitoring', signedIn: true },
];

/**
 * Where the header's brand (the home link) and its controls (language, account) sit across the
 * window: each one's centre, as a share of the width.
 */
function headerPositions(page: Page): Promise<{ brand: number; controls: number }> {
  return page.evaluate(() => {
    const centre = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return Number.NaN;
      const box = element.getBoundingClientRect();
      return (box.left + box.width / 2) / document.documentElement.clientWidth;
    };
    return { brand: centre('header a[href="/"]'), controls: centre('header .pac-header-end') };
  });
}

describe.each(languages.map((l) => l.tag))('in %s', (language) => {
  describe.each(viewports)('at $name', (viewport) => {
    let visitor: BrowserContext;
    let signedIn: BrowserContext;
    const phone = viewport.width < 768;

    async function newContext(): Promise<BrowserContext> {
      const context = await journey.browser.newContext({
        baseURL: journey.server.url,
        viewport: { width: viewport.width, height: viewport.height },
        hasTouch: phone,
        // The test's fonts go in as a stylesheet the site's CSP would refuse.
        bypassCSP: true,
      });
      await context.route('**/__test-fonts/**', async (route) => {
        const path = new URL(route.request().url()).pathname.replace('/__test-fonts/', '');
        const name = fontPackages.find((p) => path.startsWith(`${p}/`));
        if (!name) return route.abort();
        await route.fulfill({ path: join(fontDir(name), path.slice(name.length + 1)), contentType: 'font/woff2' });
      });
      await context.addCookies([{ name: 'lang', value: language, url: journey.server.url }]);
      return context;
    }

    beforeAll(async () => {
      visitor = await newContext();
      signedIn = await newContext();
      const login = await signedIn.request.post('/api/auth/login', { data: admin });
      expect(login.status()).toBe(200);
    });
    afterAll(async () => {
      await visitor.close();
      await signedIn.close();
    });

    it.each(pages)('$name', async ({ name, path, signedIn: asAdmin }) => {
      const page = await (asAdmin ? signedIn : visitor).newPage();
      // A message the page's loaded catalogs lack (one of a part this page does not load).
      const missing: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Uncompiled message')) missing.push(message.text().split('\n')[2] ?? '');
      });
      try {
        await page.goto(path());
        await waitUntilHydrated(page);
        await page.addStyleTag({
          // !important: Mantine declares its own on :root too.
          content: `${fontCss}\n:root { --mantine-font-family: ${fontStack(language)} !important; --mantine-font-family-headings: ${fontStack(language)} !important; }`,
        });
        await page.waitForFunction(
          () =>
            document.querySelector('header [data-loading]') === null &&
            Array.from(document.querySelectorAll('.mantine-Loader-root')).every((l) => !l.checkVisibility()),
        );
        await settle(page);
        await page.evaluate(() => document.fonts.ready);

        // The page is in its language, in its direction.
        const html = await page.evaluate(() => ({
          lang: document.documentElement.lang,
          dir: document.documentElement.dir,
          text: document.body.innerText,
        }));
        expect(html.lang).toBe(language);
        expect(html.dir).toBe(language === 'fa' ? 'rtl' : 'ltr');
        const script = scripts[language];
        if (script) expect(html.text, `${name}: words in the ${language} script`).toMatch(script);

        const dir = `${screenshotDir}${language}/${viewport.name}`;
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });

        // Farsi is mirrored: the header starts with the brand at the right and ends with the
        // language and account controls at the left; the other languages the other way round.
        const { brand, controls } = await headerPositions(page);
        if (language === 'fa') {
          expect(brand, `${name}: the brand at the right`).toBeGreaterThan(0.5);
          expect(controls, `${name}: the controls at the left`).toBeLessThan(0.5);
        } else {
          expect(brand, `${name}: the brand at the left`).toBeLessThan(0.5);
          expect(controls, `${name}: the controls at the right`).toBeGreaterThan(0.5);
        }

        expect(missing, `${name}: messages its catalogs lack`).toEqual([]);
        const problems = [...(await layoutProblems(page, 'page')), ...(await headerAndTouchProblems(page, phone))];
        expect
          .soft(problems, `${name} in ${language} at ${viewport.name} (${page.url()}):\n  ${problems.join('\n  ')}`)
          .toEqual([]);
      } finally {
        await page.close();
      }
    });
  });
});
