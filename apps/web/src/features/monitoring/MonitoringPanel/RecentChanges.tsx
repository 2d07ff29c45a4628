import { useLingui } from '@lingui/react';
import { Button, Code, Collapse, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { useLanguage } from '../../../lib/language';
import { changeTypeLabel, type ChangeWithMonitor, formatWhen } from '../monitoring';
import { SeverityBadge } from './MonitorBadges';
import { PanelSection } from './PanelSection';

export interface RecentChangesProps {
  changes: ChangeWithMonitor[] | undefined;
  loading?: boolean;
  failed?: boolean;
  /** How many to show. */
  limit?: number;
}

function ChangeEntry({ change }: { change: ChangeWithMonitor }) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const diffId = `change-${change.id}-diff`;
  return (
    <Stack component="li" gap={4} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500}>
            {change.summary}
          </Text>
          <Text size="xs" c="dimmed">
            {change.monitor.name} · {changeTypeLabel(i18n, change.changeType)} ·{' '}
            <time dateTime={change.detectedAt.toISOString()}>{formatWhen(i18n, language, change.detectedAt)}</time>
          </Text>
        </div>
        <SeverityBadge severity={change.severity} />
      </Group>
      {change.diffContent && (
        <>
          <Button
            size="compact-xs"
            variant="subtle"
            style={{ alignSelf: 'flex-start' }}
            aria-expanded={open}
            aria-controls={diffId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? i18n._('Hide what changed') : i18n._('Show what changed')}
          </Button>
          <Collapse expanded={open} id={diffId}>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 240, overflowY: 'auto' }}>
              {change.diffContent}
            </Code>
          </Collapse>
        </>
      )}
    </Stack>
  );
}

/** The latest detected changes with their severity, and what changed on request. */
export function RecentChanges({ changes, loading = false, failed = false, limit = 10 }: RecentChangesProps) {
  const { i18n } = useLingui();
  return (
    <PanelSection id="recent-changes-title" title={i18n._('Recent Changes')}>
      <QueryState
        query={{ isPending: loading, isError: failed, data: changes }}
        loading={<LoadingRows rows={2} height={44} />}
        failed={i18n._('Could not load the recent changes')}
        emptyText={i18n._('No changes detected yet.')}
      >
        {(detected) => (
          <Stack component="ul" gap={0} p={0} m={0} aria-label={i18n._('Changes')} style={{ listStyle: 'none' }}>
            {detected.slice(0, limit).map((change) => (
              <ChangeEntry key={change.id} change={change} />
            ))}
          </Stack>
        )}
      </QueryState>
    </PanelSection>
  );
}
