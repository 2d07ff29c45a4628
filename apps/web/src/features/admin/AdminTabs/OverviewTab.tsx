import { MonitoringCard } from '../../monitoring/MonitoringCard';
import { SocialMediaCard } from '../../monitoring/SocialMediaCard';
import { Overview } from '../Overview';

export interface OverviewTabProps {
  /** Opens the Create New Signup Sheet dialog (the quick action). */
  onCreateSheet: () => void;
}

/** The dashboard's Overview tab, with the website-watch and social media cards in their SPEC place. */
export function OverviewTab({ onCreateSheet }: OverviewTabProps) {
  return (
    <Overview
      onCreateSheet={onCreateSheet}
      monitoringSlot={
        <>
          <MonitoringCard />
          <SocialMediaCard />
        </>
      }
    />
  );
}
