// Where a sign-in sends the user next: the `redirect` entry parameter, but only to a page of this
// site, so a crafted link cannot use Nubo's sign-in page to send people elsewhere.
import { ALL_FILES_PATH } from '#shared/app-paths.ts';

/** The signed-in home: the user's files. */
export const SIGNED_IN_HOME = ALL_FILES_PATH;

/** `raw` as a path of `origin` (path, query and hash), or undefined when it leads anywhere else. */
export function sameOriginPath(raw: string | null | undefined, origin: string): string | undefined {
  // "//host" and "/\host" are other hosts to a browser, though they start with a slash.
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page to open after signing in, from the entry query. */
export function afterSignInPath(query: URLSearchParams, origin: string): string {
  return sameOriginPath(query.get('redirect'), origin) ?? SIGNED_IN_HOME;
}
