export { SignupForm, type SignupFormProps, type SignupPrefill, type SignupValues } from './SignupForm';
