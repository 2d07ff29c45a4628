import { z } from 'zod';

/** SPEC.md messages shared by several schemas. */
export const messages = {
  emailInvalid: 'Please enter a valid email address',
  nameRequired: 'Name is required',
} as const;

/** A database id: a positive integer, also accepted as a numeric string (REST path segments). */
export const idSchema = z.coerce
  .number({ error: 'Must be a positive whole number' })
  .int('Must be a positive whole number')
  .positive('Must be a positive whole number')
  .max(Number.MAX_SAFE_INTEGER, 'Must be a positive whole number');

/** Required text: trimmed, non-empty, bounded. */
export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);
}

/** Optional free text: trimmed; empty becomes null (clear), absent stays undefined (no change). */
export function optionalText(max = 2000) {
  return z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
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
      .date({ error: (issue) => (issue.input === undefined || issue.input === null ? message : 'Must be a valid date') })
      .refine((d) => !Number.isNaN(d.getTime()), 'Must be a valid date'),
  );
}

/** An optional instant: empty or null means none (clear), absent stays undefined (no change). */
export const optionalDate = z.preprocess(
  (v) => (v === null || v === undefined ? v : (toDate(v) ?? null)),
  z
    .date({ error: 'Must be a valid date' })
    .refine((d) => !Number.isNaN(d.getTime()), 'Must be a valid date')
    .nullish(),
);
