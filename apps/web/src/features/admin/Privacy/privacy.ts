import type { I18n } from '@lingui/core';
import type { RouterOutputs } from '@pac/api';
import { toDateTimeLocal } from '../../../lib/dates';

/** What the server holds about one email address: `privacy.search`'s answer, as found. */
export type HeldData = RouterOutputs['privacy']['search'];
export type HeldSignup = HeldData['signups'][number];
export type HeldConsent = HeldData['consentHistory'][number];
export type PrivacyLogEntry = RouterOutputs['privacy']['log'][number];

/** How each logged action reads in the Privacy log (English; shown through `i18n._`). */
export const privacyActionLabels: Record<PrivacyLogEntry['action'], string> = {
  search: /*i18n*/ 'Searched',
  erase: /*i18n*/ 'Erased',
  volunteersCsv: /*i18n*/ 'Exported volunteers CSV',
};

/**
 * A change of email consent and where it was made, in words: 'Agreed to emails on the signup form',
 * 'Stopped emails with the unsubscribe link in an email'.
 */
export function consentInWords(i18n: I18n, record: Pick<HeldConsent, 'consent' | 'source'>): string {
  const { source } = record;
  return record.consent
    ? i18n._(
        '{source, select, signup {Agreed to emails on the signup form} account {Agreed to emails in their account} unsubscribe {Agreed to emails with the unsubscribe link in an email} other {Agreed to emails by an administrator}}',
        { source },
      )
    : i18n._(
        '{source, select, signup {Stopped emails on the signup form} account {Stopped emails in their account} unsubscribe {Stopped emails with the unsubscribe link in an email} other {Stopped emails by an administrator}}',
        { source },
      );
}

/** Whether anything at all is held: an account, a signup or a consent record. */
export function holdsAnything(data: HeldData): boolean {
  return data.account !== null || data.signups.length > 0 || data.consentHistory.length > 0;
}

/** The search's answer in one sentence: 'An account and 2 signups.', 'No account and 1 signup.' */
export function heldSummary(i18n: I18n, data: HeldData): string {
  const count = data.signups.length;
  return data.account
    ? i18n._('An account and {count, plural, one {# signup} other {# signups}}.', { count })
    : i18n._('No account and {count, plural, one {# signup} other {# signups}}.', { count });
}

/** What the status line tells a screen reader a search found: 'Found: an account and 2 signups for pat@example.org'. */
export function foundStatus(i18n: I18n, data: HeldData): string {
  const count = data.signups.length;
  const email = data.email;
  return data.account
    ? i18n._('Found: an account and {count, plural, one {# signup} other {# signups}} for {email}', { count, email })
    : i18n._('Found: no account and {count, plural, one {# signup} other {# signups}} for {email}', { count, email });
}

/** The erasure's toast: 'Erased 3 signups and 1 account.', 'Erased 1 signup and no account.' */
export function erasedSummary(i18n: I18n, result: { signups: number; account: boolean }): string {
  const count = result.signups;
  return result.account
    ? i18n._('Erased {count, plural, one {# signup} other {# signups}} and 1 account.', { count })
    : i18n._('Erased {count, plural, one {# signup} other {# signups}} and no account.', { count });
}

/** What 'Erase everything' asks before it erases: the address, and what becomes of each part. */
export function eraseQuestion(i18n: I18n, data: HeldData): string {
  const values = { email: data.email, count: data.signups.length };
  return data.account
    ? i18n._(
        "Everything held about {email} will be erased. Their account will be deleted and they will be signed out. Their {count, plural, one {# signup} other {# signups}} will stay counted as 'Former volunteer', without a name, email, phone number, notes or answers, and their consent records will be deleted. This cannot be undone.",
        values,
      )
    : i18n._(
        "Everything held about {email} will be erased. No account uses this address. Their {count, plural, one {# signup} other {# signups}} will stay counted as 'Former volunteer', without a name, email, phone number, notes or answers, and their consent records will be deleted. This cannot be undone.",
        values,
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
