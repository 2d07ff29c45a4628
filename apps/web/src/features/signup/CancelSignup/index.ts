export { CancelSignup } from './CancelSignup';
