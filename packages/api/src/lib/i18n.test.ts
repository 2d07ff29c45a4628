import { i18nFor } from '@pac/i18n/server';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicMessage } from '../trpc';
import { refuse, zodIssues } from './errors';
import { answerText, englishText, translated } from './i18n';

/*
 * The server's sentences in the caller's language (API.md "Languages"). Until translators fill the
 * catalogs, Farsi's falls back to English; here the Farsi instance gets its own words for a few
 * messages, as the compiled catalog will give it, and the answers must use them.
 */
const fa = i18nFor('fa');
fa.load('fa', {
  'This volunteer slot is full': 'این نوبت داوطلبی پر است',
  'Only {n} still needed for this item': 'فقط {n} عدد دیگر از این قلم لازم است',
  'Name is required': 'نام لازم است',
});
const en = i18nFor('en');

describe("a sentence in the caller's language", () => {
  it("is the catalog's for a catalog message, with its placeholders filled", () => {
    expect(translated(fa, 'This volunteer slot is full')).toBe('این نوبت داوطلبی پر است');
    expect(translated(fa, { id: 'Only {n} still needed for this item', values: { n: 3 } })).toBe(
      'فقط 3 عدد دیگر از این قلم لازم است',
    );
    expect(answerText({ language: 'fa' }, 'This volunteer slot is full')).toBe('این نوبت داوطلبی پر است');
  });

  it('is the English as it was for English, and for a sentence the catalogs do not know', () => {
    expect(translated(en, 'This volunteer slot is full')).toBe('This volunteer slot is full');
    expect(translated(en, { id: 'Only {n} still needed for this item', values: { n: 3 } })).toBe(
      'Only 3 still needed for this item',
    );
    expect(translated(fa, 'SQLITE_BUSY: database is locked')).toBe('SQLITE_BUSY: database is locked');
    expect(englishText({ id: 'Only {n} still needed for this item', values: { n: 1200 } })).toBe(
      'Only 1200 still needed for this item',
    );
  });
});

describe('an error answer', () => {
  it("says a refusal's sentence in Farsi, and its English (its message) unchanged", () => {
    const full = refuse('CONFLICT', 'This volunteer slot is full', { reason: 'slotFull' });
    expect(full.message).toBe('This volunteer slot is full');
    expect(publicMessage(full)).toBe('This volunteer slot is full');
    expect(publicMessage(full, en)).toBe('This volunteer slot is full');
    expect(publicMessage(full, fa)).toBe('این نوبت داوطلبی پر است');
  });

  it('fills the placeholders of a refusal with values, in English and in Farsi', () => {
    const left = refuse(
      'CONFLICT',
      { id: 'Only {n} still needed for this item', values: { n: 2 } },
      { reason: 'quantityTooLarge' },
    );
    expect(left.message).toBe('Only 2 still needed for this item');
    expect(publicMessage(left)).toBe('Only 2 still needed for this item');
    expect(publicMessage(left, fa)).toBe('فقط 2 عدد دیگر از این قلم لازم است');
  });

  it("translates validation issues, and never an internal error's details", () => {
    const parsed = z.object({ name: z.string().min(1, 'Name is required') }).safeParse({ name: '' });
    if (parsed.success) throw new Error('expected a refusal');
    const invalid = new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
    expect(publicMessage(invalid, fa)).toBe('نام لازم است');
    expect(zodIssues(parsed.error, fa)).toEqual([{ path: 'name', message: 'نام لازم است' }]);
    expect(zodIssues(parsed.error)).toEqual([{ path: 'name', message: 'Name is required' }]);
    const internal = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'SQLITE_BUSY at /srv/x.ts:12' });
    expect(publicMessage(internal, en)).toBe('Something went wrong. Please try again.');
    expect(publicMessage(new TRPCError({ code: 'NOT_FOUND', message: 'No procedure x' }), fa)).toBe('No procedure x');
  });
});
