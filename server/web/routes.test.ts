// The web routes over real HTTP, on a small built output written by the test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { LOCALES } from '#shared/i18n/locales.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';

let distDir: string;
let server: TestServer;

function write(relative: string, content: string) {
  const file = path.join(distDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-dist-'));
  for (const locale of LOCALES) {
    write(`site/${locale}/index.html`, `<html lang="${locale}">home</html>`);
    write(`site/${locale}/faq/index.html`, `<html lang="${locale}">faq</html>`);
  }
  write('site/_astro/island.abc123.js', 'export {}');
  write('site/robots.txt', 'User-agent: *');
  write('drive-app/index.html', '<div id="root"></div>');
  write('drive-app/share.html', '<div id="root" data-page="share"></div>');
  write('drive-app/assets/index-x1.js', 'console.log(1)');
  server = await startTestServer('sqlite', { distDir });
});

afterAll(async () => {
  await server?.dispose();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

describe('web routes', () => {
  it('serves the prebuilt copy of the resolved locale at an unprefixed path, varying on what chose it', async () => {
    const response = await get('/faq', { 'Accept-Language': 'ja,en;q=0.5' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<html lang="ja">faq</html>');
    expect(response.headers.get('vary')).toContain('Accept-Language');
    expect(response.headers.get('vary')).toContain('Cookie');
    expect(response.headers.get('content-language')).toBe('ja');
  });

  it('prefers the locale cookie over Accept-Language', async () => {
    const response = await get('/', { Cookie: 'nubo_locale=uk', 'Accept-Language': 'ja' });
    expect(await response.text()).toBe('<html lang="uk">home</html>');
  });

  it('sets the locale cookie when ?locale= switches to a supported code', async () => {
    const response = await get('/?locale=zh-TW');
    expect(await response.text()).toBe('<html lang="zh-TW">home</html>');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^nubo_locale=zh-TW;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
  });

  it('redirects /ja/s/<id> to /s/<id> and sets the locale cookie', async () => {
    const response = await get('/ja/s/abc?s_code=1234');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/s/abc?s_code=1234');
    expect(response.headers.get('set-cookie')).toMatch(/^nubo_locale=ja;/);
  });

  it('serves the drive app for its routes, never cached stale', async () => {
    for (const path of ['/drive/all', '/auth', '/loading', '/referral']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      // Framed only by Nubo itself unless EMBED_ORIGINS names host pages.
      expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
      expect(await response.text()).toBe('<div id="root"></div>');
    }
  });

  it('serves the share page, not the drive app, for a share and its folders, under the same rules', async () => {
    for (const path of ['/s/abc', '/s/abc/def', '/s/abc?s_code=1234']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
      expect(await response.text()).toBe('<div id="root" data-page="share"></div>');
    }
  });

  it('lets the host pages of EMBED_ORIGINS frame the drive app', async () => {
    const hosted = await startTestServer('sqlite', { distDir, embedOrigins: ['https://host.example.com'] });
    try {
      const response = await fetch(`${hosted.url}/drive/all`);
      expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'self' https://host.example.com");
    } finally {
      await hosted.dispose();
    }
  });

  it('caches hashed assets for a year', async () => {
    for (const path of ['/_astro/island.abc123.js', '/app/assets/index-x1.js']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('immutable');
    }
  });

  it('answers JSON not_found for paths that are neither pages nor files', async () => {
    for (const path of ['/no-such-page', '/es/no-such-page', '/drive/v1/unknown', '/_astro/missing.js']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error).toBe('not_found');
    }
  });

  it('answers invalid_request for a path that is not valid percent-encoding', async () => {
    const response = await get('/%E0%A4%A');
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_request');
  });

  it('does not let a path walk out of the built output', async () => {
    for (const path of ['/es/..%2F..%2Fpackage.json', '/_astro/..%2F..%2F..%2Fpackage.json', '/app/assets/../../../package.json']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
    }
  });
});
