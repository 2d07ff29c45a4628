import { createContext, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { type CurrentUser, currentUserKey, readStoredUser, sameUser, writeStoredUser } from '../lib/session';

export interface CurrentUserContextValue {
  /** The stored user, or null when signed out. */
  user: CurrentUser | null;
  /** Stores the user (or removes it with null); only id, name and isAdmin are kept. */
  setUser: (user: CurrentUser | null) => void;
}

export const CurrentUserContext = createContext<CurrentUserContextValue | null>(null);

/** Holds the signed-in user, mirrored in localStorage under `currentUser`. */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<CurrentUser | null>(readStoredUser);

  const setUser = useCallback((next: CurrentUser | null) => {
    const stored = next === null ? null : { id: next.id, name: next.name, isAdmin: next.isAdmin };
    writeStoredUser(stored);
    setUserState((current) => (sameUser(current, stored) ? current : stored));
  }, []);

  // Another tab signed in or out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== currentUserKey) return;
      const stored = readStoredUser();
      setUserState((current) => (sameUser(current, stored) ? current : stored));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo(() => ({ user, setUser }), [user, setUser]);
  return <CurrentUserContext value={value}>{children}</CurrentUserContext>;
}
