import { useLingui } from '@lingui/react';
import { Anchor, Button, Group, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { useLanguage } from '../../../lib/language';
import { formatSchedule, formatWhen, type Monitor } from '../monitoring';
import { MonitorStatusDot } from './MonitorBadges';

export interface MonitorTableProps {
  monitors: Monitor[] | undefined;
  loading?: boolean;
  failed?: boolean;
  onRecheck: (monitor: Monitor) => void;
  onEdit: (monitor: Monitor) => void;
  onTogglePaused: (monitor: Monitor) => void;
  onDelete: (monitor: Monitor) => void;
  onToggleEmail: (monitor: Monitor, enabled: boolean) => void;
  /** The monitor being rechecked, updated or deleted, whose controls wait. */
  checkingId?: number | null;
  updatingId?: number | null;
  deletingId?: number | null;
}

/**
 * The monitors with their status, schedule and last check, a per-monitor email switch, and
 * Recheck, Edit, Pause / Resume and Delete.
 */
export function MonitorTable({
  monitors,
  loading = false,
  failed = false,
  onRecheck,
  onEdit,
  onTogglePaused,
  onDelete,
  onToggleEmail,
  checkingId = null,
  updatingId = null,
  deletingId = null,
}: MonitorTableProps) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  return (
    <QueryState
      query={{ isPending: loading, isError: failed, data: monitors }}
      loading={<LoadingRows rows={2} height={48} label={i18n._('Loading monitors')} />}
      failed={i18n._('Could not load the monitors')}
      emptyText={i18n._("No monitors yet. Add one, or set up the school's monitors.")}
    >
      {(list) => (
        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing="sm" aria-label={i18n._('Monitors')} striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  {i18n._('Monitor', undefined, { comment: 'A column: the website monitor' })}
                </Table.Th>
                <Table.Th scope="col">{i18n._('Status')}</Table.Th>
                <Table.Th scope="col">
                  {i18n._('Schedule', undefined, { comment: 'A column: how often a page is checked' })}
                </Table.Th>
                <Table.Th scope="col">{i18n._('Last check')}</Table.Th>
                <Table.Th scope="col">
                  {i18n._('Email', undefined, { comment: "A column: the monitor's email notifications switch" })}
                </Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>
                    {i18n._('Actions', undefined, { comment: "A column of a table row's buttons" })}
                  </VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((monitor) => {
                const busy = checkingId === monitor.id || updatingId === monitor.id || deletingId === monitor.id;
                const running = monitor.status === 'active';
                return (
                  <Table.Tr key={monitor.id}>
                    <Table.Th scope="row" fw="normal" style={{ maxWidth: 320 }}>
                      <Text fw={600} size="sm">
                        {monitor.name}
                      </Text>
                      <Anchor href={monitor.url} target="_blank" rel="noreferrer noopener" size="xs">
                        <Text span inherit style={{ overflowWrap: 'anywhere' }}>
                          {monitor.url}
                        </Text>
                      </Anchor>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {monitor.selectors.join(', ')}
                      </Text>
                    </Table.Th>
                    <Table.Td>
                      <MonitorStatusDot status={monitor.status} />
                      {monitor.errorCount > 0 && (
                        <Text size="xs" c="red.9">
                          {i18n._('{count, plural, one {# failed check} other {# failed checks}}', {
                            count: monitor.errorCount,
                          })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatSchedule(i18n, monitor.scheduleMinutes)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {monitor.lastCheckAt ? (
                          <time dateTime={monitor.lastCheckAt.toISOString()}>
                            {formatWhen(i18n, language, monitor.lastCheckAt)}
                          </time>
                        ) : (
                          i18n._('Never')
                        )}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={monitor.emailNotifications}
                        disabled={updatingId === monitor.id}
                        onChange={(event) => onToggleEmail(monitor, event.currentTarget.checked)}
                        aria-label={i18n._('Email notifications for {name}', { name: monitor.name })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          variant="light"
                          loading={checkingId === monitor.id}
                          disabled={busy && checkingId !== monitor.id}
                          onClick={() => onRecheck(monitor)}
                          aria-label={i18n._('Recheck {name}', { name: monitor.name })}
                        >
                          {i18n._('Recheck')}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          disabled={busy}
                          onClick={() => onEdit(monitor)}
                          aria-label={i18n._('Edit {name}', { name: monitor.name })}
                        >
                          {i18n._('Edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          disabled={busy}
                          onClick={() => onTogglePaused(monitor)}
                          aria-label={
                            running
                              ? i18n._('Pause {name}', { name: monitor.name })
                              : i18n._('Resume {name}', { name: monitor.name })
                          }
                        >
                          {running ? i18n._('Pause') : i18n._('Resume')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          disabled={busy}
                          onClick={() => onDelete(monitor)}
                          aria-label={i18n._('Delete {name}', { name: monitor.name })}
                        >
                          {i18n._('Delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryState>
  );
}
