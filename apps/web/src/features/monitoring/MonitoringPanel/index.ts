export { ActivityFeed, type ActivityFeedProps } from './ActivityFeed';
export { MonitorStatusDot, SeverityBadge } from './MonitorBadges';
export { MonitorKpis, type MonitorKpisProps, SystemHealth, type SystemHealthProps } from './MonitorHealth';
export { deleteMonitorQuestion, MonitoringPanel } from './MonitoringPanel';
export { MonitorTable, type MonitorTableProps } from './MonitorTable';
export { NotificationHistory, type NotificationHistoryProps } from './NotificationHistory';
export { PanelSection, type PanelSectionProps } from './PanelSection';
export { RecentChanges, type RecentChangesProps } from './RecentChanges';
export { SnapshotContent, type SnapshotContentProps, SnapshotDialog, type SnapshotDialogProps } from './SnapshotDialog';
export { SnapshotTable, type SnapshotTableProps } from './SnapshotTable';
export {
  type MonitorActions,
  useCheckAllMonitors,
  useMonitorActions,
  useMonitorList,
  useRecentChanges,
  useRefreshMonitoring,
  useSetupSchoolMonitors,
} from './useMonitoring';
