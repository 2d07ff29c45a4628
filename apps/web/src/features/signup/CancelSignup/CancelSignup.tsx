import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CenteredLoader } from '../../../components/QueryState';
import { formatDateTime, formatTimeRange } from '../../../lib/dates';
import { notifyFailure } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { InvalidLink, SignupCancelled } from '../../account/EmailLink';
import type { EmailLink } from '../../account/emailLink';

/** A signup opened from the cancel link in its confirmation email: what it is, and cancelling it. */
export function CancelSignup({ link }: { link: EmailLink }) {
  const utils = trpc.useUtils();
  const info = trpc.volunteers.cancelInfo.useQuery(link);
  const cancel = trpc.volunteers.cancelByLink.useMutation({
    onError: (error) => notifyFailure('Cancellation Failed', error, 'Failed to cancel your signup. Please try again.'),
    onSuccess: () => utils.sheets.invalidate(),
  });

  if (info.isPending) {
    return <CenteredLoader label="Loading your signup" />;
  }
  if (info.isError) return <InvalidLink />;

  const signup = info.data;
  if (cancel.isSuccess) {
    return (
      <SignupCancelled
        message={cancel.data.message}
        name={signup.name}
        sheet={{ id: signup.sheetId, title: signup.sheetTitle }}
      />
    );
  }

  const time = formatTimeRange(signup.startTime, signup.endTime) ?? formatDateTime(signup.eventDate);
  return (
    <Card withBorder padding="xl" maw={560} mx="auto">
      <Stack gap="md">
        <Title order={1} size="h2">
          Cancel your signup
        </Title>
        <Text>Hi {signup.name}, do you want to cancel your signup for this volunteer slot?</Text>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Event
          </Text>
          <Anchor component={Link} to={`/signup-sheet/${signup.sheetId}`} fw={600}>
            {signup.sheetTitle}
          </Anchor>
          <Text size="sm" c="dimmed" mt="xs">
            Volunteer slot
          </Text>
          <Text fw={600}>{signup.slotTitle}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            Time
          </Text>
          <Text>{time}</Text>
        </Stack>
        <Group>
          <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate(link)}>
            Cancel my signup
          </Button>
          <Button component={Link} to="/" variant="default" disabled={cancel.isPending}>
            Keep my signup
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
