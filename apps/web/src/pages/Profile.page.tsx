import '../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { useAccountDialogs } from '../features/account/AccountDialogsProvider';
import { useAuthDialog } from '../features/account/AuthDialogProvider';
import { CalendarFeedCard } from '../features/account/CalendarFeedCard';
import { DeleteAccountCard, MyDataCard } from '../features/account/MyData';
import { ProfileDetails } from '../features/account/ProfileDetails';
import { VerifyEmailNotice } from '../features/account/VerifyEmailNotice';
import { useCurrentUser } from '../lib/session/useCurrentUser';
import { trpc } from '../trpc';

function ProfileNotFound({ signedOut }: { signedOut: boolean }) {
  const { openAuthDialog } = useAuthDialog();
  const { i18n } = useLingui();
  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {i18n._('Profile Not Found')}
        </Title>
        <Text c="dimmed">
          {signedOut
            ? i18n._('Please sign in to see your profile.')
            : i18n._('This profile does not exist, or you do not have permission to view it.')}
        </Text>
        <Group justify="center" gap="sm">
          {signedOut && <Button onClick={() => openAuthDialog()}>{i18n._('Login')}</Button>}
          <Button component={Link} to="/" variant="light">
            {i18n._('Back to Home')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ProfileSkeleton() {
  const { i18n } = useLingui();
  return (
    <Stack gap="xl" aria-busy="true" aria-label={i18n._('Loading profile')}>
      <Card withBorder padding="xl">
        <Stack gap="sm">
          <Skeleton height={30} width="40%" />
          <Skeleton height={14} width="25%" />
          <Skeleton height={14} mt="md" />
          <Skeleton height={14} width="70%" />
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Skeleton height={96} />
        <Skeleton height={96} />
      </SimpleGrid>
      <Stack gap="sm">
        <Skeleton height={24} width="30%" />
        <Skeleton height={88} />
        <Skeleton height={88} />
      </Stack>
    </Stack>
  );
}

/**
 * /profile/:userId — a user's account details, totals and volunteer history; on one's own profile
 * also the calendar link, 'Your Data' and deleting the account.
 */
export default function ProfilePage() {
  const { userId: rawId } = useParams();
  const userId = Number(rawId);
  const validId = Number.isSafeInteger(userId) && userId > 0;
  const { user } = useCurrentUser();
  const { i18n } = useLingui();
  const { openAccountSettings, openChangePassword } = useAccountDialogs();
  // Signed out, the server answers UNAUTHORIZED; someone else's profile is FORBIDDEN. Either way,
  // and for any other failure, the page says 'Profile Not Found' (SPEC.md section 8).
  const profile = trpc.auth.profile.useQuery({ userId }, { enabled: validId });

  let content;
  if (!validId || profile.isError) {
    content = <ProfileNotFound signedOut={user === null} />;
  } else if (profile.isPending) {
    content = <ProfileSkeleton />;
  } else {
    const own = user?.id === profile.data.id;
    content = (
      <Stack gap="lg">
        {own && !profile.data.emailVerified && <VerifyEmailNotice email={profile.data.email} />}
        <ProfileDetails
          profile={profile.data}
          own={own ? { onAccountSettings: openAccountSettings, onChangePassword: openChangePassword } : undefined}
        />
        {own && <CalendarFeedCard />}
        {/* Only the person themself: an admin viewing someone's profile answers requests elsewhere. */}
        {own && <MyDataCard />}
        {own && <DeleteAccountCard />}
      </Stack>
    );
  }

  const title =
    !validId || profile.isError
      ? i18n._('Profile Not Found')
      : i18n._('Profile', undefined, { comment: "A page's title: a person's account, totals and volunteer history" });
  return <PageLayout title={title}>{content}</PageLayout>;
}
