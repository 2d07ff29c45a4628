import { pageTitle, productName } from '@pac/validators/page-data';
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
 * Signups' for the home page (no title).
 */
export function documentTitle(title?: string | null, site: string = siteName()): string {
  return pageTitle(title, site);
}

/**
 * Names the browser tab after the page shown ('Fall Bake Sale · Maple Elementary PAC'), so that
 * tabs, history and bookmarks tell pages apart. The next page sets its own title when it renders.
 */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
