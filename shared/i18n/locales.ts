// The one list of Nubo's locales and the rules that pick one for a visitor (SPEC §2.1, §5, §9).
// Routing, the sitemap, the server's page choice and the message checks all read it from here.

export const LOCALES = ['en-US', 'es', 'id', 'ja', 'ko', 'ms', 'pt', 'ru', 'uk', 'zh-CN', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en-US';

/** Each language's name in that language, as the language menu shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  es: 'Español',
  id: 'Bahasa Indonesia',
  ja: '日本語',
  ko: '한국어',
  ms: 'Bahasa Melayu',
  pt: 'Português',
  ru: 'Русский',
  uk: 'Українська',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

/** The `<html lang>` of each locale: every code is already a valid BCP-47 tag. */
export const LOCALE_HTML_LANG: Record<Locale, string> = Object.fromEntries(LOCALES.map((locale) => [locale, locale])) as Record<Locale, string>;

const SUPPORTED: ReadonlySet<string> = new Set(LOCALES);

/** Exactly one of the supported codes, case included. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && SUPPORTED.has(value);
}

const BY_LOWER_CASE: ReadonlyMap<string, Locale> = new Map(LOCALES.map((locale) => [locale.toLowerCase(), locale]));

/** The locale a bare language falls to, for languages other than Chinese. */
const BY_LANGUAGE: Readonly<Record<string, Locale>> = {
  en: 'en-US',
  es: 'es',
  id: 'id',
  // Older Android and Java report Indonesian with its withdrawn code.
  in: 'id',
  ja: 'ja',
  ko: 'ko',
  ms: 'ms',
  pt: 'pt',
  ru: 'ru',
  uk: 'uk',
};

const TRADITIONAL_CHINESE_REGIONS: ReadonlySet<string> = new Set(['tw', 'hk', 'mo']);

/** A browser's language tag (`pt-BR`, `zh-Hant-HK`, `EN-gb`) → the supported locale that serves it. */
export function matchLocale(tag: string): Locale | undefined {
  const normalised = tag.trim().replaceAll('_', '-').toLowerCase();
  if (normalised === '') return undefined;
  const exact = BY_LOWER_CASE.get(normalised);
  if (exact) return exact;
  const [language = '', ...subtags] = normalised.split('-');
  if (language === 'zh') return chineseLocale(subtags);
  return BY_LANGUAGE[language];
}

function chineseLocale(subtags: readonly string[]): Locale {
  // The script says more than the region: zh-Hans-HK is simplified Chinese.
  if (subtags.includes('hant')) return 'zh-TW';
  if (subtags.includes('hans')) return 'zh-CN';
  return subtags.some((subtag) => TRADITIONAL_CHINESE_REGIONS.has(subtag)) ? 'zh-TW' : 'zh-CN';
}

/** `es-MX,es;q=0.9,en;q=0.8` → the best supported locale, by q-value and then by order. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranges: Array<{ tag: string; quality: number }> = [];
  for (const part of header.split(',')) {
    const [rawTag = '', ...params] = part.split(';');
    const tag = rawTag.trim();
    const quality = qualityOf(params);
    if (tag === '' || tag === '*' || quality === undefined || quality <= 0) continue;
    ranges.push({ tag, quality });
  }
  // Array sort is stable, so equal q-values keep the header's order.
  ranges.sort((a, b) => b.quality - a.quality);
  for (const { tag } of ranges) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return undefined;
}

/** The q parameter of one language range: 1 when absent, undefined when malformed. */
function qualityOf(params: readonly string[]): number | undefined {
  for (const param of params) {
    const [name = '', value = ''] = param.split('=', 2).map((piece) => piece.trim());
    if (name.toLowerCase() !== 'q') continue;
    if (!/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value)) return undefined;
    return Number(value);
  }
  return 1;
}

/**
 * Splits a leading locale segment off a path: `/es/faq` → es + `/faq`, `/es` → es + `/`.
 * The segment is a route, so only the exact code counts (`/ES/faq` is not Spanish).
 */
export function splitLocalePrefix(path: string): { locale: Locale | undefined; rest: string } {
  const match = /^\/([^/?#]+)(.*)$/s.exec(path);
  const segment = match?.[1];
  if (!isLocale(segment)) return { locale: undefined, rest: path };
  const after = match?.[2] ?? '';
  return { locale: segment, rest: after.startsWith('/') ? after : `/${after}` };
}

/** The prefixed address of a page in a locale: `('ja', '/faq')` → `/ja/faq`, `('ja', '/')` → `/ja/`. */
export function withLocalePrefix(locale: Locale, path: string): string {
  const page = path.startsWith('/') ? path : `/${path}`;
  return `/${locale}${page}`;
}

export type LocaleSources = {
  /** The request path, whose locale segment wins over everything else. */
  path?: string;
  /** The locale cookie's value. */
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  /** `navigator.languages`, in the browser's order of preference. */
  browserLanguages?: readonly string[] | undefined;
};

/** SPEC §2.1: route prefix → locale cookie → Accept-Language → browser languages → en-US. */
export function resolveLocale(sources: LocaleSources): Locale {
  const fromPath = sources.path === undefined ? undefined : splitLocalePrefix(sources.path).locale;
  if (fromPath) return fromPath;
  if (isLocale(sources.cookie)) return sources.cookie;
  const fromHeader = localeFromAcceptLanguage(sources.acceptLanguage);
  if (fromHeader) return fromHeader;
  for (const language of sources.browserLanguages ?? []) {
    const locale = matchLocale(language);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The `?locale=` switch: only an exactly supported code switches; anything else is ignored. */
export function localeFromQuery(value: string | null | undefined): Locale | undefined {
  return isLocale(value) ? value : undefined;
}

const SHARE_PATH = /^\/s\/[^/?#]+(?:[/?#]|$)/;

/**
 * A share link opened under a locale prefix (`/ja/s/abc/p1?s_code=x`): the locale to remember
 * and the unprefixed address to send the visitor to, query kept. Undefined for any other path.
 */
export function shareLocaleRedirect(pathAndQuery: string): { locale: Locale; location: string } | undefined {
  const { locale, rest } = splitLocalePrefix(pathAndQuery);
  if (!locale || !SHARE_PATH.test(rest)) return undefined;
  return { locale, location: rest };
}
