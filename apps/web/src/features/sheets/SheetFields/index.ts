export {
  SheetFields,
  type SheetFieldsProps,
  sheetFormCheck,
  sheetFormInput,
  type SheetFormValues,
  sheetFormValues,
  notifyOrganizerOptions,
} from './SheetFields';
