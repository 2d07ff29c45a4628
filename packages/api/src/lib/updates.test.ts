import { describe, expect, it } from 'vitest';
import { hasChanges } from './updates';

describe('hasChanges', () => {
  it('is false when every field is undefined, true when any is set (null included)', () => {
    expect(hasChanges({})).toBe(false);
    expect(hasChanges({ title: undefined, notes: undefined })).toBe(false);
    expect(hasChanges({ title: undefined, notes: null })).toBe(true);
    expect(hasChanges({ maxVolunteers: 0 })).toBe(true);
    expect(hasChanges({ emailConsent: false })).toBe(true);
  });
});
