export {
  type EditableSheet,
  EditSheetDialog,
  type EditSheetDialogProps,
  ownerOptions,
  SheetEditForm,
  type SheetEditFormProps,
  type SheetUpdate,
  slotMoveMessage,
} from './EditSheetDialog';
