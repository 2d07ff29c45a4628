export { AddSlotDialog, type AddSlotDialogProps, SlotCreateForm, type SlotCreateFormProps } from './AddSlotDialog';
export {
  CreateSheetDialog,
  type CreateSheetDialogProps,
  SheetCreateForm,
  type SheetCreateFormProps,
} from './CreateSheetDialog';
export type { SheetCreateValues, SlotCreateValues } from './types';
