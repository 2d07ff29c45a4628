export type IcsEvent = {
  uid: string;
  title: string;
  description?: string | null;
  start: Date;
  end?: Date | null;
  location?: string | null;
  organizerName?: string;
  organizerEmail?: string;
  url?: string;
};

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;
const HOUR_MS = 60 * 60 * 1000;

/**
 * An RFC 5545 calendar (METHOD:PUBLISH) holding one event, with CRLF line endings and lines
 * folded at 75 octets. Times are written in UTC. A missing end, or one that is not after the
 * start, becomes one hour after the start. Throws a RangeError when the start is not a valid date.
 */
export function buildIcs(event: IcsEvent): string {
  if (Number.isNaN(event.start.getTime())) {
    throw new RangeError('The event start is not a valid date.');
  }
  const end =
    event.end && !Number.isNaN(event.end.getTime()) && event.end.getTime() > event.start.getTime()
      ? event.end
      : new Date(event.start.getTime() + HOUR_MS);

  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//PAC Hub//Volunteer Signups//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${formatUtc(new Date())}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.organizerEmail) {
    const cn = event.organizerName ? `;CN=${paramValue(event.organizerName)}` : '';
    lines.push(`ORGANIZER${cn}:mailto:${stripControl(event.organizerEmail)}`);
  }
  if (event.url) lines.push(`URL:${stripControl(event.url)}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');

  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** `YYYYMMDDTHHMMSSZ` */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT value escaping (RFC 5545 §3.3.11); control characters other than newlines and tab are dropped. */
export function escapeText(value: string): string {
  const normalised = stripControl(value.replace(/\r\n?/g, '\n'), '\t\n');
  return normalised.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');
}

/** Parameter values cannot contain DQUOTE or control characters; quote them so `:;,` are safe. */
function paramValue(value: string): string {
  return `"${stripControl(value).replace(/"/g, "'")}"`;
}

/** Drops C0 control characters and DEL, except those listed in `keep`. */
function stripControl(value: string, keep = ''): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 || code === 0x7f) && !keep.includes(char)) continue;
    out += char;
  }
  return out;
}

const encoder = new TextEncoder();

/**
 * Folds a content line so no physical line exceeds 75 octets; continuation lines start with a
 * space (which counts toward their 75). Splits only between code points, never inside one.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line;
  const out: string[] = [];
  let current = '';
  let currentOctets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    if (currentOctets + octets > limit) {
      out.push(current);
      current = '';
      currentOctets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += char;
    currentOctets += octets;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}
