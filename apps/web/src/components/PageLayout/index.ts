export { PageLayout } from './PageLayout';
