import { formatDateTime } from '../email/templates';
import { INSTAGRAM_CAPTION_LIMIT, truncateCaption } from './instagram';

/** A detected change on a monitored school web page. */
export type ChangePostInput = {
  schoolName: string;
  monitorName: string;
  summary: string;
  url: string;
  detectedAt: Date;
  /** IANA time zone for the date; defaults to the process time zone. */
  timeZone?: string;
};

export type TestPostInput = { schoolName: string; sentAt: Date; timeZone?: string };

/** Longest summary put in a Facebook post; a diff can be far longer than anyone reads in a feed. */
const FACEBOOK_SUMMARY_LIMIT = 1500;

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** Keeps line breaks but drops trailing spaces and runs of blank lines. */
function tidy(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function cut(value: string, max: number): string {
  const chars = Array.from(value);
  if (chars.length <= max) return value;
  if (max <= 1) return max === 1 ? '…' : '';
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** '#MapleElementaryPAC' from 'Maple Elementary PAC'; empty when nothing usable is left. */
export function hashtag(text: string): string {
  const words = text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const tag = words.map((w) => (w[0] ?? '').toUpperCase() + w.slice(1)).join('');
  return tag ? `#${cut(tag, 60)}` : '';
}

function heading(input: { schoolName: string }): string {
  return `School website update from ${oneLine(input.schoolName)}`;
}

function changedLine(input: ChangePostInput): string {
  return `The "${oneLine(input.monitorName)}" page has changed:`;
}

function detectedLine(input: ChangePostInput): string {
  return `Detected ${formatDateTime(input.detectedAt, input.timeZone)}.`;
}

/** Facebook post text about a change; the page link is included (also pass it as `link` for a preview). */
export function changePostText(input: ChangePostInput): string {
  const summary = cut(tidy(input.summary), FACEBOOK_SUMMARY_LIMIT) || 'See the page for details.';
  return [
    heading(input),
    '',
    changedLine(input),
    summary,
    '',
    detectedLine(input),
    `Read the full page: ${input.url.trim()}`,
  ].join('\n');
}

/**
 * Instagram caption about a change. Links are not clickable in captions, so the address is written
 * out as text; hashtags close it. The summary is shortened so the whole caption fits 2,200 characters.
 */
export function changeCaption(input: ChangePostInput): string {
  const tags = [...new Set(['#SchoolNews', hashtag(input.schoolName), '#ParentAdvisoryCouncil'].filter(Boolean))];
  const build = (summary: string): string =>
    [
      heading(input),
      '',
      changedLine(input),
      summary,
      '',
      detectedLine(input),
      `Full details on the school website: ${input.url.trim()}`,
      '',
      tags.join(' '),
    ].join('\n');
  const summary = tidy(input.summary) || 'See the school website for details.';
  const room = INSTAGRAM_CAPTION_LIMIT - Array.from(build('')).length;
  return truncateCaption(build(cut(summary, Math.max(0, room))));
}

/** The text of a test post, for either platform. */
export function testPostText(input: TestPostInput): string {
  const school = oneLine(input.schoolName);
  return [
    `This is a test post from ${school}, sent ${formatDateTime(input.sentAt, input.timeZone)}.`,
    `If you can see it, updates from the school website can be shared here automatically. This post can be deleted.`,
  ].join('\n\n');
}
