// The web routes over real HTTP, on a small built output written by the test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '#shared/content-security.ts';
import { LOCALES } from '#shared/i18n/locales.ts';
import { REQUESTED_PATH_MARKER } from '#shared/not-found.ts';
import { loadConfig } from '../config.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { writeSiteIndex } from './site-index.ts';

let distDir: string;
let server: TestServer;
const THEME_SCRIPT = 'applyTheme()';
const ISLAND_SCRIPT = 'hydrate()';

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
    write(
      `site/${locale}/auth-success/index.html`,
      `<html lang="${locale}"><head><meta name="robots" content="noindex"><script>${THEME_SCRIPT}</script></head>signed in<script>${ISLAND_SCRIPT}</script></html>`,
    );
    write(`site/errors/${locale}/not-found/index.html`, `<html lang="${locale}">not found in ${locale}</html>`);
    write(
      `site/errors/${locale}/invalid-route/index.html`,
      `<html lang="${locale}"><title>${locale}: ${REQUESTED_PATH_MARKER}</title><h1>${locale}: ${REQUESTED_PATH_MARKER}</h1></html>`,
    );
    for (const page of ['activity/christmas', 'activity/black-friday']) write(`site/${locale}/${page}/index.html`, `<html lang="${locale}">${page}</html>`);
    write(`site/${locale}/activity-end/index.html`, `<html lang="${locale}"><head><meta name="robots" content="noindex"></head>activity-end</html>`);
  }
  write('site/scripts/vconsole.min.js', 'window.VConsole = class {}');
  write('site/_astro/island.abc123.js', 'export {}');
  write('site/_astro/large.abc123.js', `export const text = '${'compressible '.repeat(400)}';`);
  write('site/robots.txt', 'User-agent: *');
  write('drive-app/index.html', '<div id="root"></div><script>boot()</script>');
  write('drive-app/share.html', '<div id="root" data-page="share"></div><script>boot()</script>');
  write('drive-app/assets/index-x1.js', 'console.log(1)');
  write('extension/nubo-chromium.zip', 'PK chromium');
  write('extension/nubo-firefox.zip', 'PK firefox');
  write('extension/chromium-mv3/manifest.json', '{"manifest_version":3}');
  await writeSiteIndex(path.join(distDir, 'site'));
  // Christmas has ended, the other campaigns run: the sitemap names only pages that do not redirect.
  const day = 86_400_000;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();
  const campaignsFile = path.join(distDir, 'campaigns-now.json');
  writeFileSync(
    campaignsFile,
    JSON.stringify({
      christmas: { starts: at(-30 * day), ends: at(-day) },
      compensation: { starts: at(-day), ends: at(30 * day) },
      'black-friday': { starts: at(-day), ends: at(30 * day) },
      'black-friday-2024': { starts: '2024-11-22T00:00:00Z', ends: '2024-12-03T00:00:00Z' },
    }),
  );
  server = await startTestServer('sqlite', { distDir, campaignsFile });
});

afterAll(async () => {
  await server?.dispose();
  rmSync(distDir, { recursive: true, force: true });
});

/** The nonce a page's policy names (and its script elements carry). */
function nonceOf(response: Response): string {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  if (!nonce) throw new Error(`no nonce in ${response.headers.get('content-security-policy')}`);
  expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  return nonce;
}

