export {
  SheetFields,
  type SheetFieldsProps,
  sheetFormInput,
  type SheetFormValues,
  sheetFormValues,
} from './SheetFields';
