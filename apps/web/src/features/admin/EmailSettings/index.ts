export {
  AdminEmailForm,
  type AdminEmailFormProps,
  type AdminEmailValues,
  SenderForm,
  type SenderFormProps,
  type SenderValues,
} from './EmailForms';
export { EmailSettings, type EmailSettingsProps, futureEnhancements, notificationTypes } from './EmailSettings';
export { LogoUpload, logoPlaceholder } from './LogoUpload';
