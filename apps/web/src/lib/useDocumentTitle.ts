import { useLingui } from '@lingui/react';
import { homePageTitle, pageTitle, productName } from '@pac/validators/page-data';
import { useEffect } from 'react';

/**
 * The site's name at the end of every tab title: the school's (SCHOOL_NAME), which the server
 * writes into every page it sends as `og:site_name` (apps/server/src/http/pageHead.ts), or the
 * product's name where there is none (`pnpm dev`, tests).
 */
export function siteName(doc: Document | undefined = globalThis.document): string {
  const named = doc?.querySelector('meta[property="og:site_name"]')?.getAttribute('content')?.trim();
  return named || productName;
}

/**
 * A page's tab title, as the server's HTML has it: '{title} · {site}', or '{site} · Volunteer
 * Signups' for the home page (no title), `home` being 'Volunteer Signups' in the page's language.
 */
export function documentTitle(title?: string | null, site: string = siteName(), home?: string): string {
  return pageTitle(title, site, home);
}

/**
 * Names the browser tab after the page shown ('Fall Bake Sale · Maple Elementary PAC'), so that
 * tabs, history and bookmarks tell pages apart. The next page sets its own title when it renders.
 * `title` is in the page's language already (a message, or a sheet's own title).
 */
export function useDocumentTitle(title?: string | null): void {
  const { i18n } = useLingui();
  const home = i18n._(homePageTitle);
  useEffect(() => {
    document.title = documentTitle(title, siteName(), home);
  }, [title, home]);
}
