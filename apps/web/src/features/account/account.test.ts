import { i18nFor } from '@pac/i18n/server';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { accountUpdateFailureText, outdatedSessionText } from './account';

/** An error as the client gets it from the server's answer. */
const apiError = (message: string, reason: string) =>
  TRPCClientError.from({ error: { message, code: -32004, data: { code: 'NOT_FOUND', reason } } });

const i18n = i18nFor('en');

describe('accountUpdateFailureText', () => {
  it('asks to sign in again when the account is not found', () => {
    expect(accountUpdateFailureText(i18n, apiError('User not found', 'userNotFound'))).toBe(
      'Your session may be outdated. Please log out and log back in to refresh your account.',
    );
    // The reason decides, whatever the sentence says (it may be in another language).
    expect(accountUpdateFailureText(i18n, apiError('Utilisateur introuvable', 'userNotFound'))).toBe(
      outdatedSessionText,
    );
  });

  it("passes the server's message on", () => {
    expect(accountUpdateFailureText(i18n, apiError('An account with this email already exists', 'emailTaken'))).toBe(
      'An account with this email already exists',
    );
  });

  it('falls back when there is no message', () => {
    expect(accountUpdateFailureText(i18n, null)).toBe('Failed to update your account. Please try again.');
    expect(accountUpdateFailureText(i18n, new Error('network down'))).toBe(
      'Failed to update your account. Please try again.',
    );
  });
});
