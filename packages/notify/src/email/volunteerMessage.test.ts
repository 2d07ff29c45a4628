import { i18nFor } from '@pac/i18n/server';
import { describe, expect, it } from 'vitest';
import { type VolunteerMessageInput, volunteerMessage } from './volunteerMessage';

const input: VolunteerMessageInput = {
  i18n: i18nFor('en'),
  schoolName: 'Maple Elementary PAC',
  subject: 'Parking on Saturday',
  body: 'Hi everyone,\n\nPlease park behind the gym.\nThe front lot is closed.',
  organizerName: 'Dana Smith',
  sheetTitle: 'Spring Book Fair',
  eventDate: new Date('2025-05-03T16:00:00Z'),
  slot: null,
  sheetUrl: 'https://pac.example.org/signup-sheet/7',
  signups: [{ slotTitle: 'Cashier', manageUrl: 'https://pac.example.org/my-signup?token=abc' }],
  unsubscribeUrl: 'https://pac.example.org/unsubscribe/3?token=xyz',
  timeZone: 'America/Vancouver',
};

const hrefs = (html: string): string[] =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));

describe('volunteerMessage', () => {
  it("is the organizer's subject and text, then who sent it, how to answer and the links", () => {
    const mail = volunteerMessage(input);
    expect(mail.subject).toBe('Parking on Saturday');
    expect(mail.text.startsWith(input.body)).toBe(true);
    for (const part of [mail.text, mail.html]) {
      expect(part).toMatch(/From Dana Smith, organizer of Spring Book Fair \(Saturday, May 3, 2025 at 9:00\sAM\)/);
      expect(part).toContain('Reply to this email to answer Dana Smith.');
      expect(part).toContain('Stop reminders and messages to this address');
      expect(part).not.toContain('Sent to the volunteers of');
    }
    for (const url of [input.sheetUrl, input.unsubscribeUrl, 'https://pac.example.org/my-signup?token=abc']) {
      expect(mail.text).toContain(url);
      expect(hrefs(mail.html)).toContain(url);
    }
    // Line breaks kept: a paragraph per blank line, a <br /> per single break.
    expect(mail.html).toContain('<p style="margin:0 0 16px;">Hi everyone,</p>');
    expect(mail.html).toContain('Please park behind the gym.<br />The front lot is closed.');
  });

  it('names the slot when it went to one slot, and lists each signup of a parent on several', () => {
    const mail = volunteerMessage({
      ...input,
      slot: {
        title: 'Cashier',
        startTime: new Date('2025-05-03T16:00:00Z'),
        endTime: new Date('2025-05-03T18:00:00Z'),
      },
      signups: [
        { slotTitle: 'Cashier', manageUrl: 'https://pac.example.org/my-signup?token=one' },
        { slotTitle: 'Setup', manageUrl: 'https://pac.example.org/my-signup?token=two' },
      ],
    });
    for (const part of [mail.text, mail.html]) {
      expect(part).toMatch(/Sent to the volunteers of Cashier \(Saturday, May 3, 2025 at 9:00\sAM – 11:00\sAM\)\./);
      expect(part).toContain('Change or cancel your signups');
    }
    expect(hrefs(mail.html)).toEqual(
      expect.arrayContaining([
        'https://pac.example.org/my-signup?token=one',
        'https://pac.example.org/my-signup?token=two',
      ]),
    );
  });

  it('never reads the text, the names or the title as HTML', () => {
    const xss = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    const mail = volunteerMessage({
      ...input,
      subject: `Hello ${xss}`,
      body: `Look: ${xss}\n<a href="javascript:alert(1)">click</a>`,
      organizerName: `Dana ${xss}`,
      sheetTitle: `Fair ${xss}`,
      signups: [{ slotTitle: xss, manageUrl: 'javascript:alert(1)' }],
    });
    expect(mail.html).not.toMatch(/<script|<img|href="javascript:/i);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The text part is plain text: the organizer's words as written.
    expect(mail.text).toContain(`Look: ${xss}`);
    expect(mail.subject).toBe(`Hello ${xss}`);
  });

  it('keeps the subject on one header line', () => {
    expect(volunteerMessage({ ...input, subject: 'Two\r\nlines\tand  spaces ' }).subject).toBe('Two lines and spaces');
  });
});
