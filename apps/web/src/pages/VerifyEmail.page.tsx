import { useLingui } from '@lingui/react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { CenteredLoader } from '../components/QueryState';
import { useAuthDialog } from '../features/account/AuthDialogProvider';
import { InvalidLink } from '../features/account/EmailLink';
import { expiredLinkMessage, isExpiredLink, useEmailToken } from '../features/account/emailLink';
import { serverMessage } from '../lib/errors';
import { useCurrentUser } from '../lib/session/useCurrentUser';
import { trpc } from '../trpc';

function VerifyEmail({ token }: { token: string }) {
  const { user, setUser } = useCurrentUser();
  const { openAuthDialog } = useAuthDialog();
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const verify = trpc.auth.verifyEmail.useMutation({
    onSuccess: async (verified) => {
      // The signed-in account is the one verified: what the app knows of it changes too.
      if (user?.id === verified.id) {
        await utils.auth.me.cancel();
        setUser(verified);
        utils.auth.me.setData(undefined, verified);
      }
      // Signups made without an account may have joined it.
      await utils.auth.profile.invalidate({ userId: verified.id });
    },
  });

  // The link works once: post it once, even when StrictMode runs effects twice.
  const posted = useRef(false);
  const mutate = verify.mutate;
  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    mutate({ token });
  }, [mutate, token]);

  if (verify.isError) {
    if (isExpiredLink(verify.error)) {
      return (
        <InvalidLink title={i18n._(expiredLinkMessage)}>
          {i18n._(
            'Confirmation links work once and for 48 hours. Sign in and ask for a new one from your profile page.',
          )}
        </InvalidLink>
      );
    }
    return (
      <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
        <Stack align="center" gap="sm">
          <Title order={1} size="h2">
            {i18n._('Your email address could not be confirmed')}
          </Title>
          <Text c="dimmed">{serverMessage(verify.error) ?? i18n._('Something went wrong. Please try again.')}</Text>
          <Button onClick={() => verify.mutate({ token })}>{i18n._('Try again')}</Button>
        </Stack>
      </Card>
    );
  }

  if (!verify.isSuccess) {
    return <CenteredLoader label={i18n._('Confirming your email address')} />;
  }

  const verified = verify.data;
  const signedInAsVerified = user?.id === verified.id;
  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {i18n._('Email verified')}
        </Title>
        <Text>
          {i18n._('Thank you, {name}. Your email address {email} is confirmed.', {
            name: verified.name,
            email: verified.email,
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {i18n._("Signups made with this address without an account now appear in your account's volunteer history.")}
        </Text>
        <Group justify="center" gap="sm">
          {signedInAsVerified ? (
            <Button component={Link} to={`/profile/${verified.id}`}>
              {i18n._('Go to my profile')}
            </Button>
          ) : (
            user === null && <Button onClick={() => openAuthDialog({ tab: 'login' })}>{i18n._('Log in')}</Button>
          )}
          <Button component={Link} to="/" variant="light">
            {i18n._('Back to Home')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /verify-email?token=... — confirms an account's email address from the link emailed to it. */
export default function VerifyEmailPage() {
  const token = useEmailToken();
  const { i18n } = useLingui();
  return (
    <PageLayout title={i18n._('Verify Email')}>
      {token ? (
        <VerifyEmail token={token} />
      ) : (
        <InvalidLink title={i18n._(expiredLinkMessage)}>
          {i18n._(
            'The link may be incomplete. Please use the link from your most recent email, or sign in and ask for a new one from your profile page.',
          )}
        </InvalidLink>
      )}
    </PageLayout>
  );
}
