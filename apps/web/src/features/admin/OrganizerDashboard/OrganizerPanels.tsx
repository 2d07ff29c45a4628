// Loaded once the organizer's sheet cards are on screen, with the part of Mantine's stylesheet
// that the reminders' dialogs use.
import '../../../styles/mantine-rest.css';
import { Stack } from '@mantine/core';
import { QuickActions } from '../QuickActions';
import { ReminderManagement, useGoToReminders } from '../ReminderManagement';

export interface OrganizerPanelsProps {
  /** Opens the Create New Signup Sheet dialog. */
  onCreateSheet: () => void;
}

/** What an organizer has below their sheets: the quick actions and Email Reminder Management. */
export function OrganizerPanels({ onCreateSheet }: OrganizerPanelsProps) {
  const { ref: remindersRef, goToReminders } = useGoToReminders();
  return (
    <Stack gap="xl">
      <QuickActions onCreateSheet={onCreateSheet} onSendReminders={goToReminders} />
      <ReminderManagement ref={remindersRef} />
    </Stack>
  );
}
