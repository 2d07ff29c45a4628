export { SheetCard, type SheetCardProps, type SheetCardSheet } from './SheetCard';
export { SheetCardSkeletons, type SheetCardSkeletonsProps } from './SheetCardSkeletons';
