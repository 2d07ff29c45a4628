import { useLingui } from '@lingui/react';
import { Anchor, Badge, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@pac/api';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CenteredLoader } from '../../../components/QueryState';
import { errorCode, serverMessage } from '../../../lib/errors';
import { useDates } from '../../../lib/language';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { InvalidLink, SignupCancelled } from '../../account/EmailLink';
import { mapUrl, whereSlotIs } from '../../sheets/location';
import { spotsLeftText, stillNeededText } from '../../sheets/slots';
import { forgetSignups, updateRememberedSignup } from '../signupMemory';
import { EditMySignup } from './EditMySignup';
import { DetailsErased, EraseMySignup } from './EraseMySignup';

type ManagedSignup = RouterOutputs['volunteers']['manageInfo'];

/** 'You're confirmed' or the place on the waitlist, as a badge. */
function StatusBadge({ signup }: { signup: ManagedSignup }) {
  const { i18n } = useLingui();
  if (signup.status === 'confirmed') {
    return (
      <Badge color="teal" variant="light" size="lg">
        {i18n._('Confirmed')}
      </Badge>
    );
  }
  return (
    <Badge color="orange" variant="light" size="lg">
      {signup.waitlistPosition === null
        ? i18n._('Waitlisted')
        : i18n._('Waitlisted · #{position} in line', { position: signup.waitlistPosition })}
    </Badge>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

// Long slot titles wrap inside a phone-wide card rather than pushing past its edge.
const radioStyles = {
  body: { minWidth: 0 },
  labelWrapper: { minWidth: 0, flex: 1 },
  label: { overflowWrap: 'anywhere' },
  description: { overflowWrap: 'anywhere' },
} as const;

/** The slots of the same sheet with spots left, to move the signup to. */
function MoveSignup({ token, signup }: { token: string; signup: ManagedSignup }) {
  const { i18n } = useLingui();
  const dates = useDates();
  const utils = trpc.useUtils();
  const [slotId, setSlotId] = useState<string | null>(null);
  const move = trpc.volunteers.move.useMutation({
    onSuccess: async (moved) => {
      updateRememberedSignup(moved.id, { slotId: moved.slotId, status: moved.status });
      const title = signup.otherSlots.find((s) => s.id === moved.slotId)?.title;
      notifySuccess(
        i18n._('Signup Moved'),
        title === undefined
          ? i18n._('Your signup is now for the new slot.')
          : i18n._('Your signup is now for {slot}.', { slot: title }),
      );
      setSlotId(null);
      await Promise.all([utils.volunteers.manageInfo.invalidate({ token }), utils.sheets.invalidate()]);
    },
    onError: async (error) => {
      notifyFailure(i18n._('Move Failed'), error, i18n._('Failed to move your signup. Please try again.'));
      // The slot may have filled up meanwhile: show what is open now.
      await utils.volunteers.manageInfo.invalidate({ token });
    },
  });

  if (signup.otherSlots.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {i18n._('No other volunteer slot of this event has spots left right now.')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Radio.Group
        label={i18n._('Move to another volunteer slot')}
        description={i18n._('Slots of this event with spots left')}
        value={slotId}
        onChange={setSlotId}
      >
        <Stack gap="xs" mt="xs">
          {signup.otherSlots.map((slot) => (
            <Radio
              key={slot.id}
              value={String(slot.id)}
              label={slot.title}
              description={`${dates.formatSlotWhen(slot.startTime, slot.endTime, signup.sheet.eventDate)} · ${slot.kind === 'item' ? stillNeededText(i18n, slot) : spotsLeftText(i18n, slot)}`}
              styles={radioStyles}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group>
        <Button
          disabled={slotId === null}
          loading={move.isPending}
          onClick={() => {
            if (slotId !== null) move.mutate({ token, slotId: Number(slotId) });
          }}
        >
          {i18n._('Move my signup')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A volunteer's signup, opened with the token from their emails: its details, correcting them,
 * moving it to another slot, cancelling it, deleting their details from it.
 */
export function MySignup({ token }: { token: string }) {
  const { i18n } = useLingui();
  const dates = useDates();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [erased, setErased] = useState<{ cancelled: boolean; sheet: { id: number; title: string } } | null>(null);
  // Once the details are deleted the token names nothing of theirs: nothing more is asked with it,
  // and what this page had loaded of them is dropped.
  const info = trpc.volunteers.manageInfo.useQuery({ token }, { enabled: erased === null });
  useEffect(() => {
    if (erased !== null) queryClient.removeQueries({ queryKey: getQueryKey(trpc.volunteers.manageInfo, { token }) });
  }, [erased, queryClient, token]);
  const [asking, setAsking] = useState(false);
  const cancel = trpc.volunteers.cancelByToken.useMutation({
    onSuccess: () => {
      setAsking(false);
      // This browser no longer shows it as the parent's on the sheet.
      if (info.data) forgetSignups([info.data.id]);
      void utils.sheets.invalidate();
    },
    onError: (error) =>
      notifyFailure(i18n._('Cancellation Failed'), error, i18n._('Failed to cancel your signup. Please try again.')),
  });

  if (erased !== null) return <DetailsErased cancelled={erased.cancelled} sheet={erased.sheet} />;
  if (info.isPending) {
    return <CenteredLoader label={i18n._('Loading your signup')} />;
  }

  // Cancelled (here or elsewhere): the link is ours, the signup is gone.
  const gone = cancel.isSuccess || (info.isError && errorCode(info.error) === 'NOT_FOUND');
  if (gone) {
    const signup = info.data;
    return (
      <SignupCancelled
        message={cancel.data?.message}
        name={signup?.name}
        sheet={signup ? { id: signup.sheet.id, title: signup.sheet.title } : undefined}
      />
    );
  }
  if (info.isError) {
    if (errorCode(info.error) === 'FORBIDDEN' || errorCode(info.error) === 'BAD_REQUEST') return <InvalidLink />;
    return (
      <Card withBorder padding="xl" maw={560} mx="auto" ta="center">
        <Stack align="center" gap="sm">
          <Title order={1} size="h2">
            {i18n._('Your signup could not be loaded')}
          </Title>
          <Text c="dimmed">{serverMessage(info.error) ?? i18n._('Something went wrong. Please try again.')}</Text>
          <Button onClick={() => void info.refetch()}>{i18n._('Try again')}</Button>
        </Stack>
      </Card>
    );
  }

  const signup = info.data;
  const when = dates.formatSlotWhen(signup.slot.startTime, signup.slot.endTime, signup.sheet.eventDate);
  const where = whereSlotIs(signup.slot, signup.sheet.location);
  return (
    <Card withBorder padding="xl" maw={640} mx="auto">
      <Stack gap="lg">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={1} size="h2">
              {i18n._('Your signup')}
            </Title>
            <StatusBadge signup={signup} />
          </Group>
          <Text>
            {signup.status === 'confirmed'
              ? i18n._("Hi {name}, you're signed up for this volunteer slot.", { name: signup.name })
              : i18n._(
                  "Hi {name}, you're on the waitlist for this volunteer slot. If a spot opens up, you'll be signed up automatically and we'll email you.",
                  { name: signup.name },
                )}
          </Text>
        </Stack>
        <Stack component="dl" gap="sm" m={0}>
          <Detail label={i18n._('Event')}>
            <Anchor component={Link} to={`/signup-sheet/${signup.sheet.id}`} fw={600}>
              {signup.sheet.title}
            </Anchor>
          </Detail>
          <Detail label={i18n._('Volunteer slot')}>{signup.slot.title}</Detail>
          <Detail label={i18n._('Time')}>{when}</Detail>
          {where && (
            <Detail label={i18n._('Where')}>
              {where} ·{' '}
              <Anchor
                href={mapUrl(where)}
                target="_blank"
                rel="noopener noreferrer"
                fw={400}
                underline="always"
                aria-label={i18n._('Map of {place} (opens in a new tab)', { place: where })}
              >
                {i18n._('Map')}
              </Anchor>
            </Detail>
          )}
          {signup.slot.kind === 'item' && <Detail label={i18n._("You're bringing")}>{signup.quantity}</Detail>}
          <Detail label={i18n._('Organizer')}>
            {signup.sheet.organizerName} ·{' '}
            <Anchor href={`mailto:${signup.sheet.organizerEmail}`}>{signup.sheet.organizerEmail}</Anchor>
          </Detail>
        </Stack>

        {signup.closed ? (
          <Text c="dimmed" size="sm">
            {i18n._(
              'This volunteer slot has started, so the signup can no longer be changed here. Please contact the organizer.',
            )}
          </Text>
        ) : (
          <>
            <EditMySignup token={token} signup={signup} />
            <MoveSignup token={token} signup={signup} />
            <Stack gap="xs">
              <Text fw={600}>{i18n._("Can't make it?")}</Text>
              <Group>
                <Button color="red" variant="light" onClick={() => setAsking(true)}>
                  {i18n._('Cancel my signup')}
                </Button>
              </Group>
            </Stack>
          </>
        )}
        <EraseMySignup
          token={token}
          signup={signup}
          onErased={({ cancelled }) =>
            setErased({ cancelled, sheet: { id: signup.sheet.id, title: signup.sheet.title } })
          }
        />
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={i18n._('Cancel Signup')}
        message={i18n._('Are you sure you want to cancel your signup for {slot}?', { slot: signup.slot.title })}
        confirmLabel={i18n._('Cancel my signup')}
        cancelLabel={i18n._('Keep my signup')}
        loading={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => cancel.mutate({ token })}
      />
    </Card>
  );
}
