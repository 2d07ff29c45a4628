import { Badge, Table, Text } from '@mantine/core';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { channelLabel, formatWhen, type NotificationHistoryItem, notificationStatusColor } from '../monitoring';
import { PanelSection } from './PanelSection';

export interface NotificationHistoryProps {
  notifications: NotificationHistoryItem[] | undefined;
  loading?: boolean;
  failed?: boolean;
}

/** Each notification of a change: the monitor, the change, the channel, its status and when it was sent. */
export function NotificationHistory({ notifications, loading = false, failed = false }: NotificationHistoryProps) {
  return (
    <PanelSection id="notification-history-title" title="Notification History">
      <QueryState
        query={{ isPending: loading, isError: failed, data: notifications }}
        loading={<LoadingRows rows={2} height={40} />}
        failed="Could not load the notification history"
        emptyText="No notifications yet. Each detected change is announced on its monitor's channels."
      >
        {(sent) => (
          // On a phone the table scrolls sideways: its viewport takes focus so that the keyboard can scroll it too.
          <Table.ScrollContainer
            minWidth={720}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Notification history (scrolls sideways)' },
            }}
          >
            <Table verticalSpacing="xs" aria-label="Notification history" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Monitor</Table.Th>
                  <Table.Th scope="col">Change</Table.Th>
                  <Table.Th scope="col">Channel</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Sent</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sent.map((n) => (
                  <Table.Tr key={n.id}>
                    <Table.Td>{n.change.monitor.name}</Table.Td>
                    <Table.Td style={{ maxWidth: 320 }}>
                      <Text size="sm" lineClamp={2}>
                        {n.change.summary}
                      </Text>
                    </Table.Td>
                    <Table.Td>{channelLabel(n.channel)}</Table.Td>
                    <Table.Td>
                      <Badge color={notificationStatusColor(n.status)} variant="light">
                        {n.status}
                      </Badge>
                      {n.status === 'failed' && n.lastError && (
                        <Text size="xs" c="red.9" mt={2} style={{ overflowWrap: 'anywhere' }}>
                          {n.lastError}
                        </Text>
                      )}
                      {n.status === 'pending' && n.attempts > 0 && (
                        <Text size="xs" c="dimmed" mt={2}>
                          {n.attempts === 1 ? '1 attempt' : `${n.attempts} attempts`}
                          {n.lastError ? `: ${n.lastError}` : ''}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {n.sentAt ? <time dateTime={n.sentAt.toISOString()}>{formatWhen(n.sentAt)}</time> : 'Not sent'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </PanelSection>
  );
}
