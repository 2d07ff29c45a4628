// Loaded once the sheet cards are on screen (ManageSheets), with the part of Mantine's stylesheet
// that its dialogs and fields use: the dashboard's first cards wait for none of it.
import '../../../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { SheetListItem } from '../../../types';
import { DuplicateSheetDialog } from '../DuplicateSheetDialog';
import { EditSheetDialog } from '../EditSheetDialog';
import { deleteSheetQuestion, useDeleteSheet } from '../sheetMutations';
import { AddSlotDialog, SlotDialogs, type SlotDialogsControl } from '../SlotDialogs';

/** What a dialog on 'Manage Signup Sheets' is open for; one at a time. */
export type ManageSheetsDialog =
  | { kind: 'deleteSheet'; sheet: SheetListItem }
  | { kind: 'editSheet'; sheet: SheetListItem }
  | { kind: 'duplicateSheet'; sheet: SheetListItem }
  | { kind: 'addSlot'; sheet: SheetListItem };

export interface ManageSheetsDialogsProps {
  /** The dialog's subject, kept after closing so that its content does not vanish mid-transition. */
  dialog: ManageSheetsDialog | null;
  opened: boolean;
  onClose: () => void;
  /** The slots' own Edit and Delete dialogs. */
  slotDialogs: SlotDialogsControl;
  /** After a change: refetch what it affects. */
  onSettled: () => unknown;
}

/** The sheet and slot dialogs of 'Manage Signup Sheets': delete, edit, duplicate, add a slot, edit or delete a slot. */
export function ManageSheetsDialogs({ dialog, opened, onClose, slotDialogs, onSettled }: ManageSheetsDialogsProps) {
  const { i18n } = useLingui();
  const deleteSheet = useDeleteSheet({ onSuccess: onClose, onSettled });
  const isOpen = (kind: ManageSheetsDialog['kind']) => opened && dialog?.kind === kind;
  return (
    <>
      <ConfirmDialog
        opened={isOpen('deleteSheet')}
        title={i18n._('Delete Signup Sheet')}
        message={i18n._(deleteSheetQuestion)}
        confirmLabel={i18n._('Delete', undefined, { comment: 'Button that confirms a deletion' })}
        loading={deleteSheet.isPending}
        onCancel={onClose}
        onConfirm={() => {
          if (dialog?.kind === 'deleteSheet') deleteSheet.mutate({ id: dialog.sheet.id });
        }}
      />

      <EditSheetDialog
        opened={isOpen('editSheet')}
        sheet={dialog?.kind === 'editSheet' ? dialog.sheet : null}
        onClose={onClose}
      />

      <DuplicateSheetDialog
        opened={isOpen('duplicateSheet')}
        sheet={dialog?.kind === 'duplicateSheet' ? dialog.sheet : null}
        onClose={onClose}
      />

      <AddSlotDialog
        opened={isOpen('addSlot')}
        sheet={dialog?.kind === 'addSlot' ? dialog.sheet : null}
        onClose={onClose}
      />

      <SlotDialogs control={slotDialogs} onSettled={onSettled} />
    </>
  );
}
