import { Anchor, Button, Card, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatSlotWhen } from '../../lib/dates';
import { notifyFailure, notifyFailureWithReason, notifySuccess } from '../../lib/notify';
import { eventHasPassed, isSlotFull, signupsClosed, sortSlots } from '../../lib/slots';
import { useCurrentUser } from '../../session/useCurrentUser';
import { trpc } from '../../trpc';
import type { SheetDetail, SlotDetail, VolunteerView } from '../../types';
import { ConfirmDialog } from '../ConfirmDialog';
import { CalendarIcon, ClockIcon, MailIcon } from '../Icons';
import { SignupForm } from '../SignupForm';
import { SlotCard } from '../SlotCard';
import { SlotDialogs, useSlotDialogs } from '../SlotDialogs';
import { VolunteerEditForm } from '../VolunteerEditForm';

/** What a dialog on this page is open for; one at a time. */
type Dialog =
  | { kind: 'signup'; slot: SlotDetail }
  | { kind: 'editVolunteer'; volunteer: VolunteerView }
  | { kind: 'removeVolunteer'; volunteer: VolunteerView }
  | { kind: 'cancelMine'; volunteer: VolunteerView; slot: SlotDetail };

export function cancelSignupQuestion(slotTitle: string): string {
  return `Are you sure you want to cancel your signup for ${slotTitle}?`;
}

export function removeVolunteerQuestion(name: string): string {
  return `Are you sure you want to remove ${name} from this volunteer slot?`;
}

/**
 * The 'Signup Successful!' text. It promises a confirmation email only when the server says one
 * is on its way (mail configured, and the address not over its hourly limit). A signup that joined
 * a full slot's waitlist says so.
 */
export function signupSuccessText(
  signup: { email: string; confirmationEmail: boolean; status?: 'confirmed' | 'waitlisted' },
  slotTitle: string,
): string {
  if (signup.status === 'waitlisted') {
    return signup.confirmationEmail
      ? `You're on the waitlist for ${slotTitle}. We'll email ${signup.email} if a spot opens up.`
      : `You're on the waitlist for ${slotTitle}. You'll be signed up automatically if a spot opens up.`;
  }
  return signup.confirmationEmail
    ? `Thank you for volunteering! A confirmation email will be sent to ${signup.email}.`
    : `Thank you for volunteering! You're signed up for ${slotTitle}.`;
}

export interface SheetDetailsProps {
  sheet: SheetDetail;
  /** When slots count as closed and the event as past; tests pin it. */
  now?: Date;
}

