// Where a sign-in sends the user next: the `redirect` entry parameter, but only to a page of this
// site, so a crafted link cannot use Nubo's sign-in page to send people elsewhere.
import { ALL_FILES_PATH } from '#shared/app-paths.ts';

/** The signed-in home: the user's files. */
export const SIGNED_IN_HOME = ALL_FILES_PATH;

/**
 * `raw` as a path of `origin` (path, query and hash), or undefined when it leads anywhere else.
 * What counts is what a browser does with the string handed on, not with what was asked for:
 * parsing turns "/.//evil.example" into "//evil.example", another host, and drops tabs and
 * newlines ("/\t/evil.example"). So the answer itself must be a plain path that, resolved
 * again, stays here.
 */
export function sameOriginPath(raw: string | null | undefined, origin: string): string | undefined {
  // A relative path ("drive/account") or a full address is not a page of this site to go to.
  if (!raw?.startsWith('/')) return undefined;
  const home = new URL(origin);
  const asked = parsed(raw, home);
  if (!asked || asked.origin !== home.origin) return undefined;
  const path = `${asked.pathname}${asked.search}${asked.hash}`;
  // "//host" and "/\host" are other hosts to a browser, though they start with a slash.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  const again = parsed(path, home);
  if (!again || again.href !== asked.href) return undefined;
  return path;
}

function parsed(address: string, base: URL): URL | undefined {
  try {
    return new URL(address, base);
  } catch {
    return undefined;
  }
}

/** The page to open after signing in, from the entry query. */
export function afterSignInPath(query: URLSearchParams, origin: string): string {
  return sameOriginPath(query.get('redirect'), origin) ?? SIGNED_IN_HOME;
}
