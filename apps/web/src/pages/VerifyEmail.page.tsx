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
        <InvalidLink title={expiredLinkMessage}>
          Confirmation links work once and for 48 hours. Sign in and ask for a new one from your profile page.
        </InvalidLink>
      );
    }
    return (
      <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
        <Stack align="center" gap="sm">
          <Title order={1} size="h2">
            Your email address could not be confirmed
          </Title>
          <Text c="dimmed">{serverMessage(verify.error) ?? 'Something went wrong. Please try again.'}</Text>
          <Button onClick={() => verify.mutate({ token })}>Try again</Button>
        </Stack>
      </Card>
    );
  }

  if (!verify.isSuccess) {
    return <CenteredLoader label="Confirming your email address" />;
  }

  const verified = verify.data;
  const signedInAsVerified = user?.id === verified.id;
  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          Email verified
        </Title>
        <Text>
          Thank you, {verified.name}. Your email address {verified.email} is confirmed.
        </Text>
        <Text size="sm" c="dimmed">
          Signups made with this address without an account now appear in your account&apos;s volunteer history.
        </Text>
        <Group justify="center" gap="sm">
          {signedInAsVerified ? (
            <Button component={Link} to={`/profile/${verified.id}`}>
              Go to my profile
            </Button>
          ) : (
            user === null && <Button onClick={() => openAuthDialog({ tab: 'login' })}>Log in</Button>
          )}
          <Button component={Link} to="/" variant="light">
            Back to Home
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /verify-email?token=... — confirms an account's email address from the link emailed to it. */
export default function VerifyEmailPage() {
  const token = useEmailToken();
  return (
    <PageLayout title="Verify Email">
      {token ? (
        <VerifyEmail token={token} />
      ) : (
        <InvalidLink title={expiredLinkMessage}>
          The link may be incomplete. Please use the link from your most recent email, or sign in and ask for a new one
          from your profile page.
        </InvalidLink>
      )}
    </PageLayout>
  );
}
