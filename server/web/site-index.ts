// What the build produced: every page of the public site per locale, and the drive app's two
// pages (the app, the share page). Requests are matched against this index, so a visitor's path is
// only ever a key to look up, never a path handed to the file system. The site's build writes its
// part (site-index.json, one walk of some 900 files) so that a start reads one file instead of
// walking the tree, a tenth of a cold start.
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inlineScriptHashes } from '#shared/content-security.ts';
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

/** Where the site's build writes its index (under dist/site). */
export const SITE_INDEX_FILE = 'site-index.json';

/** The site's part of the index as the build writes it. */
type SiteIndexFile = { pages: Record<string, string[]>; rootFiles: string[]; inlineScripts: string[] };

/** Walks a built site (dist/site) and writes its index beside its pages: the site build's last step. */
export async function writeSiteIndex(siteDir: string): Promise<void> {
  const pages: Record<string, string[]> = Object.fromEntries(LOCALES.map((locale) => [locale, []]));
  const rootFiles: string[] = [];
  const inlineScripts = new Set<string>();
  for (const entry of await readdir(siteDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (entry.name.endsWith('.html')) for (const hash of inlineScriptHashes(await readFile(path.join(siteDir, relative), 'utf8'))) inlineScripts.add(hash);
    const [top = '', ...below] = relative.split('/');
    if (isLocale(top)) {
      if (entry.name === 'index.html') pages[top]!.push(below.length === 1 ? '/' : `/${below.slice(0, -1).join('/')}`);
      continue;
    }
    // The not-found pages under errors/ are served through the locale resolver, hashed assets
    // and scripts by their own routes: only files such as blog/rss.xml remain.
    if (relative === SITE_INDEX_FILE || top === '_astro' || top === 'scripts' || (below.length > 0 && relative.endsWith('.html'))) continue;
    rootFiles.push(`/${relative}`);
  }
  const index: SiteIndexFile = { pages, rootFiles: rootFiles.sort(), inlineScripts: [...inlineScripts].sort() };
  for (const list of Object.values(pages)) list.sort();
  await writeFile(path.join(siteDir, SITE_INDEX_FILE), `${JSON.stringify(index, null, 1)}\n`);
}

export function readSiteIndex(distDir: string): SiteIndex {
  const siteDir = path.join(distDir, 'site');
  const appDir = path.join(distDir, 'drive-app');
  const site = existsSync(siteDir) ? readSiteIndexFile(path.join(siteDir, SITE_INDEX_FILE)) : { pages: {}, rootFiles: [], inlineScripts: [] };
  const notFoundLocales = new Set(
    LOCALES.filter((locale) => ([UNMATCHED_PAGE, INVALID_ROUTE_PAGE] as const).every((page) => existsSync(path.join(siteDir, notFoundPageFile(locale, page))))),
  );
  return {
    siteDir,
    appDir,
    pages: new Map(LOCALES.map((locale) => [locale, new Set(site.pages[locale] ?? [])])),
    rootFiles: new Set(site.rootFiles),
    notFoundLocales,
    hasApp: existsSync(path.join(appDir, 'index.html')),
    hasSharePage: existsSync(path.join(appDir, 'share.html')),
    inlineScripts: site.inlineScripts,
  };
}

function readSiteIndexFile(file: string): SiteIndexFile {
  const buildAgain = `${file} is missing or not the site's index; build again (npm run build)`;
  if (!existsSync(file)) throw new Error(buildAgain);
  const index = JSON.parse(readFileSync(file, 'utf8')) as Partial<SiteIndexFile>;
  const strings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (
    typeof index.pages !== 'object' ||
    !Object.values(index.pages ?? {}).every(strings) ||
    !strings(index.rootFiles) ||
    !strings(index.inlineScripts) ||
    !index.inlineScripts!.every((hash) => hash.startsWith('sha256-'))
  ) {
    throw new Error(buildAgain);
  }
  return index as SiteIndexFile;
}
