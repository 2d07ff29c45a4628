import { useLingui } from '@lingui/react';
import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { useLanguage } from '../../../lib/language';
import { formatDuration, formatWhen, type SnapshotRow, snapshotStatusColor, snapshotStatusLabel } from '../monitoring';
import { PanelSection } from './PanelSection';

export interface SnapshotTableProps {
  snapshots: SnapshotRow[] | undefined;
  loading?: boolean;
  failed?: boolean;
  onView: (snapshot: SnapshotRow) => void;
}

/** The recent snapshots: when, which monitor, the outcome, elements found, time taken and an excerpt. */
export function SnapshotTable({ snapshots, loading = false, failed = false, onView }: SnapshotTableProps) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  return (
    <PanelSection id="snapshots-title" title={i18n._('Snapshots')}>
      <QueryState
        query={{ isPending: loading, isError: failed, data: snapshots }}
        loading={<LoadingRows rows={3} height={40} />}
        failed={i18n._('Could not load the snapshots')}
        emptyText={i18n._('No snapshots yet. Each check saves one.')}
      >
        {(rows) => (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs" aria-label={i18n._('Snapshots')} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    {i18n._('Captured', undefined, { comment: 'A column: when a snapshot of a page was taken' })}
                  </Table.Th>
                  <Table.Th scope="col">
                    {i18n._('Monitor', undefined, { comment: 'A column: the website monitor' })}
                  </Table.Th>
                  <Table.Th scope="col">{i18n._('Status')}</Table.Th>
                  <Table.Th scope="col">
                    {i18n._('Elements', undefined, { comment: 'A column: how many parts of the page a check found' })}
                  </Table.Th>
                  <Table.Th scope="col">
                    {i18n._('Duration', undefined, { comment: 'A column: how long a check took' })}
                  </Table.Th>
                  <Table.Th scope="col">{i18n._('Excerpt')}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>
                      {i18n._('Details', undefined, { comment: "A column of buttons that open a snapshot's details" })}
                    </VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((snapshot) => (
                  <Table.Tr key={snapshot.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={snapshot.capturedAt.toISOString()}>
                        {formatWhen(i18n, language, snapshot.capturedAt)}
                      </time>
                    </Table.Td>
                    <Table.Td>{snapshot.monitor.name}</Table.Td>
                    <Table.Td>
                      <Badge color={snapshotStatusColor(snapshot.status)} variant="light">
                        {snapshotStatusLabel(i18n, snapshot.status)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{snapshot.elementsFound}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDuration(i18n, snapshot.durationMs)}</Table.Td>
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
                        aria-label={i18n._('View snapshot of {name} from {when}', {
                          name: snapshot.monitor.name,
                          when: formatWhen(i18n, language, snapshot.capturedAt),
                        })}
                      >
                        {i18n._('View', undefined, { comment: "A button that opens a snapshot's details" })}
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
