export { EmailSettingsTab, type EmailSettingsTabProps } from './EmailSettingsTab';
export { MonitoringTab } from './MonitoringTab';
export { OverviewTab, type OverviewTabProps } from './OverviewTab';
