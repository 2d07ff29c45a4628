import { isCatalogMessage, translateText } from '@pac/i18n';
import { type I18n, i18nFor } from '@pac/i18n/server';
import { defaultLanguage, type Language } from '@pac/validators';

/*
 * The sentences the server answers with (an error's message, a validation issue's, a procedure's
 * `message`), in the caller's language. A sentence is written in English where it is made, marked
 * for the catalogs (`/*i18n*\/ 'This volunteer slot is full'`), and translated where the answer
 * leaves: an error's in the tRPC errorFormatter (trpc.ts) and the REST error mapping (apps/server
 * http/errors.ts), a procedure's `message` where it answers (`answerText`).
 */

export type { I18n };

/** The values of a message's placeholders: numbers and plain text (names, addresses, paths). */
export type MessageValues = Record<string, string | number>;

/**
 * A sentence with placeholders, as the catalogs know it: its id (the English text with `{name}`
 * placeholders, ICU) and the values that fill them, e.g.
 * `{ id: /*i18n*\/ 'Only {n} still needed for this item', values: { n: 3 } }`.
 */
export interface CatalogMessage {
  id: string;
  values: MessageValues;
}

/** A sentence a person reads: plain English text, or a catalog message with its values. */
export type ServerMessage = string | CatalogMessage;

/** The sentence in English, as callers have always read it. */
export function englishText(message: ServerMessage): string {
  return typeof message === 'string' ? message : i18nFor(defaultLanguage)._(message.id, message.values);
}

/**
 * The sentence in the language of `i18n` (an instance from `i18nFor(language)`): the catalog's
 * translation when the catalogs know it, else its English. English answers exactly the English
 * text, and so does a sentence the catalogs do not know (another library's, or text with data in it).
 */
export function translated(i18n: I18n, message: ServerMessage): string {
  if (i18n.locale === defaultLanguage) return englishText(message);
  // A plain sentence may be a catalog message with its values filled in (a shared schema's).
  if (typeof message === 'string') return translateText(i18n, message);
  if (!isCatalogMessage(i18n.messages, message.id)) return englishText(message);
  return i18n._(message.id, message.values);
}

/** A procedure's sentence (its answer's `message`) in the caller's language (`ctx.language`). */
export function answerText(ctx: { language: Language }, message: ServerMessage): string {
  return translated(i18nFor(ctx.language), message);
}
