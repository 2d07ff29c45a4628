export {
  refusalField,
  SignupForm,
  type SignupFormProps,
  type SignupFormSlot,
  type SignupPrefill,
  type SignupRefusal,
  type SignupSubmission,
} from './SignupForm';
