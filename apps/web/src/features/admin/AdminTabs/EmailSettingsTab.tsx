import { EmailSettings } from '../EmailSettings';

export interface EmailSettingsTabProps {
  /** Switches to the Website Monitoring tab (per-monitor email settings live there). */
  onOpenMonitoring: () => void;
}

/** The dashboard's Email Settings tab. */
export function EmailSettingsTab({ onOpenMonitoring }: EmailSettingsTabProps) {
  return <EmailSettings onOpenMonitoring={onOpenMonitoring} />;
}
