// The drive app's UI strings (SPEC §7.5), read once at start from content/i18n/<locale>.json:
// served by routes/messages.ts, and used by what the server writes itself: the share page's
// render and e-mails.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { createTranslator, type Translate } from '#shared/i18n/translator.ts';

export type LoadedMessages = { messages: Record<string, string>; etag: string };

export function loadMessages(contentDir: string): Map<string, LoadedMessages> {
  const loaded = new Map<string, LoadedMessages>();
  for (const locale of LOCALES) {
    const body = readFileSync(path.join(contentDir, 'i18n', `${locale}.json`), 'utf8');
    // A broken file stops the start, not a visitor's page.
    loaded.set(locale, { messages: JSON.parse(body), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });
  }
  return loaded;
}

/** A translate function per locale, made when first asked for, falling back to en-US. */
export function translatorsOf(messages: Map<string, LoadedMessages>): (locale: Locale) => Translate {
  const translators = new Map<Locale, Translate>();
  return (locale) => {
    let t = translators.get(locale);
    if (!t) {
      t = createTranslator(locale, messages.get(locale)?.messages ?? {}, messages.get(DEFAULT_LOCALE)?.messages ?? {});
      translators.set(locale, t);
    }
    return t;
  };
}
