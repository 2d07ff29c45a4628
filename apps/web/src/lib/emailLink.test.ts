import { describe, expect, it } from 'vitest';
import { parseEmailLink } from './emailLink';

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
