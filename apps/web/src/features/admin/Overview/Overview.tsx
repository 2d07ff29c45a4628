import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { AfterPaint } from '../../../components/AfterPaint';
import { DashboardLoader } from '../DashboardLoader';
import { StatTiles } from '../StatTiles';

// Below the stat tiles everything loads once the tiles are on screen: on a phone the first screen
// waits for none of its code, its stylesheet or its queries.
const OverviewSections = lazy(() => import('./OverviewSections').then((m) => ({ default: m.OverviewSections })));

const sectionsLoading = <DashboardLoader height="100vh" />;

export interface OverviewProps {
  /** Opens the Create New Signup Sheet dialog owned by the dashboard (shared with its 'Create New Sign Up' button). */
  onCreateSheet: () => void;
}

/**
 * The administrator's Overview tab, in SPEC.md's order: stat tiles, Website Settings, quick actions,
 * monitoring and social media, Email Reminder Management and Manage Signup Sheets. (An organizer's
 * dashboard puts their sheets first: OrganizerDashboard.)
 */
export function Overview({ onCreateSheet }: OverviewProps) {
  return (
    <Stack gap="xl">
      <StatTiles />
      {/* A screen high while it loads, so that the footer stays below the first screen rather than jump down. */}
      <Suspense fallback={sectionsLoading}>
        <AfterPaint fallback={sectionsLoading}>
          <OverviewSections onCreateSheet={onCreateSheet} />
        </AfterPaint>
      </Suspense>
    </Stack>
  );
}
