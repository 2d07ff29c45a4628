import { offsetAt } from '@pac/validators/page-data';
import type { ApiConfig } from '../config';
import { schoolClockFor } from '../lib/schoolTime';
import type { NewsItem } from './service';

/**
 * The school news as an Atom 1.0 feed (RFC 4287) for feed readers: the newest approved
 * announcements, each with its headline, the approved words (what the page gained, and its link)
 * and a link to the page that changed. Times are written with the school's UTC offset, so that a
 * reader showing them as written shows the school's clock.
 */

/** Characters XML 1.0 does not allow anywhere (control characters, lone surrogates, U+FFFE/U+FFFF). */
const notXmlChar =
  // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe as an XML element's content or a double-quoted attribute's value. */
export function xmlText(value: string): string {
  return value
    .replace(notXmlChar, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** RFC 3339 with the school's offset at that instant: 2026-11-28T09:05:00-08:00. */
export function schoolTimestamp(date: Date, timeZone: string): string {
  const offset = offsetAt(schoolClockFor(timeZone), date.getTime());
  const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 19);
  if (offset === 0) return `${local}Z`;
  const size = Math.abs(offset);
  const hh = String(Math.floor(size / 60)).padStart(2, '0');
  const mm = String(size % 60).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** The anchor of an announcement on /news (each entry's id there). */
export function newsAnchor(id: number): string {
  return `announcement-${id}`;
}

/** The feed's XML: `items` newest first; `now` dates an empty feed. */
export function newsAtom(
  config: Pick<ApiConfig, 'publicBaseUrl' | 'schoolName' | 'timeZone'>,
  items: readonly NewsItem[],
  now: Date,
): string {
  const base = config.publicBaseUrl;
  const time = (date: Date) => schoolTimestamp(date, config.timeZone);
  const updated = items.reduce(
    (latest, item) => (item.publishedAt > latest ? item.publishedAt : latest),
    items[0]?.publishedAt ?? now,
  );
  const school = xmlText(config.schoolName);
  const entries = items.map((item) => {
    const page = `${base}/news#${newsAnchor(item.id)}`;
    return [
      '  <entry>',
      `    <id>${xmlText(page)}</id>`,
      `    <title type="text">${xmlText(item.headline)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(item.link)}"/>`,
      `    <link rel="related" type="text/html" href="${xmlText(page)}"/>`,
      `    <link rel="enclosure" type="image/jpeg" href="${xmlText(item.imageUrl)}" title="${xmlText(item.imageAlt)}"/>`,
      `    <published>${time(item.publishedAt)}</published>`,
      `    <updated>${time(item.publishedAt)}</updated>`,
      `    <category term="${xmlText(item.monitorName)}"/>`,
      `    <summary type="text">${xmlText(item.headline)}</summary>`,
      `    <content type="text">${xmlText(item.text)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${xmlText(`${base}/news`)}</id>`,
    `  <title type="text">${school}: School news</title>`,
    `  <subtitle type="text">Changes on the school's website, as the PAC announced them</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(`${base}/news.atom`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(`${base}/news`)}"/>`,
    `  <updated>${time(updated)}</updated>`,
    `  <author><name>${school}</name><uri>${xmlText(base)}</uri></author>`,
    '  <generator>PAC Hub</generator>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
