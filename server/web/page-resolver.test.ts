import { describe, it, expect } from 'vitest';
import { LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { resolvePage, type PageRequest } from './page-resolver.ts';
import type { SiteIndex } from './site-index.ts';

const index: SiteIndex = {
  siteDir: '/dist/site',
  appDir: '/dist/drive-app',
  pages: new Map(LOCALES.map((locale): [Locale, Set<string>] => [locale, new Set(['/', '/faq', '/help-center/a/b'])])),
  rootFiles: new Set(['/favicon.svg', '/robots.txt']),
  hasApp: true,
  hasSharePage: true,
};

const request = (path: string, extra: Partial<PageRequest> = {}): PageRequest => ({
  path,
  search: '',
  localeCookie: undefined,
  acceptLanguage: undefined,
  userAgent: 'Mozilla/5.0 Chrome/156',
  ...extra,
});

describe('resolvePage', () => {
  it('serves a prefixed page in its own locale without varying on the visitor', () => {
    expect(resolvePage(index, request('/es/faq'))).toEqual({ kind: 'page', locale: 'es', file: 'es/faq/index.html', varies: false });
    expect(resolvePage(index, request('/zh-CN/'))).toMatchObject({ file: 'zh-CN/index.html' });
    expect(resolvePage(index, request('/ja/help-center/a/b/'))).toMatchObject({ file: 'ja/help-center/a/b/index.html' });
  });

  it('serves an unprefixed page in the cookie locale before Accept-Language', () => {
    const answer = resolvePage(index, request('/faq', { localeCookie: 'ko', acceptLanguage: 'ja' }));
    expect(answer).toEqual({ kind: 'page', locale: 'ko', file: 'ko/faq/index.html', varies: true });
  });

  it('falls back to Accept-Language, then en-US, and ignores an unsupported cookie', () => {
    expect(resolvePage(index, request('/', { localeCookie: 'fr', acceptLanguage: 'fr;q=1, pt-BR;q=0.8' }))).toMatchObject({ locale: 'pt' });
    expect(resolvePage(index, request('/', { acceptLanguage: 'fr' }))).toMatchObject({ locale: 'en-US' });
  });

  it('switches with ?locale= only to a supported code and remembers the switch', () => {
    expect(resolvePage(index, request('/faq', { search: '?locale=ru', localeCookie: 'ko' }))).toMatchObject({ locale: 'ru', rememberLocale: 'ru' });
    const ignored = resolvePage(index, request('/faq', { search: '?locale=xx', localeCookie: 'ko' }));
    expect(ignored).toMatchObject({ locale: 'ko' });
    expect(ignored).not.toHaveProperty('rememberLocale');
  });

  it('moves a prefixed page to the ?locale= language', () => {
    expect(resolvePage(index, request('/es/faq', { search: '?locale=ja' }))).toEqual({ kind: 'redirect', location: '/ja/faq', rememberLocale: 'ja' });
  });

  it('gives crawlers the en-US copy of an unprefixed page', () => {
    const answer = resolvePage(index, request('/', { acceptLanguage: 'ja', userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' }));
    expect(answer).toMatchObject({ locale: 'en-US' });
  });

  it('redirects a locale-prefixed share path to the unprefixed one, keeping the query', () => {
    expect(resolvePage(index, request('/ja/s/abc/def', { search: '?s_code=x' }))).toEqual({ kind: 'redirect', location: '/s/abc/def?s_code=x', rememberLocale: 'ja' });
  });

  it('hands the app routes of SPEC §2.4 to the drive app', () => {
    for (const path of ['/drive', '/drive/all', '/auth', '/loading', '/referral']) {
      expect(resolvePage(index, request(path))).toEqual({ kind: 'app' });
    }
    expect(resolvePage(index, request('/drivex'))).toEqual({ kind: 'none' });
  });

  it('answers a share and the folders inside it with the share page, not the drive app', () => {
    for (const path of ['/s/abc', '/s/abc/', '/s/abc/p1/p2']) {
      expect(resolvePage(index, request(path))).toEqual({ kind: 'share-page' });
    }
    expect(resolvePage(index, request('/s/abc', { search: '?s_code=x1' }))).toEqual({ kind: 'share-page' });
    // Without a share id there is no share to show: the drive app says the page is not found.
    expect(resolvePage(index, request('/s'))).toEqual({ kind: 'app' });
    expect(resolvePage(index, request('/s/'))).toEqual({ kind: 'app' });
    expect(resolvePage(index, request('/sx/abc'))).toEqual({ kind: 'none' });
    expect(resolvePage({ ...index, hasSharePage: false }, request('/s/abc'))).toEqual({ kind: 'none' });
  });

  it('never answers an API path with a page, even under /drive', () => {
    for (const path of ['/drive/v1/files', '/v1/user/me', '/vip/v1/x', '/api/nothing', '/i18n/xx/messages.json']) {
      expect(resolvePage(index, request(path))).toEqual({ kind: 'none' });
    }
  });

  it('answers none for pages that were not built and for unknown prefixes', () => {
    expect(resolvePage(index, request('/nope'))).toEqual({ kind: 'none' });
    expect(resolvePage(index, request('/es/nope'))).toEqual({ kind: 'none' });
    expect(resolvePage(index, request('/fr/faq'))).toEqual({ kind: 'none' });
    expect(resolvePage(index, request('/es/../../etc/passwd'))).toEqual({ kind: 'none' });
  });

  it('serves top-level public files as they are', () => {
    expect(resolvePage(index, request('/robots.txt'))).toEqual({ kind: 'root-file', file: 'robots.txt' });
  });
});
