import '../../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAccountDialogs } from '../../features/account/AccountDialogsProvider';
import type { CurrentUser } from '../../lib/session/storedUser';
import { useSignOut } from '../../lib/session/useSignOut';
import { AccountName } from './AccountName';

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

/** The signed-in user's menu: My Profile, Account Settings, Change Password, Logout. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { openAccountSettings, openChangePassword } = useAccountDialogs();
  const { signOut, pending } = useSignOut();
  const { i18n } = useLingui();

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" rightSection={<Chevron />} px={{ base: 'xs', sm: 'md' }}>
          <AccountName name={user.name} />
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {user.isAdmin
            ? i18n._('Administrator', undefined, { comment: "The account's kind, over the account menu" })
            : i18n._('Signed in', undefined, {
                comment: 'Over the account menu: who is signed in (not an administrator)',
              })}
        </Menu.Label>
        <Menu.Item component={Link} to={`/profile/${user.id}`}>
          {i18n._('My Profile')}
        </Menu.Item>
        <Menu.Item onClick={openAccountSettings}>{i18n._('Account Settings')}</Menu.Item>
        <Menu.Item onClick={openChangePassword}>{i18n._('Change Password')}</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.9" onClick={signOut} disabled={pending}>
          {i18n._('Logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
