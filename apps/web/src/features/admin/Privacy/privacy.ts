import type { RouterOutputs } from '@pac/api';
import { toDateTimeLocal } from '../../../lib/dates';

/** What the server holds about one email address: `privacy.search`'s answer, as found. */
export type HeldData = RouterOutputs['privacy']['search'];
export type HeldSignup = HeldData['signups'][number];
export type HeldConsent = HeldData['consentHistory'][number];
export type PrivacyLogEntry = RouterOutputs['privacy']['log'][number];

/** How each logged action reads in the Privacy log. */
export const privacyActionLabels: Record<PrivacyLogEntry['action'], string> = {
  search: 'Searched',
  erase: 'Erased',
  volunteersCsv: 'Exported volunteers CSV',
};

/** Where a change of email consent was made, in words. */
export const consentSourceWords: Record<HeldConsent['source'], string> = {
  signup: 'on the signup form',
  account: 'in their account',
  unsubscribe: 'with the unsubscribe link in an email',
  admin: 'by an administrator',
};

/** 'Agreed to emails on the signup form', 'Stopped emails with the unsubscribe link in an email'. */
export function consentInWords(record: Pick<HeldConsent, 'consent' | 'source'>): string {
  return `${record.consent ? 'Agreed to emails' : 'Stopped emails'} ${consentSourceWords[record.source]}`;
}

/** '1 signup', '3 signups'. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Whether anything at all is held: an account, a signup or a consent record. */
export function holdsAnything(data: HeldData): boolean {
  return data.account !== null || data.signups.length > 0 || data.consentHistory.length > 0;
}

/** The search's answer in one line: 'An account and 2 signups', 'No account and 1 signup'. */
export function heldSummary(data: HeldData): string {
  return `${data.account ? 'An account' : 'No account'} and ${counted(data.signups.length, 'signup')}`;
}

/** The erasure's toast: 'Erased 3 signups and 1 account', 'Erased 1 signup and no account'. */
export function erasedSummary(result: { signups: number; account: boolean }): string {
  return `Erased ${counted(result.signups, 'signup')} and ${result.account ? '1 account' : 'no account'}`;
}

/** What 'Erase everything' asks before it erases: the address, and what becomes of each part. */
export function eraseQuestion(data: HeldData): string {
  const account = data.account
    ? 'Their account will be deleted and they will be signed out. '
    : 'No account uses this address. ';
  return (
    `Everything held about ${data.email} will be erased. ${account}` +
    `Their ${counted(data.signups.length, 'signup')} will stay counted as 'Former volunteer', without a name, ` +
    'email, phone number, notes or answers, and their consent records will be deleted. This cannot be undone.'
  );
}

/**
 * The file name of a person's data: the day and time of the search on the school's clock,
 * never the address itself ('pac-hub-data-2031-05-03-1800.json'), which would otherwise sit in
 * the admin's downloads folder long after an erasure.
 */
export function heldDataFileName(data: Pick<HeldData, 'exportedAt'>): string {
  return `pac-hub-data-${toDateTimeLocal(data.exportedAt).replace('T', '-').replace(':', '')}.json`;
}

/** The person's data as the JSON file they are sent: exactly what the search found. */
export function heldDataFile(data: HeldData): { filename: string; blob: Blob } {
  return {
    filename: heldDataFileName(data),
    blob: new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }),
  };
}
