export { AccountName } from './AccountName';
export { Header } from './Header';
