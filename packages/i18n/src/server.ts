import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { type Language, languageTags } from '@pac/validators/page-data';
import { markLoaded } from './index';
import enWeb from '../compiled/en/web.json';
import enServer from '../compiled/en/server.json';
import enAdmin from '../compiled/en/admin.json';
import enPages from '../compiled/en/pages.json';
import frWeb from '../compiled/fr/web.json';
import frServer from '../compiled/fr/server.json';
import frAdmin from '../compiled/fr/admin.json';
import frPages from '../compiled/fr/pages.json';
import zhHansWeb from '../compiled/zh-Hans/web.json';
import zhHansServer from '../compiled/zh-Hans/server.json';
import zhHansAdmin from '../compiled/zh-Hans/admin.json';
import zhHansPages from '../compiled/zh-Hans/pages.json';
import zhHantWeb from '../compiled/zh-Hant/web.json';
import zhHantServer from '../compiled/zh-Hant/server.json';
import zhHantAdmin from '../compiled/zh-Hant/admin.json';
import zhHantPages from '../compiled/zh-Hant/pages.json';
import paWeb from '../compiled/pa/web.json';
import paServer from '../compiled/pa/server.json';
import paAdmin from '../compiled/pa/admin.json';
import paPages from '../compiled/pa/pages.json';
import faWeb from '../compiled/fa/web.json';
import faServer from '../compiled/fa/server.json';
import faAdmin from '../compiled/fa/admin.json';
import faPages from '../compiled/fa/pages.json';
import koWeb from '../compiled/ko/web.json';
import koServer from '../compiled/ko/server.json';
import koAdmin from '../compiled/ko/admin.json';
import koPages from '../compiled/ko/pages.json';
import esWeb from '../compiled/es/web.json';
import esServer from '../compiled/es/server.json';
import esAdmin from '../compiled/es/admin.json';
import esPages from '../compiled/es/pages.json';
import tlWeb from '../compiled/tl/web.json';
import tlServer from '../compiled/tl/server.json';
import tlAdmin from '../compiled/tl/admin.json';
import tlPages from '../compiled/tl/pages.json';

/*
 * Every language's every message, for the server: the pages it renders (the web app's messages) and
 * what only it writes (mail, calendars, rosters). Loaded once per process.
 */
const catalogs: Record<Language, readonly unknown[]> = {
  en: [enWeb, enAdmin, enPages, enServer],
  fr: [frWeb, frAdmin, frPages, frServer],
  'zh-Hans': [zhHansWeb, zhHansAdmin, zhHansPages, zhHansServer],
  'zh-Hant': [zhHantWeb, zhHantAdmin, zhHantPages, zhHantServer],
  pa: [paWeb, paAdmin, paPages, paServer],
  fa: [faWeb, faAdmin, faPages, faServer],
  ko: [koWeb, koAdmin, koPages, koServer],
  es: [esWeb, esAdmin, esPages, esServer],
  tl: [tlWeb, tlAdmin, tlPages, tlServer],
};

const instances = new Map<Language, I18n>();

/**
 * The messages in `language`, as one Lingui instance per language shared by every request (a
 * request never changes its instance's language: each has its own).
 */
export function i18nFor(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    const messages = Object.assign({}, ...catalogs[language]) as Messages;
    i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    markLoaded(i18n, 'web', 'admin', 'pages', 'server');
    instances.set(language, i18n);
  }
  return i18n;
}

/** Every language's instance (tests, and a server that wants them ready before its first request). */
export function allLanguages(): I18n[] {
  return languageTags.map(i18nFor);
}

export type { I18n };
