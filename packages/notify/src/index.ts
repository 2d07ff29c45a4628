export {
  createMailer,
  type MailAttachment,
  type MailConfig,
  type MailMessage,
  type Mailer,
  type SendResult,
} from './email/mailer';
export { buildIcs, type IcsEvent } from './email/ics';
export {
  changeNotification,
  escapeHtml,
  formatDateTime,
  formatWhen,
  reminder,
  signupConfirmation,
  testEmail,
  type ChangeNotificationInput,
  type ChangeSeverity,
  type EmailContent,
  type ReminderInput,
  type ReminderType,
  type SignupConfirmationInput,
  type TestEmailInput,
  type VolunteerEmailDetails,
} from './email/templates';
