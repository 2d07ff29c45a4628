export { People, roleLabels } from './People';
