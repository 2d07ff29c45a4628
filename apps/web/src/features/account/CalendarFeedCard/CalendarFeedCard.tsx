import { Trans, useLingui } from '@lingui/react';
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

/** What 'Reset link' asks before it resets, translated where shown: `i18n._(resetFeedQuestion)`. */
export const resetFeedQuestion =
  /*i18n*/ 'The current link stops working: calendars subscribed to it will no longer update, and anyone you shared it with loses access. You will get a new link to subscribe with.';

/**
 * 'My calendar' on the profile: the secret URL of the account's private calendar feed (its own
 * signups), to copy or subscribe to, and 'Reset link' for when it was shared by mistake.
 */
export function CalendarFeedCard() {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const feed = trpc.calendar.myFeed.useQuery();
  const [confirming, setConfirming] = useState(false);
  const reset = trpc.calendar.resetFeed.useMutation({
    onSuccess: (fresh) => {
      utils.calendar.myFeed.setData(undefined, fresh);
      setConfirming(false);
      notifySuccess(
        i18n._('Calendar Link Reset'),
        i18n._('The old link no longer works. Subscribe again with the new one.'),
      );
    },
    onError: (error) =>
      notifyFailure(i18n._('Reset Failed'), error, i18n._('Failed to reset the calendar link. Please try again.')),
  });

  const body = (
    <QueryState
      query={feed}
      loading={
        <Stack gap="xs" aria-busy="true" aria-label={i18n._('Loading your calendar link')}>
          <Skeleton height={36} />
          <Skeleton height={28} width="50%" />
        </Stack>
      }
      failed={i18n._('Could not load your calendar link')}
    >
      {({ url }) => (
        <Stack gap="sm">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={i18n._('Private calendar link')}
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied
                    ? i18n._('Copied', undefined, { comment: 'The copy button, once the link is copied' })
                    : i18n._('Copy', undefined, { comment: 'Button that copies the link' })}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group gap="sm">
            <Button component="a" href={webcalUrl(url)} variant="light" leftSection={<CalendarIcon />}>
              {i18n._('Subscribe', undefined, { comment: 'Button that adds the calendar feed to a calendar app' })}
            </Button>
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {i18n._('Reset link')}
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
            {i18n._('My Calendar')}
          </Title>
          <Text size="sm" c="dimmed">
            <Trans
              id="Your volunteer shifts in your own calendar app: it updates when you sign up or cancel. Keep this link to yourself; anyone who has it can see your shifts. <0>All upcoming events</0> have a public calendar too."
              components={{ 0: <Anchor href="/api/calendar/events.ics" size="sm" underline="always" /> }}
            />
          </Text>
        </div>
        {body}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={i18n._('Reset Calendar Link')}
        message={i18n._(resetFeedQuestion)}
        confirmLabel={i18n._('Reset link')}
        loading={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => reset.mutate()}
      />
    </Card>
  );
}
