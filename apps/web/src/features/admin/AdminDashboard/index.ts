export { AdminDashboard } from './AdminDashboard';
