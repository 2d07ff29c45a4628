import { useLingui } from '@lingui/react';
import { createContext, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { hasSignedInMessages, loadSignedInMessages } from '../language/catalogs';
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
  const { i18n } = useLingui();
  const [initialUser] = useState<CurrentUser | null>(() => {
    const me = utils.auth.me.getData();
    return me === undefined ? readStoredUser() : me && currentUserOf(me);
  });
  // Someone signed in sees the signed-in screens, whose messages are a file of their own
  // (main.tsx loads it with the page when it knows of them): until it is here, they are shown as
  // the visitor they were, never with the screens' messages missing.
  const [user, setUserState] = useState<CurrentUser | null>(() =>
    initialUser && !hasSignedInMessages(i18n) ? null : initialUser,
  );

  /** Shows `next` as the current user, once the messages of what they may see are here. */
  const show = useCallback(
    (next: CurrentUser | null) => {
      const apply = () => setUserState((current) => (sameUser(current, next) ? current : next));
      if (next === null || hasSignedInMessages(i18n)) apply();
      else void loadSignedInMessages(i18n).then(apply, apply);
    },
    [i18n],
  );

  useEffect(() => {
    if (initialUser && !hasSignedInMessages(i18n)) show(initialUser);
  }, [initialUser, i18n, show]);

  const setUser = useCallback(
    (next: CurrentUser | null) => {
      const stored = next && currentUserOf(next);
      writeStoredUser(stored);
      show(stored);
    },
    [show],
  );

  // Another tab signed in or out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== currentUserKey) return;
      show(readStoredUser());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [show]);

  const value = useMemo(() => ({ user, setUser }), [user, setUser]);
  return <CurrentUserContext value={value}>{children}</CurrentUserContext>;
}
