import { Alert, Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { deleteSheetQuestion, useDeleteSheet } from '../../lib/adminMutations';
import { homeSheetLimit, upcomingSheets } from '../../lib/slots';
import { useCurrentUser } from '../../session/useCurrentUser';
import { trpc } from '../../trpc';
import type { SheetListItem } from '../../types';
import { SheetCard } from '../SheetCard';

// Only admins can delete from the home page: the dialog (and Mantine's Modal) load on demand, so
// that parents' first page stays small.
const ConfirmDialog = lazy(() => import('../ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

function LoadingCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" aria-busy="true" aria-label="Loading volunteer opportunities">
      {Array.from({ length: homeSheetLimit }, (_, i) => (
        <Card key={i} withBorder padding="lg">
          <Stack gap="sm">
            <Skeleton height={22} width="60%" />
            <Skeleton height={14} width="40%" />
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={36} mt="sm" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The home page's list: up to 4 upcoming sheets, soonest first. */
export function UpcomingSheets() {
  const { user } = useCurrentUser();
  const utils = trpc.useUtils();
  const sheets = trpc.sheets.list.useQuery();
  const [toDelete, setToDelete] = useState<SheetListItem | null>(null);
  const remove = useDeleteSheet({ onSuccess: () => setToDelete(null), onSettled: () => utils.sheets.invalidate() });

  let body;
  if (sheets.isPending) {
    body = <LoadingCards />;
  } else if (sheets.isError) {
    body = (
      <Alert color="red" title="Could not load volunteer opportunities">
        Please refresh the page or try again later.
      </Alert>
    );
  } else {
    const upcoming = upcomingSheets(sheets.data);
    body =
      upcoming.length === 0 ? (
        <Card withBorder padding="xl" ta="center">
          <Title order={3} size="h4">
            No Current Opportunities
          </Title>
          <Text c="dimmed" mt="xs">
            There are no upcoming events that need volunteers right now. Please check back soon!
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {upcoming.map((sheet) => (
            <SheetCard key={sheet.id} sheet={sheet} onDelete={user?.isAdmin ? () => setToDelete(sheet) : undefined} />
          ))}
        </SimpleGrid>
      );
  }

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
          Upcoming Volunteer Opportunities
        </Title>
        <Text c="dimmed">Pick an event, choose a role, and sign up in under a minute.</Text>
        <Anchor href="/api/calendar/events.ics" size="sm">
          Subscribe to events calendar
        </Anchor>
      </div>
      {body}
      {user?.isAdmin && (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened={toDelete !== null}
            title="Delete Signup Sheet"
            message={deleteSheetQuestion}
            confirmLabel="Delete"
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