/** A page's content security policy, by directive. */
function directivesOf(response: Response): Record<string, string> {
  const policy = response.headers.get('content-security-policy') ?? '';
  return Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0]!, directive.split(' ').slice(1).join(' ')]));
}

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

  it('serves the browser extension’s two packs, and nothing else of its build', async () => {
    for (const [pack, body] of [
      ['nubo-chromium.zip', 'PK chromium'],
      ['nubo-firefox.zip', 'PK firefox'],
    ] as const) {
      const response = await get(`/downloads/extension/${pack}`);
      expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([200, 'application/zip', body]);
    }
    for (const other of ['chromium-mv3/manifest.json', '..%2Fsite%2Frobots.txt', 'nubo-chromium.zip.map', '']) {
      expect((await get(`/downloads/extension/${other}`)).status, other).toBe(404);
    }
  });

  it('serves the drive app for its routes, never cached stale', async () => {
    for (const path of ['/drive/all', '/auth', '/loading', '/referral']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      // Framed only by Nubo itself unless EMBED_ORIGINS names host pages.
      const nonce = nonceOf(response);
      expect(directivesOf(response)['script-src']).toBe(`'self' 'wasm-unsafe-eval' 'nonce-${nonce}'`);
      expect(await response.text()).toBe(`<div id="root"></div><script nonce="${nonce}">boot()</script>`);
    }
  });

  it('serves the share page, not the drive app, for a share and its folders, under the same rules', async () => {
    for (const path of ['/s/abc', '/s/abc/def', '/s/abc?s_code=1234']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const nonce = nonceOf(response);
      expect(await response.text()).toBe(`<div id="root" data-page="share"></div><script nonce="${nonce}">boot()</script>`);
    }
  });

  it('lets the host pages of EMBED_ORIGINS frame the drive app', async () => {
    const hosted = await startTestServer('sqlite', { distDir, embedOrigins: ['https://host.example.com'] });
    try {
      const response = await fetch(`${hosted.url}/drive/all`);
      expect(response.headers.get('content-security-policy')).toMatch(/; frame-ancestors 'self' https:\/\/host\.example\.com$/);
      await response.arrayBuffer();
    } finally {
      await hosted.dispose();
    }
  });

  it('lets a page run only our scripts: a new nonce for every answer of the app, the built hashes on site pages', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await get('/drive/all');
      nonces.add(nonceOf(response));
      await response.arrayBuffer();
    }
    expect(nonces.size).toBe(3);
    for (const path of ['/faq', '/no-such-page']) {
      const response = await get(path);
      expect(directivesOf(response)['script-src']).toBe(
        `'self' 'wasm-unsafe-eval' ${[...inlineScriptHashes(`<script>${THEME_SCRIPT}</script><script>${ISLAND_SCRIPT}</script>`)]
          .sort()
          .map((hash) => `'${hash}'`)
          .join(' ')}`,
      );
      await response.arrayBuffer();
    }
  });

  it('allows each kind of content only from where a page of Nubo needs it, nothing else by default', async () => {
    // The drive app's sign-in page hands the desktop client its code on a loopback port.
    const connections: Record<string, string> = { '/drive/all': "'self' http://127.0.0.1:*", '/auth': "'self' http://127.0.0.1:*", '/s/abc': "'self'" };
    for (const path of ['/drive/all', '/auth', '/s/abc', '/faq', '/no-such-page', '/help-center/no-such-article']) {
      const response = await get(path);
      const { 'script-src': scripts, ...rest } = directivesOf(response);
      expect(scripts, path).toMatch(/^'self' 'wasm-unsafe-eval'( '(nonce|sha256)-[^']+')+$/);
      expect(rest, path).toEqual({
        'default-src': "'none'",
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data:",
        'font-src': "'self' data:",
        'media-src': "'self' blob:",
        'connect-src': connections[path] ?? "'self'",
        'worker-src': "'self'",
        'manifest-src': "'self'",
        'form-action': "'self'",
        'object-src': "'none'",
        'base-uri': "'none'",
        'frame-ancestors': "'self'",
      });
      await response.arrayBuffer();
    }
  });

  it("lets pages fetch, show and play files from an S3 store's origins, where its presigned addresses lead", async () => {
    const blobStore = loadConfig({ BLOB_STORE: 's3://nubo-files/drive?endpoint=https://store.example.org:9000&path_style=false' }).blobStore;
    const withStore = await startTestServer('sqlite', { distDir, blobStore });
    try {
      for (const path of ['/drive/all', '/faq']) {
        const response = await fetch(`${withStore.url}${path}`);
        const store = 'https://store.example.org:9000 https://nubo-files.store.example.org:9000';
        expect(directivesOf(response)).toMatchObject({
          'default-src': "'none'",
          'img-src': `'self' data: ${store}`,
          'media-src': `'self' blob: ${store}`,
          'connect-src': path === '/faq' ? `'self' ${store}` : `'self' ${store} http://127.0.0.1:*`,
        });
        await response.arrayBuffer();
      }
    } finally {
      await withStore.dispose();
    }
    // Behind nginx the store's bytes come from Nubo's own origin: no page may reach the store.
    const behindNginx = await startTestServer('sqlite', { distDir, blobStore, accelRedirect: '/_nubo/store/' });
    try {
      const response = await fetch(`${behindNginx.url}/drive/all`);
      expect(directivesOf(response)).toMatchObject({ 'img-src': "'self' data:", 'media-src': "'self' blob:", 'connect-src': "'self' http://127.0.0.1:*" });
      await response.arrayBuffer();
    } finally {
      await behindNginx.dispose();
    }
  });

  it('sends nosniff and a referrer policy that keeps our addresses (a share link carries its passcode) to our own origin, and no HSTS over http', async () => {
    for (const path of ['/faq', '/drive/all', '/s/abc?pwd=1234', '/drive/v1/about']) {
      const response = await get(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
      await response.arrayBuffer();
    }
  });

  it('tells browsers to keep to https when PUBLIC_URL is an https address', async () => {
    const secure = await startTestServer('sqlite', { distDir, publicUrl: 'https://drive.example.com', publicUrlSet: true });
    try {
      for (const path of ['/faq', '/drive/v1/about']) {
        const response = await fetch(`${secure.url}${path}`);
        expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
        await response.arrayBuffer();
      }
    } finally {
      await secure.dispose();
    }
  });

  it('caches hashed assets for a year', async () => {
    for (const path of ['/_astro/island.abc123.js', '/app/assets/index-x1.js']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('immutable');
    }
  });

  it('answers JSON not_found for API paths and missing files', async () => {
    for (const path of ['/drive/v1/unknown', '/_astro/missing.js', '/scripts/missing.js']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error).toBe('not_found');
    }
  });

  it("answers an unknown page with 404 and the not-found page of the visitor's locale", async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ['/no-such-page', {}, 'en-US'],
      ['/no-such-page', { 'Accept-Language': 'ja' }, 'ja'],
      ['/no-such-page', { Cookie: 'nubo_locale=ru', 'Accept-Language': 'ja' }, 'ru'],
      ['/es/no-such-page', { 'Accept-Language': 'ja' }, 'es'],
    ];
    for (const [path, headers, locale] of cases) {
      const response = await get(path, headers);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('content-language')).toBe(locale);
      expect(await response.text()).toBe(`<html lang="${locale}">not found in ${locale}</html>`);
    }
  });

  it('shows the requested path, escaped, on the invalid-route page of a page family', async () => {
    const response = await get('/help-center/%3Cscript%3Ealert(1)%3C%2Fscript%3E', { 'Accept-Language': 'ko' });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toBe(
      '<html lang="ko"><title>ko: /help-center/&lt;script&gt;alert(1)&lt;/script&gt;</title><h1>ko: /help-center/&lt;script&gt;alert(1)&lt;/script&gt;</h1></html>',
    );
    const quoted = await (await get('/ja/policy/%22%27%26')).text();
    expect(quoted).toContain('ja: /ja/policy/&quot;&#39;&amp;</h1>');
  });

  it("shows a requested path holding $', $` and $& as those characters, never as parts of the page they would stand for in a replacement", async () => {
    const response = await get("/help-center/a$'b$`c$&d$$e", { 'Accept-Language': 'ko' });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(
      '<html lang="ko"><title>ko: /help-center/a$&#39;b$`c$&amp;d$$e</title><h1>ko: /help-center/a$&#39;b$`c$&amp;d$$e</h1></html>',
    );
  });

  it('serves vConsole from our own origin for the debug console', async () => {
    const response = await get('/scripts/vconsole.min.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toBe('window.VConsole = class {}');
  });

  it('lists every indexable page in /sitemap.xml once per locale, en-US unprefixed, with hreflang alternates and x-default, leaving out ended campaigns', async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const origin = server.config.publicUrl;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = ['/', '/faq', '/activity/black-friday'].flatMap((page) =>
      LOCALES.map((locale) => (locale === 'en-US' ? `${origin}${page}` : `${origin}/${locale}${page === '/' ? '/' : page}`)),
    );
    expect(locs.sort()).toEqual(expected.sort());
    expect(xml).not.toContain('/en-US/');
    expect(xml).not.toContain('auth-success');
    expect(xml).not.toContain('errors/');
    const faqEntry = xml.split('<url>').find((entry) => entry.startsWith(`<loc>${origin}/ja/faq</loc>`)) ?? '';
    expect(faqEntry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/faq"/>`);
    expect(faqEntry).toContain(`<xhtml:link rel="alternate" hreflang="en-US" href="${origin}/faq"/>`);
    expect(faqEntry).toContain(`<xhtml:link rel="alternate" hreflang="zh-TW" href="${origin}/zh-TW/faq"/>`);
    expect(faqEntry.match(/hreflang=/g)).toHaveLength(LOCALES.length + 1);
  });

  it('points robots.txt at the sitemap by its absolute address', async () => {
    const text = await (await get('/robots.txt')).text();
    expect(text).toBe(`User-agent: *\n\nSitemap: ${server.config.publicUrl}/sitemap.xml\n`);
  });

  it('sends the site compressed to browsers that take it, and leaves the API as it is', async () => {
    const brotli = await get('/_astro/large.abc123.js', { 'Accept-Encoding': 'br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toContain('compressible compressible');
    const gzip = await get('/_astro/large.abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain('compressible compressible');
    const api = await get('/api/openapi.json', { 'Accept-Encoding': 'br, gzip' });
    expect(api.status).toBe(200);
    expect(api.headers.get('content-encoding')).toBeNull();
    // Read to the end: a response left unread holds its request open, and the server's stop waits for it.
    expect((await api.json()).openapi).toBe('3.1.0');
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

  it('sends visitors of an ended campaign to /activity-end in their locale, at the time of the visit', async () => {
    const day = 86_400_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const calendar = {
      christmas: { starts: at(-30 * day), ends: at(-day) },
      compensation: { starts: at(-day), ends: at(30 * day) },
      'black-friday': { starts: at(-day), ends: at(30 * day) },
      'black-friday-2024': { starts: '2024-11-22T00:00:00Z', ends: '2024-12-03T00:00:00Z' },
    };
    const campaignsFile = path.join(distDir, 'campaigns.json');
    writeFileSync(campaignsFile, JSON.stringify(calendar));
    const guarded = await startTestServer('sqlite', { distDir, campaignsFile });
    try {
      const ended = await fetch(`${guarded.url}/es/activity/christmas`, { redirect: 'manual' });
      expect(ended.status).toBe(302);
      expect(ended.headers.get('location')).toBe('/es/activity-end');
      // No locale cookie is set: the redirect did not choose the language, the visitor did.
      expect(ended.headers.get('set-cookie')).toBeNull();

      const unprefixed = await fetch(`${guarded.url}/activity/christmas`, { redirect: 'manual', headers: { 'Accept-Language': 'ja' } });
      expect(unprefixed.headers.get('location')).toBe('/activity-end');
      const end = await fetch(`${guarded.url}/activity-end`, { headers: { 'Accept-Language': 'ja' } });
      expect(await end.text()).toContain('<html lang="ja">');

      const running = await fetch(`${guarded.url}/es/activity/black-friday`, { redirect: 'manual' });
      expect(running.status).toBe(200);
      expect(await running.text()).toBe('<html lang="es">activity/black-friday</html>');
    } finally {
      await guarded.dispose();
    }
  });
});
