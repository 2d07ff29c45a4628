export {
  ManagedSheetCard,
  type ManagedSheetCardProps,
  ManageSheets,
  type ManageSheetsProps,
  manageSkeletonCards,
  sheetHeadingId,
} from './ManageSheets';
export { publicSheetUrl, type SheetFill, sheetFill } from './sheetFill';
