import type { I18n, Messages } from '@lingui/core';
import type { Language } from '@pac/validators/page-data';

/*
 * The compiled catalogs (scripts/compile.ts writes them from locales/*.po). A message's id is its
 * English text: `i18n._('Sign Up')`.
 */

function messagesOf(module: { default: unknown }): Messages {
  return module.default as Messages;
}

/**
 * The web app's messages in one language, each language its own file that the browser loads only for
 * the page's language (before the page renders: main.tsx).
 */
export const webCatalogs: Record<Language, () => Promise<Messages>> = {
  en: () => import('../compiled/en/web.json').then(messagesOf),
  fr: () => import('../compiled/fr/web.json').then(messagesOf),
  'zh-Hans': () => import('../compiled/zh-Hans/web.json').then(messagesOf),
  'zh-Hant': () => import('../compiled/zh-Hant/web.json').then(messagesOf),
  pa: () => import('../compiled/pa/web.json').then(messagesOf),
  fa: () => import('../compiled/fa/web.json').then(messagesOf),
  ko: () => import('../compiled/ko/web.json').then(messagesOf),
  es: () => import('../compiled/es/web.json').then(messagesOf),
  tl: () => import('../compiled/tl/web.json').then(messagesOf),
};

/**
 * The messages of the screens only a signed-in person sees (the dashboards, the organizers' tools),
 * loaded besides the web app's once someone is signed in: a visitor's first page does not carry them.
 */
export const adminCatalogs: Record<Language, () => Promise<Messages>> = {
  en: () => import('../compiled/en/admin.json').then(messagesOf),
  fr: () => import('../compiled/fr/admin.json').then(messagesOf),
  'zh-Hans': () => import('../compiled/zh-Hans/admin.json').then(messagesOf),
  'zh-Hant': () => import('../compiled/zh-Hant/admin.json').then(messagesOf),
  pa: () => import('../compiled/pa/admin.json').then(messagesOf),
  fa: () => import('../compiled/fa/admin.json').then(messagesOf),
  ko: () => import('../compiled/ko/admin.json').then(messagesOf),
  es: () => import('../compiled/es/admin.json').then(messagesOf),
  tl: () => import('../compiled/tl/admin.json').then(messagesOf),
};

/**
 * The messages of the pages few visitors open and none first (the privacy policy, the pages of an
 * email's links), loaded by those pages themselves.
 */
export const pagesCatalogs: Record<Language, () => Promise<Messages>> = {
  en: () => import('../compiled/en/pages.json').then(messagesOf),
  fr: () => import('../compiled/fr/pages.json').then(messagesOf),
  'zh-Hans': () => import('../compiled/zh-Hans/pages.json').then(messagesOf),
  'zh-Hant': () => import('../compiled/zh-Hant/pages.json').then(messagesOf),
  pa: () => import('../compiled/pa/pages.json').then(messagesOf),
  fa: () => import('../compiled/fa/pages.json').then(messagesOf),
  ko: () => import('../compiled/ko/pages.json').then(messagesOf),
  es: () => import('../compiled/es/pages.json').then(messagesOf),
  tl: () => import('../compiled/tl/pages.json').then(messagesOf),
};

/** The parts of the catalogs an instance holds. */
export type CatalogPart = 'web' | 'admin' | 'pages' | 'server';

// By the messages of the instance's language (an object `i18n.load` adds to in place), not by the
// instance: React's I18nProvider hands its children a wrapper of the instance it was given. One
// record per process, whichever copy of this module asks: the server marks its instances in its
// own bundle, and the web app's server build (a bundle of its own, with its own copy of this
// module) renders pages with those same instances (apps/web/src/entry-server.tsx).
// Made on first use, so that loading this module does nothing (a bundler keeps a module with effects
// at start in every chunk that imports it).
const partsKey = Symbol.for('@pac/i18n: the catalog parts each language holds');
function partsRecord(): WeakMap<Messages, Set<CatalogPart>> {
  const records = globalThis as typeof globalThis & { [partsKey]?: WeakMap<Messages, Set<CatalogPart>> };
  records[partsKey] ??= new WeakMap<Messages, Set<CatalogPart>>();
  return records[partsKey];
}

/** Notes that `i18n` holds a part's messages. */
export function markLoaded(i18n: I18n, ...parts: CatalogPart[]): void {
  const partsOf = partsRecord();
  const set = partsOf.get(i18n.messages) ?? new Set<CatalogPart>();
  for (const part of parts) set.add(part);
  partsOf.set(i18n.messages, set);
}

/** Whether `i18n` holds a part's messages. */
export function hasLoaded(i18n: I18n, part: CatalogPart): boolean {
  return partsRecord().get(i18n.messages)?.has(part) ?? false;
}

/** A message the catalogs know, as `i18n._` takes it (the server's answers are English). */
export function isCatalogMessage(messages: Messages, text: string): boolean {
  return Object.prototype.hasOwnProperty.call(messages, text);
}

interface Template {
  id: string;
  pattern: RegExp;
  names: string[];
}

const templatesOf = new WeakMap<Messages, Template[]>();

/**
 * The catalog's messages with plain placeholders (`'Only {n} still needed for this item'`), as
 * patterns that find a filled-in English sentence's message and values. Only messages with at least
 * two words of their own: `'{slot}: {message}'` would match any sentence.
 */
function templates(messages: Messages): Template[] {
  let list = templatesOf.get(messages);
  if (list) return list;
  list = [];
  for (const id of Object.keys(messages)) {
    if (!id.includes('{') || !/^(?:[^{}]|\{\w+\})*$/.test(id)) continue;
    const words = id.replace(/\{\w+\}/g, ' ').match(/\p{L}{2,}/gu) ?? [];
    if (words.length < 2) continue;
    const names: string[] = [];
    const source = id
      .split(/(\{\w+\})/)
      .map((piece) => {
        const name = /^\{(\w+)\}$/.exec(piece)?.[1];
        if (name === undefined) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        return '(.+?)';
      })
      .join('');
    list.push({ id, pattern: new RegExp(`^${source}$`, 's'), names });
  }
  templatesOf.set(messages, list);
  return list;
}

/**
 * An English sentence in the language of `i18n`: its translation when it is a catalog message, or
 * a catalog message with placeholders filled in (a shared schema's 'Must be at most 200
 * characters', made from 'Must be at most {max} characters'); else the text as it is (what a person
 * typed, another library's sentence). Unknown text never goes through `i18n._`, which would read it
 * as ICU and report it missing.
 */
export function translateText(i18n: I18n, text: string): string {
  const messages = i18n.messages;
  if (isCatalogMessage(messages, text)) return i18n._(text);
  for (const template of templates(messages)) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    template.names.forEach((name, index) => {
      const value = match[index + 1] ?? '';
      // A value that is itself a message (a field's label) is translated too.
      values[name] = isCatalogMessage(messages, value) ? i18n._(value) : value;
    });
    return i18n._(template.id, values);
  }
  return text;
}
