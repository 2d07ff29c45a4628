export {
  type SlotCreateFormProps,
  type SlotCreateValues,
  type SlotEditFormProps,
  SlotForm,
  type SlotFormProps,
  type SlotFormSlot,
  type SlotUpdateValues,
} from './SlotForm';
