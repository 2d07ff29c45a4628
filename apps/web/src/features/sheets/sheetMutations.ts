import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { notifyFailureWithReason, notifySuccess } from '../../lib/notify';
import { trpc } from '../../trpc';

/** SPEC.md's confirmation before deleting a sheet, a catalog message: shown as `i18n._(deleteSheetQuestion)`. */
export const deleteSheetQuestion =
  /*i18n*/ 'Are you sure you want to delete this signup sheet? This will also delete all volunteer slots and signups.';

export function deleteSlotQuestion(i18n: I18n, title: string): string {
  return i18n._('Are you sure you want to delete the volunteer slot "{title}"? Its signups will be removed too.', {
    title,
  });
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
  const { i18n } = useLingui();
  return trpc.sheets.delete.useMutation(
    withToasts(
      callbacks,
      [
        i18n._('Deleted', undefined, { comment: 'Title of the notification after something was deleted' }),
        i18n._('The signup sheet has been deleted.'),
      ],
      [i18n._('Deletion Failed'), i18n._('Failed to delete signup sheet. Please try again.')],
    ),
  );
}

/** Editing a slot, with SPEC.md's toasts ('Updated' / 'Update Failed'). */
export function useUpdateSlot(callbacks: MutationCallbacks) {
  const { i18n } = useLingui();
  return trpc.slots.update.useMutation(
    withToasts(
      callbacks,
      [
        i18n._('Updated', undefined, { comment: 'Title of the notification after something was saved' }),
        i18n._('The volunteer slot has been updated.'),
      ],
      [i18n._('Update Failed'), i18n._('Failed to update volunteer slot. Please try again.')],
    ),
  );
}

/** Deleting a slot, with SPEC.md's toasts ('Deleted' / 'Deletion Failed'). */
export function useDeleteSlot(callbacks: MutationCallbacks) {
  const { i18n } = useLingui();
  return trpc.slots.delete.useMutation(
    withToasts(
      callbacks,
      [
        i18n._('Deleted', undefined, { comment: 'Title of the notification after something was deleted' }),
        i18n._('The volunteer slot has been deleted.'),
      ],
      [i18n._('Deletion Failed'), i18n._('Failed to delete volunteer slot. Please try again.')],
    ),
  );
}
