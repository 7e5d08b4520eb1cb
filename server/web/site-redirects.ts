// Addresses of the public site that lead to a page rather than being one (help-center-default-dir,
// SPEC §2.2: /help-center/sharing opens the folder's first article). The site's build lists them in
// site/redirects.json, unprefixed; they apply under every locale prefix too. A request path is only
// a key into this map, and only site paths are accepted as targets.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { splitLocalePrefix, withLocalePrefix } from '#shared/i18n/locales.ts';

export type SiteRedirects = ReadonlyMap<string, string>;

export const SITE_REDIRECTS_FILE = 'redirects.json';

const SITE_PATH = /^\/[A-Za-z0-9][A-Za-z0-9/-]*$/;

/** The build's redirects; none when the site is not built. A malformed file stops the server at start. */
export function readSiteRedirects(siteDir: string): SiteRedirects {
  const file = path.join(siteDir, SITE_REDIRECTS_FILE);
  if (!existsSync(file)) return new Map();
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${file} must be an object of site paths`);
  const redirects = new Map<string, string>();
  for (const [from, to] of Object.entries(parsed)) {
    if (!SITE_PATH.test(from) || typeof to !== 'string' || !SITE_PATH.test(to))
      throw new Error(`${file}: "${from}" → "${String(to)}" is not a redirect between site paths`);
    redirects.set(from, to);
  }
  return redirects;
}

/** Where a request path leads (`/ja/help-center/sharing/` → `/ja/help-center/sharing/share-files`), if anywhere. */
export function siteRedirectFor(redirects: SiteRedirects, requestPath: string): string | undefined {
  const { locale, rest } = splitLocalePrefix(requestPath);
  const page = rest.length > 1 && rest.endsWith('/') ? rest.slice(0, -1) : rest;
  const target = redirects.get(page);
  if (target === undefined) return undefined;
  return locale ? withLocalePrefix(locale, target) : target;
}
