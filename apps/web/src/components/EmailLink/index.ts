export { InvalidLink, invalidLinkText } from './EmailLink';
