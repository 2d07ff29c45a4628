import { Text } from '@mantine/core';

/** The dashboard's Website Monitoring tab. */
export function MonitoringTab() {
  return <Text c="dimmed">Website monitoring is coming soon.</Text>;
}
