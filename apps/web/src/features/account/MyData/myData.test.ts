import { i18nFor } from '@pac/i18n/server';
import { describe, expect, it } from 'vitest';
import { schoolDate } from '../../../../test/schoolTime';
import { answerText, attendedText, consentSentence, signupStatusText } from './myData';

const i18n = i18nFor('en');

describe('consentSentence', () => {
  // 4:05 PM on the school's clock (Vancouver), whatever the test's own zone (Tokyo).
  const at = schoolDate(2026, 10, 3, 16, 5);

  it.each([
    ['signup', true, 'You agreed to reminder emails on the signup form'],
    ['signup', false, 'You said no to reminder emails on the signup form'],
    ['account', true, 'You agreed to emails in your account'],
    ['account', false, 'You turned emails off in your account'],
    ['unsubscribe', false, 'You stopped reminder emails with the unsubscribe link'],
    ['unsubscribe', true, 'You turned reminder emails back on with the link in an email'],
    ['admin', true, 'An administrator turned your emails on'],
    ['admin', false, 'An administrator turned your emails off'],
  ] as const)('says how (%s, %s) and when, on the school clock', (source, consent, words) => {
    expect(consentSentence(i18n, { source, consent, at }, 'en')).toBe(
      `${words} — Tuesday, November 3, 2026 at 4:05 PM`,
    );
  });
});

describe('answers, attendance and status in words', () => {
  it('writes a ticked box as Yes, an empty answer as No answer, and text as it is', () => {
    expect(answerText(i18n, true)).toBe('Yes');
    expect(answerText(i18n, false)).toBe('No');
    expect(answerText(i18n, '  ')).toBe('No answer');
    expect(answerText(i18n, 'Sam, 3B')).toBe('Sam, 3B');
  });

  it('says whether they came, or that nobody marked it', () => {
    expect(attendedText(i18n, true)).toBe('Yes');
    expect(attendedText(i18n, false)).toBe('No');
    expect(attendedText(i18n, null)).toBe('Not marked');
  });

  it('names the status', () => {
    expect(signupStatusText(i18n, 'confirmed')).toBe('Confirmed');
    expect(signupStatusText(i18n, 'waitlisted')).toBe('Waitlisted');
  });
});
