import type { SheetPreview } from '@pac/api';
import type { I18n } from '@pac/i18n/server';
import { homePageTitle, pageTitle } from '@pac/validators/page-data';

/**
 * What a page's `<head>` says about it, for the browser's tab and for whatever reads the HTML without
 * running it (a chat app's link preview, a search engine): its title, a description, and the Open
 * Graph tags (https://ogp.me) that link previews read. API.md "Sharing a sheet". In the page's
 * language: the same words the web app gives its tab (its catalog's), and our own descriptions.
 */

/** Text made safe for HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Which page the head is for, as far as its head tells them apart. */
export type HeadPage =
  | { kind: 'home' }
  /** /news: the school news, with its Atom feed. */
  | { kind: 'news' }
  | { kind: 'sheet'; sheet: SheetPreview }
  | { kind: 'sheetNotFound' }
  | { kind: 'notFound' }
  /** Any other page of the app: the app names its tab once it runs. */
  | { kind: 'other' };

export interface SiteFacts {
  /** SCHOOL_NAME */
  schoolName: string;
  /** PUBLIC_BASE_URL, without a trailing slash. */
  publicBaseUrl: string;
}

/** The titles the web app gives the same pages (its pages' PageLayout titles), so that the tab keeps its name once the app runs. */
const notFoundTitles = {
  sheetNotFound: /*i18n*/ 'Signup Sheet Not Found',
  notFound: /*i18n*/ 'Page Not Found',
} as const;

/** The news page's title, as the web app's News page names itself. */
export const newsPageTitle = /*i18n*/ 'School news';

/** Where feed readers find the school news (a link in the home and news pages' heads). */
const feedLink = (site: SiteFacts, i18n: I18n) =>
  `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${site.schoolName}: ${i18n._(newsPageTitle)}`)}" href="${escapeHtml(`${site.publicBaseUrl}/news.atom`)}">`;

/** What the site is, for the home page's preview and the pages that do not describe themselves. */
const siteDescription = (school: string, i18n: I18n) =>
  i18n._('Volunteer signups for {school}: see where help is needed and sign up.', { school });

const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;

/**
 * The tags for the page's `<head>`: `<title>`, the description, and Open Graph: og:site_name on
 * every page (the web app ends its tab titles with it), and og:title, og:description, og:url and
 * og:type on the pages worth a preview (the home page and a sheet). A page that does not exist is
 * not to be indexed. Their words in the language of `i18n` (`i18nFor(language)`), the page's.
 */
export function pageHeadTags(page: HeadPage, site: SiteFacts, i18n: I18n): string {
  const home = i18n._(homePageTitle);
  const school = site.schoolName;
  const tags: string[] = [];
  const preview = (title: string, description: string, url: string) => {
    tags.push(
      meta('description', description),
      property('og:title', title),
      property('og:description', description),
      property('og:url', url),
      property('og:type', 'website'),
    );
  };
  let title: string;
  switch (page.kind) {
    case 'home':
      title = pageTitle(null, school, home);
      preview(title, siteDescription(school, i18n), `${site.publicBaseUrl}/`);
      tags.push(feedLink(site, i18n));
      break;
    case 'news':
      title = pageTitle(i18n._(newsPageTitle), school, home);
      preview(
        title,
        i18n._("What changed on {school}'s website, as the parent advisory council announced it.", { school }),
        `${site.publicBaseUrl}/news`,
      );
      tags.push(feedLink(site, i18n));
      break;
    case 'sheet':
      title = pageTitle(page.sheet.title, school, home);
      preview(page.sheet.title, page.sheet.description, page.sheet.url);
      break;
    case 'sheetNotFound':
    case 'notFound':
      title = pageTitle(i18n._(notFoundTitles[page.kind]), school, home);
      tags.push(meta('robots', 'noindex'));
      break;
    case 'other':
      title = pageTitle(null, school, home);
      tags.push(meta('description', siteDescription(school, i18n)));
      break;
  }
  return [`<title>${escapeHtml(title)}</title>`, ...tags, property('og:site_name', school)].join('');
}
