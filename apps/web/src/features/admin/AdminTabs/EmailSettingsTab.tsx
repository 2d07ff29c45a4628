// Loaded when the tab is first opened, with the part of Mantine's stylesheet its forms use.
import '../../../styles/mantine-rest.css';
import { EmailSettings } from '../EmailSettings';

export interface EmailSettingsTabProps {
  /** Switches to the Website Monitoring tab (per-monitor email settings live there). */
  onOpenMonitoring: () => void;
}

/** The dashboard's Email Settings tab. */
export function EmailSettingsTab({ onOpenMonitoring }: EmailSettingsTabProps) {
  return <EmailSettings onOpenMonitoring={onOpenMonitoring} />;
}
