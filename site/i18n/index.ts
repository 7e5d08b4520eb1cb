// The site's messages, read at build time: every page gets a translate function for its locale.
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { createTranslator, type Messages, type Translate } from '#shared/i18n/translator.ts';

const files = import.meta.glob<{ default: Messages }>('../../content/i18n/*.json', { eager: true });

function messagesOf(locale: Locale): Messages {
  const file = files[`../../content/i18n/${locale}.json`];
  if (!file) throw new Error(`content/i18n/${locale}.json is missing`);
  return file.default;
}

export function translatorFor(locale: Locale): Translate {
  return createTranslator(locale, messagesOf(locale), messagesOf(DEFAULT_LOCALE));
}

/** getStaticPaths for a page that exists in every locale. */
export function everyLocale() {
  return LOCALES.map((locale) => ({ params: { locale } }));
}

/** A page's address in one locale: `localePath('ja', '/faq')` → `/ja/faq`, `localePath('es', '/')` → `/es/`. */
export function localePath(locale: Locale, pagePath: string): string {
  return pagePath === '/' ? `/${locale}/` : `/${locale}${pagePath}`;
}
