import { readFileSync } from 'node:fs';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { type Language, languageTags } from '@pac/validators/page-data';
import { markLoaded } from './index';

/**
 * Where the compiled catalogs are, relative to the module this file is built into: the compiled
 * server copies them beside its bundle (apps/server/build.mjs defines this); from source they are
 * this package's compiled/ folder.
 */
declare const PAC_CATALOGS_DIR: string | undefined;

function catalogsDir(): URL {
  const compiled = typeof PAC_CATALOGS_DIR === 'string' ? PAC_CATALOGS_DIR : null;
  return new URL(compiled ?? '../compiled/', import.meta.url);
}

/**
 * The parts of a language's messages the server uses: the pages it renders (the web app's messages,
 * a signed-in person's screens and the rarely opened pages) and what only it writes (mail,
 * calendars, rosters).
 */
const parts = ['web', 'admin', 'pages', 'server'] as const;

/**
 * One language's every message, read from its JSON files when the language is first used. Parsed as
 * JSON rather than imported as modules: a catalog held as a module's object literal costs V8 about
 * six times the heap (bench/results.md, notes), and a server mostly speaks a few of its languages.
 */
function readMessages(language: Language): Messages {
  const dir = new URL(`${language}/`, catalogsDir());
  const messages: Messages = {};
  for (const part of parts)
    Object.assign(messages, JSON.parse(readFileSync(new URL(`${part}.json`, dir), 'utf8')) as Messages);
  return messages;
}

const instances = new Map<Language, I18n>();

/**
 * The messages in `language`, as one Lingui instance per language shared by every request (a
 * request never changes its instance's language: each has its own), made when the language is
 * first asked for.
 */
export function i18nFor(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: readMessages(language) } });
    markLoaded(i18n, ...parts);
    instances.set(language, i18n);
  }
  return i18n;
}

/** Every language's instance (tests, and a server that wants them ready before its first request). */
export function allLanguages(): I18n[] {
  return languageTags.map(i18nFor);
}

export type { I18n };
