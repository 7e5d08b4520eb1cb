// The extension speaks the browser's language through the same translator and messages as the
// site and the drive app: the build keeps, of each locale's messages, the ones the extension shows.
import messagesByLocale from 'virtual:nubo-extension-messages';
import { browser } from '@wxt-dev/browser';
import { failureMessage } from '#shared/api/error-messages.ts';
import { DEFAULT_LOCALE, type Locale, matchLocale } from '#shared/i18n/locales.ts';
import { createTranslator, type Translate } from '#shared/i18n/translator.ts';

/** The browser's interface language as one of Nubo's locales. */
export function extensionLocale(): Locale {
  return matchLocale(browser.i18n.getUILanguage()) ?? DEFAULT_LOCALE;
}

let translator: { locale: Locale; t: Translate } | undefined;

/** The translate function of the browser's language (made once per page or background start). */
export function translate(): Translate {
  const locale = extensionLocale();
  if (translator?.locale !== locale) {
    translator = { locale, t: createTranslator(locale, messagesByLocale[locale] ?? {}, messagesByLocale[DEFAULT_LOCALE]) };
  }
  return translator.t;
}

/** A failure as the translated message every Nubo page shows for it. */
export function failureText(failure: unknown): string {
  const { key, values } = failureMessage(failure, { locale: extensionLocale() });
  return translate()(key, values);
}

/** "1 download added" or "3 downloads added", in the browser's language. */
export function addedText(count: number): string {
  const t = translate();
  return count === 1 ? t('extension.notify.addedOne') : t('extension.notify.addedMany', { count });
}
