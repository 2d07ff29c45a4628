/**
 * The languages PAC Hub speaks (API.md "Languages"): English (the default), French, Simplified and
 * Traditional Chinese, Punjabi (Gurmukhi), Farsi, Korean, Spanish and Tagalog, each named in itself
 * for the language menu, with its writing direction. Without zod: the web app imports it on every
 * first load (through '@pac/validators/page-data').
 */
export const languages = [
  { tag: 'en', name: 'English', dir: 'ltr' },
  { tag: 'fr', name: 'Français', dir: 'ltr' },
  { tag: 'zh-Hans', name: '简体中文', dir: 'ltr' },
  { tag: 'zh-Hant', name: '繁體中文', dir: 'ltr' },
  { tag: 'pa', name: 'ਪੰਜਾਬੀ', dir: 'ltr' },
  { tag: 'fa', name: 'فارسی', dir: 'rtl' },
  { tag: 'ko', name: '한국어', dir: 'ltr' },
  { tag: 'es', name: 'Español', dir: 'ltr' },
  { tag: 'tl', name: 'Tagalog', dir: 'ltr' },
] as const satisfies readonly { tag: string; name: string; dir: 'ltr' | 'rtl' }[];

export type Language = (typeof languages)[number]['tag'];
export type Direction = 'ltr' | 'rtl';

export const defaultLanguage: Language = 'en';

export const languageTags: readonly Language[] = languages.map((l) => l.tag);

/** The cookie the language menu (and `?lang=` on any page) sets. */
export const languageCookieName = 'lang';

/** Whether `tag` is one of ours, exactly as we write it ('zh-Hant', not 'zh-hant'). */
export function isLanguage(tag: unknown): tag is Language {
  return typeof tag === 'string' && (languageTags as readonly string[]).includes(tag);
}

/** The writing direction of a language: Farsi right to left, the others left to right. */
export function languageDirection(tag: Language): Direction {
  return languages.find((l) => l.tag === tag)?.dir ?? 'ltr';
}

// Chinese regions that write Traditional characters when a tag names no script.
const traditionalRegions = new Set(['tw', 'hk', 'mo']);

/**
 * Ours for a BCP 47 tag as browsers and people write it, or null: any case; 'zh-CN', 'zh-SG' and
 * bare 'zh' are Simplified, 'zh-TW', 'zh-HK', 'zh-MO' Traditional, and an explicit script wins
 * ('zh-Hant-CN'); 'pa-Guru-IN', 'pa-IN' are Punjabi in Gurmukhi ('pa-Arab', Shahmukhi, is not ours);
 * 'fil' is Tagalog; 'fa-IR', 'fr-CA', 'es-MX' and the like are their language.
 */
export function matchLanguage(tag: string): Language | null {
  const parts = tag.trim().replace(/_/g, '-').toLowerCase().split('-').filter(Boolean);
  const [primary, ...rest] = parts;
  if (!primary) return null;
  const script = rest.find((p) => p.length === 4);
  const region = rest.find((p) => p.length === 2 || /^\d{3}$/.test(p));
  switch (primary) {
    case 'zh':
      if (script === 'hant') return 'zh-Hant';
      if (script === 'hans') return 'zh-Hans';
      return region && traditionalRegions.has(region) ? 'zh-Hant' : 'zh-Hans';
    case 'pa':
      return script === undefined || script === 'guru' ? 'pa' : null;
    case 'fil':
      return 'tl';
    default:
      return isLanguage(primary) ? primary : null;
  }
}

/**
 * The languages of an Accept-Language header, best first (RFC 9110: by q, then by order; q=0 is
 * "not this one"), each matched to ours; the first of ours, or null when none is.
 */
export function fromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { range: range.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.range !== '' && r.range !== '*' && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { range } of ranked) {
    const match = matchLanguage(range);
    if (match) return match;
  }
  return null;
}

/**
 * The language a person reads (API.md): their account's, else the `lang` cookie the language menu
 * or `?lang=` set, else the browser's Accept-Language, else English.
 */
export function negotiateLanguage(sources: {
  account?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Language {
  if (isLanguage(sources.account)) return sources.account;
  const cookie = sources.cookie ? matchLanguage(sources.cookie) : null;
  if (cookie) return cookie;
  return fromAcceptLanguage(sources.acceptLanguage) ?? defaultLanguage;
}
