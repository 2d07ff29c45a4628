export {
  type EditableSheet,
  EditSheetDialog,
  type EditSheetDialogProps,
  ownerOptions,
  SheetEditForm,
  type SheetEditFormProps,
  type SheetUpdate,
} from './EditSheetDialog';
