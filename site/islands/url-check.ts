// The URL checker's rules (SPEC §1, action url_checker): what a pasted link is. Pure, so tests pin
// it; the link stays data throughout and is never written into the page as markup.

export type UrlCheck =
  | { kind: 'invalid' }
  /** A share on this Nubo server: opening it is better than downloading it. */
  | { kind: 'share'; path: string }
  /** Something this server could fetch into the drive (offline download). */
  | { kind: 'download'; url: string };

const DOWNLOADABLE_PROTOCOLS = new Set(['http:', 'https:', 'ftp:', 'magnet:']);

export function checkUrl(input: string, siteOrigin: string): UrlCheck {
  const trimmed = input.trim();
  if (!trimmed) return { kind: 'invalid' };
  let url: URL;
  try {
    // People paste "example.com/file.zip" without a scheme.
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return { kind: 'invalid' };
  }
  if (!DOWNLOADABLE_PROTOCOLS.has(url.protocol)) return { kind: 'invalid' };
  if (url.protocol !== 'magnet:' && !url.hostname.includes('.') && url.hostname !== 'localhost' && url.origin !== siteOrigin) return { kind: 'invalid' };
  const share = /^\/s\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\/?$/.exec(url.pathname);
  if (url.origin === siteOrigin && share) return { kind: 'share', path: url.pathname + url.search };
  return { kind: 'download', url: url.href };
}
