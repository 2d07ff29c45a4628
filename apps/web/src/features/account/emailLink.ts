import { useParams, useSearchParams } from 'react-router-dom';
import { errorReason } from '../../lib/errors';

/** An emailed link's volunteer id and the token that proves the link is ours. */
export interface EmailLink {
  id: number;
  token: string;
}

/** An emailed link's token as it came, or null when it cannot be one of ours. */
export function parseEmailToken(token: string | null): string | null {
  if (token === null || token.length < 10 || token.length > 200) return null;
  return token;
}

/** Reads an emailed link ('/{page}/{id}?token=...'); null when it cannot be one of ours. */
export function parseEmailLink(rawId: string | undefined, token: string | null): EmailLink | null {
  const id = Number(rawId);
  const checked = parseEmailToken(token);
  if (!Number.isSafeInteger(id) || id <= 0 || checked === null) return null;
  return { id, token: checked };
}

/** The current route's emailed link (its `:id` and `?token=`). */
export function useEmailLink(): EmailLink | null {
  const { id } = useParams();
  const [search] = useSearchParams();
  return parseEmailLink(id, search.get('token'));
}

/** The current route's emailed account link token (`/verify-email?token=...`, `/reset-password?token=...`). */
export function useEmailToken(): string | null {
  const [search] = useSearchParams();
  return parseEmailToken(search.get('token'));
}

/**
 * The server's answer to a bad, used or expired account link (API.md), translated where shown:
 * `i18n._(expiredLinkMessage)`.
 */
export const expiredLinkMessage = /*i18n*/ 'This link is invalid or has expired';

/** Whether the server refused an account link's token (rather than failing some other way). */
export function isExpiredLink(error: unknown): boolean {
  return errorReason(error) === 'invalidOrExpiredLink';
}
