import { createContext, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { trpc } from '../../trpc';
import {
  type CurrentUser,
  currentUserKey,
  currentUserOf,
  readStoredUser,
  sameUser,
  writeStoredUser,
} from './storedUser';

export interface CurrentUserContextValue {
  /** The stored user, or null when signed out. */
  user: CurrentUser | null;
  /** Stores the user (or removes it with null); only id, name and isAdmin are kept. */
  setUser: (user: CurrentUser | null) => void;
}

export const CurrentUserContext = createContext<CurrentUserContextValue | null>(null);

/** Holds the signed-in user, mirrored in localStorage under `currentUser`. */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  // The server's answer embedded in the page (auth.me, from the session cookie) when there is one:
  // the server rendered the page for that user, and the first render in the browser must show the
  // same header. SessionSync stores it. Otherwise what this browser remembers.
  const [user, setUserState] = useState<CurrentUser | null>(() => {
    const me = utils.auth.me.getData();
    return me === undefined ? readStoredUser() : me && currentUserOf(me);
  });

  const setUser = useCallback((next: CurrentUser | null) => {
    const stored = next && currentUserOf(next);
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
