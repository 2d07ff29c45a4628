import { useEffect, useRef } from 'react';
import { trpc } from '../../trpc';
import { errorCode } from '../errors';
import { useCurrentUser } from './useCurrentUser';

/**
 * Keeps the stored user in line with the server, which is the truth: asks `auth.me` on load,
 * removes a stored user whose session has ended, refreshes one that changed, and refreshes the
 * data on screen whenever the signed-in user changes (admins see more).
 */
export function SessionSync() {
  const { user, setUser } = useCurrentUser();
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();

  useEffect(() => {
    if (!me.isSuccess) return;
    if (me.data === null) setUser(null);
    else setUser(me.data);
  }, [me.isSuccess, me.data, setUser]);

  // A stored user that disagrees with the session makes the server refuse every request
  // (FORBIDDEN); forget it and ask again without the header.
  const meError = me.error;
  const refetchMe = me.refetch;
  useEffect(() => {
    if (meError && errorCode(meError) === 'FORBIDDEN' && user !== null) {
      setUser(null);
      void refetchMe();
    }
  }, [meError, user, setUser, refetchMe]);

  const identity = user === null ? 'anonymous' : `${user.id}:${String(user.isAdmin)}`;
  const previous = useRef(identity);
  useEffect(() => {
    if (previous.current === identity) return;
    previous.current = identity;
    void utils.invalidate(undefined, { predicate: (query) => !isMeQuery(query.queryKey) });
  }, [identity, utils]);

  return null;
}

function isMeQuery(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  return Array.isArray(path) && path[0] === 'auth' && path[1] === 'me';
}
