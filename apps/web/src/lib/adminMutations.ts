import { trpc } from '../trpc';
import { notifyFailureWithReason, notifySuccess } from './notify';

/** SPEC.md's confirmation before deleting a sheet. */
export const deleteSheetQuestion =
  'Are you sure you want to delete this signup sheet? This will also delete all volunteer slots and signups.';

export function deleteSlotQuestion(title: string): string {
  return `Are you sure you want to delete the volunteer slot "${title}"? Its signups will be removed too.`;
}

interface MutationCallbacks {
  /** After a success, before the toast (e.g. close the dialog). */
  onSuccess: () => void;
  /** After success or failure (e.g. refetch what changed). */
  onSettled: () => unknown;
}

/** Deleting a sheet, with SPEC.md's toasts ('Deleted' / 'Deletion Failed'). */
export function useDeleteSheet({ onSuccess, onSettled }: MutationCallbacks) {
  return trpc.sheets.delete.useMutation({
    onSuccess: () => {
      onSuccess();
      notifySuccess('Deleted', 'The signup sheet has been deleted.');
    },
    onError: (error) =>
      notifyFailureWithReason('Deletion Failed', error, 'Failed to delete signup sheet. Please try again.'),
    onSettled,
  });
}

/** Editing and deleting a slot, with SPEC.md's toasts ('Updated' / 'Deleted' and their failures). */
export function useSlotMutations({ onSuccess, onSettled }: MutationCallbacks) {
  const updateSlot = trpc.slots.update.useMutation({
    onSuccess: () => {
      onSuccess();
      notifySuccess('Updated', 'The volunteer slot has been updated.');
    },
    onError: (error) =>
      notifyFailureWithReason('Update Failed', error, 'Failed to update volunteer slot. Please try again.'),
    onSettled,
  });
  const deleteSlot = trpc.slots.delete.useMutation({
    onSuccess: () => {
      onSuccess();
      notifySuccess('Deleted', 'The volunteer slot has been deleted.');
    },
    onError: (error) =>
      notifyFailureWithReason('Deletion Failed', error, 'Failed to delete volunteer slot. Please try again.'),
    onSettled,
  });
  return { updateSlot, deleteSlot };
}
