export { NewPasswordFields, passwordToggleProps, type NewPasswordFieldsProps } from './NewPasswordFields';
