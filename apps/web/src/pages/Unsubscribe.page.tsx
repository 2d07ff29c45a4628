import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { InvalidLink } from '../features/account/EmailLink';
import { type EmailLink, useEmailLink } from '../features/account/emailLink';
import { errorCode, serverMessage } from '../lib/errors';
import { trpc } from '../trpc';

function Unsubscribe({ link }: { link: EmailLink }) {
  const unsubscribe = trpc.reminders.unsubscribe.useMutation();

  if (
    unsubscribe.isError &&
    (errorCode(unsubscribe.error) === 'FORBIDDEN' || errorCode(unsubscribe.error) === 'NOT_FOUND')
  ) {
    return <InvalidLink />;
  }

  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          Reminder emails
        </Title>
        {unsubscribe.isSuccess ? (
          <>
            <Text>{unsubscribe.data.message}.</Text>
            <Text size="sm" c="dimmed">
              You will still get a confirmation email when you sign up for a volunteer slot.
            </Text>
            <Button component={Link} to="/" variant="light">
              Back to Home
            </Button>
          </>
        ) : (
          <>
            <Text c="dimmed">
              We send reminder emails before volunteer shifts. Stop them for your email address with the button below.
            </Text>
            {unsubscribe.isError && (
              <Text c="red" size="sm">
                {serverMessage(unsubscribe.error) ?? 'Something went wrong. Please try again.'}
              </Text>
            )}
            <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(link)}>
              Stop reminder emails
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** /unsubscribe/:id?token=... — stops reminder emails, from the link in every reminder. */
export default function UnsubscribePage() {
  const link = useEmailLink();
  return <PageLayout title="Reminder Emails">{link ? <Unsubscribe link={link} /> : <InvalidLink />}</PageLayout>;
}
