import { useLingui } from '@lingui/react';
import { Alert, Anchor, Badge, Code, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { skipToken } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from '../../../components/QueryState';
import { useLanguage } from '../../../lib/language';
import { trpc } from '../../../trpc';
import {
  formatDuration,
  formatWhen,
  type SnapshotDetail,
  type SnapshotRow,
  snapshotStatusColor,
  snapshotStatusLabel,
} from '../monitoring';

export interface SnapshotContentProps {
  /** What the table already knows about the snapshot. */
  snapshot: SnapshotRow;
  /** The full snapshot with its raw content, once loaded. */
  detail: SnapshotDetail | undefined;
  loading?: boolean;
  failed?: boolean;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" miw={130}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * A snapshot's facts and its content, as plain text: the excerpt, or with the toggle the full
 * extracted content. The page's content is never rendered as HTML.
 */
export function SnapshotContent({ snapshot, detail, loading = false, failed = false }: SnapshotContentProps) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  const [showRaw, setShowRaw] = useState(false);
  const raw = detail?.rawContent ?? null;
  const excerpt = detail?.excerpt ?? snapshot.excerpt;
  const text = showRaw ? raw : excerpt;

  let content;
  if (showRaw && loading) {
    content = <Loader size="sm" aria-label={i18n._('Loading the raw content')} />;
  } else if (showRaw && failed) {
    content = <LoadFailed title={i18n._('Could not load the raw content')} text={i18n._('Please try again later.')} />;
  } else if (text === null || text === '') {
    content = (
      <Text size="sm" c="dimmed">
        {showRaw ? i18n._('This snapshot has no content.') : i18n._('This snapshot has no excerpt.')}
      </Text>
    );
  } else {
    content = (
      <Code
        block
        tabIndex={0}
        aria-label={showRaw ? i18n._('Raw content') : i18n._('Excerpt')}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 360, overflowY: 'auto' }}
      >
        {text}
      </Code>
    );
  }

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Fact label={i18n._('Monitor', undefined, { comment: 'A label: the website monitor' })}>
          {snapshot.monitor.name}
        </Fact>
        <Fact label={i18n._('URL')}>
          <Anchor href={snapshot.monitor.url} target="_blank" rel="noreferrer noopener" size="sm">
            {snapshot.monitor.url}
          </Anchor>
        </Fact>
        <Fact label={i18n._('Captured', undefined, { comment: 'A label: when a snapshot of a page was taken' })}>
          <time dateTime={snapshot.capturedAt.toISOString()}>{formatWhen(i18n, language, snapshot.capturedAt)}</time>
        </Fact>
        <Fact label={i18n._('Status')}>
          <Badge color={snapshotStatusColor(snapshot.status)} variant="light">
            {snapshotStatusLabel(i18n, snapshot.status)}
          </Badge>
        </Fact>
        <Fact label={i18n._('Elements found')}>{snapshot.elementsFound}</Fact>
        <Fact label={i18n._('Check took')}>{formatDuration(i18n, snapshot.durationMs)}</Fact>
        {snapshot.contentHash && (
          <Fact label={i18n._('Content hash')}>
            <Code>{snapshot.contentHash.slice(0, 16)}</Code>
          </Fact>
        )}
      </Stack>
      {snapshot.errorMessage && (
        <Alert color="red" title={i18n._('The check failed')}>
          {snapshot.errorMessage}
        </Alert>
      )}
      <Switch
        label={i18n._('Show raw content')}
        description={i18n._('The full text extracted from the page, instead of the excerpt.')}
        checked={showRaw}
        onChange={(event) => setShowRaw(event.currentTarget.checked)}
      />
      {content}
    </Stack>
  );
}

export interface SnapshotDialogProps {
  /** The snapshot to show; the dialog is open while there is one. */
  snapshot: SnapshotRow | null;
  onClose: () => void;
}

/** The snapshot detail dialog, which loads the raw content when it opens. */
export function SnapshotDialog({ snapshot, onClose }: SnapshotDialogProps) {
  const { i18n } = useLingui();
  const detail = trpc.monitoring.snapshot.useQuery(snapshot === null ? skipToken : { id: snapshot.id });
  return (
    <Modal opened={snapshot !== null} onClose={onClose} title={i18n._('Snapshot Details')} size="xl">
      {snapshot && (
        <SnapshotContent
          key={snapshot.id}
          snapshot={snapshot}
          detail={detail.data}
          loading={detail.isPending}
          failed={detail.isError}
        />
      )}
    </Modal>
  );
}
