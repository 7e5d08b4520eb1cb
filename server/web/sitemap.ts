// /sitemap.xml (SPEC §2.2), made from the site index: every indexable page once per locale — en-US
// at its unprefixed address, the others under /<locale>/ — each naming all its language copies
// and the unprefixed address as x-default. Built here rather than by @astrojs/sitemap because the
// unprefixed addresses are the server's (Astro only sees /<locale>/ copies) and because the
// absolute addresses follow the PUBLIC_URL the server runs with, not the one of the build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { escapeMarkup } from './markup.ts';
import type { SiteIndex } from './site-index.ts';

/** A page's address in a locale; the default locale's is the unprefixed one the server resolves. */
function pageAddress(origin: string, locale: Locale | undefined, page: string): string {
  if (locale === undefined || locale === DEFAULT_LOCALE) return `${origin}${page}`;
  return `${origin}/${locale}${page === '/' ? '/' : page}`;
}

/** Pages that ask crawlers not to index them (not-found pages, sign-in results) stay out. */
const NOINDEX = /<meta\s+name="robots"\s+content="[^"]*noindex/i;

/** Every page path of the site with the locales it exists in, indexable ones only, in path order. */
export function indexablePages(index: SiteIndex): Map<string, Locale[]> {
  const pages = new Map<string, Locale[]>();
  for (const locale of LOCALES) {
    for (const page of index.pages.get(locale) ?? []) pages.set(page, [...(pages.get(page) ?? []), locale]);
  }
  const indexable = new Map<string, Locale[]>();
  for (const page of [...pages.keys()].sort()) {
    const locales = pages.get(page)!;
    // Every copy of a page shares its layout, so the first copy's head answers for all.
    const file = path.join(index.siteDir, locales[0]!, page, 'index.html');
    const head = readFileSync(file, 'utf8').slice(0, 4096);
    if (!NOINDEX.test(head)) indexable.set(page, locales);
  }
  return indexable;
}

export function sitemapXml(pages: Map<string, Locale[]>, origin: string): string {
  const urls: string[] = [];
  for (const [page, locales] of pages) {
    const alternates = [
      ...locales.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeMarkup(pageAddress(origin, locale, page))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeMarkup(pageAddress(origin, undefined, page))}"/>`,
    ].join('');
    for (const locale of locales) urls.push(`<url><loc>${escapeMarkup(pageAddress(origin, locale, page))}</loc>${alternates}</url>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
