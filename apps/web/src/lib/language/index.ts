export { pageInLanguage, rememberLanguage, languageCookie } from './language';
export { fallbackLanguage, LanguageProvider, useLanguage } from './LanguageProvider';
