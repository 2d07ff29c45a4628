import { useLingui } from '@lingui/react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CenteredLoader, QueryState } from '../../../components/QueryState';
import { errorCode, isNotFound, serverMessage } from '../../../lib/errors';
import { trpc } from '../../../trpc';
import { Roster } from './Roster';
import { useCheckIn } from './useCheckIn';

/**
 * What an organizer sees on another organizer's sheet (the server's FORBIDDEN sentence), a catalog
 * message: shown as `i18n._(notYourSheetMessage)`.
 */
export const notYourSheetMessage = /*i18n*/ 'You can only manage your own signup sheets';

function Problem({ title, children }: { title: string; children: React.ReactNode }) {
  const { i18n } = useLingui();
  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
        <Button component={Link} to="/" variant="light">
          {i18n._('Back to Home')}
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
  const { i18n } = useLingui();
  const valid = Number.isSafeInteger(sheetId) && sheetId > 0;
  const roster = trpc.roster.get.useQuery({ sheetId }, { enabled: valid });
  const { toggle } = useCheckIn(sheetId);

  if (!valid || (roster.isError && isNotFound(roster.error))) {
    return (
      <Problem title={i18n._('Signup Sheet Not Found')}>
        <Text c="dimmed">{i18n._('This signup sheet does not exist or has been removed.')}</Text>
      </Problem>
    );
  }
  if (roster.isError && errorCode(roster.error) === 'FORBIDDEN') {
    return (
      <Problem title={i18n._('Access Denied')}>
        <Text>{serverMessage(roster.error) ?? i18n._(notYourSheetMessage)}</Text>
      </Problem>
    );
  }
  return (
    <QueryState
      query={roster}
      loading={<CenteredLoader label={i18n._('Loading roster')} />}
      failed={i18n._('Could not load the roster')}
      failedText={serverMessage(roster.error) ?? i18n._('Please check your connection and try again.')}
      onRetry={() => void roster.refetch()}
    >
      {(data) => <Roster roster={data} onToggle={toggle} />}
    </QueryState>
  );
}
