import { languageTags } from '@pac/validators';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { translateText } from './index';
import { allLanguages, i18nFor } from './server';

describe('the catalogs', () => {
  it('give every language every message the English has, each translated (none left as its English id)', () => {
    const english = i18nFor('en').messages;
    const ids = Object.keys(english);
    expect(ids.length).toBeGreaterThan(1000);
    for (const i18n of allLanguages()) {
      expect(Object.keys(i18n.messages).sort(), i18n.locale).toEqual([...ids].sort());
    }
    // A translation that differs from its English in most messages: a catalog that fell back to
    // English (a language whose .po was never compiled) would not.
    for (const language of languageTags.filter((l) => l !== 'en')) {
      const i18n = i18nFor(language);
      const same = ids.filter((id) => i18n._(id, {}) === i18nFor('en')._(id, {})).length;
      expect(same / ids.length, language).toBeLessThan(0.1);
    }
  });

  it('write Farsi in Arabic script, Punjabi in Gurmukhi, Chinese in Han and Korean in Hangul', () => {
    const scripts = {
      fa: /\p{Script=Arabic}/u,
      pa: /\p{Script=Gurmukhi}/u,
      'zh-Hans': /\p{Script=Han}/u,
      'zh-Hant': /\p{Script=Han}/u,
      ko: /\p{Script=Hangul}/u,
    } as const;
    for (const [language, script] of Object.entries(scripts)) {
      expect(i18nFor(language as keyof typeof scripts)._('Sign Up'), language).toMatch(script);
    }
  });

  it("make plurals the language's way and keep English exactly", () => {
    const id = '{count, plural, one {# spot left} other {# spots left}}';
    expect(i18nFor('en')._(id, { count: 1 })).toBe('1 spot left');
    expect(i18nFor('en')._(id, { count: 3 })).toBe('3 spots left');
    // Farsi writes its numbers in Persian digits.
    expect(i18nFor('fa')._(id, { count: 3 })).toMatch(/۳/);
  });
});

describe('translateText', () => {
  it('translates a catalog message, and leaves text the catalogs do not know as it is', () => {
    const fa = i18nFor('fa');
    expect(translateText(fa, 'Name is required')).toBe(fa._('Name is required'));
    expect(translateText(fa, 'Name is required')).not.toBe('Name is required');
    expect(translateText(fa, 'Bake sale at 5')).toBe('Bake sale at 5');
  });

  it('finds the message of a sentence made from a template, with its values', () => {
    const es = i18nFor('es');
    const sentence = translateText(es, 'Only 3 still needed for this item');
    expect(sentence).toBe(es._('Only {n} still needed for this item', { n: '3' }));
    expect(sentence).toContain('3');
    expect(sentence).not.toContain('still needed');
  });

  it('translates a value that is itself a message (a field label inside a sentence)', () => {
    const fr = i18nFor('fr');
    const sentence = translateText(fr, 'Stat number must be at most 20 characters');
    expect(sentence).toContain(fr._('Stat number'));
    expect(sentence).toContain('20');
  });

  it('gives English back exactly', () => {
    const en = i18nFor('en');
    expect(translateText(en, 'Only 3 still needed for this item')).toBe('Only 3 still needed for this item');
  });
});

describe('which parts of the catalogs a language holds', () => {
  it('is one record per process, shared by every copy of the module (the server and its rendering build each bundle one)', async () => {
    const here = await import('./index');
    // A second instance of the same module, as a second bundle holds it.
    const anotherCopy: string = './index?another-copy';
    const copy = (await import(/* @vite-ignore */ anotherCopy)) as typeof here;
    expect(copy.markLoaded).not.toBe(here.markLoaded);
    const i18n = i18nFor('ko');
    expect(copy.hasLoaded(i18n, 'admin')).toBe(true);
    const fresh = setupI18n({ locale: 'ko', messages: { ko: {} } });
    expect(here.hasLoaded(fresh, 'pages')).toBe(false);
    here.markLoaded(fresh, 'pages');
    expect(copy.hasLoaded(fresh, 'pages')).toBe(true);
    expect(copy.hasLoaded(fresh, 'admin')).toBe(false);
  });
});
