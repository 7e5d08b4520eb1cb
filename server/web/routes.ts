// Serves the built public site and drive app: hashed assets with long caching, pages through
// resolvePage (locale chosen on the server, no redirect chain, no client-side flash), not-found
// pages with 404 in the visitor's locale, and the sitemap and robots.txt for crawlers.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DESKTOP_CLIENT_SOURCE } from '#shared/accounts/clients.ts';
import type { CampaignCalendar } from '#shared/campaigns.ts';
import { newNonce, type PageSources, pagePolicy, withNonce } from '#shared/content-security.ts';
import { COOKIES, serializeCookie } from '#shared/cookies.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { REQUESTED_PATH_MARKER } from '#shared/not-found.ts';
import { sharePlaceOf } from '#shared/share-page.ts';
import { campaignGuard } from './campaigns.ts';
import { escapeMarkup } from './markup.ts';
import { resolvePage } from './page-resolver.ts';
import type { SharePageRenderer } from './share-page.ts';
import { readSiteIndex } from './site-index.ts';
import { readSiteRedirects, siteRedirectFor } from './site-redirects.ts';
import { indexablePages, sitemapXml } from './sitemap.ts';

type AppShell = 'index.html' | 'share.html';

/** Where the extension's packs are served, as content/downloads.json names them. */
const EXTENSION_DOWNLOADS_PREFIX = '/downloads/extension/';
const EXTENSION_PACKS: readonly string[] = ['nubo-chromium.zip', 'nubo-firefox.zip'];

/** How a rendered share page may go, best first (its compressed forms are made once and kept). */
const pageEncodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] });

type WebOptions = {
  distDir: string;
  secureCookies: boolean;
  embedOrigins: readonly string[];
  /** The origin absolute addresses start with (PUBLIC_URL, or the one the request came to). */
  origin: (request: FastifyRequest) => string;
  /** The campaign calendar: campaign pages past their end send visitors to /activity-end. */
  /** The campaign calendar (CAMPAIGNS_FILE). */
  campaigns: CampaignCalendar;
  /** Renders the share page on the server; without it the page's script renders it. */
  renderSharePage?: SharePageRenderer;
  /** Where file bytes come from besides Nubo (an S3 store's presigned addresses): pages may load them. */
  storeOrigins?: readonly string[];
};

