import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine } from './ics';

const octets = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Undoes folding and splits into content lines. */
function contentLines(ics: string): string[] {
  return ics
    .replace(/\r\n /g, '')
    .split('\r\n')
    .filter((line) => line !== '');
}

function property(ics: string, name: string): string | undefined {
  return contentLines(ics).find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
}

const base = { uid: 'slot-7-volunteer-12@pac-hub', title: 'Book fair', start: new Date('2025-05-03T16:00:00Z') };

describe('buildIcs', () => {
  it('writes a PUBLISH calendar with one event and CRLF line endings', () => {
    const ics = buildIcs({
      ...base,
      end: new Date('2025-05-03T18:30:00Z'),
      description: 'Help set up tables',
      location: 'Gym',
      organizerName: 'Dana Smith',
      organizerEmail: 'dana@example.org',
      url: 'https://pac.example.org/signup-sheet/7',
    });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = contentLines(ics);
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toContain('UID:slot-7-volunteer-12@pac-hub');
    expect(lines).toContain('DTSTART:20250503T160000Z');
    expect(lines).toContain('DTEND:20250503T183000Z');
    expect(lines).toContain('SUMMARY:Book fair');
    expect(lines).toContain('DESCRIPTION:Help set up tables');
    expect(lines).toContain('LOCATION:Gym');
    expect(lines).toContain('ORGANIZER;CN="Dana Smith":mailto:dana@example.org');
    expect(lines).toContain('URL:https://pac.example.org/signup-sheet/7');
    expect(property(ics, 'DTSTAMP')).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
  });

  it('writes times in UTC whatever zone the Date was made in', () => {
    const ics = buildIcs({ ...base, start: new Date('2025-11-02T01:30:00-07:00') });
    expect(property(ics, 'DTSTART')).toBe('DTSTART:20251102T083000Z');
  });

  it('ends one hour after the start when no end is given', () => {
    expect(property(buildIcs(base), 'DTEND')).toBe('DTEND:20250503T170000Z');
    expect(property(buildIcs({ ...base, end: null }), 'DTEND')).toBe('DTEND:20250503T170000Z');
    // An end before the start is not a valid event either.
    expect(property(buildIcs({ ...base, end: new Date('2025-05-03T15:00:00Z') }), 'DTEND')).toBe(
      'DTEND:20250503T170000Z',
    );
  });

  it('leaves out optional properties that are not given', () => {
    const lines = contentLines(buildIcs({ ...base, description: null, location: null }));
    for (const name of ['DESCRIPTION', 'LOCATION', 'ORGANIZER', 'URL']) {
      expect(lines.some((l) => l.startsWith(name))).toBe(false);
    }
  });

  it('rejects an invalid start date', () => {
    expect(() => buildIcs({ ...base, start: new Date('not a date') })).toThrow(RangeError);
  });

  it('escapes backslash, semicolon, comma and newlines in text', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const ics = buildIcs({ ...base, title: 'Snacks; drinks, cups', description: 'Line 1\nLine 2 \\ done' });
    expect(property(ics, 'SUMMARY')).toBe('SUMMARY:Snacks\\; drinks\\, cups');
    expect(property(ics, 'DESCRIPTION')).toBe('DESCRIPTION:Line 1\\nLine 2 \\\\ done');
  });

  it('quotes the organizer name so punctuation cannot break the property', () => {
    const ics = buildIcs({ ...base, organizerName: 'Smith, Dana: "PAC"; chair', organizerEmail: 'dana@example.org' });
    expect(property(ics, 'ORGANIZER')).toBe(`ORGANIZER;CN="Smith, Dana: 'PAC'; chair":mailto:dana@example.org`);
  });

  it('folds long lines at 75 octets with a leading space on continuation lines', () => {
    const description = 'Please bring gloves and a rake. '.repeat(12);
    const ics = buildIcs({ ...base, description });
    const physical = ics.split('\r\n');
    for (const line of physical) expect(octets(line)).toBeLessThanOrEqual(75);
    const descStart = physical.findIndex((l) => l.startsWith('DESCRIPTION:'));
    expect(octets(physical[descStart] ?? '')).toBe(75);
    expect(physical[descStart + 1]?.startsWith(' ')).toBe(true);
    expect(property(ics, 'DESCRIPTION')).toBe(`DESCRIPTION:${escapeText(description)}`);
  });

  it('never splits a multi-byte character across lines', () => {
    // 3-byte (é is 2, 漢 is 3) and 4-byte (emoji) characters at every offset.
    const title = 'Fête de l’école 漢字 🎉🍎 '.repeat(10);
    const ics = buildIcs({ ...base, title });
    const physical = ics.split('\r\n');
    for (const line of physical) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // A split inside a character would leave a replacement character or lone surrogate.
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(property(ics, 'SUMMARY')).toBe(`SUMMARY:${escapeText(title)}`);
  });

  it('leaves short lines alone and folds exactly at the limit', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    const exact = 'X'.repeat(75);
    expect(foldLine(exact)).toBe(exact);
    expect(foldLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`);
    expect(foldLine('X'.repeat(75 + 74 + 1))).toBe(`${'X'.repeat(75)}\r\n ${'X'.repeat(74)}\r\n X`);
  });
});
