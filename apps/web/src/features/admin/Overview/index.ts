export { Overview, type OverviewProps } from './Overview';
