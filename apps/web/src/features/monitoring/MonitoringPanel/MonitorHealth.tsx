import { useLingui } from '@lingui/react';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { useLanguage } from '../../../lib/language';
import {
  formatDuration,
  formatWhen,
  healthColor,
  healthLevel,
  healthLevelLabel,
  type MonitoringHealth,
} from '../monitoring';
import { PanelSection } from './PanelSection';

function Kpi({ label, value, hint, loading }: { label: string; value: number; hint: string; loading: boolean }) {
  return (
    <Card withBorder padding="lg" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={32} width={56} mt={6} />
      ) : (
        <Text fz={28} fw={700} lh={1.2} mt={4}>
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Card>
  );
}

export interface MonitorKpisProps {
  health: MonitoringHealth | undefined;
  /** How many changes the recent-changes list holds. */
  changeCount: number;
  loading?: boolean;
}

/** Four figures: monitors, active monitors, changes detected and failed checks in the last 24 hours. */
export function MonitorKpis({ health, changeCount, loading = false }: MonitorKpisProps) {
  const { i18n } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
      <Kpi
        label={i18n._('Total Monitors')}
        value={health?.totalMonitors ?? 0}
        hint={i18n._('Pages being watched')}
        loading={loading}
      />
      <Kpi
        label={i18n._('Active Monitors')}
        value={health?.activeMonitors ?? 0}
        hint={i18n._('Checked on schedule')}
        loading={loading}
      />
      <Kpi label={i18n._('Changes Detected')} value={changeCount} hint={i18n._('Recent changes')} loading={loading} />
      <Kpi
        label={i18n._('Failed Checks')}
        value={health?.recentFailures ?? 0}
        hint={i18n._('In the last 24 hours')}
        loading={loading}
      />
    </SimpleGrid>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" component="div" role="listitem">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="span">
        {children}
      </Text>
    </Group>
  );
}

export interface SystemHealthProps {
  health: MonitoringHealth | undefined;
  loading?: boolean;
  failed?: boolean;
}

/** System Health: an overall state, the last check, the average check time and the monitors needing care. */
export function SystemHealth({ health, loading = false, failed = false }: SystemHealthProps) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  return (
    <PanelSection id="system-health-title" title={i18n._('System Health')}>
      <QueryState
        query={{ isPending: loading, isError: failed, data: health }}
        loading={<LoadingRows rows={3} height={16} />}
        failed={i18n._('Could not load the system health')}
      >
        {(health) => {
          const level = healthLevel(health);
          return (
            <Stack gap="xs" role="list">
              <Row label={i18n._('Status')}>
                <Badge color={healthColor(level)} variant="light">
                  {healthLevelLabel(i18n, level)}
                </Badge>
              </Row>
              <Row label={i18n._('Last check')}>
                {health.lastCheckTime ? (
                  <time dateTime={health.lastCheckTime.toISOString()}>
                    {formatWhen(i18n, language, health.lastCheckTime)}
                  </time>
                ) : (
                  i18n._('Never')
                )}
              </Row>
              <Row label={i18n._('Average check time (24 h)')}>{formatDuration(i18n, health.averageCheckTime)}</Row>
              <Row label={i18n._('Monitors in error')}>{health.errorMonitors}</Row>
              <Row label={i18n._('Paused monitors')}>{health.pausedMonitors}</Row>
              <Row label={i18n._('Failed checks (24 h)')}>{health.recentFailures}</Row>
            </Stack>
          );
        }}
      </QueryState>
    </PanelSection>
  );
}
