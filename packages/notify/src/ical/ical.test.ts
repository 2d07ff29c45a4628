import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, formatUtc, representable, writeCalendar } from './ical';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');
const unfold = (s: string) => s.replace(/\r\n /g, '');

describe('escapeText', () => {
  it('escapes backslash, semicolon and comma, and writes every line break as \\n', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\r\ntwo\rthree\nfour')).toBe('one\\ntwo\\nthree\\nfour');
  });

  it('drops control characters other than tab', () => {
    expect(escapeText('a\u0000b\u0007c\td\u007f')).toBe('abc\td');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('never splits a multi-byte character, and unfolds back to the line', () => {
    for (const unit of ['é', '夏', '🎪', 'aé', 'a夏b', 'ab🎪']) {
      for (let prefix = 0; prefix < 4; prefix++) {
        const line = `SUMMARY:${'p'.repeat(prefix)}${unit.repeat(60)}`;
        const folded = foldLine(line);
        expect(unfold(folded)).toBe(line);
        for (const physical of folded.split('\r\n')) {
          expect(octets(physical)).toBeLessThanOrEqual(75);
          // A split character would turn into U+FFFD when the line is decoded on its own.
          expect(Buffer.from(physical, 'utf8').toString('utf8')).toBe(physical);
          expect(physical).not.toMatch(/[\uD800-\uDBFF]$/);
          expect(physical).not.toMatch(/^ ?[\uDC00-\uDFFF]/);
        }
      }
    }
  });
});

describe('dates', () => {
  it('writes UTC as YYYYMMDDTHHMMSSZ', () => {
    expect(formatUtc(new Date('2031-05-03T09:05:07.890-07:00'))).toBe('20310503T160507Z');
  });

  it('knows which dates have a four-digit year', () => {
    expect(representable(new Date('2031-05-03T00:00:00Z'))).toBe(true);
    expect(representable(new Date(8.64e15))).toBe(false);
    expect(representable(new Date(Number.NaN))).toBe(false);
  });
});

describe('writeCalendar', () => {
  const calendar = writeCalendar({
    feed: { name: 'Our School PAC volunteer events' },
    stamp: new Date('2031-01-01T00:00:00Z'),
    events: [
      {
        uid: 'sheet-1@pac.example.org',
        start: new Date('2031-05-03T16:00:00Z'),
        end: new Date('2031-05-03T18:00:00Z'),
        summary: 'Spring Fair',
        contact: 'Ann Lee',
        url: 'https://pac.example.org/signup-sheet/1',
        status: 'CONFIRMED',
      },
      {
        uid: 'signup-2@pac.example.org',
        start: new Date('2031-05-04T16:00:00Z'),
        end: new Date('2031-05-04T17:00:00Z'),
        summary: 'Waitlisted: Spring Fair: Setup',
        organizer: { name: 'Ann "the" Lee', email: 'ann@example.org' },
        status: 'TENTATIVE',
      },
    ],
  });
  const lines = unfold(calendar).split('\r\n');

  it('is one CRLF-terminated VCALENDAR with the properties a subscription needs', () => {
    expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//PAC Hub//Volunteer Calendar//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Our School PAC volunteer events',
    ]);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((l) => l === 'DTSTAMP:20310101T000000Z')).toHaveLength(2);
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
  });

  it('writes a one-off file (no feed) without a name or a refresh interval', () => {
    const single = unfold(
      writeCalendar({
        stamp: new Date('2031-01-01T00:00:00Z'),
        events: [
          {
            uid: 'x@pac',
            start: new Date('2031-05-03T16:00:00Z'),
            end: new Date('2031-05-03T17:00:00Z'),
            summary: 'Setup',
            location: 'Gym; door 2',
          },
        ],
      }),
    ).split('\r\n');
    expect(single).toContain('LOCATION:Gym\\; door 2');
    expect(single.some((l) => l.startsWith('X-WR-CALNAME') || l.startsWith('REFRESH-INTERVAL'))).toBe(false);
  });

  it('writes each event’s times in UTC, its contact as text and an organizer with a safe CN', () => {
    expect(lines).toContain('DTSTART:20310503T160000Z');
    expect(lines).toContain('DTEND:20310503T180000Z');
    expect(lines).toContain('CONTACT:Ann Lee');
    expect(lines).toContain('ORGANIZER;CN="Ann \'the\' Lee":mailto:ann@example.org');
    expect(lines).toContain('STATUS:TENTATIVE');
  });
});
