import { z } from 'zod';
import { fill } from './fill';

/** SPEC.md messages shared by several schemas. */
export const messages = {
  emailInvalid: /*i18n*/ 'Please enter a valid email address',
  nameRequired: /*i18n*/ 'Name is required',
  nameInvalid: /*i18n*/ 'Please enter a valid name',
} as const;

/**
 * A database id: a positive integer, also accepted as a string of decimal digits (REST path
 * segments). Other spellings that Number() would read ('0x3', '1e3', ' 3') are refused.
 */
const idMessage = /*i18n*/ 'Must be a positive whole number';
export const idSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v),
  z.number({ error: idMessage }).int(idMessage).positive(idMessage).max(Number.MAX_SAFE_INTEGER, idMessage),
);

/** Required text: trimmed, non-empty, bounded. */
export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, fill(/*i18n*/ 'Must be at most {max} characters', { max }));
}

// Control characters (C0, DEL, C1) and the bidirectional embeddings, overrides and isolates that can
// make a name read differently from what it holds.
const nameForbidden = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

// A web address: a scheme's '://', or a word beginning 'www.' in any case (mail programs make
// both a link). 'www.' inside a word ('Awwww.') is not one: no letter, mark or digit before it.
const webAddress = /:\/\/|(?<![\p{L}\p{M}\p{N}])www\./iu;

/**
 * A person's name (account, volunteer, organizer): required text that is only a name. Control or
 * bidi-override characters or a web address ('://', or a word beginning 'www.') are refused, so
 * that a name cannot carry a phishing link or hidden text into the emails the school sends.
 */
export function personName(requiredMessage: string, max = 100) {
  return requiredText(requiredMessage, max).refine(
    (v) => !nameForbidden.test(v) && !webAddress.test(v),
    messages.nameInvalid,
  );
}

/** Optional free text: trimmed; empty becomes null (clear), absent stays undefined (no change). */
export function optionalText(max = 2000) {
  return z
    .string({ error: /*i18n*/ 'Must be text' })
    .trim()
    .max(max, fill(/*i18n*/ 'Must be at most {max} characters', { max }))
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
}

/** An email address, trimmed and lower-cased so that comparisons are exact. */
export const emailSchema = z
  .string({ error: messages.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, messages.emailInvalid)
  .pipe(z.email(messages.emailInvalid));

function toDate(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.trim() === '') return undefined;
    return new Date(value);
  }
  if (typeof value === 'number') return new Date(value);
  return value;
}

/** A required instant: a Date, or an ISO string / epoch milliseconds on the REST edge. */
export function requiredDate(message: string) {
  return z.preprocess(
    toDate,
    z
      .date({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? message : /*i18n*/ 'Must be a valid date',
      })
      .refine((d) => !Number.isNaN(d.getTime()), /*i18n*/ 'Must be a valid date'),
  );
}

/** An optional instant: empty or null means none (clear), absent stays undefined (no change). */
export const optionalDate = z.preprocess(
  (v) => (v === null || v === undefined ? v : (toDate(v) ?? null)),
  z
    .date({ error: /*i18n*/ 'Must be a valid date' })
    .refine((d) => !Number.isNaN(d.getTime()), /*i18n*/ 'Must be a valid date')
    .nullish(),
);
