import { Badge, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { type ActivityItem, formatWhen, snapshotStatusColor } from '../../lib/monitoring';
import { LoadFailed, PanelSection } from './PanelSection';

export interface ActivityFeedProps {
  items: ActivityItem[] | undefined;
  loading?: boolean;
  failed?: boolean;
}

function ActivityEntry({ item }: { item: ActivityItem }) {
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
              Change detected
            </Badge>
          )}
          <Badge color={snapshotStatusColor(item.status)} variant="light">
            {item.status}
          </Badge>
        </Group>
      </Group>
      <Text size="sm">{item.message}</Text>
      <Text size="xs" c="dimmed">
        <time dateTime={item.timestamp.toISOString()}>{formatWhen(item.timestamp)}</time> ·{' '}
        {item.elementsFound === 1 ? '1 element found' : `${item.elementsFound} elements found`}
      </Text>
    </Stack>
  );
}

/** The activity feed: each check, newest first, marking the ones that found a change. */
export function ActivityFeed({ items, loading = false, failed = false }: ActivityFeedProps) {
  let body;
  if (loading) {
    body = (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  } else if (failed || !items) {
    body = <LoadFailed what="the activity feed" />;
  } else if (items.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No checks yet. Checks appear here as they run.
      </Text>
    );
  } else {
    body = (
      <ScrollArea.Autosize
        mah={360}
        type="auto"
        offsetScrollbars
        // Focusable, so that the feed can be scrolled with the keyboard.
        viewportProps={{ tabIndex: 0, 'aria-label': 'Activity feed, scrollable' }}
      >
        <Stack component="ul" gap={0} p={0} m={0} aria-label="Recent checks" style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <ActivityEntry key={item.id} item={item} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }
  return (
    <PanelSection id="activity-feed-title" title="Activity Feed">
      {body}
    </PanelSection>
  );
}
