import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CreateSheetDialog } from '../../sheets/SheetDialogs';
import { Overview } from '../Overview';

/**
 * An organizer's part of the dashboard: their own signup sheets, reminders and the CSV of their
 * volunteers. No settings, monitoring, social media or people (the server refuses those too).
 */
export function OrganizerDashboard() {
  const [creating, setCreating] = useState(false);
  const openCreate = () => setCreating(true);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <div>
          <Title order={1}>Organizer Dashboard</Title>
          <Text c="dimmed">Your signup sheets, their volunteers and reminders.</Text>
        </div>
        <Button onClick={openCreate}>Create New Sign Up</Button>
      </Group>
      <Overview scope="organizer" onCreateSheet={openCreate} />
      <CreateSheetDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
