import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AdminGate } from '../components/AdminGate';
import { ArrowLeftIcon } from '../components/Icons';
import { MonitoringPanel } from '../components/MonitoringPanel';
import { PageLayout } from '../components/PageLayout';
import { SocialStatusBadges, useSendTestPosts, useSocialStatus } from '../components/SocialMediaCard';

/** Facebook and Instagram badges (refreshed every 60 s) and 'Send Test Posts to Social Media'. */
function SocialStatusCard() {
  const status = useSocialStatus();
  const { send, pending } = useSendTestPosts();
  const noneConnected = !status.data?.facebook && !status.data?.instagram;
  const showHint = noneConnected && !status.isPending;
  return (
    <section aria-labelledby="social-media-status-title">
      <Card withBorder padding="lg">
        <Group justify="space-between" align="center" gap="md">
          <Stack gap="xs">
            <Title order={2} size="h4" id="social-media-status-title">
              Social Media Status
            </Title>
            <SocialStatusBadges status={status.data} loading={status.isPending} />
          </Stack>
          <Stack gap={4} align="flex-end">
            <Button
              onClick={send}
              disabled={pending || noneConnected}
              aria-describedby={showHint ? 'test-posts-hint' : undefined}
            >
              {pending ? 'Sending...' : 'Send Test Posts to Social Media'}
            </Button>
            {showHint && (
              <Text size="xs" c="dimmed" id="test-posts-hint">
                Connect Facebook or Instagram to send test posts.
              </Text>
            )}
          </Stack>
        </Group>
      </Card>
    </section>
  );
}

/** /monitoring — the social-media status and the monitoring panel, for admins. */
export default function MonitoringPage() {
  return (
    <PageLayout>
      <Stack gap="lg">
        <Anchor component={Link} to="/" size="sm" style={{ alignSelf: 'flex-start' }}>
          <Group gap={4} component="span" wrap="nowrap">
            <ArrowLeftIcon />
            Back to Home
          </Group>
        </Anchor>
        <Title order={1}>Monitoring Dashboard</Title>
        <AdminGate>
          <Stack gap="lg">
            <SocialStatusCard />
            <MonitoringPanel />
          </Stack>
        </AdminGate>
      </Stack>
    </PageLayout>
  );
}
