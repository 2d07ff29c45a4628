import { Button, Menu } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { CurrentUser } from '../../lib/session';
import { useCurrentUser } from '../../session/useCurrentUser';
import { trpc } from '../../trpc';

function Chevron() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 9l6 6 6-6" />
    </svg>
  );
}

/** The signed-in user's menu: Account Settings, Change Password, Logout. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const { setUser } = useCurrentUser();
  const utils = trpc.useUtils();

  const signOut = () => {
    setUser(null);
    utils.auth.me.setData(undefined, null);
  };
  // The stored user goes whatever the server answers: a session that is already gone is still
  // a signed-out user.
  const logout = trpc.auth.logout.useMutation({ onSettled: signOut });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" rightSection={<Chevron />} aria-label={`Account menu for ${user.name}`}>
          {user.name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.isAdmin ? 'Administrator' : 'Signed in'}</Menu.Label>
        <Menu.Item onClick={() => void navigate(`/profile/${user.id}?section=account`)}>Account Settings</Menu.Item>
        <Menu.Item onClick={() => void navigate(`/profile/${user.id}?section=password`)}>Change Password</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => logout.mutate()} disabled={logout.isPending}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
