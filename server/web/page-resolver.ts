// Decides what a browser's GET of a non-API path gets (SPEC §2.1, §2.4, §2.7): a prebuilt page in
// the locale it resolves to, the share page, the drive app, a redirect that drops a locale prefix,
// a not-found page in the visitor's locale, or nothing (API paths, files).

import { isAppRoute } from '#shared/app-paths.ts';
import { ACTIVITY_END_PATH } from '#shared/campaigns.ts';
import { DEFAULT_LOCALE, type Locale, localeFromQuery, resolveLocale, shareLocaleRedirect, splitLocalePrefix } from '#shared/i18n/locales.ts';
import { INVALID_ROUTE_PAGE, notFoundPageFile, UNMATCHED_PAGE } from '#shared/not-found.ts';
import { isCrawler } from '#shared/patterns.ts';
import type { CampaignGuard } from './campaigns.ts';
import type { SiteIndex } from './site-index.ts';

/** Paths that belong to the API even when they look like app routes (/drive/v1/…). */
export const API_PREFIXES = [
  '/v1/',
  '/drive/v1/',
  '/vip/v1/',
  '/config/v1/',
  '/api/',
  '/i18n/',
  '/mail/v1/',
  '/statistics/',
  '/audit-admin/',
  '/admin/v1/',
] as const;

/**
 * Page families whose pages are chosen by what follows the family's path (/help-center/<slug>,
 * /policy/<name>): an address under one that holds no such page fails the route's check, and is
 * answered 'Page Not Found: {path}' (SPEC §2.7) rather than the plain 'Page not found'.
 */
export const PAGE_FAMILIES = ['/help-center', '/policy', '/blog', '/activity'] as const;

export type PageRequest = {
  path: string;
  search: string;
  localeCookie: string | undefined;
  acceptLanguage: string | undefined;
  userAgent: string | undefined;
};

export type PageAnswer =
  | { kind: 'page'; locale: Locale; file: string; varies: boolean; rememberLocale?: Locale }
  | { kind: 'app' }
  /**
   * The share page (/s/<share id>…): a page of the drive app's build with only what it needs,
   * rendered by the server in `locale` (chosen as for any page).
   */
  | { kind: 'share-page'; locale: Locale; rememberLocale?: Locale }
  | { kind: 'root-file'; file: string }
  | { kind: 'redirect'; location: string; rememberLocale?: Locale }
  /** Answered with status 404; requestedPath is shown (escaped) on an invalid-route page. */
  | { kind: 'not-found'; locale: Locale; file: string; varies: boolean; requestedPath?: string }
  | { kind: 'none' };

export function resolvePage(index: SiteIndex, request: PageRequest, campaigns?: CampaignGuard): PageAnswer {
  const { path } = request;
  if (API_PREFIXES.some((prefix) => path.startsWith(prefix))) return { kind: 'none' };

  const share = shareLocaleRedirect(path + request.search);
  if (share) return { kind: 'redirect', location: share.location, rememberLocale: share.locale };

  const switchTo = localeFromQuery(new URLSearchParams(request.search).get('locale'));
  if (isSharePath(path)) {
    if (!index.hasSharePage) return { kind: 'none' };
    return { kind: 'share-page', locale: unprefixedLocale(request, switchTo), ...(switchTo ? { rememberLocale: switchTo } : {}) };
  }
  if (isAppRoute(path)) return index.hasApp ? { kind: 'app' } : { kind: 'none' };
  if (index.rootFiles.has(path)) return { kind: 'root-file', file: path.slice(1) };

  const prefixed = splitLocalePrefix(path);
  if (prefixed.locale) {
    const page = normalisePagePath(prefixed.rest);
    if (switchTo && switchTo !== prefixed.locale) {
      return { kind: 'redirect', location: `/${switchTo}${page === '/' ? '/' : page}`, rememberLocale: switchTo };
    }
    if (!index.pages.get(prefixed.locale)?.has(page)) return notFound(index, request, prefixed.locale, page, false);
    if (campaigns?.hasEnded(page))
      return { kind: 'redirect', location: `/${prefixed.locale}${ACTIVITY_END_PATH}`, ...(switchTo ? { rememberLocale: switchTo } : {}) };
    return { kind: 'page', locale: prefixed.locale, file: pageFile(prefixed.locale, page), varies: false, ...(switchTo ? { rememberLocale: switchTo } : {}) };
  }

  const page = normalisePagePath(path);
  const locale = unprefixedLocale(request, switchTo);
  if (!index.pages.get(locale)?.has(page)) return notFound(index, request, locale, page, true);
  // Unprefixed stays unprefixed: /activity-end is then chosen in the same locale as this page was.
  if (campaigns?.hasEnded(page)) return { kind: 'redirect', location: ACTIVITY_END_PATH, ...(switchTo ? { rememberLocale: switchTo } : {}) };
  return { kind: 'page', locale, file: pageFile(locale, page), varies: true, ...(switchTo ? { rememberLocale: switchTo } : {}) };
}

/** The locale of an address without a prefix: ?locale=, then the cookie, then Accept-Language. */
function unprefixedLocale(request: PageRequest, switchTo: Locale | undefined): Locale {
  if (switchTo) return switchTo;
  // Crawlers index the default language at the unprefixed address.
  return isCrawler(request.userAgent) ? DEFAULT_LOCALE : resolveLocale({ cookie: request.localeCookie, acceptLanguage: request.acceptLanguage });
}

function notFound(index: SiteIndex, request: PageRequest, locale: Locale, page: string, varies: boolean): PageAnswer {
  // Crawlers get the bare 404 and no error page (SPEC §4 "Errors").
  if (!index.notFoundLocales.has(locale) || isCrawler(request.userAgent)) return { kind: 'none' };
  const requestedPath = request.path;
  if (PAGE_FAMILIES.some((family) => page.startsWith(`${family}/`))) {
    return { kind: 'not-found', locale, file: notFoundPageFile(locale, INVALID_ROUTE_PAGE), varies, requestedPath };
  }
  return { kind: 'not-found', locale, file: notFoundPageFile(locale, UNMATCHED_PAGE), varies };
}

/** /s/<share id>, with or without folders after it (SPEC §2.4). */
function isSharePath(path: string): boolean {
  return /^\/s\/[^/]/.test(path);
}

function normalisePagePath(path: string): string {
  if (path === '' || path === '/') return '/';
  return path.endsWith('/') ? path.slice(0, -1) : path;
}

function pageFile(locale: Locale, page: string): string {
  return page === '/' ? `${locale}/index.html` : `${locale}${page}/index.html`;
}
