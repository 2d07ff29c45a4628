import { useLingui } from '@lingui/react';
import { Badge, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { useLanguage } from '../../../lib/language';
import { type ActivityItem, formatWhen, snapshotStatusColor, snapshotStatusLabel } from '../monitoring';
import { PanelSection } from './PanelSection';

export interface ActivityFeedProps {
  items: ActivityItem[] | undefined;
  loading?: boolean;
  failed?: boolean;
}

function ActivityEntry({ item }: { item: ActivityItem }) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  const changed = item.action === 'change_detected';
  return (
    <Stack component="li" gap={2} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Text size="sm" fw={600}>
          {item.monitorName}
        </Text>
        <Group gap={6} wrap="nowrap">
          {changed && (
            <Badge color="violet" variant="light">
              {i18n._('Change detected')}
            </Badge>
          )}
          <Badge color={snapshotStatusColor(item.status)} variant="light">
            {snapshotStatusLabel(i18n, item.status)}
          </Badge>
        </Group>
      </Group>
      <Text size="sm">{item.message}</Text>
      <Text size="xs" c="dimmed">
        <time dateTime={item.timestamp.toISOString()}>{formatWhen(i18n, language, item.timestamp)}</time> ·{' '}
        {i18n._('{count, plural, one {# element found} other {# elements found}}', { count: item.elementsFound })}
      </Text>
    </Stack>
  );
}

/** The activity feed: each check, newest first, marking the ones that found a change. */
export function ActivityFeed({ items, loading = false, failed = false }: ActivityFeedProps) {
  const { i18n } = useLingui();
  return (
    <PanelSection id="activity-feed-title" title={i18n._('Activity Feed')}>
      <QueryState
        query={{ isPending: loading, isError: failed, data: items }}
        loading={<LoadingRows rows={3} height={56} />}
        failed={i18n._('Could not load the activity feed')}
        emptyText={i18n._('No checks yet. Checks appear here as they run.')}
      >
        {(checks) => (
          <ScrollArea.Autosize
            mah={360}
            type="auto"
            offsetScrollbars
            // Focusable, so that the feed can be scrolled with the keyboard.
            viewportProps={{ tabIndex: 0, 'aria-label': i18n._('Activity feed, scrollable') }}
          >
            <Stack
              component="ul"
              gap={0}
              p={0}
              m={0}
              aria-label={i18n._('Recent checks')}
              style={{ listStyle: 'none' }}
            >
              {checks.map((item) => (
                <ActivityEntry key={item.id} item={item} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </QueryState>
    </PanelSection>
  );
}
