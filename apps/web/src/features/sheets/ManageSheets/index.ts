export {
  ManagedSheetCard,
  type ManagedSheetCardProps,
  ManageSheets,
  type ManageSheetsProps,
  manageSkeletonCards,
} from './ManageSheets';
