import { describe, expect, it } from 'vitest';
import { accountUpdateFailureText, outdatedSessionText } from './account';

describe('accountUpdateFailureText', () => {
  it('asks to sign in again when the account is not found', () => {
    expect(accountUpdateFailureText('User not found')).toBe(
      'Your session may be outdated. Please log out and log back in to refresh your account.',
    );
    expect(accountUpdateFailureText('404: User not found')).toBe(outdatedSessionText);
  });

  it("passes the server's message on", () => {
    expect(accountUpdateFailureText('An account with this email already exists')).toBe(
      'An account with this email already exists',
    );
  });

  it('falls back when there is no message', () => {
    expect(accountUpdateFailureText(null)).toBe('Failed to update your account. Please try again.');
  });
});
