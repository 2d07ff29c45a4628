import '../../../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { Center, Loader, Modal, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { notifyFailure, notifyFailureText, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session/useCurrentUser';
import { trpc } from '../../../trpc';
import { accountUpdateFailureText } from '../account';
import { AccountSettingsForm } from './AccountSettingsForm';
import { ChangePasswordForm } from './ChangePasswordForm';

export type AccountDialog = 'settings' | 'password';

export interface AccountDialogsProps {
  dialog: AccountDialog;
  opened: boolean;
  onClose: () => void;
}

function SignInAgain() {
  const { i18n } = useLingui();
  return <Text size="sm">{i18n._('Please sign in again to change your account.')}</Text>;
}

/** Account Settings, prefilled from the session's account (auth.me). */
function AccountSettings({ onClose }: { onClose: () => void }) {
  const { i18n } = useLingui();
  const { setUser } = useCurrentUser();
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();

  const update = trpc.auth.updateAccount.useMutation({
    onSuccess: async (user) => {
      onClose();
      notifySuccess(i18n._('Account Updated!'), i18n._('Your account details have been saved.'));
      // The name in the header comes from the stored user.
      setUser(user);
      utils.auth.me.setData(undefined, user);
      await Promise.all([utils.auth.me.invalidate(), utils.auth.profile.invalidate({ userId: user.id })]);
    },
    onError: (error) => notifyFailureText(i18n._('Update Failed'), accountUpdateFailureText(i18n, error)),
  });

  if (me.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label={i18n._('Loading your account')} />
      </Center>
    );
  }
  const account = me.data ?? null;
  if (account === null) return <SignInAgain />;
  return (
    <AccountSettingsForm
      account={account}
      submitting={update.isPending}
      onCancel={onClose}
      onSubmit={(values) => update.mutate({ userId: account.id, ...values })}
    />
  );
}

function ChangePassword({ onClose }: { onClose: () => void }) {
  const { i18n } = useLingui();
  const { user } = useCurrentUser();
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: () => {
      onClose();
      notifySuccess(
        i18n._('Password Updated!'),
        i18n._('Your password has been changed. Your other devices have been signed out.'),
      );
    },
    onError: (error) => notifyFailure(i18n._('Password Change Failed'), error, i18n._('Please try again.')),
  });

  if (user === null) return <SignInAgain />;
  return (
    <ChangePasswordForm
      submitting={change.isPending}
      onCancel={onClose}
      onSubmit={(values) => change.mutate({ userId: user.id, ...values })}
    />
  );
}

/** The Account Settings and Change Password dialogs; one is open at a time. */
export function AccountDialogs({ dialog, opened, onClose }: AccountDialogsProps) {
  const { i18n } = useLingui();
  // Loaded lazily, these would mount already open, and Mantine gives the focus back on closing
  // only if it saw `opened` turn true: open one render after mounting.
  const mounted = useMounted();
  return (
    <>
      <Modal opened={mounted && opened && dialog === 'settings'} onClose={onClose} title={i18n._('Account Settings')}>
        <AccountSettings onClose={onClose} />
      </Modal>
      <Modal opened={mounted && opened && dialog === 'password'} onClose={onClose} title={i18n._('Change Password')}>
        <ChangePassword onClose={onClose} />
      </Modal>
    </>
  );
}
