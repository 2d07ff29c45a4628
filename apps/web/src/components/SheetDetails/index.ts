export { removeVolunteerQuestion, SheetDetails } from './SheetDetails';
