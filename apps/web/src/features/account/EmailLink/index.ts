export {
  InvalidLink,
  type InvalidLinkProps,
  invalidLinkText,
  SignupCancelled,
  type SignupCancelledProps,
} from './EmailLink';
