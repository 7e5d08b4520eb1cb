// The site's redirects over real HTTP, on a small built output written by the test, and the
// nested static files (the blog's RSS feed) served beside the pages.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/i18n/locales.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { writeSiteIndex } from './site-index.ts';
import { readSiteRedirects, siteRedirectFor } from './site-redirects.ts';

describe('siteRedirectFor', () => {
  const redirects = new Map([['/help-center/sharing', '/help-center/sharing/share-files']]);

  it('leads a folder to its first article, unprefixed', () => {
    expect(siteRedirectFor(redirects, '/help-center/sharing')).toBe('/help-center/sharing/share-files');
  });

  it('keeps the locale prefix and ignores a trailing slash', () => {
    expect(siteRedirectFor(redirects, '/zh-TW/help-center/sharing/')).toBe('/zh-TW/help-center/sharing/share-files');
  });

  it('leaves every other path alone, including the articles and a look-alike locale', () => {
    expect(siteRedirectFor(redirects, '/help-center/sharing/share-files')).toBeUndefined();
    expect(siteRedirectFor(redirects, '/help-center')).toBeUndefined();
    expect(siteRedirectFor(redirects, '/ZH-tw/help-center/sharing')).toBeUndefined();
  });
});

describe('readSiteRedirects', () => {
  let siteDir: string;
  beforeAll(() => {
    siteDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-redirects-'));
  });
  afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

  it('has no redirects when the site is not built', () => {
    expect(readSiteRedirects(path.join(siteDir, 'missing')).size).toBe(0);
  });

  it('refuses a target that is not a site path, so a build can never send visitors elsewhere', () => {
    writeFileSync(path.join(siteDir, 'redirects.json'), JSON.stringify({ '/help-center/x': '//evil.example/' }));
    expect(() => readSiteRedirects(siteDir)).toThrow(/not a redirect between site paths/);
    writeFileSync(path.join(siteDir, 'redirects.json'), JSON.stringify({ '/help-center/x': 'https://evil.example/' }));
    expect(() => readSiteRedirects(siteDir)).toThrow(/not a redirect between site paths/);
  });
});

describe('site redirects and files over HTTP', () => {
  let distDir: string;
  let server: TestServer;

  function write(relative: string, content: string) {
    const file = path.join(distDir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-dist-'));
    for (const locale of LOCALES) write(`site/${locale}/help-center/sharing/share-files/index.html`, `<html lang="${locale}">share files</html>`);
    write('site/redirects.json', JSON.stringify({ '/help-center/sharing': '/help-center/sharing/share-files' }));
    write('site/blog/rss.xml', '<?xml version="1.0"?><rss version="2.0"></rss>');
    write('site/errors/en-US/not-found/index.html', '<p>Page Not Found: {nubo:requested-path}</p>');
    write('drive-app/index.html', '<div id="root"></div>');
    await writeSiteIndex(path.join(distDir, 'site'));
    server = await startTestServer('sqlite', { distDir });
  });

  afterAll(async () => {
    await server?.dispose();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (requestPath: string) => fetch(`${server.url}${requestPath}`, { redirect: 'manual' });

  it('sends a help-centre folder to its first article, query kept, temporarily (the first article may change)', async () => {
    const response = await get('/help-center/sharing?from=mail');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/help-center/sharing/share-files?from=mail');
  });

  it('keeps the locale prefix of a folder address', async () => {
    const response = await get('/ko/help-center/sharing');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/ko/help-center/sharing/share-files');
    const article = await fetch(`${server.url}/ko/help-center/sharing/share-files`);
    expect(await article.text()).toBe('<html lang="ko">share files</html>');
  });

  it('serves a static file in a folder of the site output, such as the blog feed, with its type', async () => {
    const response = await get('/blog/rss.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    expect(await response.text()).toContain('<rss version="2.0">');
  });

  it('never serves pages as static files: the locale copies, nor the not-found pages', async () => {
    expect((await get('/ja/help-center/sharing/share-files/index.html')).status).toBe(404);
    const notFound = await get('/errors/en-US/not-found/index.html');
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).not.toContain('{nubo:requested-path}');
  });
});
