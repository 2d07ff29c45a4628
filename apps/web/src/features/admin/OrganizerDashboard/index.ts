export { OrganizerDashboard } from './OrganizerDashboard';
