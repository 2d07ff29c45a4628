import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { apiIssues, errorCode, errorField, errorReason, isNotFound, serverMessage } from './errors';

/** An error as the client gets it from the server's answer. */
function apiError(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { message, code: -32600, data } });
}

describe('errorReason and errorField', () => {
  it('read the reason and the field the server put in the answer', () => {
    const error = apiError('An account with this email already exists', {
      code: 'CONFLICT',
      httpStatus: 409,
      path: 'auth.register',
      reason: 'emailTaken',
      field: 'email',
    });
    expect(errorReason(error)).toBe('emailTaken');
    expect(errorField(error)).toBe('email');
    expect(errorCode(error)).toBe('CONFLICT');
  });

  it('give a null field for a refusal about no one field', () => {
    const error = apiError('This volunteer slot is full', { code: 'CONFLICT', httpStatus: 409, reason: 'slotFull' });
    expect(errorReason(error)).toBe('slotFull');
    expect(errorField(error)).toBeNull();
  });

  it("read a validation refusal's first field, beside its issues", () => {
    const error = apiError('A selector is at most 300 characters', {
      code: 'BAD_REQUEST',
      reason: 'invalidInput',
      field: 'selectors.2',
      issues: [{ path: 'selectors.2', message: 'A selector is at most 300 characters' }],
    });
    expect(errorReason(error)).toBe('invalidInput');
    expect(errorField(error)).toBe('selectors.2');
    expect(apiIssues(error)).toEqual([{ path: 'selectors.2', message: 'A selector is at most 300 characters' }]);
  });

  it('are null for an answer without them, and for what is not an API error', () => {
    const older = apiError('Signup sheet not found', { code: 'NOT_FOUND', httpStatus: 404 });
    expect(errorReason(older)).toBeNull();
    expect(errorField(older)).toBeNull();
    expect(isNotFound(older)).toBe(true);
    expect(errorReason(apiError('x', { code: 'BAD_REQUEST', reason: 42, field: '' }))).toBeNull();
    expect(errorField(apiError('x', { code: 'BAD_REQUEST', reason: 42, field: '' }))).toBeNull();
    expect(errorReason(new TypeError('Failed to fetch'))).toBeNull();
    expect(errorField(new Error('URL must be from an approved school domain'))).toBeNull();
    expect(errorReason(null)).toBeNull();
  });

  it('never depend on the message: the same reason whatever the text says', () => {
    const data = { code: 'CONFLICT', reason: 'slotFull' };
    expect(errorReason(apiError('Ce créneau est complet', data))).toBe('slotFull');
    expect(serverMessage(apiError('Ce créneau est complet', data))).toBe('Ce créneau est complet');
  });
});
