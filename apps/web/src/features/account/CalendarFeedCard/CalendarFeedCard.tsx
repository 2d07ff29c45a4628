import { Anchor, Button, Card, CopyButton, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CalendarIcon } from '../../../components/Icons';
import { QueryState } from '../../../components/QueryState';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';

/** The feed's URL for calendar apps: `webcal://` opens the subscribe dialog of the device's calendar. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}

export const resetFeedQuestion =
  'The current link stops working: calendars subscribed to it will no longer update, and anyone you shared it with loses access. You will get a new link to subscribe with.';

/**
 * 'My calendar' on the profile: the secret URL of the account's private calendar feed (its own
 * signups), to copy or subscribe to, and 'Reset link' for when it was shared by mistake.
 */
export function CalendarFeedCard() {
  const utils = trpc.useUtils();
  const feed = trpc.calendar.myFeed.useQuery();
  const [confirming, setConfirming] = useState(false);
  const reset = trpc.calendar.resetFeed.useMutation({
    onSuccess: (fresh) => {
      utils.calendar.myFeed.setData(undefined, fresh);
      setConfirming(false);
      notifySuccess('Calendar Link Reset', 'The old link no longer works. Subscribe again with the new one.');
    },
    onError: (error) => notifyFailure('Reset Failed', error, 'Failed to reset the calendar link. Please try again.'),
  });

  const body = (
    <QueryState
      query={feed}
      loading={
        <Stack gap="xs" aria-busy="true" aria-label="Loading your calendar link">
          <Skeleton height={36} />
          <Skeleton height={28} width="50%" />
        </Stack>
      }
      failed="Could not load your calendar link"
    >
      {({ url }) => (
        <Stack gap="sm">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Private calendar link"
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group gap="sm">
            <Button component="a" href={webcalUrl(url)} variant="light" leftSection={<CalendarIcon />}>
              Subscribe
            </Button>
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              Reset link
            </Button>
          </Group>
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="calendar-feed-title">
            My Calendar
          </Title>
          <Text size="sm" c="dimmed">
            Your volunteer shifts in your own calendar app: it updates when you sign up or cancel. Keep this link to
            yourself; anyone who has it can see your shifts.{' '}
            <Anchor href="/api/calendar/events.ics" size="sm" underline="always">
              All upcoming events
            </Anchor>{' '}
            have a public calendar too.
          </Text>
        </div>
        {body}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Reset Calendar Link"
        message={resetFeedQuestion}
        confirmLabel="Reset link"
        loading={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => reset.mutate()}
      />
    </Card>
  );
}
