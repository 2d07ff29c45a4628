import { useLingui } from '@lingui/react';
import { Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { useRefreshDashboard } from '../dashboard';
import { deleteSlotQuestion, useDeleteSlot, useUpdateSlot } from '../sheetMutations';
import { SlotForm, type SlotFormDraft, type SlotFormSlot } from '../SlotForm';
import { SlotGenerator } from '../SlotGenerator';
import type { SlotDialogsControl } from './useSlotDialogs';

export { type SlotDialogsControl, useSlotDialogs } from './useSlotDialogs';

// Each dialog is open while `opened` is true and its subject is set. The subject stays after
// closing so that the content does not vanish mid-transition; Mantine unmounts a closed modal's
// content, so every opening starts with a fresh form.

export interface AddSlotDialogProps {
  /** The sheet the slot goes on; a new slot's times start at its event date. */
  sheet: AddSlotSheet | null;
  opened: boolean;
  onClose: () => void;
}

type AddSlotSheet = { id: number; title: string; eventDate?: Date };

/** 'One slot' at a time, or 'Several slots' generated as a run. */
type AddSlotMode = 'one' | 'several';

/**
 * The 'Add Volunteer Slot' dialog: adds a slot to a sheet ('Add Slot' then closes, 'Save and add
 * another' offers the next one, starting where it ended), or a run of slots ('Several slots'), then
 * refreshes the dashboard.
 */
export function AddSlotDialog({ sheet, opened, onClose }: AddSlotDialogProps) {
  const { i18n } = useLingui();
  return (
    <Modal opened={opened && sheet !== null} onClose={onClose} title={i18n._('Add Volunteer Slot')} size="lg">
      {sheet && <AddSlotContent sheet={sheet} onClose={onClose} />}
    </Modal>
  );
}

/** The dialog's content: Mantine unmounts it on closing, so every opening starts afresh. */
function AddSlotContent({ sheet, onClose }: { sheet: AddSlotSheet; onClose: () => void }) {
  const { i18n } = useLingui();
  const refresh = useRefreshDashboard();
  const [mode, setMode] = useState<AddSlotMode>('one');
  // The slots added with 'Save and add another' since the dialog opened: the form starts after the last.
  const [added, setAdded] = useState<SlotFormDraft[]>([]);
  const create = trpc.slots.create.useMutation({
    onError: (error) =>
      notifyFailure(i18n._('Creation Failed'), error, i18n._('Failed to create volunteer slot. Please try again.')),
    onSettled: refresh,
  });
  const created = (slot: { title: string }) =>
    notifySuccess(
      i18n._('Volunteer Slot Created'),
      i18n._('"{slot}" has been added to {sheet}.', { slot: slot.title, sheet: sheet.title }),
    );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {added.length > 0
          ? i18n._('{count, plural, one {For {sheet} · # slot added} other {For {sheet} · # slots added}}', {
              count: added.length,
              sheet: sheet.title,
            })
          : i18n._('For {sheet}', { sheet: sheet.title })}
      </Text>
      <SegmentedControl
        aria-label={i18n._('How many slots to add')}
        fullWidth
        data={[
          { value: 'one', label: i18n._('One slot') },
          { value: 'several', label: i18n._('Several slots') },
        ]}
        value={mode}
        onChange={(value) => setMode(value === 'several' ? 'several' : 'one')}
      />
      {mode === 'one' ? (
        <SlotForm
          // A fresh form after each 'Save and add another'.
          key={added.length}
          mode="create"
          signupSheetId={sheet.id}
          eventDate={sheet.eventDate}
          after={added.at(-1)}
          submitting={create.isPending}
          onCancel={onClose}
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: (slot) => {
                onClose();
                created(slot);
              },
            })
          }
          onSubmitAndAddAnother={(values) =>
            create.mutate(values, {
              onSuccess: (slot) => {
                setAdded((before) => [...before, slot]);
                created(slot);
              },
            })
          }
        />
      ) : (
        <SlotGenerator sheet={sheet} onCancel={onClose} onAdded={onClose} />
      )}
    </Stack>
  );
}

export interface EditSlotDialogProps {
  /** The slot being edited. */
  slot: SlotFormSlot | null;
  /** Its sheet's event date: a hint shows when the slot's times fall on another day. */
  eventDate?: Date;
  opened: boolean;
  onClose: () => void;
  /** After the update succeeds or fails, e.g. refetch what changed. */
  onSettled: () => unknown;
}

/** The 'Edit Volunteer Slot' dialog: saves the slot, then closes. */
export function EditSlotDialog({ slot, eventDate, opened, onClose, onSettled }: EditSlotDialogProps) {
  const { i18n } = useLingui();
  const updateSlot = useUpdateSlot({ onSuccess: onClose, onSettled });
  return (
    <Modal opened={opened && slot !== null} onClose={onClose} title={i18n._('Edit Volunteer Slot')} size="lg">
      {slot && (
        <SlotForm
          mode="edit"
          slot={slot}
          eventDate={eventDate}
          submitting={updateSlot.isPending}
          onCancel={onClose}
          onSubmit={(values) => updateSlot.mutate(values)}
        />
      )}
    </Modal>
  );
}

export interface DeleteSlotDialogProps {
  /** The slot to delete. */
  slot: { id: number; title: string } | null;
  opened: boolean;
  onClose: () => void;
  /** After the deletion succeeds or fails, e.g. refetch what changed. */
  onSettled: () => unknown;
}

/** The 'Delete Volunteer Slot' question: deletes the slot (and its signups) once confirmed. */
export function DeleteSlotDialog({ slot, opened, onClose, onSettled }: DeleteSlotDialogProps) {
  const { i18n } = useLingui();
  const deleteSlot = useDeleteSlot({ onSuccess: onClose, onSettled });
  return (
    <ConfirmDialog
      opened={opened && slot !== null}
      title={i18n._('Delete Volunteer Slot')}
      message={slot ? deleteSlotQuestion(i18n, slot.title) : ''}
      confirmLabel={i18n._('Delete', undefined, { comment: 'Button that confirms a deletion' })}
      loading={deleteSlot.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (slot) deleteSlot.mutate({ id: slot.id });
      }}
    />
  );
}

export interface SlotDialogsProps {
  control: SlotDialogsControl;
  /** After an update or deletion succeeds or fails, e.g. refetch what changed. */
  onSettled: () => unknown;
}

/** An admin's 'Edit Volunteer Slot' and 'Delete Volunteer Slot' dialogs, opened through `control`. */
export function SlotDialogs({ control: { subject, opened, close }, onSettled }: SlotDialogsProps) {
  const editing = subject?.kind === 'edit' ? subject : null;
  const deleting = subject?.kind === 'delete' ? subject : null;
  return (
    <>
      <EditSlotDialog
        opened={opened}
        slot={editing?.slot ?? null}
        eventDate={editing?.eventDate}
        onClose={close}
        onSettled={onSettled}
      />
      <DeleteSlotDialog opened={opened} slot={deleting?.slot ?? null} onClose={close} onSettled={onSettled} />
    </>
  );
}
