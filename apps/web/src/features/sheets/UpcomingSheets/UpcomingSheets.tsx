import { useLingui } from '@lingui/react';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { QueryState } from '../../../components/QueryState';
import { useCurrentUser } from '../../../lib/session/useCurrentUser';
import { trpc } from '../../../trpc';
import type { SheetListItem } from '../../../types';
import { SheetCard, SheetCardSkeletons } from '../SheetCard';
import { deleteSheetQuestion, useDeleteSheet } from '../sheetMutations';
import { homeSheetLimit, upcomingSheets } from '../slots';

// Only admins can delete from the home page: the dialog (and Mantine's Modal) load on demand, so
// that parents' first page stays small.
const ConfirmDialog = lazy(() =>
  import('../../../components/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
);

/** The home page's list: up to 4 upcoming sheets, soonest first. */
export function UpcomingSheets() {
  const { i18n } = useLingui();
  const { user } = useCurrentUser();
  const utils = trpc.useUtils();
  const sheets = trpc.sheets.list.useQuery();
  const [toDelete, setToDelete] = useState<SheetListItem | null>(null);
  const remove = useDeleteSheet({ onSuccess: () => setToDelete(null), onSettled: () => utils.sheets.invalidate() });

  const body = (
    <QueryState
      query={{ isPending: sheets.isPending, isError: sheets.isError, data: sheets.data && upcomingSheets(sheets.data) }}
      loading={
        <SheetCardSkeletons
          count={homeSheetLimit}
          cols={{ base: 1, sm: 2 }}
          label={i18n._('Loading volunteer opportunities')}
        />
      }
      failed={i18n._('Could not load volunteer opportunities')}
      empty={
        <Card withBorder padding="xl" ta="center">
          <Title order={3} size="h4">
            {i18n._('No Current Opportunities')}
          </Title>
          <Text c="dimmed" mt="xs">
            {i18n._('There are no upcoming events that need volunteers right now. Please check back soon!')}
          </Text>
        </Card>
      }
    >
      {(upcoming) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {upcoming.map((sheet) => (
            <SheetCard key={sheet.id} sheet={sheet} onDelete={user?.isAdmin ? () => setToDelete(sheet) : undefined} />
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );

  return (
    <Stack
      gap="lg"
      component="section"
      id="opportunities"
      aria-labelledby="opportunities-title"
      style={{ scrollMarginTop: 80 }}
    >
      <div>
        <Title order={2} id="opportunities-title">
          {i18n._('Upcoming Volunteer Opportunities')}
        </Title>
        <Text c="dimmed">{i18n._('Pick an event, choose a role, and sign up in under a minute.')}</Text>
        <Anchor href="/api/calendar/events.ics" size="sm">
          {i18n._('Subscribe to events calendar')}
        </Anchor>
      </div>
      {body}
      {user?.isAdmin && (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened={toDelete !== null}
            title={i18n._('Delete Signup Sheet')}
            message={i18n._(deleteSheetQuestion)}
            confirmLabel={i18n._('Delete', undefined, { comment: 'Button that confirms a deletion' })}
            loading={remove.isPending}
            onCancel={() => setToDelete(null)}
            onConfirm={() => {
              if (toDelete) remove.mutate({ id: toDelete.id });
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
