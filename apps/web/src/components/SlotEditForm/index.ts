export { SlotEditForm, type SlotEditFormProps, type SlotEditFormSlot, type SlotUpdateValues } from './SlotEditForm';
