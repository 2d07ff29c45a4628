export {
  type SlotCreateFormProps,
  type SlotCreateValues,
  type SlotEditFormProps,
  SlotForm,
  type SlotFormDraft,
  type SlotFormProps,
  type SlotFormSlot,
  slotKindLabels,
  type SlotUpdateValues,
} from './SlotForm';
