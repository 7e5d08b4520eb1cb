import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_HTML_LANG,
  LOCALE_NAMES,
  LOCALES,
  localeFromAcceptLanguage,
  localeFromQuery,
  matchLocale,
  resolveLocale,
  shareLocaleRedirect,
  splitLocalePrefix,
  withLocalePrefix,
} from './locales.ts';

describe('the locale list', () => {
  it('holds the eleven codes of SPEC §2.1 in order, en-US being the default', () => {
    expect(LOCALES).toEqual(['en-US', 'es', 'id', 'ja', 'ko', 'ms', 'pt', 'ru', 'uk', 'zh-CN', 'zh-TW']);
    expect(DEFAULT_LOCALE).toBe('en-US');
  });

  it('names every language in itself', () => {
    expect(Object.keys(LOCALE_NAMES).sort()).toEqual([...LOCALES].sort());
    expect(LOCALE_NAMES.ja).toBe('日本語');
    expect(LOCALE_NAMES['zh-TW']).toBe('繁體中文');
    expect(LOCALE_NAMES.id).toBe('Bahasa Indonesia');
  });

  it('gives every locale an html lang equal to its code', () => {
    for (const locale of LOCALES) expect(LOCALE_HTML_LANG[locale]).toBe(locale);
  });

  it('accepts only exact, case-sensitive codes as locales', () => {
    expect(isLocale('zh-CN')).toBe(true);
    expect(isLocale('zh-cn')).toBe(false);
    expect(isLocale('en')).toBe(false);
    expect(isLocale('')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(isLocale(['es'])).toBe(false);
  });
});

describe('matchLocale', () => {
  it('matches a supported code whatever its case', () => {
    expect(matchLocale('EN-us')).toBe('en-US');
    expect(matchLocale('zh-cn')).toBe('zh-CN');
    expect(matchLocale(' ja ')).toBe('ja');
  });

  it('falls back to the language for regional variants', () => {
    expect(matchLocale('en')).toBe('en-US');
    expect(matchLocale('en-GB')).toBe('en-US');
    expect(matchLocale('pt-BR')).toBe('pt');
    expect(matchLocale('es-419')).toBe('es');
    expect(matchLocale('ru-RU')).toBe('ru');
    expect(matchLocale('uk-UA')).toBe('uk');
    expect(matchLocale('ms-MY')).toBe('ms');
    expect(matchLocale('ko-KR')).toBe('ko');
  });

  it('maps the withdrawn Indonesian code "in" to id', () => {
    expect(matchLocale('in-ID')).toBe('id');
  });

  it('sends Taiwan, Hong Kong, Macau and Hant to traditional Chinese, other Chinese to simplified', () => {
    expect(matchLocale('zh-TW')).toBe('zh-TW');
    expect(matchLocale('zh-HK')).toBe('zh-TW');
    expect(matchLocale('zh-MO')).toBe('zh-TW');
    expect(matchLocale('zh-Hant')).toBe('zh-TW');
    expect(matchLocale('zh-Hant-CN')).toBe('zh-TW');
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh-SG')).toBe('zh-CN');
    expect(matchLocale('zh-Hans-HK')).toBe('zh-CN');
    expect(matchLocale('zh_TW')).toBe('zh-TW');
  });

  it('matches nothing for unsupported languages and empty tags', () => {
    expect(matchLocale('fr-FR')).toBeUndefined();
    expect(matchLocale('de')).toBeUndefined();
    expect(matchLocale('')).toBeUndefined();
    expect(matchLocale('*')).toBeUndefined();
  });
});

describe('localeFromAcceptLanguage', () => {
  it('takes the highest q-value, not the first listed', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, ja;q=0.9')).toBe('ja');
  });

  it('keeps header order between equal q-values', () => {
    expect(localeFromAcceptLanguage('ko, ja')).toBe('ko');
    expect(localeFromAcceptLanguage('ru;q=0.7, es;q=0.7')).toBe('ru');
  });

  it('skips unsupported languages, the wildcard and q=0', () => {
    expect(localeFromAcceptLanguage('fr-FR, fr;q=0.9, pt-BR;q=0.8')).toBe('pt');
    expect(localeFromAcceptLanguage('*, es;q=0.1')).toBe('es');
    expect(localeFromAcceptLanguage('ja;q=0, ko;q=0.2')).toBe('ko');
    expect(localeFromAcceptLanguage('ja;q=0.000')).toBeUndefined();
  });

  it('ignores ranges with a malformed q-value', () => {
    expect(localeFromAcceptLanguage('ja;q=high, ko;q=0.3')).toBe('ko');
    expect(localeFromAcceptLanguage('ja;q=1.5, ko;q=0.3')).toBe('ko');
  });

  it('answers undefined for a missing, empty or wholly unsupported header', () => {
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
    expect(localeFromAcceptLanguage('')).toBeUndefined();
    expect(localeFromAcceptLanguage('fr, de;q=0.5, *')).toBeUndefined();
  });

  it('reads zh-HK;q=1 before zh;q=0.8 as traditional Chinese', () => {
    expect(localeFromAcceptLanguage('zh-HK, zh;q=0.8')).toBe('zh-TW');
  });
});

