import { Stack } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { WebsiteSettings } from '../../hero/WebsiteSettings';
import { ManageSheets } from '../../sheets/ManageSheets';
import { QuickActions } from '../QuickActions';
import { ReminderManagement } from '../ReminderManagement';
import { StatTiles } from '../StatTiles';

export interface OverviewProps {
  /** Opens the Create New Signup Sheet dialog owned by the dashboard (shared with its 'Create New Sign Up' button). */
  onCreateSheet: () => void;
  /** The School Website Monitoring and Social Media Integration cards, between the quick actions and reminders. */
  monitoringSlot?: ReactNode;
}

/**
 * The administrator's Overview tab, in SPEC.md's order: stat tiles, Website Settings, quick actions,
 * (monitoring and social media), Email Reminder Management and Manage Signup Sheets. (An organizer's
 * dashboard puts their sheets first: OrganizerDashboard.)
 */
export function Overview({ onCreateSheet, monitoringSlot }: OverviewProps) {
  const reminders = useRef<HTMLElement>(null);

  const goToReminders = () => {
    const section = reminders.current;
    if (!section) return;
    section.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  };

  return (
    <Stack gap="xl">
      <StatTiles />
      <WebsiteSettings />
      <QuickActions onCreateSheet={onCreateSheet} onSendReminders={goToReminders} />
      {monitoringSlot}
      <ReminderManagement ref={reminders} />
      <ManageSheets onCreateSheet={onCreateSheet} />
    </Stack>
  );
}
