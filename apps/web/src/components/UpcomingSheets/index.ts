export { UpcomingSheets } from './UpcomingSheets';
