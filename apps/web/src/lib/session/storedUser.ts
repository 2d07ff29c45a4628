/** The signed-in user as the browser remembers it (SPEC.md section 3: `currentUser`). */
export interface CurrentUser {
  id: number;
  name: string;
  isAdmin: boolean;
}

export const currentUserKey = 'currentUser';

/** Only what SPEC.md names (id, name, isAdmin) of a user, such as the server's auth.me answer. */
export function currentUserOf(user: CurrentUser): CurrentUser {
  return { id: user.id, name: user.name, isAdmin: user.isAdmin };
}

function isCurrentUser(value: unknown): value is CurrentUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'number' &&
    Number.isInteger(v.id) &&
    v.id > 0 &&
    typeof v.name === 'string' &&
    typeof v.isAdmin === 'boolean'
  );
}

/**
 * Parses a stored `currentUser` value: the user, `null` when nothing is stored, or `'corrupt'`
 * for text that is not a user (which the caller should remove).
 */
export function parseStoredUser(raw: string | null): CurrentUser | null | 'corrupt' {
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isCurrentUser(parsed)) return 'corrupt';
    return currentUserOf(parsed);
  } catch {
    return 'corrupt';
  }
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be switched off by the browser; the app then works without remembering the user.
    return null;
  }
}

/** The stored user; a corrupt entry is removed. */
export function readStoredUser(): CurrentUser | null {
  const store = storage();
  if (!store) return null;
  const parsed = parseStoredUser(store.getItem(currentUserKey));
  if (parsed === 'corrupt') {
    store.removeItem(currentUserKey);
    return null;
  }
  return parsed;
}

/** Stores only what SPEC.md names: id, name and isAdmin. */
export function writeStoredUser(user: CurrentUser | null): void {
  const store = storage();
  if (!store) return;
  if (user === null) store.removeItem(currentUserKey);
  else store.setItem(currentUserKey, JSON.stringify(currentUserOf(user)));
}

export function sameUser(a: CurrentUser | null, b: CurrentUser | null): boolean {
  if (a === null || b === null) return a === b;
  return a.id === b.id && a.name === b.name && a.isAdmin === b.isAdmin;
}

/** The headers every API request carries: X-User-ID when a user is stored (SPEC.md section 6). */
export function userHeaders(): Record<string, string> {
  const user = readStoredUser();
  return user ? { 'X-User-ID': String(user.id) } : {};
}