export const webRoutes: FastifyPluginAsync<WebOptions> = async (
  app,
  { distDir, secureCookies, embedOrigins, origin, campaigns: calendar, renderSharePage, storeOrigins = [] },
) => {
  // Pages may be framed only by Nubo itself and the host pages the operator names (EMBED_ORIGINS).
  const sources: PageSources = { frameAncestors: ["'self'", ...embedOrigins], storeOrigins };
  // The drive app's sign-in page hands the desktop client its code on a loopback port.
  const appSources: PageSources = { ...sources, connectTo: [DESKTOP_CLIENT_SOURCE] };
  const index = readSiteIndex(distDir);
  // The site's pages are files: their inline scripts are allowed by the hashes the build took.
  const sitePolicy = pagePolicy(index.inlineScripts, sources);
  const siteRedirects = readSiteRedirects(index.siteDir);
  const campaigns = campaignGuard(calendar);
  if (!index.hasApp && index.pages.size === 0) app.log.warn({ distDir }, 'no built site or drive app found; run the build');
  // Pages, scripts and styles go compressed (a page's HTML is about a quarter of its size in brotli).
  // Registered in this plugin, before the static files, so the API and downloads are left as they are.
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });

  // Hashed file names: a changed file is a new URL, so these can be cached for a year.
  for (const [prefix, root] of [
    ['/_astro/', path.join(index.siteDir, '_astro')],
    ['/app/assets/', path.join(index.appDir, 'assets')],
  ] as const) {
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, { root, prefix, decorateReply: false, index: false, maxAge: '365d', immutable: true });
  }
  // vConsole for the debug console (SPEC §7.5): our own copy, not hashed, so kept a day.
  const scriptsDir = path.join(index.siteDir, 'scripts');
  if (existsSync(scriptsDir)) await app.register(fastifyStatic, { root: scriptsDir, prefix: '/scripts/', decorateReply: false, index: false, maxAge: '1d' });
  // The browser extension's two packs (the /browser-extension page links them), and nothing else of its build.
  const extensionDir = path.join(distDir, 'extension');
  if (existsSync(extensionDir))
    await app.register(fastifyStatic, {
      root: extensionDir,
      prefix: EXTENSION_DOWNLOADS_PREFIX,
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => EXTENSION_PACKS.includes(pathName.replace(/^\//, '')),
      maxAge: '1h',
    });
  // The reply.sendFile decorator, rooted at dist/, for pages chosen below.
  await app.register(fastifyStatic, { root: distDir, serve: false });

  // Built files do not change while the server runs: each is read once.
  const notFoundPages = new Map<string, string>();
  const notFoundPage = (file: string) => {
    let html = notFoundPages.get(file);
    if (html === undefined) {
      html = readFileSync(path.join(index.siteDir, file), 'utf8');
      notFoundPages.set(file, html);
    }
    return html;
  };
  let sitemapPages: ReturnType<typeof indexablePages> | undefined;

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    sitemapPages ??= indexablePages(index);
    // An ended campaign's page only redirects now: crawlers are not sent there.
    const live = new Map([...sitemapPages].filter(([page]) => !campaigns.hasEnded(page)));
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(sitemapXml(live, origin(request)));
  });

  // The built robots.txt, plus where the sitemap is: an absolute address, known only at run time.
  const robotsFile = path.join(index.siteDir, 'robots.txt');
  const robots = existsSync(robotsFile) ? readFileSync(robotsFile, 'utf8').trimEnd() : 'User-agent: *\nAllow: /';
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(`${robots}\n\nSitemap: ${origin(request)}/sitemap.xml\n`);
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [rawPath = '/', rawSearch = ''] = request.url.split(/\?(.*)/s, 2);
    const pagePath = safeDecode(rawPath);
    if (pagePath === undefined) return reply.callNotFound();
    // Temporary: a help-centre folder's first article may change.
    const redirectTo = siteRedirectFor(siteRedirects, pagePath);
    if (redirectTo) return reply.redirect(rawSearch ? `${redirectTo}?${rawSearch}` : redirectTo, 302);
    const answer = resolvePage(
      index,
      {
        path: pagePath,
        search: rawSearch ? `?${rawSearch}` : '',
        localeCookie: request.cookies[COOKIES.locale.name],
        acceptLanguage: request.headers['accept-language'],
        userAgent: request.headers['user-agent'],
      },
      campaigns,
    );
    switch (answer.kind) {
      case 'none':
        return reply.callNotFound();
      case 'redirect':
        if (answer.rememberLocale) rememberLocale(reply, answer.rememberLocale);
        return reply.redirect(answer.location, 302);
      case 'app':
        return sendAppPage(reply, 'index.html');
      case 'share-page': {
        if (answer.rememberLocale) rememberLocale(reply, answer.rememberLocale);
        // From the address as sent: each segment is decoded once, on its own.
        const place = sharePlaceOf(rawPath);
        const rendered = place && renderSharePage ? await renderSharePage({ request, ...place, locale: answer.locale }) : undefined;
        if (!rendered) return sendAppPage(reply, 'share.html');
        for (const line of rendered.setCookies) reply.header('Set-Cookie', line);
        // The same page goes to every visitor who may see the same: its scripts are allowed by
        // their hashes (a nonce would make each answer new, to be compressed anew).
        reply.header('Content-Security-Policy', pagePolicy(rendered.inlineScripts, sources)).header('Content-Language', answer.locale);
        // The page holds this visitor's view of the share (their passcode token's, their network's).
        reply.header('Cache-Control', 'no-store').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
        const encoding = pageEncodings.negotiate(request.headers['accept-encoding'] ?? '');
        if (encoding === 'br' || encoding === 'gzip') return reply.header('Content-Encoding', encoding).send(await rendered.page.encoded(encoding));
        return reply.send(rendered.page.html);
      }
      case 'root-file':
        return reply.sendFile(`site/${answer.file}`, { maxAge: '1h' });
      case 'page':
        if (answer.rememberLocale) rememberLocale(reply, answer.rememberLocale);
        // An unprefixed page's language depends on the visitor: caches must key on what chose it.
        if (answer.varies) reply.header('Vary', 'Cookie, Accept-Language, User-Agent');
        reply.header('Content-Language', answer.locale).header('Content-Security-Policy', sitePolicy);
        return reply.header('Cache-Control', 'no-cache').sendFile(`site/${answer.file}`, { cacheControl: false });
      case 'not-found': {
        if (answer.varies) reply.header('Vary', 'Cookie, Accept-Language, User-Agent');
        const html = notFoundPage(answer.file);
        // The path is the visitor's text: shown as characters, never as markup, and given by a
        // function so that "$'", "$`" or "$&" in it are not read as replacement patterns.
        const shown = answer.requestedPath === undefined ? undefined : escapeMarkup(answer.requestedPath);
        const body = shown === undefined ? html : html.replaceAll(REQUESTED_PATH_MARKER, () => shown);
        return reply
          .status(404)
          .header('Content-Language', answer.locale)
          .header('Content-Security-Policy', sitePolicy)
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(body);
      }
    }
  });

  // The drive app's two shells, read once: each answer marks their scripts with its own nonce.
  const appShells = new Map<string, string>();
  function appShell(file: AppShell): string {
    let shell = appShells.get(file);
    if (shell === undefined) {
      shell = readFileSync(path.join(index.appDir, file), 'utf8');
      appShells.set(file, shell);
    }
    return shell;
  }
  function sendAppPage(reply: FastifyReply, file: AppShell) {
    const shell = appShell(file);
    const nonce = newNonce();
    reply.header('Content-Security-Policy', pagePolicy([`nonce-${nonce}`], file === 'index.html' ? appSources : sources));
    // The shell must always be fresh so a new deploy's hashed assets are picked up.
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(withNonce(shell, nonce));
  }

  function rememberLocale(reply: FastifyReply, locale: Locale) {
    reply.header('Set-Cookie', serializeCookie(COOKIES.locale.name, locale, { ...COOKIES.locale.options, secure: secureCookies }));
  }
};

function safeDecode(urlPath: string): string | undefined {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
}
