// What the build produced, read once at start: every page of the public site per locale and the
// drive app's two pages (the app, the share page). Requests are matched against this index, so a visitor's path is only ever a
// key to look up, never a path handed to the file system.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { INLINE_SCRIPT_HASHES_FILE } from '#shared/content-security.ts';
import { isLocale, LOCALES, type Locale } from '#shared/i18n/locales.ts';
import { INVALID_ROUTE_PAGE, notFoundPageFile, UNMATCHED_PAGE } from '#shared/not-found.ts';

export type SiteIndex = {
  siteDir: string;
  appDir: string;
  /** Page paths ('/', '/faq', '/help-center/a/b') that exist in each locale. */
  pages: Map<Locale, Set<string>>;
  /** Files of the site output outside the locale copies and assets (favicon.svg, blog/rss.xml), by request path. */
  rootFiles: Set<string>;
  /** Locales whose two not-found pages (SPEC §2.7) were built. */
  notFoundLocales: Set<Locale>;
  hasApp: boolean;
  /** The drive app's build also holds the share page, a page of its own. */
  hasSharePage: boolean;
  /** The hash sources of the inline scripts the site's pages run (written by the build). */
  inlineScripts: string[];
};

export function readSiteIndex(distDir: string): SiteIndex {
  const siteDir = path.join(distDir, 'site');
  const appDir = path.join(distDir, 'drive-app');
  // One walk of the site (a start reads it once): pages by locale, and the other files at the root.
  const pages = new Map<Locale, Set<string>>(LOCALES.map((locale) => [locale, new Set<string>()]));
  const rootFiles = new Set<string>();
  if (existsSync(siteDir)) {
    for (const entry of readdirSync(siteDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const relative = path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      const [top = '', ...below] = relative.split('/');
      if (isLocale(top)) {
        if (entry.name === 'index.html') pages.get(top)!.add(below.length === 1 ? '/' : `/${below.slice(0, -1).join('/')}`);
        continue;
      }
      // The not-found pages under errors/ are served through the locale resolver, hashed assets
      // and scripts by their own routes: only files such as blog/rss.xml remain.
      if (relative === INLINE_SCRIPT_HASHES_FILE || top === '_astro' || top === 'scripts' || (below.length > 0 && relative.endsWith('.html'))) continue;
      rootFiles.add(`/${relative}`);
    }
  }
  const notFoundLocales = new Set(
    LOCALES.filter((locale) => ([UNMATCHED_PAGE, INVALID_ROUTE_PAGE] as const).every((page) => existsSync(path.join(siteDir, notFoundPageFile(locale, page))))),
  );
  return {
    siteDir,
    appDir,
    pages,
    rootFiles,
    notFoundLocales,
    hasApp: existsSync(path.join(appDir, 'index.html')),
    hasSharePage: existsSync(path.join(appDir, 'share.html')),
    inlineScripts: readInlineScripts(path.join(siteDir, INLINE_SCRIPT_HASHES_FILE)),
  };
}

function readInlineScripts(file: string): string[] {
  if (!existsSync(file)) return [];
  const hashes: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string' && hash.startsWith('sha256-'))) {
    throw new Error(`${file} must list the sha256 sources of the site's inline scripts; build again`);
  }
  return hashes;
}
