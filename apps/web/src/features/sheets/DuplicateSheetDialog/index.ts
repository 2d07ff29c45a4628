export {
  defaultDuplicateDate,
  describeShift,
  type DuplicableSheet,
  repeatDates,
  type RepeatEvery,
  DuplicateSheetDialog,
  type DuplicateSheetDialogProps,
  type SheetDuplicate,
  type SheetDuplicateRequest,
  type SheetDuplicateSeries,
  SheetDuplicateForm,
  type SheetDuplicateFormProps,
} from './DuplicateSheetDialog';
