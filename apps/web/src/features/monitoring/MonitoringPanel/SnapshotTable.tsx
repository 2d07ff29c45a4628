import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { formatDuration, formatWhen, type SnapshotRow, snapshotStatusColor } from '../monitoring';
import { PanelSection } from './PanelSection';

export interface SnapshotTableProps {
  snapshots: SnapshotRow[] | undefined;
  loading?: boolean;
  failed?: boolean;
  onView: (snapshot: SnapshotRow) => void;
}

/** The recent snapshots: when, which monitor, the outcome, elements found, time taken and an excerpt. */
export function SnapshotTable({ snapshots, loading = false, failed = false, onView }: SnapshotTableProps) {
  return (
    <PanelSection id="snapshots-title" title="Snapshots">
      <QueryState
        query={{ isPending: loading, isError: failed, data: snapshots }}
        loading={<LoadingRows rows={3} height={40} />}
        failed="Could not load the snapshots"
        emptyText="No snapshots yet. Each check saves one."
      >
        {(rows) => (
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
                {rows.map((snapshot) => (
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
        )}
      </QueryState>
    </PanelSection>
  );
}
