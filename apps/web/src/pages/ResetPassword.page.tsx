import '../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { useAuthDialog } from '../features/account/AuthDialogProvider';
import { InvalidLink } from '../features/account/EmailLink';
import { expiredLinkMessage, isExpiredLink, useEmailToken } from '../features/account/emailLink';
import { ResetPasswordForm } from '../features/account/ResetPasswordForm';
import { notifyFailure } from '../lib/notify';
import { useCurrentUser } from '../lib/session/useCurrentUser';
import { trpc } from '../trpc';

/** A used, expired or forged link, with a way to ask for a new one. */
function ExpiredResetLink() {
  const { openAuthDialog } = useAuthDialog();
  const { i18n } = useLingui();
  return (
    <InvalidLink
      title={i18n._(expiredLinkMessage)}
      action={
        <Group justify="center" gap="sm">
          <Button onClick={() => openAuthDialog({ tab: 'forgotPassword' })}>{i18n._('Send me a new link')}</Button>
          <Button component={Link} to="/" variant="light">
            {i18n._('Back to Home')}
          </Button>
        </Group>
      }
    >
      {i18n._('Reset links work once and for one hour. Ask for a new one and use the link from the newest email.')}
    </InvalidLink>
  );
}

function ResetPassword({ token }: { token: string }) {
  const { openAuthDialog } = useAuthDialog();
  const { setUser } = useCurrentUser();
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const reset = trpc.auth.resetPassword.useMutation({
    // Every session of the account has ended: if this browser was signed in to it, it no longer
    // is. Ask the server who is signed in now rather than guess (another account stays signed in).
    onSuccess: async () => {
      await utils.auth.me.cancel();
      const me = await utils.client.auth.me.query().catch(() => null);
      setUser(me);
      utils.auth.me.setData(undefined, me);
    },
    onError: (error) => {
      if (!isExpiredLink(error)) notifyFailure(i18n._('Reset Failed'), error, i18n._('Please try again.'));
    },
  });

  if (reset.isError && isExpiredLink(reset.error)) return <ExpiredResetLink />;

  if (reset.isSuccess) {
    return (
      <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
        <Stack align="center" gap="sm">
          <Title order={1} size="h2">
            {i18n._('Password reset', undefined, { comment: 'Heading: the password has been reset' })}
          </Title>
          <Text>{reset.data.message}</Text>
          <Text size="sm" c="dimmed">
            {i18n._('For your security, every device that was signed in to this account has been signed out.')}
          </Text>
          <Group justify="center" gap="sm">
            <Button onClick={() => openAuthDialog({ tab: 'login' })}>{i18n._('Log in')}</Button>
            <Button component={Link} to="/" variant="light">
              {i18n._('Back to Home')}
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder padding="xl" maw={480} mx="auto">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {i18n._('Choose a new password')}
          </Title>
          <Text c="dimmed" size="sm">
            {i18n._(
              'Your new password replaces the old one, and signs out every device that is signed in to your account.',
            )}
          </Text>
        </Stack>
        <ResetPasswordForm token={token} submitting={reset.isPending} onSubmit={(values) => reset.mutate(values)} />
      </Stack>
    </Card>
  );
}

/** /reset-password?token=... — sets a new password from the link in a password reset email. */
export default function ResetPasswordPage() {
  const token = useEmailToken();
  const { i18n } = useLingui();
  return (
    <PageLayout title={i18n._('Reset Password')}>
      {token ? <ResetPassword token={token} /> : <ExpiredResetLink />}
    </PageLayout>
  );
}
