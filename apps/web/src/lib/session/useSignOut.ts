import { useLocation, useNavigate } from 'react-router-dom';
import { trpc } from '../../trpc';
import { useCurrentUser } from './useCurrentUser';

/**
 * Logs out on the server and forgets the stored user. The stored user goes whatever the server
 * answers: a session that is already gone is still a signed-out user. Signing out on a profile
 * page goes home: a profile is only for its signed-in owner (or an admin), so staying would show
 * 'Profile Not Found'.
 */
export function useSignOut(): { signOut: () => void; pending: boolean } {
  const { setUser } = useCurrentUser();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const onProfile = useLocation().pathname.startsWith('/profile/');
  const logout = trpc.auth.logout.useMutation({
    onSettled: () => {
      setUser(null);
      utils.auth.me.setData(undefined, null);
      if (onProfile) void navigate('/');
    },
  });
  return { signOut: () => logout.mutate(), pending: logout.isPending };
}
