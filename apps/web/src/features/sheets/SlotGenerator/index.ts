export { SlotGenerator, type SlotGeneratorProps } from './SlotGenerator';
export {
  addedSlotsText,
  addSlotsLabel,
  generateSlotRun,
  onSchoolClock,
  type SlotRun,
  slotCountText,
  slotRunSummary,
} from './slotRun';
