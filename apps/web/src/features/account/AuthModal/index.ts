export { AuthModal, type AuthModalProps, type AuthTab } from './AuthModal';
