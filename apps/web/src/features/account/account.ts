import type { I18n } from '@lingui/core';
import { errorReason, serverMessage } from '../../lib/errors';

/** SPEC.md section 8's words, translated where shown: `i18n._(outdatedSessionText)`. */
export const outdatedSessionText =
  /*i18n*/ 'Your session may be outdated. Please log out and log back in to refresh your account.';

/**
 * The text of the 'Update Failed' toast for an account update (SPEC.md section 8): a missing
 * account means the browser remembers a user the server no longer has.
 */
export function accountUpdateFailureText(i18n: I18n, error: unknown): string {
  if (errorReason(error) === 'userNotFound') return i18n._(outdatedSessionText);
  return serverMessage(error) ?? i18n._('Failed to update your account. Please try again.');
}
