export { pageInLanguage, rememberLanguage, languageCookie } from './language';
export { fallbackLanguage, LanguageProvider, useDates, useLanguage } from './LanguageProvider';
export {
  hasSignedInMessages,
  loadMessages,
  loadSignedInMessages,
  setBrowserMessages,
  withPagesMessages,
} from './catalogs';
