// Loaded once the stat tiles are on screen, with the part of Mantine's stylesheet that the sections'
// dialogs and fields use.
import '../../../styles/mantine-rest.css';
import { WebsiteSettings } from '../../hero/WebsiteSettings/WebsiteSettings';
import { MonitoringCard } from '../../monitoring/MonitoringCard';
import { SocialMediaCard } from '../../monitoring/SocialMediaCard';
import { ManageSheets } from '../../sheets/ManageSheets';
import { QuickActions } from '../QuickActions';
import { ReminderManagement, useGoToReminders } from '../ReminderManagement';

export interface OverviewSectionsProps {
  /** Opens the Create New Signup Sheet dialog owned by the dashboard. */
  onCreateSheet: () => void;
}

/**
 * The Overview below its stat tiles: Website Settings, quick actions, the School Website Monitoring
 * and Social Media Integration cards, Email Reminder Management and Manage Signup Sheets.
 */
export function OverviewSections({ onCreateSheet }: OverviewSectionsProps) {
  const { ref: remindersRef, goToReminders } = useGoToReminders();

  return (
    <>
      <WebsiteSettings />
      <QuickActions onCreateSheet={onCreateSheet} onSendReminders={goToReminders} />
      <MonitoringCard />
      <SocialMediaCard />
      <ReminderManagement ref={remindersRef} />
      <ManageSheets onCreateSheet={onCreateSheet} dialogsLoad="onOpen" />
    </>
  );
}
