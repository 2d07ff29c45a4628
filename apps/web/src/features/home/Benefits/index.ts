export { Benefits } from './Benefits';
