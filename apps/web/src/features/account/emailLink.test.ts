import { describe, expect, it } from 'vitest';
import { parseEmailLink, parseEmailToken } from './emailLink';

describe('parseEmailLink', () => {
  it('reads the id and token of an emailed link', () => {
    expect(parseEmailLink('12', 'abcdefghijkl')).toEqual({ id: 12, token: 'abcdefghijkl' });
  });

  it('refuses a link without a usable id or token', () => {
    expect(parseEmailLink('12', null)).toBeNull();
    expect(parseEmailLink('12', 'short')).toBeNull();
    expect(parseEmailLink('abc', 'abcdefghijkl')).toBeNull();
    expect(parseEmailLink('0', 'abcdefghijkl')).toBeNull();
    expect(parseEmailLink(undefined, 'abcdefghijkl')).toBeNull();
  });
});

describe('parseEmailToken', () => {
  it('keeps a token that can be one of ours and refuses the rest', () => {
    expect(parseEmailToken('abcdefghijkl')).toBe('abcdefghijkl');
    expect(parseEmailToken(null)).toBeNull();
    expect(parseEmailToken('short')).toBeNull();
    expect(parseEmailToken('x'.repeat(201))).toBeNull();
  });
});
