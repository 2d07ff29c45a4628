import { notifyFailureWithReason, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';

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

/**
 * A mutation's callbacks with SPEC.md's toasts: `success` ([title, text]) after `onSuccess`,
 * `failure` ([title, text]) with the server's reason when it gives one.
 */
function withToasts(
  { onSuccess, onSettled }: MutationCallbacks,
  success: [title: string, text: string],
  failure: [title: string, text: string],
) {
  return {
    onSuccess: () => {
      onSuccess();
      notifySuccess(...success);
    },
    onError: (error: unknown) => notifyFailureWithReason(failure[0], error, failure[1]),
    onSettled,
  };
}

/** Deleting a sheet, with SPEC.md's toasts ('Deleted' / 'Deletion Failed'). */
export function useDeleteSheet(callbacks: MutationCallbacks) {
  return trpc.sheets.delete.useMutation(
    withToasts(
      callbacks,
      ['Deleted', 'The signup sheet has been deleted.'],
      ['Deletion Failed', 'Failed to delete signup sheet. Please try again.'],
    ),
  );
}

/** Editing a slot, with SPEC.md's toasts ('Updated' / 'Update Failed'). */
export function useUpdateSlot(callbacks: MutationCallbacks) {
  return trpc.slots.update.useMutation(
    withToasts(
      callbacks,
      ['Updated', 'The volunteer slot has been updated.'],
      ['Update Failed', 'Failed to update volunteer slot. Please try again.'],
    ),
  );
}

/** Deleting a slot, with SPEC.md's toasts ('Deleted' / 'Deletion Failed'). */
export function useDeleteSlot(callbacks: MutationCallbacks) {
  return trpc.slots.delete.useMutation(
    withToasts(
      callbacks,
      ['Deleted', 'The volunteer slot has been deleted.'],
      ['Deletion Failed', 'Failed to delete volunteer slot. Please try again.'],
    ),
  );
}
