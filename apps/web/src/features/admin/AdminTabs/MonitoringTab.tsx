import { MonitoringPanel } from '../../monitoring/MonitoringPanel';

/** The dashboard's Website Monitoring tab. */
export function MonitoringTab() {
  return <MonitoringPanel />;
}
