// Loaded when the tab is first opened, with the part of Mantine's stylesheet its panel uses.
import '../../../styles/mantine-rest.css';
import { MonitoringPanel } from '../../monitoring/MonitoringPanel';

/** The dashboard's Website Monitoring tab. */
export function MonitoringTab() {
  return <MonitoringPanel />;
}
