export {
  AddSlotDialog,
  type AddSlotDialogProps,
  SlotDialogs,
  type SlotDialogsControl,
  type SlotDialogsProps,
  useSlotDialogs,
} from './SlotDialogs';
