import { Badge, Button, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDuration, formatWhen, type SnapshotRow, snapshotStatusColor } from '../../lib/monitoring';
import { LoadFailed, PanelSection } from './PanelSection';

export interface SnapshotTableProps {
  snapshots: SnapshotRow[] | undefined;
  loading?: boolean;
  failed?: boolean;
  onView: (snapshot: SnapshotRow) => void;
}

/** The recent snapshots: when, which monitor, the outcome, elements found, time taken and an excerpt. */
export function SnapshotTable({ snapshots, loading = false, failed = false, onView }: SnapshotTableProps) {
  let body;
  if (loading) {
    body = (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  } else if (failed || !snapshots) {
    body = <LoadFailed what="the snapshots" />;
  } else if (snapshots.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No snapshots yet. Each check saves one.
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" aria-label="Snapshots" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Captured</Table.Th>
              <Table.Th scope="col">Monitor</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Elements</Table.Th>
              <Table.Th scope="col">Duration</Table.Th>
              <Table.Th scope="col">Excerpt</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Details</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {snapshots.map((snapshot) => (
              <Table.Tr key={snapshot.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={snapshot.capturedAt.toISOString()}>{formatWhen(snapshot.capturedAt)}</time>
                </Table.Td>
                <Table.Td>{snapshot.monitor.name}</Table.Td>
                <Table.Td>
                  <Badge color={snapshotStatusColor(snapshot.status)} variant="light">
                    {snapshot.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{snapshot.elementsFound}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDuration(snapshot.durationMs)}</Table.Td>
                <Table.Td style={{ maxWidth: 280 }}>
                  <Text size="sm" lineClamp={2} c={snapshot.errorMessage ? 'red.8' : undefined}>
                    {snapshot.errorMessage ?? snapshot.excerpt ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onView(snapshot)}
                    aria-label={`View snapshot of ${snapshot.monitor.name} from ${formatWhen(snapshot.capturedAt)}`}
                  >
                    View
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <PanelSection id="snapshots-title" title="Snapshots">
      {body}
    </PanelSection>
  );
}
