import { type Language, languageCookieName } from '@pac/validators/page-data';

/** A year, as the server keeps the cookie it sets for `?lang=`. */
const cookieMaxAge = 365 * 24 * 60 * 60;

/**
 * The `lang` cookie for `language`, as the server writes it for `?lang=` (apps/server's
 * setLanguageCookie): for a year, on every path, sent on top-level navigations from other sites
 * (Lax), and only over HTTPS when the page came over HTTPS.
 */
export function languageCookie(language: Language, secure: boolean): string {
  return `${languageCookieName}=${encodeURIComponent(language)}; Path=/; Max-Age=${cookieMaxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Makes `language` the one this browser asks for from now on: the server reads the `lang` cookie
 * on every request (after the account's own language), so a request sent after this one is
 * answered, and a signup stored, in `language`.
 */
export function rememberLanguage(language: Language, doc: Document = document): void {
  doc.cookie = languageCookie(language, doc.location?.protocol === 'https:');
}

/**
 * The same page in `language`: `href` with `?lang=` set (any other query and the fragment kept),
 * which the server answers in that language and keeps as the `lang` cookie.
 */
export function pageInLanguage(href: string, language: Language): string {
  const url = new URL(href);
  url.searchParams.set('lang', language);
  return url.href;
}
