import type { RouterOutputs } from '@pac/api';
import { appPages } from '@pac/validators/page-data';

/**
 * The school news (API.md "Announcements a person approves"): announcements an admin approved,
 * shown to everyone on /news, in its Atom feed and, the latest few, on the home page.
 */

/** One approved announcement as the public reads it. */
export type NewsItem = RouterOutputs['announcements']['news'][number];

/** Where feed readers subscribe to the school news. */
export const newsFeedPath = '/news.atom';

/** The id of an announcement's article on /news, which the feed's entries and the home page link to. */
export function newsAnchor(id: number): string {
  return `announcement-${id}`;
}

/** The link to one announcement on /news. */
export function newsItemHref(id: number): string {
  return `${appPages.news.path}#${newsAnchor(id)}`;
}

/** The card image's size (API.md: a 1080 × 1350 JPEG), and the size /news shows it at. */
export const cardImage = { width: 1080, height: 1350, shownWidth: 288, shownHeight: 360 } as const;

/**
 * The approved words without their last line when that line only points at `link`
 * ('More on the school website: https://…', or the bare address): /news shows the link itself
 * under the words. Anything else the admin wrote stays as approved.
 */
export function newsBody(text: string, link: string): string {
  const lines = text.trimEnd().split('\n');
  const last = (lines.at(-1) ?? '').trim();
  const address = link.trim();
  if (address !== '' && (last === address || last === `More on the school website: ${address}`)) {
    return lines.slice(0, -1).join('\n').trimEnd();
  }
  return text.trimEnd();
}
