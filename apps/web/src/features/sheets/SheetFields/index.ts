export {
  SheetFields,
  type SheetFieldsProps,
  sheetFormCheck,
  sheetFormInput,
  type SheetFormValues,
  sheetFormValues,
} from './SheetFields';