/** A signup sheet with its slots, the signup form, and the admin's slot and volunteer controls. */
export function SheetDetails({ sheet, now = new Date() }: SheetDetailsProps) {
  const { user } = useCurrentUser();
  const isAdmin = user?.isAdmin === true;
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();
  // The dialog's subject stays after closing so that its content does not vanish mid-transition;
  // Mantine unmounts a closed modal's content, so every opening starts with a fresh form.
  const [dialog, setDialogState] = useState<Dialog | null>(null);
  const [opened, setOpened] = useState(false);
  const setDialog = (next: Dialog) => {
    setDialogState(next);
    setOpened(true);
  };
  const close = () => setOpened(false);
  const isOpen = (kind: Dialog['kind']) => opened && dialog?.kind === kind;
  const slotDialogs = useSlotDialogs();

  // A signup changes the slot counts and the signed-in volunteer's history.
  const refresh = async () => {
    await Promise.all([
      utils.sheets.byId.invalidate({ id: sheet.id }),
      utils.sheets.list.invalidate(),
      utils.auth.profile.invalidate(),
    ]);
  };

  const signUp = trpc.volunteers.create.useMutation({
    onSuccess: (volunteer, input) => {
      close();
      const slotTitle = sheet.slots.find((s) => s.id === input.slotId)?.title ?? 'this slot';
      notifySuccess('Signup Successful!', signupSuccessText(volunteer, slotTitle));
    },
    onError: (error) => notifyFailure('Signup Failed', error, 'Please try again later.'),
    onSettled: refresh,
  });

  const updateVolunteer = trpc.volunteers.update.useMutation({
    onSuccess: () => {
      close();
      notifySuccess('Volunteer Updated', 'The volunteer details have been updated.');
    },
    onError: (error) =>
      notifyFailureWithReason('Update Failed', error, 'Failed to update volunteer details. Please try again.'),
    onSettled: refresh,
  });

  const removeVolunteer = trpc.volunteers.delete.useMutation({
    onError: (error) =>
      notifyFailureWithReason('Deletion Failed', error, 'Failed to remove volunteer. Please try again.'),
    onSettled: refresh,
  });

  const cancelMine = trpc.volunteers.delete.useMutation({
    onError: (error) => notifyFailure('Cancellation Failed', error, 'Failed to cancel your signup. Please try again.'),
    onSettled: refresh,
  });

  const slots = sortSlots(sheet.slots);
  const account = me.data ?? null;
  const past = eventHasPassed(sheet.eventDate, now);

  return (
    <Stack gap="xl">
      <Card withBorder padding="xl">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {sheet.title}
          </Title>
          <Group gap={6} c="dimmed" wrap="nowrap">
            <CalendarIcon />
            <Text>{formatDateTime(sheet.eventDate)}</Text>
          </Group>
          {past && (
            <Paper bg="gray.1" px="sm" py={6} radius="sm" style={{ alignSelf: 'flex-start' }}>
              <Text size="sm" fw={600} c="gray.8">
                This event has passed
              </Text>
            </Paper>
          )}
          {sheet.description && (
            <Text c="gray.7" style={{ whiteSpace: 'pre-line' }}>
              {sheet.description}
            </Text>
          )}
          {/* The icon stays beside the first line of the organizer's name and address. */}
          <Group gap={6} wrap="nowrap" align="flex-start">
            <MailIcon style={{ flexShrink: 0, marginTop: 3 }} />
            <Text size="sm" miw={0}>
              Organized by <strong>{sheet.organizerName}</strong>
              {' · '}
              <Anchor href={`mailto:${sheet.organizerEmail}`} size="sm">
                {sheet.organizerEmail}
              </Anchor>
            </Text>
          </Group>
          {/* Event day: whoever runs the sheet (an administrator or its organizer) prints and checks in from the roster. */}
          {(isAdmin || (me.data?.role === 'organizer' && me.data.id === sheet.ownerId)) && (
            <Button
              component={Link}
              to={`/signup-sheet/${sheet.id}/roster`}
              variant="light"
              style={{ alignSelf: 'flex-start' }}
            >
              Roster
            </Button>
          )}
        </Stack>
      </Card>

      <Stack gap="md" component="section" aria-labelledby="slots-title">
        <Title order={2} size="h3" id="slots-title">
          Volunteer Opportunities
        </Title>
        {slots.length === 0 ? (
          <Text c="dimmed">No volunteer slots have been added to this event yet.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {slots.map((slot) => (
              <SlotCard
                key={slot.id}
                slot={slot}
                closed={signupsClosed(slot, sheet.eventDate, now)}
                onSignUp={() => setDialog({ kind: 'signup', slot })}
                onCancelMine={(volunteer) => setDialog({ kind: 'cancelMine', volunteer, slot })}
                admin={
                  isAdmin
                    ? {
                        onEdit: () => slotDialogs.edit(slot, sheet.eventDate),
                        onDelete: () => slotDialogs.confirmDelete(slot),
                        onEditVolunteer: (volunteer) => setDialog({ kind: 'editVolunteer', volunteer }),
                        onRemoveVolunteer: (volunteer) => setDialog({ kind: 'removeVolunteer', volunteer }),
                      }
                    : undefined
                }
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <Modal
        opened={isOpen('signup')}
        onClose={close}
        title={dialog?.kind === 'signup' ? `Sign up: ${dialog.slot.title}` : 'Sign up'}
      >
        {dialog?.kind === 'signup' && (
          <Group gap={6} c="dimmed" wrap="nowrap" mb="md">
            <ClockIcon />
            <Text size="sm" c="gray.8">
              {formatSlotWhen(dialog.slot.startTime, dialog.slot.endTime, sheet.eventDate)}
            </Text>
          </Group>
        )}
        {dialog?.kind === 'signup' && isSlotFull(dialog.slot) && (
          <Text size="sm" mb="md" c="gray.8">
            This slot is full. Sign up to join its waitlist: if a spot opens up, you&apos;ll be signed up automatically,
            in the order people joined, and we&apos;ll let you know by email.
          </Text>
        )}
        {dialog?.kind === 'signup' && (
          <SignupForm
            slotId={dialog.slot.id}
            prefill={
              account
                ? {
                    name: account.name,
                    email: account.email,
                    phone: account.phone,
                    emailConsent: account.emailConsent,
                  }
                : undefined
            }
            submitting={signUp.isPending}
            onCancel={close}
            onSubmit={(values) =>
              signUp.mutate({
                ...values,
                userId: account?.id ?? null,
                // A full slot's form joins its waitlist (the server ignores the flag while there is room).
                ...(isSlotFull(dialog.slot) ? { waitlist: true } : {}),
              })
            }
          />
        )}
      </Modal>

      <SlotDialogs control={slotDialogs} onSettled={refresh} />

      <Modal opened={isOpen('editVolunteer')} onClose={close} title="Edit Volunteer">
        {dialog?.kind === 'editVolunteer' && (
          <VolunteerEditForm
            volunteer={dialog.volunteer}
            submitting={updateVolunteer.isPending}
            onCancel={close}
            onSubmit={(values) => updateVolunteer.mutate(values)}
          />
        )}
      </Modal>

      <ConfirmDialog
        opened={isOpen('removeVolunteer')}
        title="Remove Volunteer"
        message={dialog?.kind === 'removeVolunteer' ? removeVolunteerQuestion(dialog.volunteer.name) : ''}
        confirmLabel="Remove"
        loading={removeVolunteer.isPending}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind !== 'removeVolunteer') return;
          const { id, name } = dialog.volunteer;
          removeVolunteer.mutate(
            { id },
            {
              onSuccess: () => {
                close();
                notifySuccess('Volunteer Removed', `${name} has been removed from this volunteer slot.`);
              },
            },
          );
        }}
      />

      <ConfirmDialog
        opened={isOpen('cancelMine')}
        title="Cancel Signup"
        message={dialog?.kind === 'cancelMine' ? cancelSignupQuestion(dialog.slot.title) : ''}
        confirmLabel="Cancel my signup"
        cancelLabel="Keep my signup"
        loading={cancelMine.isPending}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind !== 'cancelMine') return;
          const { volunteer, slot } = dialog;
          cancelMine.mutate(
            { id: volunteer.id },
            {
              onSuccess: () => {
                close();
                notifySuccess('Signup Cancelled', `Your signup for ${slot.title} has been cancelled.`);
              },
            },
          );
        }}
      />
    </Stack>
  );
}
