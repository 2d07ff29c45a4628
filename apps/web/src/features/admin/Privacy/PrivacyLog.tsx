import { useLingui } from '@lingui/react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { useDates } from '../../../lib/language';
import { trpc } from '../../../trpc';
import { privacyActionLabels } from './privacy';

/**
 * The Privacy log (administrators): who searched for a person's data, erased it or exported the
 * volunteers CSV, and when (the school's clock), newest first. Asked again each time the tab
 * opens, since an export elsewhere on the dashboard adds a line.
 */
export function PrivacyLog() {
  const { i18n } = useLingui();
  const dates = useDates();
  const log = trpc.privacy.log.useQuery(undefined, { refetchOnMount: 'always' });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="privacy-log-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="privacy-log-title">
            {i18n._('Privacy log')}
          </Title>
          <Text size="sm" c="dimmed">
            {i18n._("Who looked up or erased a person's data, or exported volunteers' contact details, and when.")}
          </Text>
        </div>
        <QueryState
          query={log}
          loading={<LoadingRows rows={3} height={36} label={i18n._('Loading the privacy log')} />}
          failed={i18n._('Could not load the privacy log')}
          onRetry={() => void log.refetch()}
          emptyText={i18n._('Nothing has been logged yet.')}
        >
          {(entries) => (
            <Stack
              component="ul"
              aria-labelledby="privacy-log-title"
              gap="xs"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
            >
              {entries.map((entry) => (
                <li key={entry.id}>
                  <Group gap={6} wrap="wrap" align="baseline">
                    <Text size="sm" fw={600}>
                      {i18n._(privacyActionLabels[entry.action])}
                    </Text>
                    <Text size="sm">
                      {i18n._(
                        'by {name}',
                        { name: entry.actorName },
                        { comment: "Who did a logged privacy action, shown after the action ('Searched', 'Erased')" },
                      )}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {dates.formatDateTime(entry.at)}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {entry.detail}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
