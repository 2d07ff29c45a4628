import type { RouterOutputs } from '@pac/api';
import { formatDateTime } from '../../../lib/dates';

/** Everything PAC Hub holds about the signed-in person (privacy.exportMine, GET /api/auth/export). */
export type HeldData = RouterOutputs['privacy']['exportMine'];
export type HeldAccount = NonNullable<HeldData['account']>;
export type HeldSignup = HeldData['signups'][number];
export type HeldConsent = HeldData['consentHistory'][number];

/** The REST route that sends the same data as a file, and the file's name (API.md "Privacy"). */
export const myDataExport = { path: '/api/auth/export', filename: 'pac-hub-my-data.json' } as const;

export const roleLabels: Record<HeldAccount['role'], string> = {
  admin: 'Administrator',
  organizer: 'Organizer',
  member: 'Member',
};

/** What a change of email consent was, by how it came about, in words. */
const consentWords: Record<HeldConsent['source'], { on: string; off: string }> = {
  signup: {
    on: 'You agreed to reminder emails on the signup form',
    off: 'You said no to reminder emails on the signup form',
  },
  account: {
    on: 'You agreed to emails in your account',
    off: 'You turned emails off in your account',
  },
  unsubscribe: {
    on: 'You turned reminder emails back on with the link in an email',
    off: 'You stopped reminder emails with the unsubscribe link',
  },
  admin: {
    on: 'An administrator turned your emails on',
    off: 'An administrator turned your emails off',
  },
};

/**
 * One change of email consent as a sentence, with when it happened on the school's clock:
 * 'You stopped reminder emails with the unsubscribe link — Tuesday, November 3, 2026 at 4:05 PM'.
 */
export function consentSentence(change: HeldConsent): string {
  const words = consentWords[change.source];
  return `${change.consent ? words.on : words.off} — ${formatDateTime(change.at)}`;
}

/** An answer to a sheet's question in words: a ticked box is 'Yes', an empty answer 'No answer'. */
export function answerText(answer: HeldSignup['answers'][number]['answer']): string {
  if (typeof answer === 'boolean') return answer ? 'Yes' : 'No';
  return answer.trim() === '' ? 'No answer' : answer;
}

/** Whether the volunteer came, as the organizer marked it on the day. */
export function attendedText(attended: boolean | null): string {
  if (attended === null) return 'Not marked';
  return attended ? 'Yes' : 'No';
}

/** 'Confirmed' or 'Waitlisted'. */
export function signupStatusText(status: HeldSignup['status']): string {
  return status === 'confirmed' ? 'Confirmed' : 'Waitlisted';
}
