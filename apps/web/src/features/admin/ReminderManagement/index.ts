export {
  ReminderEvent,
  type ReminderEventProps,
  ReminderManagement,
  type ReminderManagementProps,
  type ReminderSheet,
  type ReminderType,
  reminderButtons,
  sendQuestion,
  sentLines,
} from './ReminderManagement';
