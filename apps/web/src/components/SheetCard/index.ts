export { SheetCard, type SheetCardProps, type SheetCardSheet } from './SheetCard';
