export { SlotDayHint, type SlotDayHintProps } from './SlotDayHint';
export { SlotEditForm, type SlotEditFormProps, type SlotEditFormSlot, type SlotUpdateValues } from './SlotEditForm';
