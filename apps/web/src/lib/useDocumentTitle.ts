import { useEffect } from 'react';

/** The product's name: the whole tab title of the home page, and the end of every other one. */
export const siteName = 'PAC Hub';

/** A page's tab title: '{title} · PAC Hub', or 'PAC Hub' alone for a page without a title. */
export function documentTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} · ${siteName}` : siteName;
}

/**
 * Names the browser tab after the page shown ('Fall Bake Sale · PAC Hub'), so that tabs, history
 * and bookmarks tell pages apart. The next page sets its own title when it renders.
 */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
