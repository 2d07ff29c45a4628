import '../../../styles/mantine-rest.css';
import { Group, Modal, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ClockIcon } from '../../../components/Icons';
import { formatSlotWhen } from '../../../lib/dates';
import { notifyFailure, notifyFailureWithReason, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import type { SheetDetail, SlotDetail, VolunteerView } from '../../../types';
import { SignupForm } from '../../signup/SignupForm';
import { VolunteerEditForm } from '../../signup/VolunteerEditForm';
import { SlotDialogs, type SlotDialogsControl } from '../SlotDialogs';
import { isSlotFull } from '../slots';
import { cancelSignupQuestion, removeVolunteerQuestion, signupSuccessText } from './sheetTexts';

/** What a dialog on the sheet page is open for; one at a time. */
export type SheetDialog =
  | { kind: 'signup'; slot: SlotDetail }
  | { kind: 'editVolunteer'; volunteer: VolunteerView }
  | { kind: 'removeVolunteer'; volunteer: VolunteerView }
  | { kind: 'cancelMine'; volunteer: VolunteerView; slot: SlotDetail };

export interface SheetDetailsDialogsProps {
  sheet: SheetDetail;
  /** The dialog's subject: it stays after closing, so that the content does not vanish mid-transition. */
  dialog: SheetDialog | null;
  opened: boolean;
  onClose: () => void;
  /** The admin's slot dialogs, opened from the slot cards. */
  slotDialogs: SlotDialogsControl;
}

/**
 * The sheet page's dialogs (sign up, edit or remove a volunteer, cancel one's own signup, and the
 * admin's slot dialogs) with the changes they make. SheetDetails loads them on demand.
 */
export function SheetDetailsDialogs({ sheet, dialog, opened, onClose: close, slotDialogs }: SheetDetailsDialogsProps) {
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();
  // A dialog asked for before these had loaded opens one render after they mount: Mantine's Modal
  // notes where to give the focus back (the button that opened it) only when it opens once mounted.
  const mounted = useMounted();
  const isOpen = (kind: SheetDialog['kind']) => mounted && opened && dialog?.kind === kind;

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

  const account = me.data ?? null;

  return (
    <>
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

      <SlotDialogs control={{ ...slotDialogs, opened: mounted && slotDialogs.opened }} onSettled={refresh} />

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
    </>
  );
}
