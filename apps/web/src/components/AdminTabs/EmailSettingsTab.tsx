import { Text } from '@mantine/core';

export interface EmailSettingsTabProps {
  /** Switches to the Website Monitoring tab (per-monitor email settings live there). */
  onOpenMonitoring: () => void;
}

/** The dashboard's Email Settings tab. */
export function EmailSettingsTab(_props: EmailSettingsTabProps) {
  return <Text c="dimmed">Email settings are coming soon.</Text>;
}
