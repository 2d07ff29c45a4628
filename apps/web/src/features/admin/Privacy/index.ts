export { PrivacyTab } from './PrivacyTab';
