export { CalendarFeedCard, resetFeedQuestion, webcalUrl } from './CalendarFeedCard';
