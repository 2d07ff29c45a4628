import { volunteers } from '@pac/db';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { i18nFor } from '@pac/i18n/server';
import type { Language } from '@pac/validators';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { type Journey, seedSheet, startJourney, waitUntilHydrated } from './harness';
import { watchProblems } from './hydration';

/**
 * Issue 27, choosing the language and laying out right to left (API.md "Languages"): the language
 * comes from the account, else the `lang` cookie (the header's language menu, `?lang=`), else
 * Accept-Language, else English; the server writes it on `<html lang dir>`, and Farsi is laid out
 * right to left. Each language's words are its catalog's (the test reads them from there).
 */

const phone = { width: 390, height: 844 };
const laptop = { width: 1280, height: 800 };

let journey: Journey;
let sheetId = 0;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  journey = await startJourney();
  ({ sheetId } = await seedSheet(journey, { title: 'Spring Fair' }, [{ title: 'Ticket table', maxVolunteers: 5 }]));
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(() => journey.close());

/** A fresh browser (no cookies) with its own settings: `locale` sets its Accept-Language. */
async function browse(options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await journey.browser.newContext({ baseURL: journey.server.url, viewport: laptop, ...options });
  contexts.push(context);
  return { context, page: await context.newPage() };
}

/** What `<html>` says once the page is up. */
function htmlLanguage(page: Page): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/** A message as the page writes it in `language` (tags of links and emphasis taken out). */
const t = (language: Language, id: string, values?: Record<string, string>) =>
  i18nFor(language)
    ._(id, values)
    .replace(/<\/?\d+>/g, '');

/** The header's language button, named 'Language: ' and the language in itself (in the page's `language`). */
const languageButton = (page: Page, name: string, language: Language) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: t(language, 'Language: <0>{language}</0>', { language: name }) });

/** Opens the header's language menu and chooses `name`; resolves once the page in that language has loaded. */
async function chooseLanguage(page: Page, current: string, name: string, tag: string): Promise<void> {
  await languageButton(page, current, 'en').click();
  const menu = page.getByRole('menu');
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get('lang') === tag),
    menu.getByRole('menuitemradio', { name }).click(),
  ]);
  await waitUntilHydrated(page);
}

/** The `lang` cookie this browser holds, if any. */
async function langCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'lang')?.value;
}

/** Signs `account` in on `context` (its session cookie, and nothing else). */
async function signInOn(context: BrowserContext, account: { email: string; password: string }): Promise<void> {
  const login = await context.request.post('/api/auth/login', { data: account });
  expect(login.status()).toBe(200);
}

