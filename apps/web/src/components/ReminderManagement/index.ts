export {
  ReminderEvent,
  type ReminderEventProps,
  ReminderManagement,
  type ReminderManagementProps,
  type ReminderSheet,
  type ReminderType,
  reminderButtons,
} from './ReminderManagement';
