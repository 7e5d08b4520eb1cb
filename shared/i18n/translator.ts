// Nubo's translate function: one per locale, falling back to en-US for a key a locale lacks. The
// site (at build time) and the drive app (at run time) both use it. Messages are flat keys of plain
// text with `{{name}}` placeholders and nothing else (tests/unit/messages.test.ts holds every locale
// to that), so filling placeholders is all translating takes: a library with plurals, nesting and
// formats (i18next) weighed 15 KB gzip of what a visitor's phone loads before a share shows.
import type enUS from '../../content/i18n/en-US.json';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

export type MessageKey = keyof typeof enUS;
export type Messages = Record<string, string>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A placeholder, `{{name}}` (spaces inside the braces allowed). */
const PLACEHOLDER = /{{\s*(\w+)\s*}}/g;

export function createTranslator(locale: Locale, messages: Messages, fallback: Messages = {}): Translate {
  const sources = locale === DEFAULT_LOCALE ? [messages] : [messages, fallback];
  return (key, values = {}) => {
    // The key itself when no locale has it, so a gap is visible rather than blank.
    const message = sources.find((source) => Object.hasOwn(source, key))?.[key] ?? key;
    // A placeholder without a value stays as written, for the same reason.
    return message.replace(PLACEHOLDER, (placeholder, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder));
  };
}

/** `{{name}}` placeholders of a message, sorted, to compare translations with their source. */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').sort();
}
