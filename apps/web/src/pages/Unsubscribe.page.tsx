import { Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { InvalidLink } from '../features/account/EmailLink';
import { type EmailLink, useEmailLink } from '../features/account/emailLink';
import { errorCode, serverMessage } from '../lib/errors';
import { trpc } from '../trpc';

const invalid = (error: unknown) => errorCode(error) === 'FORBIDDEN' || errorCode(error) === 'NOT_FOUND';

/**
 * The link in every reminder and confirmation: stops reminder emails to the signup's address, or
 * (the same link, so only someone who receives mail there) turns them back on.
 */
function ReminderEmails({ link }: { link: EmailLink }) {
  const status = trpc.reminders.emailStatus.useQuery(link, { retry: false });
  // What the last button did, which is newer than what the page loaded with.
  const [done, setDone] = useState<{ stopped: boolean; message: string } | null>(null);
  const unsubscribe = trpc.reminders.unsubscribe.useMutation({
    onSuccess: (data) => setDone({ stopped: true, message: data.message }),
  });
  const resubscribe = trpc.reminders.resubscribe.useMutation({
    onSuccess: (data) => setDone({ stopped: false, message: data.message }),
  });

  if ((status.isError && invalid(status.error)) || (unsubscribe.isError && invalid(unsubscribe.error)))
    return <InvalidLink />;

  const stopped = done ? done.stopped : status.data?.stopped;
  const failed = unsubscribe.error ?? resubscribe.error ?? status.error;
  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          Reminder emails
        </Title>
        {stopped === undefined && !status.isError ? (
          <Loader aria-label="Loading" />
        ) : stopped ? (
          <>
            <Text role="status">
              {done ? `${done.message}.` : `Reminder emails to ${status.data?.email ?? 'this address'} are stopped.`}
            </Text>
            <Text size="sm" c="dimmed">
              You will still get a confirmation email when you sign up for a volunteer slot. No organizer can turn
              reminders back on for you; only you can, here.
            </Text>
            <Button variant="light" loading={resubscribe.isPending} onClick={() => resubscribe.mutate(link)}>
              Turn reminders back on
            </Button>
          </>
        ) : (
          <>
            {done ? (
              <Text role="status">{done.message}.</Text>
            ) : (
              <Text c="dimmed">
                We send reminder emails before volunteer shifts. Stop them for your email address with the button below.
              </Text>
            )}
            <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(link)}>
              Stop reminder emails
            </Button>
          </>
        )}
        {failed && !invalid(failed) && (
          <Text c="red" size="sm" role="alert">
            {serverMessage(failed) ?? 'Something went wrong. Please try again.'}
          </Text>
        )}
        <Button component={Link} to="/" variant="subtle">
          Back to Home
        </Button>
      </Stack>
    </Card>
  );
}

/** /unsubscribe/:id?token=... — reminder emails for a signup's address, from the link in its emails. */
export default function UnsubscribePage() {
  const link = useEmailLink();
  return <PageLayout title="Reminder Emails">{link ? <ReminderEmails link={link} /> : <InvalidLink />}</PageLayout>;
}
