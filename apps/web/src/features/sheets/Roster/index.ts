export { Roster, type RosterProps } from './Roster';
export { notYourSheetMessage, SheetRoster, type SheetRosterProps } from './SheetRoster';
export {
  checkedInText,
  type RosterData,
  type RosterSlot,
  type RosterVolunteer,
  type RosterWaitlisted,
  spotsText,
} from './rosterData';
