import '../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { Anchor, Card, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ArrowLeftIcon } from '../components/Icons';
import { PageLayout } from '../components/PageLayout';
import { AdminGate } from '../features/admin/AdminGate';
import { AnnouncementDrafts } from '../features/announcements';
import { MonitoringPanel } from '../features/monitoring/MonitoringPanel';
import { SendTestPostsButton, SocialStatusBadges, useSocialStatus } from '../features/monitoring/SocialMediaCard';

/** Facebook and Instagram badges (refreshed every 60 s) and 'Send Test Posts to Social Media'. */
function SocialStatusCard() {
  const status = useSocialStatus();
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="social-media-status-title">
      <Card withBorder padding="lg">
        <Group justify="space-between" align="center" gap="md">
          <Stack gap="xs">
            <Title order={2} size="h4" id="social-media-status-title">
              {i18n._('Social Media Status')}
            </Title>
            <SocialStatusBadges status={status.data} loading={status.isPending} />
          </Stack>
          <SendTestPostsButton status={status.data} loading={status.isPending} align="flex-end" />
        </Group>
      </Card>
    </section>
  );
}

/** /monitoring — the announcements to approve, the social-media status and the monitoring panel, for admins. */
export default function MonitoringPage() {
  const { i18n } = useLingui();
  return (
    <PageLayout title={i18n._('Monitoring Dashboard')}>
      <Stack gap="lg">
        <Anchor component={Link} to="/" size="sm" style={{ alignSelf: 'flex-start' }}>
          <Group gap={4} component="span" wrap="nowrap">
            <ArrowLeftIcon />
            {i18n._('Back to Home')}
          </Group>
        </Anchor>
        <Title order={1}>{i18n._('Monitoring Dashboard')}</Title>
        <AdminGate>
          <Stack gap="lg">
            <AnnouncementDrafts />
            <SocialStatusCard />
            <MonitoringPanel />
          </Stack>
        </AdminGate>
      </Stack>
    </PageLayout>
  );
}
