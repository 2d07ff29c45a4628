import { Overview } from '../Overview';

export interface OverviewTabProps {
  /** Opens the Create New Signup Sheet dialog (the quick action). */
  onCreateSheet: () => void;
}

/** The dashboard's Overview tab. */
export function OverviewTab({ onCreateSheet }: OverviewTabProps) {
  return <Overview onCreateSheet={onCreateSheet} />;
}
