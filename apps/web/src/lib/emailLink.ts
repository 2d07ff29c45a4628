import { useParams, useSearchParams } from 'react-router-dom';

/** An emailed link's volunteer id and the token that proves the link is ours. */
export interface EmailLink {
  id: number;
  token: string;
}

/** Reads an emailed link ('/{page}/{id}?token=...'); null when it cannot be one of ours. */
export function parseEmailLink(rawId: string | undefined, token: string | null): EmailLink | null {
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id <= 0 || token === null || token.length < 10 || token.length > 200) return null;
  return { id, token };
}

/** The current route's emailed link (its `:id` and `?token=`). */
export function useEmailLink(): EmailLink | null {
  const { id } = useParams();
  const [search] = useSearchParams();
  return parseEmailLink(id, search.get('token'));
}
