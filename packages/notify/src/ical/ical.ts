/**
 * The one RFC 5545 iCalendar writer, for the calendar feeds and the confirmation email's
 * attachment: one VCALENDAR (METHOD:PUBLISH) holding any number of VEVENTs, CRLF line endings,
 * content lines folded at 75 octets without splitting a UTF-8 character, TEXT values escaped, and
 * every time in UTC (`YYYYMMDDTHHMMSSZ`).
 */

export interface IcsEvent {
  /** Globally unique and stable across fetches, e.g. `sheet-12@pac.example.org`. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  /** A TEXT contact (a name): the public feed's organizer, without an address. */
  contact?: string | null;
  /** An organizer with an address (the private feed only). */
  organizer?: { name: string; email: string } | null;
  url?: string | null;
  status?: 'CONFIRMED' | 'TENTATIVE';
}

export interface IcsCalendar {
  /**
   * A feed that calendar apps subscribe to: X-WR-CALNAME (what the app calls it), its description,
   * and how often to look again. A one-off file (an email attachment) has none.
   */
  feed?: { name: string; description?: string };
  /** DTSTAMP of every event: when this copy of the calendar was written. */
  stamp: Date;
  events: readonly IcsEvent[];
}

export const CRLF = '\r\n';
export const maxLineOctets = 75;
const productId = '-//PAC Hub//Volunteer Calendar//EN';

/**
 * Whether a date can be written as an RFC 5545 DATE-TIME, whose year has exactly four digits. A
 * sheet dated in the year 275760 is valid to JavaScript but has no iCalendar spelling.
 */
export function representable(date: Date): boolean {
  const year = date.getUTCFullYear();
  return Number.isFinite(date.getTime()) && year >= 1 && year <= 9999;
}

/** `YYYYMMDDTHHMMSSZ` (UTC; the date must be `representable`). */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** Drops C0 control characters and DEL (none may appear in a content line), except those in `keep`. */
function stripControl(value: string, keep = ''): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 || code === 0x7f) && !keep.includes(char)) continue;
    out += char;
  }
  return out;
}

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped with a backslash, every
 * line break (CRLF, CR or LF) written as `\n`; other control characters except tab are dropped.
 */
export function escapeText(value: string): string {
  return stripControl(value.replace(/\r\n?/g, '\n'), '\t\n')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** A quoted parameter value: no DQUOTE or control characters may appear inside one. */
function paramValue(value: string): string {
  return `"${stripControl(value).replace(/"/g, "'")}"`;
}

const encoder = new TextEncoder();

/**
 * Folds one content line so that no physical line is longer than 75 octets (the CRLF not
 * counted); each continuation starts with a space, which counts towards its 75. It breaks only
 * between code points, so a multi-byte character is never split.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= maxLineOctets) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = maxLineOctets;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = maxLineOctets - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.contact) lines.push(`CONTACT:${escapeText(event.contact)}`);
  if (event.organizer) {
    const cn = event.organizer.name ? `;CN=${paramValue(event.organizer.name)}` : '';
    lines.push(`ORGANIZER${cn}:mailto:${stripControl(event.organizer.email)}`);
  }
  if (event.url) lines.push(`URL:${stripControl(event.url)}`);
  if (event.status) lines.push(`STATUS:${event.status}`);
  lines.push('END:VEVENT');
  return lines;
}

/** The whole calendar as iCalendar text, ending in CRLF. */
export function writeCalendar(calendar: IcsCalendar): string {
  const stamp = formatUtc(calendar.stamp);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${productId}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  const { feed } = calendar;
  if (feed) {
    lines.push(`X-WR-CALNAME:${escapeText(feed.name)}`);
    if (feed.description) lines.push(`X-WR-CALDESC:${escapeText(feed.description)}`);
    // How often a subscribed calendar app should look again (RFC 7986, and the older Outlook name).
    lines.push('REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H');
  }
  for (const event of calendar.events) lines.push(...eventLines(event, stamp));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
