export { MonitoringCard, MonitoringCardView, type MonitoringCardViewProps, setupButtonLabel } from './MonitoringCard';
