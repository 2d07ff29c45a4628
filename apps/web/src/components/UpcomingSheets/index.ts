export { deleteSheetQuestion, UpcomingSheets } from './UpcomingSheets';
