export {
  CreateSheetDialog,
  type CreateSheetDialogProps,
  SheetCreateForm,
  type SheetCreateFormProps,
} from './CreateSheetDialog';
export type { SheetCreateValues } from './types';
