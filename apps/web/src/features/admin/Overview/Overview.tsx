import { Stack } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { WebsiteSettings } from '../../hero/WebsiteSettings';
import { ManageSheets } from '../../sheets/ManageSheets';
import { CreateSheetDialog } from '../../sheets/SheetDialogs';
import { QuickActions } from '../QuickActions';
import { ReminderManagement } from '../ReminderManagement';
import { StatTiles } from '../StatTiles';

export interface OverviewProps {
  /**
   * Opens the Create New Signup Sheet dialog owned by the dashboard (shared with its 'Create New
   * Sign Up' button). Without it, the Overview renders a dialog of its own.
   */
  onCreateSheet?: () => void;
  /** The School Website Monitoring and Social Media Integration cards, between the quick actions and reminders. */
  monitoringSlot?: ReactNode;
  /**
   * admin (the default): everything above. organizer: their own sheets, reminders and export only;
   * the stat tiles and Website Settings are for administrators.
   */
  scope?: 'admin' | 'organizer';
}

/**
 * The Overview tab, in SPEC.md's order: stat tiles, Website Settings, quick actions, (monitoring
 * and social media), Email Reminder Management and Manage Signup Sheets.
 */
export function Overview({ onCreateSheet, monitoringSlot, scope = 'admin' }: OverviewProps) {
  const [creating, setCreating] = useState(false);
  const reminders = useRef<HTMLElement>(null);
  const openCreate = onCreateSheet ?? (() => setCreating(true));

  const goToReminders = () => {
    const section = reminders.current;
    if (!section) return;
    section.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  };

  return (
    <Stack gap="xl">
      {scope === 'admin' && <StatTiles />}
      {scope === 'admin' && <WebsiteSettings />}
      <QuickActions onCreateSheet={openCreate} onSendReminders={goToReminders} />
      {monitoringSlot}
      <ReminderManagement ref={reminders} />
      <ManageSheets onCreateSheet={openCreate} />
      {!onCreateSheet && <CreateSheetDialog opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
