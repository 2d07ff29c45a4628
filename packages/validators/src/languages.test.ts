import { describe, expect, it } from 'vitest';
import { fromAcceptLanguage, languageDirection, languages, matchLanguage, negotiateLanguage } from './languages';

describe('the languages', () => {
  it('are the nine of API.md, each named in itself, Farsi right to left', () => {
    expect(languages.map((l) => l.tag)).toEqual(['en', 'fr', 'zh-Hans', 'zh-Hant', 'pa', 'fa', 'ko', 'es', 'tl']);
    expect(languages.filter((l) => l.dir === 'rtl').map((l) => l.tag)).toEqual(['fa']);
    expect(languageDirection('fa')).toBe('rtl');
    expect(languageDirection('pa')).toBe('ltr');
  });

  it('match BCP 47 tags as browsers and people write them', () => {
    const cases: [string, string | null][] = [
      ['en-CA', 'en'],
      ['FR-ca', 'fr'],
      ['zh', 'zh-Hans'],
      ['zh-CN', 'zh-Hans'],
      ['zh-TW', 'zh-Hant'],
      ['zh-HK', 'zh-Hant'],
      ['zh_Hant', 'zh-Hant'],
      ['zh-Hans-HK', 'zh-Hans'],
      ['zh-Hant-CN', 'zh-Hant'],
      ['pa', 'pa'],
      ['pa-IN', 'pa'],
      ['pa-Guru-IN', 'pa'],
      ['pa-Arab-PK', null],
      ['fa-IR', 'fa'],
      ['ko-KR', 'ko'],
      ['es-419', 'es'],
      ['fil-PH', 'tl'],
      ['tl', 'tl'],
      ['de-DE', null],
      ['', null],
    ];
    for (const [tag, expected] of cases) expect(matchLanguage(tag), tag).toBe(expected);
  });

  it('read Accept-Language by q, then by order, skipping q=0 and what we do not speak', () => {
    expect(fromAcceptLanguage('de-DE,de;q=0.9,fa;q=0.8,en;q=0.7')).toBe('fa');
    expect(fromAcceptLanguage('en;q=0.5, zh-TW;q=0.9')).toBe('zh-Hant');
    expect(fromAcceptLanguage('ko;q=0, es')).toBe('es');
    expect(fromAcceptLanguage('*')).toBeNull();
    expect(fromAcceptLanguage('de')).toBeNull();
    expect(fromAcceptLanguage(undefined)).toBeNull();
  });

  it("choose the account's language, else the cookie's, else the browser's, else English", () => {
    expect(negotiateLanguage({ account: 'pa', cookie: 'fa', acceptLanguage: 'ko' })).toBe('pa');
    expect(negotiateLanguage({ account: null, cookie: 'fa', acceptLanguage: 'ko' })).toBe('fa');
    expect(negotiateLanguage({ account: 'xx', cookie: 'nonsense', acceptLanguage: 'ko-KR' })).toBe('ko');
    expect(negotiateLanguage({})).toBe('en');
  });
});
