import type { I18n } from '@lingui/core';
import type { RouterOutputs } from '@pac/api';
import type { Language } from '@pac/validators/page-data';
import { formatDateTime } from '../../../lib/dates';

/** Everything PAC Hub holds about the signed-in person (privacy.exportMine, GET /api/auth/export). */
export type HeldData = RouterOutputs['privacy']['exportMine'];
export type HeldAccount = NonNullable<HeldData['account']>;
export type HeldSignup = HeldData['signups'][number];
export type HeldConsent = HeldData['consentHistory'][number];

/** The REST route that sends the same data as a file, and the file's name (API.md "Privacy"). */
export const myDataExport = { path: '/api/auth/export', filename: 'pac-hub-my-data.json' } as const;

/** An account's role by name, translated where shown: `i18n._(roleLabels[role])`. */
export const roleLabels: Record<HeldAccount['role'], string> = {
  admin: /*i18n*/ 'Administrator',
  organizer: /*i18n*/ 'Organizer',
  member: /*i18n*/ 'Member',
};

/** What a change of email consent was, by how it came about, in words, with when (`{when}`). */
const consentWords: Record<HeldConsent['source'], { on: string; off: string }> = {
  signup: {
    on: /*i18n*/ 'You agreed to reminder emails on the signup form — {when}',
    off: /*i18n*/ 'You said no to reminder emails on the signup form — {when}',
  },
  account: {
    on: /*i18n*/ 'You agreed to emails in your account — {when}',
    off: /*i18n*/ 'You turned emails off in your account — {when}',
  },
  unsubscribe: {
    on: /*i18n*/ 'You turned reminder emails back on with the link in an email — {when}',
    off: /*i18n*/ 'You stopped reminder emails with the unsubscribe link — {when}',
  },
  admin: {
    on: /*i18n*/ 'An administrator turned your emails on — {when}',
    off: /*i18n*/ 'An administrator turned your emails off — {when}',
  },
};

/**
 * One change of email consent as a sentence, with when it happened on the school's clock, in
 * `language`: 'You stopped reminder emails with the unsubscribe link — Tuesday, November 3, 2026 at 4:05 PM'.
 */
export function consentSentence(i18n: I18n, change: HeldConsent, language: Language): string {
  const words = consentWords[change.source];
  return i18n._(change.consent ? words.on : words.off, { when: formatDateTime(change.at, language) });
}

/** An answer to a sheet's question in words: a ticked box is 'Yes', an empty answer 'No answer'. */
export function answerText(i18n: I18n, answer: HeldSignup['answers'][number]['answer']): string {
  if (typeof answer === 'boolean')
    return answer
      ? i18n._('Yes', undefined, { comment: 'The answer to a yes/no question' })
      : i18n._('No', undefined, { comment: 'The answer to a yes/no question' });
  return answer.trim() === '' ? i18n._('No answer') : answer;
}

/** Whether the volunteer came, as the organizer marked it on the day. */
export function attendedText(i18n: I18n, attended: boolean | null): string {
  if (attended === null) return i18n._('Not marked', undefined, { comment: 'Attendance nobody recorded' });
  return attended
    ? i18n._('Yes', undefined, { comment: 'The answer to a yes/no question' })
    : i18n._('No', undefined, { comment: 'The answer to a yes/no question' });
}

/** 'Confirmed' or 'Waitlisted'. */
export function signupStatusText(i18n: I18n, status: HeldSignup['status']): string {
  return status === 'confirmed' ? i18n._('Confirmed') : i18n._('Waitlisted');
}
