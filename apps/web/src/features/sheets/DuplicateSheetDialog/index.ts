export {
  defaultDuplicateDate,
  describeShift,
  type DuplicableSheet,
  DuplicateSheetDialog,
  type DuplicateSheetDialogProps,
  type SheetDuplicate,
  SheetDuplicateForm,
  type SheetDuplicateFormProps,
} from './DuplicateSheetDialog';
