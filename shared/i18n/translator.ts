// Nubo's small wrapper over i18next: one translate function per locale, falling back to en-US for
// a key a locale lacks. The site (at build time) and the drive app (at run time) both use it.
import i18next from 'i18next';
import type enUS from '../../content/i18n/en-US.json';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

export type MessageKey = keyof typeof enUS;
export type Messages = Record<string, string>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function createTranslator(locale: Locale, messages: Messages, fallback: Messages = {}): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources: { [locale]: { translation: messages }, ...(locale === DEFAULT_LOCALE ? {} : { [DEFAULT_LOCALE]: { translation: fallback } }) },
    // Keys are flat strings with dots in them, not paths into nested objects.
    keySeparator: false,
    nsSeparator: false,
    // React and Astro escape what they render; escaping here too would show &amp; to people.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  // A message without values never changes, and a list of a hundred files asks for the same few
  // hundreds of times per render: i18next resolves a key in microseconds, the map in nanoseconds.
  const plain = new Map<string, string>();
  return (key, values) => {
    if (values) return instance.t(key, values);
    let message = plain.get(key);
    if (message === undefined) {
      message = instance.t(key, {});
      plain.set(key, message);
    }
    return message;
  };
}

/** `{{name}}` placeholders of a message, sorted, to compare translations with their source. */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '').sort();
}