describe('splitLocalePrefix', () => {
  it('splits a locale segment off the page path', () => {
    expect(splitLocalePrefix('/es/faq')).toEqual({ locale: 'es', rest: '/faq' });
    expect(splitLocalePrefix('/zh-CN/policy/update')).toEqual({ locale: 'zh-CN', rest: '/policy/update' });
  });

  it('reads a bare prefix, with or without a slash, as the locale home page', () => {
    expect(splitLocalePrefix('/es')).toEqual({ locale: 'es', rest: '/' });
    expect(splitLocalePrefix('/es/')).toEqual({ locale: 'es', rest: '/' });
    expect(splitLocalePrefix('/ja?x=1')).toEqual({ locale: 'ja', rest: '/?x=1' });
  });

  it('leaves paths without a supported, exact-case prefix whole', () => {
    expect(splitLocalePrefix('/xx/faq')).toEqual({ locale: undefined, rest: '/xx/faq' });
    expect(splitLocalePrefix('/ES/faq')).toEqual({ locale: undefined, rest: '/ES/faq' });
    expect(splitLocalePrefix('/zh-cn/faq')).toEqual({ locale: undefined, rest: '/zh-cn/faq' });
    expect(splitLocalePrefix('/espanol')).toEqual({ locale: undefined, rest: '/espanol' });
    expect(splitLocalePrefix('/')).toEqual({ locale: undefined, rest: '/' });
    expect(splitLocalePrefix('')).toEqual({ locale: undefined, rest: '' });
  });

  it('is undone by withLocalePrefix', () => {
    expect(withLocalePrefix('ja', '/faq')).toBe('/ja/faq');
    expect(withLocalePrefix('ja', '/')).toBe('/ja/');
    const { locale, rest } = splitLocalePrefix(withLocalePrefix('zh-TW', '/help-center/a/b'));
    expect(locale).toBe('zh-TW');
    expect(rest).toBe('/help-center/a/b');
  });
});

describe('resolveLocale', () => {
  const everything = { path: '/ko/faq', cookie: 'ja', acceptLanguage: 'ru', browserLanguages: ['uk'] };

  it('prefers the route prefix over every other source', () => {
    expect(resolveLocale(everything)).toBe('ko');
  });

  it('uses the locale cookie when the path has no prefix', () => {
    expect(resolveLocale({ ...everything, path: '/faq' })).toBe('ja');
  });

  it('ignores a cookie that is not an exactly supported code', () => {
    expect(resolveLocale({ ...everything, path: '/faq', cookie: 'fr' })).toBe('ru');
    expect(resolveLocale({ ...everything, path: '/faq', cookie: 'JA' })).toBe('ru');
  });

  it('uses Accept-Language, then the browser languages in order, then en-US', () => {
    expect(resolveLocale({ acceptLanguage: 'pt-BR' })).toBe('pt');
    expect(resolveLocale({ acceptLanguage: 'fr', browserLanguages: ['de', 'zh-HK', 'ja'] })).toBe('zh-TW');
    expect(resolveLocale({ acceptLanguage: 'fr', browserLanguages: ['de'] })).toBe('en-US');
    expect(resolveLocale({})).toBe('en-US');
  });
});

describe('localeFromQuery', () => {
  it('switches only to an exactly supported code', () => {
    expect(localeFromQuery('ms')).toBe('ms');
    expect(localeFromQuery('zh-TW')).toBe('zh-TW');
    expect(localeFromQuery('zh-tw')).toBeUndefined();
    expect(localeFromQuery('pt-BR')).toBeUndefined();
    expect(localeFromQuery('')).toBeUndefined();
    expect(localeFromQuery(null)).toBeUndefined();
    expect(localeFromQuery(undefined)).toBeUndefined();
  });
});

describe('shareLocaleRedirect', () => {
  it('drops the locale from a prefixed share link and remembers it', () => {
    expect(shareLocaleRedirect('/ja/s/abc')).toEqual({ locale: 'ja', location: '/s/abc' });
  });

  it('keeps the parent folders and the query of the share link', () => {
    expect(shareLocaleRedirect('/zh-CN/s/abc/p1/p2?s_code=x&view=list')).toEqual({
      locale: 'zh-CN',
      location: '/s/abc/p1/p2?s_code=x&view=list',
    });
    expect(shareLocaleRedirect('/es/s/abc?s_code=1')).toEqual({ locale: 'es', location: '/s/abc?s_code=1' });
  });

  it('leaves alone anything that is not a prefixed share path', () => {
    expect(shareLocaleRedirect('/s/abc')).toBeUndefined();
    expect(shareLocaleRedirect('/ja/faq')).toBeUndefined();
    expect(shareLocaleRedirect('/ja/s')).toBeUndefined();
    expect(shareLocaleRedirect('/ja/s/')).toBeUndefined();
    expect(shareLocaleRedirect('/ja/share/abc')).toBeUndefined();
    expect(shareLocaleRedirect('/xx/s/abc')).toBeUndefined();
    expect(shareLocaleRedirect('/JA/s/abc')).toBeUndefined();
  });
});
