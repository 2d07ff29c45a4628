import { useLingui } from '@lingui/react';
import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { GlobeIcon } from '../../../components/Icons';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { useLanguage } from '../../../lib/language';
import {
  activeMonitorCount,
  type ChangeWithMonitor,
  formatWhen,
  type Monitor,
  recentChangesShown,
} from '../monitoring';
// From the panel's own files, not its index: the card carries none of the panel's forms and dialogs.
import { MonitorStatusDot, SeverityBadge } from '../MonitoringPanel/MonitorBadges';
import {
  useCheckAllMonitors,
  useMonitorList,
  useRecentChanges,
  useSetupSchoolMonitors,
} from '../MonitoringPanel/useMonitoring';

/** The label of the button that creates the school's monitors. */
export const setupButtonLabel = /*i18n*/ 'Set Up School Monitors';

export interface MonitoringCardViewProps {
  monitors: Monitor[] | undefined;
  changes: ChangeWithMonitor[] | undefined;
  loading?: boolean;
  failed?: boolean;
  onCheckAll: () => void;
  checking?: boolean;
  onSetup: () => void;
  settingUp?: boolean;
}

function Count({ label, value, loading }: { label: string; value: number; loading: boolean }) {
  return (
    <Card withBorder padding="sm" bg="gray.0" role="group" aria-label={label}>
      {loading ? (
        <Skeleton height={28} width={40} />
      ) : (
        <Text fz={24} fw={700} lh={1.2}>
          {value}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Card>
  );
}

/**
 * The School Website Monitoring card: counts, 'Check All Monitors', the setup button, the
 * monitors with their status and the first 5 recent changes; 'No Monitors Setup' when empty.
 */
export function MonitoringCardView({
  monitors,
  changes,
  loading = false,
  failed = false,
  onCheckAll,
  checking = false,
  onSetup,
  settingUp = false,
}: MonitoringCardViewProps) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  const list = monitors ?? [];
  const recent = changes ?? [];
  // Only status 'active' counts: a paused monitor (or one in error) is neither active nor running.
  const active = activeMonitorCount(list);
  const setupButton = (
    <Button variant="light" onClick={onSetup} disabled={settingUp}>
      {settingUp ? i18n._('Setting up...') : i18n._(setupButtonLabel)}
    </Button>
  );

  const body = (
    <QueryState
      query={{ isPending: loading, isError: failed, data: list }}
      loading={<LoadingRows rows={2} height={48} label={i18n._('Loading monitors')} />}
      failed={i18n._('Could not load the monitors')}
      empty={
        <Stack align="center" gap="xs" py="md" ta="center">
          <Title order={3} size="h4">
            {i18n._('No Monitors Setup')}
          </Title>
          <Text size="sm" c="dimmed">
            {i18n._("Watch the school district's pages for news, calendar and announcement changes.")}
          </Text>
          {setupButton}
        </Stack>
      }
    >
      {(watched) => (
        <Stack gap="md">
          <Stack gap="xs" component="ul" aria-label={i18n._('Monitors')} p={0} m={0} style={{ listStyle: 'none' }}>
            {watched.map((monitor) => (
              <Card component="li" key={monitor.id} withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {monitor.name}
                    </Text>
                    <Anchor href={monitor.url} target="_blank" rel="noreferrer noopener" size="xs" c="dimmed">
                      <Text span inherit style={{ overflowWrap: 'anywhere' }}>
                        {monitor.url}
                      </Text>
                    </Anchor>
                  </div>
                  <MonitorStatusDot status={monitor.status} />
                </Group>
              </Card>
            ))}
          </Stack>
          <section aria-labelledby="recent-changes-detected-title">
            <Title order={3} size="h5" id="recent-changes-detected-title" mb="xs">
              {i18n._('Recent Changes Detected')}
            </Title>
            {recent.length === 0 ? (
              <Text size="sm" c="dimmed">
                {i18n._('No changes detected yet.')}
              </Text>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {recent.slice(0, recentChangesShown).map((change) => (
                  <Group component="li" key={change.id} justify="space-between" wrap="nowrap" gap="sm">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm">{change.summary}</Text>
                      <Text size="xs" c="dimmed">
                        {change.monitor.name} ·{' '}
                        <time dateTime={change.detectedAt.toISOString()}>
                          {formatWhen(i18n, language, change.detectedAt)}
                        </time>
                      </Text>
                    </div>
                    <SeverityBadge severity={change.severity} />
                  </Group>
                ))}
              </Stack>
            )}
          </section>
        </Stack>
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby="school-website-monitoring-title">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="center" gap="sm">
            <Group gap="xs">
              <GlobeIcon size={20} />
              <Title order={2} size="h3" id="school-website-monitoring-title">
                {i18n._('School Website Monitoring')}
              </Title>
            </Group>
            <Group gap="xs">
              <Button onClick={onCheckAll} disabled={checking}>
                {checking ? i18n._('Checking...') : i18n._('Check All Monitors')}
              </Button>
              {list.length > 0 && setupButton}
            </Group>
          </Group>
          {/* Two to a row on a phone: the counts' names are long words in some languages. */}
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
            <Count label={i18n._('Active Monitors')} value={active} loading={loading} />
            <Count label={i18n._('Recent Changes')} value={recent.length} loading={loading} />
            <Count
              label={i18n._('Running', undefined, { comment: 'How many website monitors are running' })}
              value={active}
              loading={loading}
            />
          </SimpleGrid>
          {body}
        </Stack>
      </Card>
    </section>
  );
}

/** The School Website Monitoring card for the dashboard's Overview tab. */
export function MonitoringCard() {
  const monitors = useMonitorList();
  const changes = useRecentChanges();
  const { checkAll, pending: checking } = useCheckAllMonitors();
  const { setup, pending: settingUp } = useSetupSchoolMonitors();
  return (
    <MonitoringCardView
      monitors={monitors.data}
      changes={changes.data}
      loading={monitors.isPending}
      failed={monitors.isError}
      onCheckAll={checkAll}
      checking={checking}
      onSetup={setup}
      settingUp={settingUp}
    />
  );
}
