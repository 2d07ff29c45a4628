import { i18nFor } from '@pac/i18n/server';
import { describe, expect, it } from 'vitest';
import {
  consentInWords,
  erasedSummary,
  eraseQuestion,
  type HeldData,
  heldDataFile,
  heldDataFileName,
  heldSummary,
  holdsAnything,
  privacyActionLabels,
} from './privacy';

const i18n = i18nFor('en');

const nothing: HeldData = {
  email: 'pat@example.org',
  exportedAt: new Date('2031-05-04T01:00:00Z'),
  account: null,
  signups: [],
  consentHistory: [],
};

describe('the privacy tool’s words', () => {
  it('names each logged action', () => {
    expect(privacyActionLabels).toEqual({
      search: 'Searched',
      erase: 'Erased',
      volunteersCsv: 'Exported volunteers CSV',
    });
  });

  it('says each consent change in words', () => {
    expect(consentInWords(i18n, { consent: true, source: 'signup' })).toBe('Agreed to emails on the signup form');
    expect(consentInWords(i18n, { consent: false, source: 'unsubscribe' })).toBe(
      'Stopped emails with the unsubscribe link in an email',
    );
    expect(consentInWords(i18n, { consent: false, source: 'account' })).toBe('Stopped emails in their account');
    expect(consentInWords(i18n, { consent: true, source: 'admin' })).toBe('Agreed to emails by an administrator');
  });

  it('counts what was erased, in the toast’s words', () => {
    expect(erasedSummary(i18n, { signups: 3, account: true })).toBe('Erased 3 signups and 1 account.');
    expect(erasedSummary(i18n, { signups: 1, account: false })).toBe('Erased 1 signup and no account.');
  });

  it('sums up what was found, and knows when nothing is held', () => {
    expect(holdsAnything(nothing)).toBe(false);
    expect(holdsAnything({ ...nothing, consentHistory: [{ consent: true, source: 'signup', at: new Date() }] })).toBe(
      true,
    );
    expect(heldSummary(i18n, nothing)).toBe('No account and 0 signups.');
  });

  it('asks before erasing, naming the address and what becomes of the account and the signups', () => {
    const question = eraseQuestion(i18n, nothing);
    expect(question).toContain('pat@example.org');
    expect(question).toContain("'Former volunteer'");
    expect(question).toContain('This cannot be undone.');
  });
});

describe('the file for the person', () => {
  it('is named after the search’s day and time on the school’s clock, never the address', () => {
    // 01:00 UTC on May 4 is 6 PM on May 3 in Vancouver (the tests' school).
    expect(heldDataFileName(nothing)).toBe('pac-hub-data-2031-05-03-1800.json');
  });

  it('holds exactly what the search found, as JSON', async () => {
    const data: HeldData = {
      ...nothing,
      consentHistory: [{ consent: true, source: 'signup', at: new Date('2031-04-01T17:00:00Z') }],
    };
    const { filename, blob } = heldDataFile(data);
    expect(filename).not.toContain('pat');
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual({
      email: 'pat@example.org',
      exportedAt: '2031-05-04T01:00:00.000Z',
      account: null,
      signups: [],
      consentHistory: [{ consent: true, source: 'signup', at: '2031-04-01T17:00:00.000Z' }],
    });
  });
});
