import { errorReason, serverMessage } from '../../lib/errors';

export const outdatedSessionText =
  'Your session may be outdated. Please log out and log back in to refresh your account.';

/**
 * The text of the 'Update Failed' toast for an account update (SPEC.md section 8): a missing
 * account means the browser remembers a user the server no longer has.
 */
export function accountUpdateFailureText(error: unknown): string {
  if (errorReason(error) === 'userNotFound') return outdatedSessionText;
  return serverMessage(error) ?? 'Failed to update your account. Please try again.';
}
