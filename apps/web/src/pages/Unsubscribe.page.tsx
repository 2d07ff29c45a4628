import { useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
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
  // The server's sentence ('Reminder emails stopped'), without its full stop.
  const doneText = (message: string) =>
    i18n._('{message}.', { message }, { comment: "The server's sentence, ended with a full stop" });
  const email = status.data?.email;
  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {i18n._('Reminder emails')}
        </Title>
        {stopped === undefined && !status.isError ? (
          <Loader aria-label={i18n._('Loading')} />
        ) : stopped ? (
          <>
            <Text role="status">
              {done
                ? doneText(done.message)
                : email !== undefined
                  ? i18n._('Reminder emails to {email} are stopped.', { email })
                  : i18n._('Reminder emails to this address are stopped.')}
            </Text>
            <Text size="sm" c="dimmed">
              {i18n._(
                'You will still get a confirmation email when you sign up for a volunteer slot. No organizer can turn reminders back on for you; only you can, here.',
              )}
            </Text>
            <Button variant="light" loading={resubscribe.isPending} onClick={() => resubscribe.mutate(link)}>
              {i18n._('Turn reminders back on')}
            </Button>
          </>
        ) : (
          <>
            {done ? (
              <Text role="status">{doneText(done.message)}</Text>
            ) : (
              <Text c="dimmed">
                {i18n._(
                  'We send reminder emails before volunteer shifts. Stop them for your email address with the button below.',
                )}
              </Text>
            )}
            <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(link)}>
              {i18n._('Stop reminder emails')}
            </Button>
          </>
        )}
        {failed && !invalid(failed) && (
          <Text c="red" size="sm" role="alert">
            {serverMessage(failed) ?? i18n._('Something went wrong. Please try again.')}
          </Text>
        )}
        <Button component={Link} to="/" variant="subtle">
          {i18n._('Back to Home')}
        </Button>
      </Stack>
    </Card>
  );
}

/** /unsubscribe/:id?token=... — reminder emails for a signup's address, from the link in its emails. */
export default function UnsubscribePage() {
  const link = useEmailLink();
  const { i18n } = useLingui();
  return (
    <PageLayout title={i18n._('Reminder Emails')}>{link ? <ReminderEmails link={link} /> : <InvalidLink />}</PageLayout>
  );
}
