export { SlotCard, type SlotCardProps } from './SlotCard';
