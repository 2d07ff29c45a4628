import { type I18n, setupI18n } from '@lingui/core';
import { adminCatalogs, hasLoaded, markLoaded, pagesCatalogs, webCatalogs } from '@pac/i18n';
import type { Language } from '@pac/validators/page-data';

/**
 * The page's messages: the web app's in its language, and, for someone signed in, the signed-in
 * screens' too (the server preloads both files with the page). Resolves once they are loaded.
 */
export async function loadMessages(language: Language, signedIn: boolean): Promise<I18n> {
  const [web, admin] = await Promise.all([
    webCatalogs[language](),
    signedIn ? adminCatalogs[language]() : Promise.resolve(null),
  ]);
  const i18n = setupI18n({ locale: language, messages: { [language]: { ...web, ...admin } } });
  markLoaded(i18n, 'web');
  if (admin) markLoaded(i18n, 'admin');
  return i18n;
}

const adminLoads = new WeakMap<I18n, Promise<void>>();

/**
 * The signed-in screens' messages added to `i18n` (once; a failed load is tried again next time).
 * Someone who signs in gets them before the app shows them as signed in (CurrentUserProvider).
 */
export function loadSignedInMessages(i18n: I18n): Promise<void> {
  if (hasLoaded(i18n, 'admin')) return Promise.resolve();
  let loading = adminLoads.get(i18n);
  if (!loading) {
    const language = i18n.locale as Language;
    loading = adminCatalogs[language]().then(
      (messages) => {
        i18n.load(language, messages);
        markLoaded(i18n, 'admin');
      },
      (error: unknown) => {
        adminLoads.delete(i18n);
        throw error;
      },
    );
    adminLoads.set(i18n, loading);
  }
  return loading;
}

/** Whether `i18n` has the signed-in screens' messages. */
export function hasSignedInMessages(i18n: I18n): boolean {
  return hasLoaded(i18n, 'admin');
}

let browserI18n: I18n | null = null;

/** The browser's messages, for the pages that load a part of their own (main.tsx sets them once). */
export function setBrowserMessages(i18n: I18n): void {
  browserI18n = i18n;
}

const pagesLoads = new WeakMap<I18n, Promise<void>>();

/**
 * A page module, once the messages of the pages few visitors open (the privacy policy, an email
 * link's page) are here too: `lazy(() => withPagesMessages(import('./pages/X.page')))`. Without
 * them (a failed load) the page shows its English. The server's rendering and the tests hold every
 * message already.
 */
export async function withPagesMessages<T>(page: Promise<T>): Promise<T> {
  const i18n = browserI18n;
  if (i18n === null || hasLoaded(i18n, 'pages')) return page;
  let loading = pagesLoads.get(i18n);
  if (!loading) {
    const language = i18n.locale as Language;
    loading = pagesCatalogs[language]().then(
      (messages) => {
        i18n.load(language, messages);
        markLoaded(i18n, 'pages');
      },
      () => {
        pagesLoads.delete(i18n);
      },
    );
    pagesLoads.set(i18n, loading);
  }
  const [module] = await Promise.all([page, loading]);
  return module;
}
