import { Alert, Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { errorCode, isNotFound, serverMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { Roster } from './Roster';
import { useCheckIn } from './useCheckIn';

/** What an organizer sees on another organizer's sheet (the server's FORBIDDEN sentence). */
export const notYourSheetMessage = 'You can only manage your own signup sheets';

function Problem({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
        <Button component={Link} to="/" variant="light">
          Back to Home
        </Button>
      </Stack>
    </Card>
  );
}

export interface SheetRosterProps {
  /** The sheet's id from the URL; anything but a positive whole number is a sheet that does not exist. */
  sheetId: number;
}

/** Loads a sheet's roster for whoever runs it, with its loading, not-found and not-allowed states. */
export function SheetRoster({ sheetId }: SheetRosterProps) {
  const valid = Number.isSafeInteger(sheetId) && sheetId > 0;
  const roster = trpc.roster.get.useQuery({ sheetId }, { enabled: valid });
  const { toggle } = useCheckIn(sheetId);

  if (!valid || (roster.isError && isNotFound(roster.error))) {
    return (
      <Problem title="Signup Sheet Not Found">
        <Text c="dimmed">This signup sheet does not exist or has been removed.</Text>
      </Problem>
    );
  }
  if (roster.isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader aria-label="Loading roster" />
      </Center>
    );
  }
  if (roster.isError) {
    if (errorCode(roster.error) === 'FORBIDDEN') {
      return (
        <Problem title="Access Denied">
          <Text>{serverMessage(roster.error) ?? notYourSheetMessage}</Text>
        </Problem>
      );
    }
    return (
      <Alert color="red" title="Could not load the roster">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{serverMessage(roster.error) ?? 'Please check your connection and try again.'}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void roster.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <Roster roster={roster.data} onToggle={toggle} />;
}
