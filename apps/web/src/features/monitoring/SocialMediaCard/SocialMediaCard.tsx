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
import { useRefreshMonitoring } from '../MonitoringPanel';
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
  return (
    <Group gap="lg" component="ul" aria-label="Social media status" p={0} m={0} style={{ listStyle: 'none' }}>
      {platforms.map(({ key, name }) => {
        const connected = status?.[key] ?? false;
        return (
          <Group component="li" key={key} gap="xs" wrap="nowrap" data-platform={key}>
            <Text fw={500} size="sm">
              {name}:
            </Text>
            {loading ? (
              <>
                <Skeleton height={20} width={96} aria-hidden="true" />
                <VisuallyHidden>Checking</VisuallyHidden>
              </>
            ) : (
              <Badge color={connected ? 'green' : 'yellow'} variant="light">
                {connectionLabel(connected)}
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
  const status = useSocialStatus();
  const refresh = useRefreshMonitoring();

  const test = trpc.social.test.useMutation({
    onSuccess: ({ results }) => {
      const toast = connectionTestToast(results);
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
    onError: (error) => notifyFailure('Test Failed', error, 'Failed to test the social media connection.'),
  });

  const process = trpc.social.processNotifications.useMutation({
    onSuccess: (answer) => notifySuccess('Notifications Processed', answer.message),
    onError: (error) => notifyFailure('Processing Failed', error, 'Failed to process social media notifications.'),
    onSettled: refresh,
  });

  const demo = trpc.social.createDemoNotifications.useMutation({
    onSuccess: (answer) => notifySuccess('Demo Notifications Created', answer.message),
    onError: (error) => notifyFailure('Demo Creation Failed', error, 'Failed to create demo notifications.'),
    onSettled: refresh,
  });

  const testEmail = trpc.notifications.testEmail.useMutation({
    onSuccess: (answer) => {
      if (answer.success) notifySuccess('Test Email Sent', answer.message);
      else notifyFailureText('Email test failed', answer.message);
    },
    onError: (error) => notifyFailure('Email test failed', error, 'The test email could not be sent.'),
  });

  return (
    <section aria-labelledby="social-media-integration-title">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group gap="xs">
            <ShareIcon size={20} />
            <Title order={2} size="h3" id="social-media-integration-title">
              Social Media Integration
            </Title>
          </Group>
          <SocialStatusBadges status={status.data} loading={status.isPending} />
          <Card withBorder padding="sm" bg="blue.0">
            <Text size="sm" fw={600} mb={4}>
              Setup instructions
            </Text>
            <Text size="sm">Set these in the server&apos;s environment, then restart it:</Text>
            <List size="sm" spacing={2} mt={4}>
              <List.Item>
                <Code>FACEBOOK_PAGE_ID</Code>: the id of the PAC&apos;s Facebook page
              </List.Item>
              <List.Item>
                <Code>FACEBOOK_ACCESS_TOKEN</Code>: a page access token allowed to post to it
              </List.Item>
              <List.Item>
                <Code>INSTAGRAM_USER_ID</Code>: the Instagram business account linked to the page
              </List.Item>
            </List>
          </Card>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Button variant="default" onClick={() => test.mutate()} disabled={test.isPending}>
              {test.isPending ? 'Testing...' : 'Test Social Media Connection'}
            </Button>
            <Button variant="default" onClick={() => process.mutate()} disabled={process.isPending}>
              {process.isPending ? 'Processing...' : 'Process Social Media Notifications'}
            </Button>
            <Button variant="default" onClick={() => demo.mutate()} disabled={demo.isPending}>
              {demo.isPending ? 'Creating...' : 'Create Demo Notifications'}
            </Button>
            <SendTestPostsButton status={status.data} loading={status.isPending} />
            <Button variant="light" onClick={() => testEmail.mutate()} disabled={testEmail.isPending}>
              {testEmail.isPending ? 'Sending...' : 'Send Test Posts to Email'}
            </Button>
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Create Demo Notifications queues a sample change for Facebook and Instagram, for a Facebook app review.
          </Text>
        </Stack>
      </Card>
    </section>
  );
}
