import { useLingui } from '@lingui/react';
import { Badge, Table, Text } from '@mantine/core';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { useLanguage } from '../../../lib/language';
import {
  channelLabel,
  formatWhen,
  type NotificationHistoryItem,
  notificationStatusColor,
  notificationStatusLabel,
} from '../monitoring';
import { PanelSection } from './PanelSection';

export interface NotificationHistoryProps {
  notifications: NotificationHistoryItem[] | undefined;
  loading?: boolean;
  failed?: boolean;
}

/** Each notification of a change: the monitor, the change, the channel, its status and when it was sent. */
export function NotificationHistory({ notifications, loading = false, failed = false }: NotificationHistoryProps) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  return (
    <PanelSection id="notification-history-title" title={i18n._('Notification History')}>
      <QueryState
        query={{ isPending: loading, isError: failed, data: notifications }}
        loading={<LoadingRows rows={2} height={40} />}
        failed={i18n._('Could not load the notification history')}
        emptyText={i18n._("No notifications yet. Each detected change is announced on its monitor's channels.")}
      >
        {(sent) => (
          // On a phone the table scrolls sideways: its viewport takes focus so that the keyboard can scroll it too.
          <Table.ScrollContainer
            minWidth={720}
            scrollAreaProps={{
              viewportProps: {
                tabIndex: 0,
                role: 'region',
                'aria-label': i18n._('Notification history (scrolls sideways)'),
              },
            }}
          >
            <Table verticalSpacing="xs" aria-label={i18n._('Notification history')} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    {i18n._('Monitor', undefined, { comment: 'A column: the website monitor' })}
                  </Table.Th>
                  <Table.Th scope="col">
                    {i18n._('Change', undefined, { comment: 'A column: the change detected on a page (a noun)' })}
                  </Table.Th>
                  <Table.Th scope="col">
                    {i18n._('Channel', undefined, {
                      comment: 'A column: where a notification went (email, Facebook...)',
                    })}
                  </Table.Th>
                  <Table.Th scope="col">{i18n._('Status')}</Table.Th>
                  <Table.Th scope="col">
                    {i18n._('Sent', undefined, { comment: 'A column: when a notification was sent' })}
                  </Table.Th>
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
                    <Table.Td>{channelLabel(i18n, n.channel)}</Table.Td>
                    <Table.Td>
                      <Badge color={notificationStatusColor(n.status)} variant="light">
                        {notificationStatusLabel(i18n, n.status)}
                      </Badge>
                      {n.status === 'failed' && n.lastError && (
                        <Text size="xs" c="red.9" mt={2} style={{ overflowWrap: 'anywhere' }}>
                          {n.lastError}
                        </Text>
                      )}
                      {n.status === 'pending' && n.attempts > 0 && (
                        <Text size="xs" c="dimmed" mt={2}>
                          {n.lastError
                            ? i18n._('{count, plural, one {# attempt} other {# attempts}}: {error}', {
                                count: n.attempts,
                                error: n.lastError,
                              })
                            : i18n._('{count, plural, one {# attempt} other {# attempts}}', { count: n.attempts })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {n.sentAt ? (
                        <time dateTime={n.sentAt.toISOString()}>{formatWhen(i18n, language, n.sentAt)}</time>
                      ) : (
                        i18n._('Not sent')
                      )}
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
