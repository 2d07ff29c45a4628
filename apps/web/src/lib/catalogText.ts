/**
 * `catalogText(i18n, text)`: `text` in the page's language when it is one of the catalogs' messages
 * (a shared schema's English sentence, with its numbers filled in or not, a built-in default), else
 * `text` as it is (a sentence the server wrote, already in the page's language, or what someone
 * typed). The catalogs' own `translateText`, under the name the components use.
 */
export { translateText as catalogText } from '@pac/i18n';
