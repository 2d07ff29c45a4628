export { cancelSignupQuestion, removeVolunteerQuestion, SheetDetails } from './SheetDetails';
