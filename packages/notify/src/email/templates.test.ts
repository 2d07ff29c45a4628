import { type I18n, i18nFor } from '@pac/i18n/server';
import { describe, expect, it, vi } from 'vitest';
import {
  organizerChangeLine,
  organizerDigest,
  organizerNotice,
  changeNotification,
  emailVerification,
  formatWhen,
  mapUrl,
  passwordReset,
  reminder,
  signupCancelled,
  signupConfirmation,
  signupsConfirmation,
  testEmail,
  type Localized,
  type ReminderType,
  type VolunteerEmailDetails,
} from './templates';

const i18n = i18nFor('en');
const details: VolunteerEmailDetails & Localized = {
  i18n,
  schoolName: 'Maple Elementary PAC',
  sheetTitle: 'Spring Book Fair',
  slotTitle: 'Cashier',
  eventDate: new Date('2025-05-03T16:00:00Z'),
  startTime: new Date('2025-05-03T16:00:00Z'),
  endTime: new Date('2025-05-03T18:00:00Z'),
  volunteerName: 'Jamie Lee',
  organizerName: 'Dana Smith',
  organizerEmail: 'dana@example.org',
  sheetUrl: 'https://pac.example.org/signup-sheet/7',
  timeZone: 'America/Vancouver',
};
const cancelUrl = 'https://pac.example.org/signups/cancel?token=abc&slot=3';
const unsubscribeUrl = 'https://pac.example.org/reminders/stop?token=xyz';
const XSS = '<script>alert(1)</script>';

const hrefs = (html: string): string[] => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? '');
const decode = (s: string): string => s.replace(/&amp;/g, '&');

