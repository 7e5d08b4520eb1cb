// Content in several locales, the Starlight way: every locale shows every en-US entry, in its own
// translation where one exists and otherwise in en-US marked as a fallback (STYLE.md). Entry ids
// are `<locale>/<slug…>` (site/content.config.ts); the slug is the same in every locale.

import { isAppRoute } from '#shared/app-paths.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/i18n/locales.ts';
import { localePath } from '../i18n/index.ts';

/** One segment of a content slug. Slugs become addresses and build paths, so nothing else passes. */
const SLUG_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

export function isContentSlug(slug: string): boolean {
  return slug.split('/').every((segment) => SLUG_SEGMENT.test(segment));
}

/** `ja/sharing/share-files` → ja + `sharing/share-files`; a file outside a locale folder or with a bad name stops the build. */
export function splitEntryId(id: string): { locale: Locale; slug: string } {
  const [locale, ...rest] = id.split('/');
  const slug = rest.join('/');
  if (!isLocale(locale)) throw new Error(`content entry "${id}" is not in a locale folder (en-US/, ja/, …)`);
  if (!isContentSlug(slug)) throw new Error(`content entry "${id}": names may hold only letters, digits and "-"`);
  return { locale, slug };
}

export type Localised<T> = {
  slug: string;
  entry: T;
  /** The locale has no translation of this entry: it is the en-US one, shown with a notice. */
  fallback: boolean;
};

/**
 * The entries a locale shows: one per en-US entry, the locale's own where it has it. A translation
 * whose en-US source is gone is not shown (tests/unit/content.test.ts reports such files).
 */
export function localisedEntries<T extends { id: string }>(entries: readonly T[], locale: Locale): Localised<T>[] {
  const source = new Map<string, T>();
  const translated = new Map<string, T>();
  for (const entry of entries) {
    const { locale: entryLocale, slug } = splitEntryId(entry.id);
    if (entryLocale === DEFAULT_LOCALE) source.set(slug, entry);
    else if (entryLocale === locale) translated.set(slug, entry);
  }
  return [...source].map(([slug, original]) => {
    const own = translated.get(slug);
    return own ? { slug, entry: own, fallback: false } : { slug, entry: original, fallback: locale !== DEFAULT_LOCALE };
  });
}

/**
 * Editors link site pages as `/help-center/…`; in a locale's copy those links get its prefix
 * (`/ja/help-center/…`), so a reader stays in the language they chose. App pages (/drive, /s…),
 * files (`/blog/rss.xml`) and other sites are left as written. The HTML is the Markdown renderer's
 * output, which always quotes href with double quotes.
 */
export function localiseLinks(html: string, locale: Locale): string {
  return html.replace(/href="(\/[^"/][^"]*|\/)"/g, (whole, href: string) => {
    const path = href.split(/[?#]/, 1)[0] ?? href;
    if (isAppRoute(path) || /\.[a-z0-9]+$/i.test(path)) return whole;
    return `href="${localePath(locale, href)}"`;
  });
}
