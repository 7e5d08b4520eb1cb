// What the build produced, read once at start: every page of the public site per locale and the
// drive app's two pages (the app, the share page). Requests are matched against this index, so a visitor's path is only ever a
// key to look up, never a path handed to the file system.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '#shared/i18n/locales.ts';

export type SiteIndex = {
  siteDir: string;
  appDir: string;
  /** Page paths ('/', '/faq', '/help-center/a/b') that exist in each locale. */
  pages: Map<Locale, Set<string>>;
  /** Files at the top of the site output (favicon.svg, robots.txt), by request path. */
  rootFiles: Set<string>;
  hasApp: boolean;
  /** The drive app's build also holds the share page, a page of its own. */
  hasSharePage: boolean;
};

export function readSiteIndex(distDir: string): SiteIndex {
  const siteDir = path.join(distDir, 'site');
  const appDir = path.join(distDir, 'drive-app');
  const pages = new Map<Locale, Set<string>>();
  for (const locale of LOCALES) {
    const localeDir = path.join(siteDir, locale);
    const found = new Set<string>();
    if (existsSync(localeDir)) {
      for (const entry of readdirSync(localeDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || entry.name !== 'index.html') continue;
        const relative = path.relative(localeDir, entry.parentPath).split(path.sep).join('/');
        found.add(relative === '' ? '/' : `/${relative}`);
      }
    }
    pages.set(locale, found);
  }
  const rootFiles = new Set<string>();
  if (existsSync(siteDir)) {
    for (const entry of readdirSync(siteDir, { withFileTypes: true })) {
      if (entry.isFile()) rootFiles.add(`/${entry.name}`);
    }
  }
  return { siteDir, appDir, pages, rootFiles, hasApp: existsSync(path.join(appDir, 'index.html')), hasSharePage: existsSync(path.join(appDir, 'share.html')) };
}
