import type { I18n } from '@lingui/core';
import { translateText } from '@pac/i18n';

/**
 * `text` in the page's language when it is one of the catalogs' messages (a shared schema's English
 * sentence, with its numbers filled in or not, a built-in default), else `text` as it is: a sentence
 * the server wrote (already in the page's language) or what someone typed.
 */
export function catalogText(i18n: I18n, text: string): string {
  return translateText(i18n, text);
}
