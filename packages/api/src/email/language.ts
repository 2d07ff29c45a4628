import { type Executor, type SignupSheet, users } from '@pac/db';
import { type I18n, i18nFor } from '@pac/i18n/server';
import { defaultLanguage, isLanguage, type Language } from '@pac/validators';
import { eq } from 'drizzle-orm';

/*
 * Who reads a mail decides its language (API.md "Languages"): a volunteer's mail (confirmation,
 * cancellation, waitlist, reminders, an organizer's message) is in the language they signed up in;
 * account mail in the account's, else the request's; an organizer's or an admin's notices in their
 * account's, else English. A mail to several people is written for each of them.
 */

/** A stored language tag as one of ours; `fallback` for none (or one we no longer speak). */
export function languageOf(tag: string | null | undefined, fallback: Language = defaultLanguage): Language {
  return isLanguage(tag) ? tag : fallback;
}

/** The messages a volunteer's mail is written with: the language they signed up in. */
export function volunteerI18n(volunteer: { language: string }): I18n {
  return i18nFor(languageOf(volunteer.language));
}

/** The language of the account with this address, if there is one and it chose a language. */
function accountLanguage(db: Executor, email: string): string | null {
  const row = db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .get();
  return row?.language ?? null;
}

/** The messages of a mail to this address (an admin's): its account's language, else English. */
export function recipientI18n(db: Executor, email: string, fallback: Language = defaultLanguage): I18n {
  return i18nFor(languageOf(accountLanguage(db, email), fallback));
}

/**
 * The messages of a mail to a sheet's organizer (its `organizerEmail`): the language of the account
 * with that address, else of the account that owns the sheet, else English.
 */
export function organizerI18n(db: Executor, sheet: Pick<SignupSheet, 'organizerEmail' | 'ownerId'>): I18n {
  const owner =
    sheet.ownerId === null
      ? null
      : (db.select({ language: users.language }).from(users).where(eq(users.id, sheet.ownerId)).get()?.language ??
        null);
  return i18nFor(languageOf(accountLanguage(db, sheet.organizerEmail) ?? owner));
}
