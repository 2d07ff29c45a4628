export { SlotGenerator, type SlotGeneratorProps } from './SlotGenerator';
export { addedSlotsText, addSlotsLabel, generateSlotRun, onSchoolClock, type SlotRun, slotRunSummary } from './slotRun';
