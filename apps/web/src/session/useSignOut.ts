import { trpc } from '../trpc';
import { useCurrentUser } from './useCurrentUser';

/**
 * Logs out on the server and forgets the stored user. The stored user goes whatever the server
 * answers: a session that is already gone is still a signed-out user.
 */
export function useSignOut(): { signOut: () => void; pending: boolean } {
  const { setUser } = useCurrentUser();
  const utils = trpc.useUtils();
  const logout = trpc.auth.logout.useMutation({
    onSettled: () => {
      setUser(null);
      utils.auth.me.setData(undefined, null);
    },
  });
  return { signOut: () => logout.mutate(), pending: logout.isPending };
}
