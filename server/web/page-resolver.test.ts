import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { type PageRequest, resolvePage } from './page-resolver.ts';
import type { SiteIndex } from './site-index.ts';

const index: SiteIndex = {
  siteDir: '/dist/site',
  appDir: '/dist/drive-app',
  pages: new Map(
    LOCALES.map((locale): [Locale, Set<string>] => [
      locale,
      new Set(['/', '/faq', '/help-center/a/b', '/activity/christmas', '/activity/black-friday', '/activity-end']),
    ]),
  ),
  rootFiles: new Set(['/favicon.svg', '/robots.txt']),
  notFoundLocales: new Set(LOCALES),
  hasApp: true,
  hasSharePage: true,
  inlineScripts: [],
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
    expect(resolvePage(index, request('/ja/s/abc/def', { search: '?s_code=x' }))).toEqual({
      kind: 'redirect',
      location: '/s/abc/def?s_code=x',
      rememberLocale: 'ja',
    });
  });

  it('hands the app routes of SPEC §2.4 to the drive app', () => {
    for (const path of ['/drive', '/drive/all', '/auth', '/loading', '/referral']) {
      expect(resolvePage(index, request(path))).toEqual({ kind: 'app' });
    }
  });

  it('answers a share and the folders inside it with the share page, not the drive app', () => {
    for (const path of ['/s/abc', '/s/abc/', '/s/abc/p1/p2']) {
      expect(resolvePage(index, request(path))).toEqual({ kind: 'share-page', locale: 'en-US' });
    }
    expect(resolvePage(index, request('/s/abc', { search: '?s_code=x1' }))).toEqual({ kind: 'share-page', locale: 'en-US' });
    // Without a share id there is no share to show: the drive app says the page is not found.
    expect(resolvePage(index, request('/s'))).toEqual({ kind: 'app' });
    expect(resolvePage(index, request('/s/'))).toEqual({ kind: 'app' });
    expect(resolvePage(index, request('/sx/abc'))).toMatchObject({ kind: 'not-found' });
    expect(resolvePage({ ...index, hasSharePage: false }, request('/s/abc'))).toEqual({ kind: 'none' });
  });

  it("renders the share page in the visitor's locale, chosen as for any unprefixed page", () => {
    expect(resolvePage(index, request('/s/abc', { acceptLanguage: 'ja,en;q=0.5' }))).toEqual({ kind: 'share-page', locale: 'ja' });
    expect(resolvePage(index, request('/s/abc', { localeCookie: 'ko', acceptLanguage: 'ja' }))).toEqual({ kind: 'share-page', locale: 'ko' });
    // ?locale= switches and is remembered; an unsupported one is ignored.
    expect(resolvePage(index, request('/s/abc/f1', { search: '?locale=uk', localeCookie: 'ko' }))).toEqual({
      kind: 'share-page',
      locale: 'uk',
      rememberLocale: 'uk',
    });
    expect(resolvePage(index, request('/s/abc', { search: '?locale=xx', localeCookie: 'ko' }))).toEqual({ kind: 'share-page', locale: 'ko' });
  });

  it('never answers an API path with a page, even under /drive', () => {
    for (const path of ['/drive/v1/files', '/v1/user/me', '/vip/v1/x', '/api/nothing', '/i18n/xx/messages.json', '/admin/v1/nothing']) {
      expect(resolvePage(index, request(path))).toEqual({ kind: 'none' });
    }
  });

  it('answers the not-found page of the prefix locale for a prefixed page that was not built', () => {
    expect(resolvePage(index, request('/es/nope'))).toEqual({ kind: 'not-found', locale: 'es', file: 'errors/es/not-found/index.html', varies: false });
    expect(resolvePage(index, request('/es/../../etc/passwd'))).toMatchObject({ kind: 'not-found', file: 'errors/es/not-found/index.html' });
  });

  it('answers an unprefixed unknown page in the cookie, then Accept-Language, then en-US locale', () => {
    expect(resolvePage(index, request('/nope', { localeCookie: 'ko', acceptLanguage: 'ja' }))).toEqual({
      kind: 'not-found',
      locale: 'ko',
      file: 'errors/ko/not-found/index.html',
      varies: true,
    });
    expect(resolvePage(index, request('/nope', { acceptLanguage: 'ja' }))).toMatchObject({ locale: 'ja', file: 'errors/ja/not-found/index.html' });
    expect(resolvePage(index, request('/nope'))).toMatchObject({ locale: 'en-US', file: 'errors/en-US/not-found/index.html' });
    // /fr is not a locale prefix: the page /fr/faq does not exist.
    expect(resolvePage(index, request('/fr/faq', { acceptLanguage: 'uk' }))).toMatchObject({ kind: 'not-found', locale: 'uk' });
    expect(resolvePage(index, request('/drivex'))).toMatchObject({ kind: 'not-found', locale: 'en-US' });
  });

  it('answers the invalid-route page, with the requested path, under a page family that holds no such page', () => {
    for (const path of ['/help-center/no/such/article', '/policy/unknown', '/blog/unknown-post', '/activity/unknown']) {
      expect(resolvePage(index, request(path)), path).toEqual({
        kind: 'not-found',
        locale: 'en-US',
        file: 'errors/en-US/invalid-route/index.html',
        varies: true,
        requestedPath: path,
      });
    }
    expect(resolvePage(index, request('/ja/policy/unknown'))).toMatchObject({
      locale: 'ja',
      file: 'errors/ja/invalid-route/index.html',
      requestedPath: '/ja/policy/unknown',
    });
    // The family's own address is not a slug that failed: it is simply not built.
    expect(resolvePage(index, request('/blog'))).toMatchObject({ file: 'errors/en-US/not-found/index.html' });
  });

  it('shows crawlers no error page, only the 404', () => {
    expect(resolvePage(index, request('/nope', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' }))).toEqual({ kind: 'none' });
    expect(resolvePage(index, request('/ja/help-center/nope', { userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0)' }))).toEqual({ kind: 'none' });
  });

  it('answers none when the not-found pages were not built, and for API paths', () => {
    const bare: SiteIndex = { ...index, notFoundLocales: new Set() };
    expect(resolvePage(bare, request('/nope'))).toEqual({ kind: 'none' });
    expect(resolvePage(bare, request('/es/nope'))).toEqual({ kind: 'none' });
    expect(resolvePage(index, request('/drive/v1/nope'))).toEqual({ kind: 'none' });
  });

  it('serves top-level public files as they are', () => {
    expect(resolvePage(index, request('/robots.txt'))).toEqual({ kind: 'root-file', file: 'robots.txt' });
  });

  describe('with campaigns (activity-end guard)', () => {
    const campaigns = { hasEnded: (page: string) => page === '/activity/christmas' };

    it('sends a visitor of an ended campaign to /activity-end in the same locale', () => {
      expect(resolvePage(index, request('/es/activity/christmas'), campaigns)).toEqual({ kind: 'redirect', location: '/es/activity-end' });
      expect(resolvePage(index, request('/activity/christmas/', { localeCookie: 'ja' }), campaigns)).toEqual({ kind: 'redirect', location: '/activity-end' });
    });

    it('keeps a ?locale= switch through the redirect', () => {
      expect(resolvePage(index, request('/activity/christmas', { search: '?locale=ko' }), campaigns)).toEqual({
        kind: 'redirect',
        location: '/activity-end',
        rememberLocale: 'ko',
      });
    });

    it('serves a running campaign and every other page as before', () => {
      expect(resolvePage(index, request('/ko/activity/black-friday'), campaigns)).toMatchObject({ kind: 'page', file: 'ko/activity/black-friday/index.html' });
      expect(resolvePage(index, request('/activity-end'), campaigns)).toMatchObject({ kind: 'page' });
    });

    it('answers the invalid-route page for a campaign page that was not built, ended or not', () => {
      expect(resolvePage(index, request('/activity/easter'), { hasEnded: () => true })).toMatchObject({ kind: 'not-found', requestedPath: '/activity/easter' });
    });
  });
});