describe('signupConfirmation', () => {
  it('names the event, slot and time and links to the sheet and to cancel', () => {
    const mail = signupConfirmation({ ...details, cancelUrl, unsubscribeUrl });
    expect(mail.subject).toBe("You're signed up: Cashier – Spring Book Fair");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Jamie Lee');
      expect(part).toContain('Spring Book Fair');
      expect(part).toContain('Cashier');
      expect(part).toContain('Saturday, May 3, 2025');
      expect(part).toMatch(/9:00\sAM – 11:00\sAM/);
      expect(part).toContain('dana@example.org');
    }
    expect(mail.text).toContain(details.sheetUrl);
    expect(mail.text).toContain(cancelUrl);
    expect(mail.text).toContain(unsubscribeUrl);
    expect(mail.text).toMatch(/Change or cancel this signup/);
    expect(mail.text).toMatch(/Stop reminder emails/);
    const links = hrefs(mail.html).map(decode);
    expect(links).toContain(details.sheetUrl);
    expect(links).toContain(cancelUrl);
    expect(links).toContain(unsubscribeUrl);
    expect(links).toContain('mailto:dana@example.org');
    expect(mail.html).toContain('>Change or cancel</a>');
    expect(mail.html).toContain('Stop reminder emails');
  });

  it('leaves out the reminder link when there is none', () => {
    const mail = signupConfirmation({ ...details, cancelUrl, unsubscribeUrl: null });
    expect(mail.text).not.toContain('Stop reminder emails');
    expect(mail.html).not.toContain('Stop reminder emails');
    expect(mail.text).toContain(cancelUrl);
  });

  it('HTML-escapes every interpolated value', () => {
    const mail = signupConfirmation({
      ...details,
      schoolName: `School ${XSS}`,
      sheetTitle: `Sheet ${XSS}`,
      slotTitle: `Slot ${XSS}`,
      volunteerName: XSS,
      organizerName: `"><img src=x onerror=alert(1)>`,
      organizerEmail: 'dana@example.org"><script>',
      cancelUrl: 'https://pac.example.org/cancel?a=1&b="2"',
      unsubscribeUrl,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('href="https://pac.example.org/cancel?a=1&amp;b=&quot;2&quot;"');
    // The text part is plain text: it shows the name as typed.
    expect(mail.text).toContain(`Hi ${XSS},`);
  });

  it('does not turn a javascript: address into a link', () => {
    const mail = signupConfirmation({ ...details, cancelUrl: 'javascript:alert(1)', unsubscribeUrl });
    expect(hrefs(mail.html).some((h) => h.startsWith('javascript:'))).toBe(false);
  });

  it('keeps the subject on one line', () => {
    const mail = signupConfirmation({ ...details, sheetTitle: 'Book\r\nBcc: evil@example.org', cancelUrl });
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});

describe('reminder', () => {
  // details: Saturday 3 May 2025, 9:00 AM in Vancouver (16:00 UTC). Three days before, at 10:00 AM.
  const now = new Date('2025-04-30T17:00:00Z');

  for (const type of ['week', 'day', 'hour'] as const) {
    it(`(${type}) names the shift's day and time, the event details and the stop-reminders link`, () => {
      const mail = reminder({ ...details, type, now, unsubscribeUrl });
      expect(mail.subject).toBe('Reminder: Spring Book Fair is in 3 days, on Saturday, May 3 at 9:00 AM');
      expect(mail.text).toContain('Cashier');
      expect(mail.text).toContain(details.sheetUrl);
      expect(mail.text).toContain(`Stop reminder emails: ${unsubscribeUrl}`);
      expect(mail.html).toContain('Stop reminder emails');
      expect(hrefs(mail.html).map(decode)).toContain(unsubscribeUrl);
    });
  }

  it('adds weather tips only to the day-of reminder', () => {
    const tips = /sunscreen|water bottle|dress for the weather|rain gear/i;
    const dayOf = reminder({ ...details, type: 'hour', now, unsubscribeUrl });
    expect(dayOf.text).toMatch(tips);
    expect(dayOf.html).toMatch(tips);
    expect(dayOf.text).toMatch(/sunscreen/i);
    expect(dayOf.text).toMatch(/water/i);
    expect(dayOf.text).toMatch(/rain gear/i);
    for (const type of ['week', 'day'] as const) {
      const mail = reminder({ ...details, type, now, unsubscribeUrl });
      expect(mail.text).not.toMatch(tips);
      expect(mail.html).not.toMatch(tips);
    }
  });

  it('offers to cancel only when a cancel link is given', () => {
    expect(reminder({ ...details, type: 'day', now, unsubscribeUrl }).text).not.toContain('Change or cancel');
    const mail = reminder({ ...details, type: 'day', now, unsubscribeUrl, cancelUrl });
    expect(mail.text).toContain(cancelUrl);
    expect(hrefs(mail.html).map(decode)).toContain(cancelUrl);
  });

  it('escapes values in the HTML', () => {
    const mail = reminder({ ...details, type: 'hour', now, volunteerName: XSS, sheetTitle: XSS, unsubscribeUrl });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

describe("reminder wording on the school's clock", () => {
  // The school is in Vancouver; the process may run anywhere (the server runs in UTC).
  const send = (type: ReminderType, now: string, timeZone = 'America/Vancouver') =>
    reminder({ ...details, type, now: new Date(now), timeZone, unsubscribeUrl });
  const intro = (text: string) => /This is a friendly reminder that (.*?)\. Thank you/.exec(text)?.[1];

  it("says neither 'today' nor 'tomorrow' for a day reminder sent by hand 3 days ahead", () => {
    // Wednesday 9:30 PM in Vancouver, already Thursday in UTC (04:30): still 3 days before Saturday.
    const mail = send('day', '2025-05-01T04:30:00Z');
    expect(mail.subject).toBe('Reminder: Spring Book Fair is in 3 days, on Saturday, May 3 at 9:00 AM');
    expect(intro(mail.text)).toBe('Spring Book Fair is in 3 days, on Saturday, May 3 at 9:00 AM');
    expect(mail.html).toContain('Spring Book Fair is in 3 days, on Saturday, May 3 at 9:00 AM');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\b(today|tomorrow)\b/);
  });

  it("says 'tomorrow' the day before, also in the evening when UTC is already the event's day", () => {
    const morning = send('day', '2025-05-02T16:00:00Z'); // Friday 9:00 AM
    expect(morning.subject).toBe('Reminder: Spring Book Fair is tomorrow, on Saturday, May 3 at 9:00 AM');
    // Friday 9:30 PM in Vancouver is Saturday 04:30 in UTC.
    const evening = send('day', '2025-05-03T04:30:00Z');
    expect(evening.subject).toBe('Reminder: Spring Book Fair is tomorrow, on Saturday, May 3 at 9:00 AM');
    expect(intro(evening.text)).toBe('Spring Book Fair is tomorrow, on Saturday, May 3 at 9:00 AM');
    // The same instant for a school in UTC is the event's own day, at 4:00 PM.
    expect(send('day', '2025-05-03T04:30:00Z', 'UTC').subject).toBe(
      'Reminder: Spring Book Fair is today, on Saturday, May 3 at 4:00 PM',
    );
  });

  it("says 'today' on the event's day", () => {
    const mail = send('hour', '2025-05-03T13:00:00Z'); // Saturday 6:00 AM
    expect(mail.subject).toBe('Reminder: Spring Book Fair is today, on Saturday, May 3 at 9:00 AM');
    expect(intro(mail.text)).toBe('Spring Book Fair is today, on Saturday, May 3 at 9:00 AM');
    expect(mail.text).not.toContain('tomorrow');
  });

  it("says 'in one week' a week ahead, and names the year when it is another", () => {
    expect(send('week', '2025-04-26T16:00:00Z').subject).toBe(
      'Reminder: Spring Book Fair is in one week, on Saturday, May 3 at 9:00 AM',
    );
    // 10:00 AM on 2 January 2027 in Vancouver (UTC-7 all year from 2026-11-01), sent on 28 December.
    const newYear = reminder({
      ...details,
      type: 'week',
      startTime: new Date('2027-01-02T17:00:00Z'),
      endTime: null,
      now: new Date('2026-12-28T18:00:00Z'),
      unsubscribeUrl,
    });
    expect(newYear.subject).toBe('Reminder: Spring Book Fair is in 5 days, on Saturday, January 2, 2027 at 10:00 AM');
  });

  it('uses the event date for a slot without a time', () => {
    const mail = reminder({
      ...details,
      type: 'day',
      startTime: null,
      endTime: null,
      eventDate: new Date('2025-05-03T18:30:00Z'),
      now: new Date('2025-05-02T18:00:00Z'),
      unsubscribeUrl,
    });
    expect(mail.subject).toBe('Reminder: Spring Book Fair is tomorrow, on Saturday, May 3 at 11:30 AM');
  });
});

describe('formatWhen', () => {
  it('uses the event date when the slot has no time', () => {
    expect(formatWhen({ ...details, startTime: null, endTime: null })).toMatch(/^Saturday, May 3, 2025 at 9:00\sAM$/);
  });

  it('shows the full end when the slot ends on another day', () => {
    const when = formatWhen({ ...details, endTime: new Date('2025-05-04T18:00:00Z') });
    expect(when).toMatch(/Saturday, May 3, 2025 at 9:00\sAM – Sunday, May 4, 2025 at 11:00\sAM/);
  });

  it('falls back to the process time zone when the zone is unknown', () => {
    expect(() => formatWhen({ ...details, timeZone: 'Not/AZone' })).not.toThrow();
  });
});

describe('testEmail', () => {
  it('says who it was sent to and when, escaping the HTML', () => {
    const mail = testEmail({
      i18n,
      schoolName: `Maple ${XSS}`,
      recipient: 'admin@example.org',
      sentAt: new Date('2025-05-03T16:00:00Z'),
      timeZone: 'UTC',
    });
    expect(mail.subject).toBe(`Test email from Maple ${XSS}`);
    expect(mail.text).toContain('admin@example.org');
    expect(mail.text).toMatch(/Saturday, May 3, 2025 at 4:00\sPM/);
    expect(mail.html).toContain('admin@example.org');
    expect(mail.html).not.toContain('<script>');
  });
});

describe('changeNotification', () => {
  const change = {
    i18n,
    schoolName: 'Maple Elementary PAC',
    monitorName: 'District news',
    url: 'https://www.example-district.org/news',
    summary: 'New article: Snow day',
    severity: 'high',
    detectedAt: new Date('2025-01-10T15:00:00Z'),
    timeZone: 'UTC',
  } as const;
  const unified = [
    '@@ -1,3 +1,4 @@',
    '  School News',
    '- Book fair Monday',
    '+ <b>School closed</b> on Friday',
    '+ Early dismissal Friday at 1 PM',
    '  Contact us',
  ].join('\n');
  /** The text of the HTML a reader sees, tags dropped. */
  const visible = (markup: string): string => markup.replace(/<[^>]*>/g, ' ');

  it('summarises the change with severity and page, and lists what was added and removed (escaped)', () => {
    const mail = changeNotification({ ...change, diffExcerpt: unified });
    expect(mail.subject).toBe('[High] District news changed: New article: Snow day');
    expect(mail.text).toContain('https://www.example-district.org/news');
    expect(mail.text).toContain(
      'Added:\n  • <b>School closed</b> on Friday\n  • Early dismissal Friday at 1 PM\n\nRemoved:\n  • Book fair Monday\n',
    );
    expect(mail.html).toContain('&lt;b&gt;School closed&lt;/b&gt; on Friday');
    expect(mail.html).toContain('Early dismissal Friday at 1 PM');
    expect(mail.html).not.toContain('<b>School');
    expect(mail.html).toMatch(/>Added</);
    expect(mail.html).toMatch(/>Removed</);
    expect(hrefs(mail.html)).toContain('https://www.example-district.org/news');
  });

  it('shows no diff markup: no hunk headers, no +/- line prefixes, no context lines', () => {
    const mail = changeNotification({ ...change, diffExcerpt: unified });
    for (const part of [mail.text, visible(mail.html)]) {
      expect(part).not.toContain('@@');
      expect(part).not.toMatch(/^\s*[+-] /m);
      expect(part).not.toMatch(/^\s*\+/m);
      expect(part).not.toContain('School News');
    }
  });

  it('uses the added and removed lines when given, without a diff', () => {
    const mail = changeNotification({ ...change, added: ['提前放学', 'تعطیلی زودهنگام'], removed: [] });
    expect(mail.text).toContain('Added:\n  • 提前放学\n  • تعطیلی زودهنگام\n');
    expect(mail.text).not.toContain('Removed:');
    expect(mail.html).toContain('提前放学');
    expect(mail.html).not.toMatch(/>Removed</);
  });

  it('keeps a large change short and says how many lines are left out', () => {
    const added = Array.from({ length: 40 }, (_, i) => `Line ${String(i + 1)}`);
    const mail = changeNotification({ ...change, added });
    expect(mail.text).toContain('  • Line 25\n');
    expect(mail.text).not.toContain('Line 26');
    expect(mail.text).toContain('…and 15 more lines (see the page)');
  });

  it('lets long addresses and words wrap and sets no width wider than a phone', () => {
    const url = `https://www.example-district.org/${'a'.repeat(300)}`;
    const mail = changeNotification({ ...change, url, added: ['x'.repeat(500)] });
    expect(mail.html).toMatch(/<a href="[^"]+" style="[^"]*overflow-wrap:anywhere/);
    expect(mail.html).toMatch(/<td style="[^"]*word-break:break-word;overflow-wrap:anywhere/);
    const widths = [...mail.html.matchAll(/(?:^|[;"\s])(?:min-)?width:\s*(\d+)px/g)].map((m) => Number(m[1]));
    expect(widths.every((px) => px <= 390)).toBe(true);
  });

  it('works without a diff excerpt', () => {
    const mail = changeNotification({
      i18n,
      schoolName: 'Maple',
      monitorName: 'Calendar',
      url: 'https://www.example-district.org/calendar',
      summary: 'Page updated',
      severity: 'low',
      diffExcerpt: null,
      detectedAt: new Date('2025-01-10T15:00:00Z'),
    });
    expect(mail.subject).toBe('[Low] Calendar changed: Page updated');
    expect(mail.text).not.toContain('What changed');
    expect(mail.html).not.toContain('What changed');
  });
});

describe('emailVerification and passwordReset', () => {
  const input = {
    i18n,
    schoolName: 'Maple PAC',
    name: 'Erin <b>',
    url: 'https://pac.example.org/verify-email?token=abc',
  };

  it('carries the single-use link in both parts and says how long it lasts', () => {
    const verify = emailVerification(input);
    expect(verify.subject).toBe('Confirm your email address for Maple PAC');
    expect(verify.text).toContain(input.url);
    expect(verify.text).toContain('48 hours');
    expect(verify.html).toContain(`href="${input.url}"`);
    const reset = passwordReset({ ...input, url: 'https://pac.example.org/reset-password?token=xyz' });
    expect(reset.subject).toBe('Reset your Maple PAC password');
    expect(reset.text).toContain('https://pac.example.org/reset-password?token=xyz');
    expect(reset.text).toContain('1 hour');
  });

  it('escapes the name in the HTML', () => {
    const { html } = emailVerification(input);
    expect(html).toContain('Erin &lt;b&gt;');
    expect(html).not.toContain('Erin <b>');
  });
});

describe('signupConfirmation after a move, with extras', () => {
  it('says it moved and what it replaces, and lists the quantity and answers', () => {
    const mail = signupConfirmation({
      ...details,
      cancelUrl,
      replaced: { slotTitle: 'Setup', when: 'Saturday, May 3, 2025 at 7:00 AM' },
      quantity: 12,
      answers: [["Child's class", '2B']],
    });
    expect(mail.subject).toBe('Your signup has moved: Cashier – Spring Book Fair');
    expect(mail.text).toContain('This replaces your signup for Setup (Saturday, May 3, 2025 at 7:00 AM).');
    expect(mail.text).toMatch(/Bringing: +12/);
    expect(mail.text).toMatch(/Child's class: +2B/);
    expect(mail.html).toContain('Your signup has moved');
  });
});

describe('signupsConfirmation', () => {
  const slot = (
    title: string,
    hour: number,
    extra: Partial<Parameters<typeof signupsConfirmation>[0]['slots'][number]> = {},
  ) => ({
    slotTitle: title,
    eventDate: details.eventDate,
    startTime: new Date(`2025-05-03T${hour}:00:00Z`),
    endTime: new Date(`2025-05-03T${hour + 1}:00:00Z`),
    status: 'confirmed' as const,
    cancelUrl: `${cancelUrl}&s=${title}`,
    ...extra,
  });
  const base = {
    i18n,
    schoolName: details.schoolName,
    sheetTitle: details.sheetTitle,
    volunteerName: details.volunteerName,
    organizerName: details.organizerName,
    organizerEmail: details.organizerEmail,
    sheetUrl: details.sheetUrl,
    timeZone: details.timeZone,
  };

  it('lists every slot in the school time, each with its own link, the waitlisted ones apart', () => {
    const mail = signupsConfirmation({
      ...base,
      slots: [
        slot('Setup', 15),
        slot('Cashier', 17, { quantity: 3 }),
        slot('Cleanup', 20, { status: 'waitlisted', waitlistPosition: 2 }),
      ],
      unsubscribeUrl,
    });
    expect(mail.subject).toBe("You're signed up for 2 slots: Spring Book Fair");
    expect(mail.text).toContain('- Setup, Saturday, May 3, 2025 at 8:00 AM – 9:00 AM');
    expect(mail.text).toContain('- Cashier, Saturday, May 3, 2025 at 10:00 AM – 11:00 AM (bringing 3)');
    expect(mail.text).toMatch(/waitlist for[\s\S]*- Cleanup, .* \(number 2 in line\)/);
    expect(mail.text.match(/Change or cancel: /g)).toHaveLength(3);
    expect(hrefs(mail.html).map(decode)).toEqual(
      expect.arrayContaining([`${cancelUrl}&s=Setup`, `${cancelUrl}&s=Cleanup`]),
    );
  });

  it('escapes what people typed', () => {
    const mail = signupsConfirmation({ ...base, volunteerName: XSS, slots: [slot(XSS, 15), slot('B', 16)] });
    expect(mail.html).not.toContain('<script>');
  });
});

describe('signupCancelled', () => {
  it('says who cancelled and offers the sheet again', () => {
    const own = signupCancelled({ ...details, by: 'volunteer' });
    expect(own.subject).toBe('Signup cancelled: Cashier – Spring Book Fair');
    expect(own.text).toContain('Your signup is cancelled:');
    expect(own.text).toContain(details.sheetUrl);
    const removed = signupCancelled({ ...details, by: 'organizer' });
    expect(removed.text).toContain('Dana Smith has removed you from this volunteer slot');
  });
});

describe("the 'Where' row (a slot's location)", () => {
  const location = 'Gym & Hall, 123 Main St #2';
  const map = 'https://www.google.com/maps/search/?api=1&query=Gym%20%26%20Hall%2C%20123%20Main%20St%20%232';
  const withLocation = { ...details, location };

  it('builds a map search link with the location encoded', () => {
    expect(mapUrl(location)).toBe(map);
  });

  it('shows the location and its map link in the confirmation, the reminder and the cancellation', () => {
    const mails = [
      signupConfirmation({ ...withLocation, cancelUrl }),
      reminder({ ...withLocation, type: 'day', now: new Date('2025-05-02T16:00:00Z'), unsubscribeUrl }),
      signupCancelled({ ...withLocation, by: 'volunteer' }),
    ];
    for (const mail of mails) {
      expect(mail.text).toMatch(/^ {2}Where: +Gym & Hall, 123 Main St #2$/m);
      expect(mail.text).toContain(`Map:`);
      expect(mail.text).toContain(map);
      expect(mail.html).toMatch(/>Where<\/td>\s*<td[^>]*>Gym &amp; Hall, 123 Main St #2 \(<a href="[^"]+"/);
      expect(hrefs(mail.html).map(decode)).toContain(map);
    }
  });

  it('is left out without a location', () => {
    for (const mail of [
      signupConfirmation({ ...details, cancelUrl }),
      signupCancelled({ ...details, location: null, by: 'organizer' }),
    ]) {
      expect(mail.text).not.toContain('Where:');
      expect(mail.html).not.toContain('>Where<');
      expect(mail.html).not.toContain('google.com/maps');
    }
  });

  it('escapes a hostile location in the HTML and keeps it inside the encoded map link', () => {
    const hostile = `"><script>alert(1)</script>`;
    const mail = signupConfirmation({ ...details, location: hostile, cancelUrl });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(hrefs(mail.html).map(decode)).toContain(mapUrl(hostile));
    expect(mapUrl(hostile)).not.toMatch(/["<>]/);
  });

  it("gives each slot of a signup for several its own 'Where' and map link", () => {
    const mail = signupsConfirmation({
      i18n,
      schoolName: details.schoolName,
      sheetTitle: details.sheetTitle,
      volunteerName: details.volunteerName,
      organizerName: details.organizerName,
      organizerEmail: details.organizerEmail,
      sheetUrl: details.sheetUrl,
      timeZone: details.timeZone,
      slots: [
        { ...details, slotTitle: 'Parking', location: 'Lot B', status: 'confirmed', cancelUrl },
        { ...details, slotTitle: 'Tickets', location: null, status: 'confirmed', cancelUrl },
      ],
    });
    expect(mail.text).toMatch(
      /- Parking, .*\n {2}Where: Lot B\n {2}Map: https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Lot%20B\n/,
    );
    expect(mail.text).toMatch(/- Tickets, .*\n {2}Change or cancel/);
    expect(mail.html).toContain('Where: Lot B');
    expect(hrefs(mail.html).map(decode)).toContain(mapUrl('Lot B'));
  });
});

describe('organizer notices', () => {
  const base = {
    i18n,
    schoolName: 'Maple PAC',
    sheetTitle: 'Bake Sale',
    organizerName: 'Ann Lee',
    sheetUrl: 'https://pac.test/signup-sheet/4',
    rosterUrl: 'https://pac.test/signup-sheet/4/roster',
    settingsUrl: 'https://pac.test/admin',
    timeZone: 'America/Vancouver',
  };

  it('says who, which slot and what is still open, for tasks and items', () => {
    expect(
      organizerChangeLine(
        {
          kind: 'signup',
          volunteerName: 'Zoë',
          slotTitle: 'Cupcakes',
          when: null,
          spotsLeft: 12,
          maxVolunteers: 24,
          itemSlot: true,
        },
        i18n,
      ),
    ).toBe('Zoë signed up for Cupcakes. 12 of 24 still needed for Cupcakes.');
    expect(
      organizerChangeLine(
        {
          kind: 'move',
          volunteerName: 'Ben',
          slotTitle: 'Cleanup',
          fromSlotTitle: 'Setup',
          when: 'Saturday, December 5, 2026 at 10:00 AM',
          spotsLeft: 0,
          itemSlot: false,
        },
        i18n,
      ),
    ).toBe('Ben moved from Setup to Cleanup (Saturday, December 5, 2026 at 10:00 AM). Cleanup is now full.');
  });

  it('escapes names in the HTML part', () => {
    const mail = organizerNotice({
      ...base,
      changes: [
        {
          kind: 'signup',
          volunteerName: '<img src=x onerror=alert(1)>',
          slotTitle: 'Setup',
          when: null,
          spotsLeft: 1,
          maxVolunteers: 2,
          itemSlot: false,
        },
      ],
    });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.subject).toBe('New signup: <img src=x onerror=alert(1)> – Setup (Bake Sale)');
  });

  it('counts the day in the digest subject', () => {
    const mail = organizerDigest({
      ...base,
      day: new Date('2026-12-04T20:00:00Z'),
      changes: [
        {
          kind: 'signup',
          volunteerName: 'A',
          slotTitle: 'Setup',
          when: null,
          spotsLeft: 1,
          itemSlot: false,
          at: new Date('2026-12-04T17:05:00Z'),
        },
        {
          kind: 'signup',
          volunteerName: 'B',
          slotTitle: 'Setup',
          when: null,
          spotsLeft: 0,
          itemSlot: false,
          at: new Date('2026-12-04T18:00:00Z'),
        },
        {
          kind: 'cancellation',
          by: 'volunteer',
          volunteerName: 'A',
          slotTitle: 'Setup',
          when: null,
          spotsLeft: 1,
          itemSlot: false,
        },
      ],
    });
    expect(mail.subject).toBe('Bake Sale: 2 signups, 1 cancellation on Friday, December 4');
    expect(mail.text).toContain('10:05 AM: A signed up for Setup. 1 spot open on Setup.');
  });
});

describe("the reader's language", () => {
  // Saturday, May 3, 2025, 9:00 AM in Vancouver: in Punjabi 'ਸ਼ਨੀਵਾਰ, 3 ਮਈ 2025'; in Farsi the Persian
  // calendar's 13 Ordibehesht 1404, in Persian digits.
  const pa = i18nFor('pa');
  const fa = i18nFor('fa');
  const now = new Date('2025-05-02T16:00:00Z');

  /** Renders with `i18n` whose catalog says `translation` for the English `id`. */
  function withTranslation<T>(i18n: I18n, id: string, translation: string, render: () => T): T {
    const original = i18n._.bind(i18n);
    const spy = vi
      .spyOn(i18n, '_')
      .mockImplementation((...args: Parameters<I18n['_']>) => (args[0] === id ? translation : original(...args)));
    try {
      return render();
    } finally {
      spy.mockRestore();
    }
  }

  it('writes a signup confirmation with the given messages, its dates as Intl writes them in Punjabi', () => {
    const mail = withTranslation(pa, 'Thanks for volunteering!', 'ਵਲੰਟੀਅਰ ਕਰਨ ਲਈ ਧੰਨਵਾਦ!', () =>
      signupConfirmation({ ...details, i18n: pa, cancelUrl, unsubscribeUrl }),
    );
    expect(mail.html).toContain('ਵਲੰਟੀਅਰ ਕਰਨ ਲਈ ਧੰਨਵਾਦ!');
    expect(mail.html).toContain('<html lang="pa">');
    const when = new Intl.DateTimeFormat('pa', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'America/Vancouver',
    }).format(details.eventDate);
    expect(when).toContain('ਮਈ');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(when);
      expect(part).not.toContain('Saturday');
    }
  });

  it('asks the catalog for every sentence: English ids, the values apart', () => {
    const spy = vi.spyOn(pa, '_');
    try {
      signupConfirmation({ ...details, i18n: pa, cancelUrl, unsubscribeUrl });
      const ids = spy.mock.calls.map(([id]) => id);
      expect(ids).toContain("You're signed up: {slotTitle} – {sheetTitle}");
      expect(ids).toContain('Questions? Contact {name} at {email}.');
      expect(ids).toContain('Plans changed? <0>Change or cancel</0> (no account needed).');
      expect(ids).toContain('{schoolName} volunteer signups');
    } finally {
      spy.mockRestore();
    }
  });

  it('writes a reminder in Farsi: the translated sentence, Persian dates and digits, right to left', () => {
    const mail = withTranslation(fa, 'Reminder: {sheetTitle} is {when}', 'یادآوری', () =>
      reminder({ ...details, i18n: fa, type: 'day', now, unsubscribeUrl }),
    );
    expect(mail.subject).toBe('یادآوری');
    expect(mail.html).toContain('<html lang="fa" dir="rtl">');
    const day = new Intl.DateTimeFormat('fa', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'America/Vancouver',
    }).format(details.eventDate);
    expect(day).toContain('اردیبهشت');
    expect(mail.text).toContain(day);
    expect(mail.text).toMatch(/[۰-۹]/);
    expect(mail.text).not.toMatch(/May|Saturday/);
  });

  it('keeps the links, and escapes the translator words and the values, in a sentence with a link', () => {
    const mail = withTranslation(
      pa,
      'Plans changed? <0>Change or cancel</0> (no account needed).',
      'ਬਦਲਾਅ? <0>ਬਦਲੋ & ਰੱਦ ਕਰੋ</0> <b>',
      () => signupConfirmation({ ...details, i18n: pa, organizerName: '<0>x</0>', cancelUrl, unsubscribeUrl }),
    );
    expect(mail.html).toContain(
      `ਬਦਲਾਅ? <a href="${cancelUrl.replace(/&/g, '&amp;')}" style="color:#1c7ed6;">ਬਦਲੋ &amp; ਰੱਦ ਕਰੋ</a> &lt;b&gt;`,
    );
    expect(mail.html).toContain('&lt;0&gt;x&lt;/0&gt;');
    expect(hrefs(mail.html)).toContain('mailto:dana@example.org');
  });
});
