import { DirectionProvider } from '@mantine/core';
import { defaultLanguage, languageDirection } from '@pac/validators/page-data';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { cachedDatesIn, type Dates } from '../dates';
import type { PageLanguage } from '../pageData';

/** English, left to right: a page whose data names no language (`pnpm dev` without the server, tests). */
export const fallbackLanguage: PageLanguage = { language: defaultLanguage, dir: languageDirection(defaultLanguage) };

const LanguageContext = createContext<PageLanguage>(fallbackLanguage);

/**
 * The page's language for everything under it, and its direction for Mantine's components
 * (DirectionProvider: Farsi lays out right to left). The server rendered the page, and wrote
 * `<html lang dir>`, from the same answer, so the first render in the browser is the server's.
 * In the browser, `<html>` is kept saying the same (`pnpm dev` serves an index.html that says
 * English). A page's language changes only with a new page load (the language menu navigates).
 */
export function LanguageProvider({ value, children }: { value: PageLanguage; children: ReactNode }) {
  useEffect(() => {
    const html = document.documentElement;
    if (html.lang !== value.language) html.lang = value.language;
    if (html.dir !== value.dir) html.dir = value.dir;
  }, [value.language, value.dir]);

  return (
    <DirectionProvider initialDirection={value.dir} detectDirection={false}>
      <LanguageContext value={value}>{children}</LanguageContext>
    </DirectionProvider>
  );
}

/** The language the page is read in, and its direction. */
export function useLanguage(): PageLanguage {
  return useContext(LanguageContext);
}

/** Dates and times written the page's language's way, on the school's clock (lib/dates). */
export function useDates(): Dates {
  return cachedDatesIn(useLanguage().language);
}
