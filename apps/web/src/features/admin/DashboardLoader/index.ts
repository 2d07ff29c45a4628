export { DashboardLoader, type DashboardLoaderProps } from './DashboardLoader';
