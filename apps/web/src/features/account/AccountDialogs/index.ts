export { type AccountDialog, AccountDialogs, type AccountDialogsProps } from './AccountDialogs';
export { AccountSettingsForm, type AccountSettingsFormProps, type AccountSettingsValues } from './AccountSettingsForm';
export { ChangePasswordForm, type ChangePasswordFormProps, type ChangePasswordValues } from './ChangePasswordForm';
