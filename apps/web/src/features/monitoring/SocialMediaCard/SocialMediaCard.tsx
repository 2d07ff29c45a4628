import { Trans, useLingui } from '@lingui/react';
import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ShareIcon } from '../../../components/Icons';
import { notifyFailure, notifyFailureText, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { connectionLabel, connectionTestToast } from '../monitoring';
import { useRefreshMonitoring } from '../MonitoringPanel/useMonitoring';
import { SendTestPostsButton } from './SendTestPostsButton';
import { type SocialStatus, useSocialStatus } from './useSocial';

export interface SocialStatusBadgesProps {
  status: SocialStatus | undefined;
  loading?: boolean;
}

const platforms = [
  { key: 'facebook', name: 'Facebook' },
  { key: 'instagram', name: 'Instagram' },
] as const;

/** Facebook and Instagram, each 'Connected' (green) or 'Setup Required' (yellow). */
export function SocialStatusBadges({ status, loading = false }: SocialStatusBadgesProps) {
  const { i18n } = useLingui();
  return (
    <Group gap="lg" component="ul" aria-label={i18n._('Social media status')} p={0} m={0} style={{ listStyle: 'none' }}>
      {platforms.map(({ key, name }) => {
        const connected = status?.[key] ?? false;
        return (
          <Group component="li" key={key} gap="xs" wrap="nowrap" data-platform={key}>
            <Text fw={500} size="sm">
              {i18n._(
                '{platform}:',
                { platform: name },
                { comment: 'A social media platform (Facebook, Instagram) before its status' },
              )}
            </Text>
            {loading ? (
              <>
                <Skeleton height={20} width={96} aria-hidden="true" />
                <VisuallyHidden>
                  {i18n._('Checking', undefined, { comment: "A platform's status is being read" })}
                </VisuallyHidden>
              </>
            ) : (
              <Badge color={connected ? 'green' : 'yellow'} variant="light">
                {connectionLabel(i18n, connected)}
              </Badge>
            )}
          </Group>
        );
      })}
    </Group>
  );
}

/**
 * The Social Media Integration card: each platform's status, how to set them up, and the
 * connection test, notification processing, demo, and test-post buttons.
 */
export function SocialMediaCard() {
  const { i18n } = useLingui();
  const status = useSocialStatus();
  const refresh = useRefreshMonitoring();

  const test = trpc.social.test.useMutation({
    onSuccess: ({ results }) => {
      const toast = connectionTestToast(i18n, results);
      if (!toast.destructive) {
        notifySuccess(toast.title, toast.message);
        return;
      }
      notifyFailureText(
        toast.title,
        toast.issues.length > 0 ? (
          <List size="sm" spacing={2}>
            {toast.issues.map((issue) => (
              <List.Item key={issue}>{issue}</List.Item>
            ))}
          </List>
        ) : (
          toast.message
        ),
      );
    },
    onError: (error) =>
      notifyFailure(i18n._('Test Failed'), error, i18n._('Failed to test the social media connection.')),
  });

  const process = trpc.social.processNotifications.useMutation({
    onSuccess: (answer) => notifySuccess(i18n._('Notifications Processed'), answer.message),
    onError: (error) =>
      notifyFailure(i18n._('Processing Failed'), error, i18n._('Failed to process social media notifications.')),
    onSettled: refresh,
  });

  const demo = trpc.social.createDemoNotifications.useMutation({
    onSuccess: (answer) => notifySuccess(i18n._('Demo Notifications Created'), answer.message),
    onError: (error) =>
      notifyFailure(i18n._('Demo Creation Failed'), error, i18n._('Failed to create demo notifications.')),
    onSettled: refresh,
  });

  const testEmail = trpc.notifications.testEmail.useMutation({
    onSuccess: (answer) => {
      if (answer.success) notifySuccess(i18n._('Test Email Sent'), answer.message);
      else notifyFailureText(i18n._('Email test failed'), answer.message);
    },
    onError: (error) => notifyFailure(i18n._('Email test failed'), error, i18n._('The test email could not be sent.')),
  });

  return (
    <section aria-labelledby="social-media-integration-title">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group gap="xs">
            <ShareIcon size={20} />
            <Title order={2} size="h3" id="social-media-integration-title">
              {i18n._('Social Media Integration')}
            </Title>
          </Group>
          <SocialStatusBadges status={status.data} loading={status.isPending} />
          <Card withBorder padding="sm" bg="blue.0">
            <Text size="sm" fw={600} mb={4}>
              {i18n._('Setup instructions')}
            </Text>
            <Text size="sm">{i18n._("Set these in the server's environment, then restart it:")}</Text>
            <List size="sm" spacing={2} mt={4}>
              <List.Item>
                <Trans
                  id="<0>{name}</0>: the id of the PAC's Facebook page"
                  values={{ name: 'FACEBOOK_PAGE_ID' }}
                  components={{ 0: <Code /> }}
                />
              </List.Item>
              <List.Item>
                <Trans
                  id="<0>{name}</0>: a page access token allowed to post to it"
                  values={{ name: 'FACEBOOK_ACCESS_TOKEN' }}
                  components={{ 0: <Code /> }}
                />
              </List.Item>
              <List.Item>
                <Trans
                  id="<0>{name}</0>: the Instagram business account linked to the page"
                  values={{ name: 'INSTAGRAM_USER_ID' }}
                  components={{ 0: <Code /> }}
                />
              </List.Item>
            </List>
          </Card>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Button variant="default" onClick={() => test.mutate()} disabled={test.isPending}>
              {test.isPending ? i18n._('Testing...') : i18n._('Test Social Media Connection')}
            </Button>
            <Button variant="default" onClick={() => process.mutate()} disabled={process.isPending}>
              {process.isPending ? i18n._('Processing...') : i18n._('Process Social Media Notifications')}
            </Button>
            <Button variant="default" onClick={() => demo.mutate()} disabled={demo.isPending}>
              {demo.isPending ? i18n._('Creating...') : i18n._('Create Demo Notifications')}
            </Button>
            <SendTestPostsButton status={status.data} loading={status.isPending} />
            <Button variant="light" onClick={() => testEmail.mutate()} disabled={testEmail.isPending}>
              {testEmail.isPending ? i18n._('Sending...') : i18n._('Send Test Posts to Email')}
            </Button>
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {i18n._(
              'Create Demo Notifications queues a sample change for Facebook and Instagram, for a Facebook app review.',
            )}
          </Text>
        </Stack>
      </Card>
    </section>
  );
}
