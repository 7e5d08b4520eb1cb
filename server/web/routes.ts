// Serves the built public site and drive app: hashed assets with long caching, pages through
// resolvePage (locale chosen on the server, no redirect chain, no client-side flash).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { COOKIES, serializeCookie } from '#shared/cookies.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { readSiteIndex } from './site-index.ts';
import { resolvePage } from './page-resolver.ts';

export const webRoutes: FastifyPluginAsync<{ distDir: string; secureCookies: boolean; embedOrigins: readonly string[] }> = async (app, { distDir, secureCookies, embedOrigins }) => {
  // The drive app may be framed only by Nubo itself and the host pages the operator names (EMBED_ORIGINS).
  const appFrameAncestors = `frame-ancestors ${["'self'", ...embedOrigins].join(' ')}`;
  const index = readSiteIndex(distDir);
  if (!index.hasApp && index.pages.size === 0) app.log.warn({ distDir }, 'no built site or drive app found; run the build');

  // Hashed file names: a changed file is a new URL, so these can be cached for a year.
  for (const [prefix, root] of [
    ['/_astro/', path.join(index.siteDir, '_astro')],
    ['/app/assets/', path.join(index.appDir, 'assets')],
  ] as const) {
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, { root, prefix, decorateReply: false, index: false, maxAge: '365d', immutable: true });
  }
  // The reply.sendFile decorator, rooted at dist/, for pages chosen below.
  await app.register(fastifyStatic, { root: distDir, serve: false });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const [rawPath = '/', rawSearch = ''] = request.url.split(/\?(.*)/s, 2);
    const pagePath = safeDecode(rawPath);
    if (pagePath === undefined) return reply.callNotFound();
    const answer = resolvePage(index, {
      path: pagePath,
      search: rawSearch ? `?${rawSearch}` : '',
      localeCookie: request.cookies[COOKIES.locale.name],
      acceptLanguage: request.headers['accept-language'],
      userAgent: request.headers['user-agent'],
    });
    switch (answer.kind) {
      case 'none':
        return reply.callNotFound();
      case 'redirect':
        rememberLocale(reply, answer.rememberLocale);
        return reply.redirect(answer.location, 302);
      case 'app':
        return sendAppPage(reply, 'drive-app/index.html');
      case 'share-page':
        return sendAppPage(reply, 'drive-app/share.html');
      case 'root-file':
        return reply.sendFile(`site/${answer.file}`, { maxAge: '1h' });
      case 'page':
        if (answer.rememberLocale) rememberLocale(reply, answer.rememberLocale);
        // An unprefixed page's language depends on the visitor: caches must key on what chose it.
        if (answer.varies) reply.header('Vary', 'Cookie, Accept-Language, User-Agent');
        reply.header('Content-Language', answer.locale);
        return reply.header('Cache-Control', 'no-cache').sendFile(`site/${answer.file}`, { cacheControl: false });
    }
  });

  function sendAppPage(reply: FastifyReply, file: string) {
    // The shell must always be fresh so a new deploy's hashed assets are picked up.
    reply.header('Content-Security-Policy', appFrameAncestors);
    return reply.header('Cache-Control', 'no-cache').sendFile(file, { cacheControl: false });
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
