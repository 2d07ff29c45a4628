import { Text } from '@mantine/core';

export interface OverviewTabProps {
  /** Opens the Create New Signup Sheet dialog (the quick action). */
  onCreateSheet: () => void;
}

/** The dashboard's Overview tab. */
export function OverviewTab(_props: OverviewTabProps) {
  return <Text c="dimmed">The overview is coming soon.</Text>;
}