describe('a browser that asks for Farsi (Accept-Language fa-IR)', () => {
  it('gets the page in Farsi, right to left: <html lang="fa" dir="rtl">, the menu says فارسی, the header mirrored', async () => {
    const { page } = await browse({ locale: 'fa-IR', viewport: phone, hasTouch: true });
    const problems = watchProblems(page);
    const response = await page.goto('/');
    expect(response?.request().headers()['accept-language']).toMatch(/^fa-IR\b/);
    // The server's HTML says it before any script runs.
    expect((await response?.text())?.match(/<html\b[^>]*>/)?.[0]).toMatch(
      /\blang="fa"[^>]*\bdir="rtl"|\bdir="rtl"[^>]*\blang="fa"/,
    );
    await waitUntilHydrated(page);
    expect(await htmlLanguage(page)).toEqual({ lang: 'fa', dir: 'rtl' });

    const button = languageButton(page, 'فارسی', 'fa');
    await button.waitFor();
    expect(await button.locator('[lang="fa"]').first().textContent()).toBe('فارسی');

    // Right to left: the brand at the right of the header, the language button and Login at its left.
    const brand = await page.getByRole('link', { name: t('fa', 'PAC Hub home') }).boundingBox();
    const menuButton = await button.boundingBox();
    const login = await page
      .getByRole('banner')
      .getByRole('button', { name: t('fa', 'Login') })
      .boundingBox();
    if (!brand || !menuButton || !login) throw new Error('the header is not laid out');
    expect(brand.x).toBeGreaterThan(phone.width / 2);
    expect(menuButton.x + menuButton.width).toBeLessThan(brand.x);
    expect(login.x + login.width).toBeLessThanOrEqual(menuButton.x);
    // At 390 px: the globe alone, a 44 × 44 px target; 'PAC Hub' on one line; nothing scrolls sideways.
    expect(menuButton.width).toBeGreaterThanOrEqual(43.5);
    expect(menuButton.height).toBeGreaterThanOrEqual(43.5);
    expect(brand.height).toBeLessThan(40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    await checkA11y(page, 'the home page in Farsi');

    // The menu opens from the button, every language named in itself, Farsi checked.
    await button.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const farsi = menu.getByRole('menuitemradio', { name: 'فارسی' });
    expect(await farsi.getAttribute('aria-checked')).toBe('true');
    expect(await menu.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('false');
    // The focus moves to the checked language (the menu gives it once its dropdown is up).
    await expect.poll(() => farsi.evaluate((item) => item === document.activeElement)).toBe(true);
    const dropdown = await menu.boundingBox();
    expect(dropdown && dropdown.x >= 0 && dropdown.x + dropdown.width <= phone.width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await checkA11y(page, 'the language menu open, in Farsi');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    expect(problems).toEqual([]);
  });

  it("points 'Back' arrows the other way: the sheet page's back link mirrored, an English one not", async () => {
    const arrowTransform = async (page: Page, language: Language) => {
      await page.goto(`/signup-sheet/${sheetId}`);
      const back = page.getByRole('link', { name: t(language, 'Back to all opportunities') });
      await back.waitFor();
      return back.locator('svg').evaluate((svg) => getComputedStyle(svg).transform);
    };
    const { page: farsi } = await browse({ locale: 'fa-IR', viewport: phone });
    expect(await arrowTransform(farsi, 'fa')).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    const { page: english } = await browse({ locale: 'en-CA', viewport: phone });
    expect(await arrowTransform(english, 'en')).toBe('none');
  });
});

describe('the language menu', () => {
  it('reloads the page in Español with ?lang=es, which the lang cookie keeps on the pages after', async () => {
    const { context, page } = await browse({ locale: 'en-CA' });
    await page.goto('/news');
    await waitUntilHydrated(page);
    expect(await htmlLanguage(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await chooseLanguage(page, 'English', 'Español', 'es');

    expect(new URL(page.url()).pathname).toBe('/news');
    expect(await htmlLanguage(page)).toEqual({ lang: 'es', dir: 'ltr' });
    // On a laptop the button shows the name, in Spanish.
    const button = languageButton(page, 'Español', 'es');
    await button.getByText('Español').filter({ visible: true }).first().waitFor();
    expect(await langCookie(context)).toBe('es');

    // Another page, loaded from the server without ?lang=: still Spanish.
    const home = await page.goto('/');
    expect((await home?.text())?.match(/<html\b[^>]*>/)?.[0]).toContain('lang="es"');
    await waitUntilHydrated(page);
    expect(await htmlLanguage(page)).toEqual({ lang: 'es', dir: 'ltr' });
    await languageButton(page, 'Español', 'es').waitFor();
    // And one the app opens itself, without the server, in Spanish from its first words.
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: t('es', 'Privacy Policy') })
      .click();
    await page.waitForURL('**/privacy-policy');
    await languageButton(page, 'Español', 'es').waitFor();
    await page.getByRole('heading', { level: 1, name: t('es', 'Privacy Policy') }).waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'es', dir: 'ltr' });
  });

  it("saves a signed-in person's choice as their account's language, which a browser without the cookie gets too", async () => {
    const person = { name: 'Harpreet Gill', email: 'harpreet@example.org', password: 'harpreet-secret-1' };
    expect((await journey.api('POST', '/api/auth/register', person, false)).status).toBe(201);

    const { context, page } = await browse({ locale: 'en-CA' });
    await signInOn(context, person);
    await page.goto('/');
    await waitUntilHydrated(page);
    await page.getByRole('button', { name: /Account menu for Harpreet Gill/ }).waitFor();
    await chooseLanguage(page, 'English', 'ਪੰਜਾਬੀ', 'pa');
    expect(await htmlLanguage(page)).toEqual({ lang: 'pa', dir: 'ltr' });

    const me = await context.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { language: string | null }).language).toBe('pa');

    // Another browser (another device), English by its Accept-Language and with no lang cookie.
    const { context: other, page: otherPage } = await browse({ locale: 'en-CA' });
    await signInOn(other, person);
    expect(await langCookie(other)).toBeUndefined();
    await otherPage.goto('/');
    await waitUntilHydrated(otherPage);
    expect(await htmlLanguage(otherPage)).toEqual({ lang: 'pa', dir: 'ltr' });
    await languageButton(otherPage, 'ਪੰਜਾਬੀ', 'pa').waitFor();
  });
});

describe("the signup dialog's 'Language for messages'", () => {
  /**
   * Signs up for the Ticket table, choosing `language` for messages unless none; returns what the
   * select first said and the language the signup was stored with.
   */
  async function signUp(
    page: Page,
    email: string,
    pageLanguage: Language,
    language?: string,
  ): Promise<{ offered: string; stored: string | undefined }> {
    const say = (id: string, values?: Record<string, string>) => t(pageLanguage, id, values);
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByRole('button', { name: say('Sign Up'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: say('Sign up: {slot}', { slot: 'Ticket table' }) });
    // A field by its whole label (a required one ends in ' *'): 'نام' is also the start of other labels.
    const field = (id: string) =>
      dialog.getByLabel(new RegExp(`^${say(id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
    await field('Name').fill('Min-jun Park');
    await field('Email').fill(email);
    await field('Phone').fill('555-0123');
    const select = dialog.getByRole('combobox', { name: say('Language for messages') });
    const offered = await select.inputValue();
    if (language) await select.selectOption(language);
    await dialog.getByRole('button', { name: say('Sign Up') }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: say('Signup Successful!') })
      .waitFor();
    const stored = journey.server.runtime.db
      .select({ email: volunteers.email, language: volunteers.language })
      .from(volunteers)
      .all()
      .find((row) => row.email === email);
    return { offered, stored: stored?.language };
  }

  it("stores a signup made after choosing Korean (한국어) with language 'ko'", async () => {
    const { context, page } = await browse({ locale: 'en-CA', viewport: phone, hasTouch: true });
    expect(await signUp(page, 'minjun@example.org', 'en', 'ko')).toEqual({ offered: 'en', stored: 'ko' });
    expect(await langCookie(context)).toBe('ko');
  });

  it("starts at the page's language: a signup from a Farsi browser, left as it is, is stored in Farsi", async () => {
    const { context, page } = await browse({ locale: 'fa-IR' });
    expect(await signUp(page, 'shirin@example.org', 'fa')).toEqual({ offered: 'fa', stored: 'fa' });
    expect(await langCookie(context)).toBeUndefined();
  });
});
