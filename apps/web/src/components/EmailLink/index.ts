export { InvalidLink, type InvalidLinkProps, invalidLinkText } from './EmailLink';
