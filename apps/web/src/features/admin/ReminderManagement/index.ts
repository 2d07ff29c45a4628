export {
  ReminderEvent,
  type ReminderEventProps,
  ReminderManagement,
  type ReminderManagementProps,
  type ReminderSheet,
  type ReminderType,
  useGoToReminders,
  reminderButtons,
  sendQuestion,
  sentLines,
} from './ReminderManagement';
