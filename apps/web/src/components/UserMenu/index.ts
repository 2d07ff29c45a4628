export { UserMenu } from './UserMenu';
