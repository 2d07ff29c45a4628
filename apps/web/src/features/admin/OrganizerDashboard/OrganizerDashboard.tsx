import { useLingui } from '@lingui/react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { trpc } from '../../../trpc';
import { AfterPaint } from '../../../components/AfterPaint';
import { ManageSheets } from '../../sheets/ManageSheets';

// Everything but the sheet cards loads once the cards are on screen, so that on a phone the first
// card waits only for this page's code and one query: the dialog to create a sheet (a form, its
// schema and Mantine's modal; by its folder's index, as the administrator's dashboard asks for it, so
// that both load one chunk), the quick actions and the reminders.
const CreateSheetDialog = lazy(() =>
  import('../../sheets/SheetDialogs').then((m) => ({ default: m.CreateSheetDialog })),
);
const OrganizerPanels = lazy(() => import('./OrganizerPanels').then((m) => ({ default: m.OrganizerPanels })));

/**
 * An organizer's part of the dashboard: their own signup sheets first (on a phone, above everything
 * else), then the quick actions and reminders. No settings, monitoring, social media or people (the
 * server refuses those too). A sheet created here is brought into view and focus.
 */
export function OrganizerDashboard() {
  const { i18n } = useLingui();
  const [creating, setCreating] = useState(false);
  const [createdSheetId, setCreatedSheetId] = useState<number | null>(null);
  // The cards' own query (one request, shared with ManageSheets): the rest waits until it has answered.
  const sheets = trpc.sheets.managed.useQuery();
  const cardsShown = !sheets.isPending;
  const openCreate = () => setCreating(true);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <div>
          <Title order={1}>{i18n._('Organizer Dashboard')}</Title>
          <Text c="dimmed">{i18n._('Your signup sheets, their volunteers and reminders.')}</Text>
        </div>
        <Button onClick={openCreate}>{i18n._('Create New Sign Up')}</Button>
      </Group>
      <ManageSheets onCreateSheet={openCreate} createdSheetId={createdSheetId} />
      {(cardsShown || creating) && (
        <AfterPaint>
          <Suspense fallback={null}>
            <OrganizerPanels onCreateSheet={openCreate} />
          </Suspense>
          <Suspense fallback={null}>
            <CreateSheetDialog
              opened={creating}
              onClose={() => setCreating(false)}
              onCreated={(sheet) => setCreatedSheetId(sheet.id)}
            />
          </Suspense>
        </AfterPaint>
      )}
    </Stack>
  );
}
