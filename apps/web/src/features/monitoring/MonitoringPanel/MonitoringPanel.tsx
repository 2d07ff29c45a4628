import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { trpc } from '../../../trpc';
import { MonitorFormDialog } from '../MonitorForm';
import { type Monitor, pollMs, type SnapshotRow } from '../monitoring';
import { ActivityFeed } from './ActivityFeed';
import { MonitorKpis, SystemHealth } from './MonitorHealth';
import { MonitorTable } from './MonitorTable';
import { NotificationHistory } from './NotificationHistory';
import { PanelSection } from './PanelSection';
import { RecentChanges } from './RecentChanges';
import { SnapshotDialog } from './SnapshotDialog';
import { SnapshotTable } from './SnapshotTable';
import {
  useCheckAllMonitors,
  useMonitorActions,
  useMonitorList,
  useRecentChanges,
  useSetupSchoolMonitors,
} from './useMonitoring';

/** How many rows the activity feed, the snapshot table and the notification history ask for. */
const listLimits = { activity: 30, snapshots: 25, notifications: 30 } as const;

export function deleteMonitorQuestion(i18n: I18n, name: string): string {
  return i18n._(
    'Are you sure you want to delete the monitor "{name}"? Its snapshots, changes and notifications will be deleted too.',
    { name },
  );
}

/** The monitor form: open or not, and the monitor it edits (kept while it closes). */
interface FormState {
  opened: boolean;
  monitor: Monitor | null;
}

/**
 * The website-monitoring panel (the dashboard's Website Monitoring tab and the /monitoring page):
 * KPI cards, system health and the activity feed (refreshed every 30 s), the monitors with their
 * email switches and actions, recent changes, snapshots with a detail dialog and the notification
 * history (refreshed every 60 s).
 */
export function MonitoringPanel() {
  const { i18n } = useLingui();
  const health = trpc.monitoring.health.useQuery(undefined, { refetchInterval: pollMs.health });
  const activity = trpc.monitoring.activity.useQuery(
    { limit: listLimits.activity },
    { refetchInterval: pollMs.activity },
  );
  const snapshots = trpc.monitoring.snapshots.useQuery(
    { limit: listLimits.snapshots },
    { refetchInterval: pollMs.snapshots },
  );
  const notifications = trpc.monitoring.notifications.useQuery(
    { limit: listLimits.notifications },
    { refetchInterval: pollMs.notifications },
  );
  const monitors = useMonitorList();
  const changes = useRecentChanges();

  const { checkAll, pending: checking } = useCheckAllMonitors();
  const { setup, pending: settingUp } = useSetupSchoolMonitors();
  const actions = useMonitorActions();

  const [form, setForm] = useState<FormState>({ opened: false, monitor: null });
  const [viewing, setViewing] = useState<SnapshotRow | null>(null);
  const [deleting, setDeleting] = useState<Monitor | null>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3">
          {i18n._('Website Monitoring')}
        </Title>
        <Group gap="xs">
          <Button onClick={() => setForm({ opened: true, monitor: null })}>{i18n._('Add Monitor')}</Button>
          <Button variant="light" onClick={checkAll} disabled={checking}>
            {checking ? i18n._('Checking...') : i18n._('Check All Monitors')}
          </Button>
          <Button variant="default" onClick={setup} disabled={settingUp}>
            {settingUp ? i18n._('Setting up...') : i18n._('Set Up School Monitors')}
          </Button>
        </Group>
      </Group>

      <MonitorKpis health={health.data} changeCount={changes.data?.length ?? 0} loading={health.isPending} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SystemHealth health={health.data} loading={health.isPending} failed={health.isError} />
        <ActivityFeed items={activity.data} loading={activity.isPending} failed={activity.isError} />
      </SimpleGrid>

      <PanelSection id="monitors-title" title={i18n._('Monitors')}>
        <MonitorTable
          monitors={monitors.data}
          loading={monitors.isPending}
          failed={monitors.isError}
          onRecheck={actions.recheck}
          onEdit={(monitor) => setForm({ opened: true, monitor })}
          onTogglePaused={(monitor) => actions.setPaused(monitor, monitor.status === 'active')}
          onDelete={setDeleting}
          onToggleEmail={actions.setEmailNotifications}
          checkingId={actions.checkingId}
          updatingId={actions.updatingId}
          deletingId={actions.deletingId}
        />
      </PanelSection>

      <RecentChanges changes={changes.data} loading={changes.isPending} failed={changes.isError} />
      <SnapshotTable
        snapshots={snapshots.data}
        loading={snapshots.isPending}
        failed={snapshots.isError}
        onView={setViewing}
      />
      <NotificationHistory
        notifications={notifications.data}
        loading={notifications.isPending}
        failed={notifications.isError}
      />

      <MonitorFormDialog
        opened={form.opened}
        monitor={form.monitor}
        onClose={() => setForm((current) => ({ opened: false, monitor: current.monitor }))}
      />
      <SnapshotDialog snapshot={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={i18n._('Delete Monitor')}
        message={deleting ? deleteMonitorQuestion(i18n, deleting.name) : ''}
        confirmLabel={i18n._('Delete Monitor')}
        loading={deleting !== null && actions.deletingId === deleting.id}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) actions.remove(deleting, () => setDeleting(null));
        }}
      />
    </Stack>
  );
}
