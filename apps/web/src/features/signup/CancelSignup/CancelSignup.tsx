import { useLingui } from '@lingui/react';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CenteredLoader } from '../../../components/QueryState';
import { useDates } from '../../../lib/language';
import { notifyFailure } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { InvalidLink, SignupCancelled } from '../../account/EmailLink';
import type { EmailLink } from '../../account/emailLink';

/** A signup opened from the cancel link in its confirmation email: what it is, and cancelling it. */
export function CancelSignup({ link }: { link: EmailLink }) {
  const { i18n } = useLingui();
  const dates = useDates();
  const utils = trpc.useUtils();
  const info = trpc.volunteers.cancelInfo.useQuery(link);
  const cancel = trpc.volunteers.cancelByLink.useMutation({
    onError: (error) =>
      notifyFailure(i18n._('Cancellation Failed'), error, i18n._('Failed to cancel your signup. Please try again.')),
    onSuccess: () => utils.sheets.invalidate(),
  });

  if (info.isPending) {
    return <CenteredLoader label={i18n._('Loading your signup')} />;
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

  const time = dates.formatTimeRange(signup.startTime, signup.endTime) ?? dates.formatDateTime(signup.eventDate);
  return (
    <Card withBorder padding="xl" maw={560} mx="auto">
      <Stack gap="md">
        <Title order={1} size="h2">
          {i18n._('Cancel your signup')}
        </Title>
        <Text>
          {i18n._('Hi {name}, do you want to cancel your signup for this volunteer slot?', { name: signup.name })}
        </Text>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {i18n._('Event')}
          </Text>
          <Anchor component={Link} to={`/signup-sheet/${signup.sheetId}`} fw={600}>
            {signup.sheetTitle}
          </Anchor>
          <Text size="sm" c="dimmed" mt="xs">
            {i18n._('Volunteer slot')}
          </Text>
          <Text fw={600}>{signup.slotTitle}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            {i18n._('Time')}
          </Text>
          <Text>{time}</Text>
        </Stack>
        <Group>
          <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate(link)}>
            {i18n._('Cancel my signup')}
          </Button>
          <Button component={Link} to="/" variant="default" disabled={cancel.isPending}>
            {i18n._('Keep my signup')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
