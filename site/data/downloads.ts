// Where the download pages send people (SPEC §3.6 download targets, and the two Mac installers of
// SPEC §9): one file, content/downloads.json, that every page reads. An operator fills in the
// addresses of the builds they publish; a target left null is shown as not offered yet.
import raw from '../../content/downloads.json';

/** Where the download pages send people: android (apk), ios (App Store), gp (Google Play), tv (TV apk), windows. */
export const DOWNLOAD_TARGETS = ['android', 'ios', 'gp', 'tv', 'windows'] as const;

export const DOWNLOAD_KEYS = [...DOWNLOAD_TARGETS, 'macAppleSilicon', 'macIntel', 'browserExtensionChromium', 'browserExtensionFirefox'] as const;
export type DownloadKey = (typeof DOWNLOAD_KEYS)[number];
export type Downloads = Record<DownloadKey, string | null>;

/** Checks the file: every target present, each an https:// address, a path on this server, or null. */
export function parseDownloads(json: unknown): Downloads {
  if (typeof json !== 'object' || json === null) throw new Error('content/downloads.json must be an object keyed by download target');
  const entries = json as Record<string, unknown>;
  const unknown = Object.keys(entries).filter((key) => !(DOWNLOAD_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new Error(`content/downloads.json: unknown targets ${unknown.join(', ')} (known: ${DOWNLOAD_KEYS.join(', ')})`);
  const downloads = {} as Downloads;
  for (const key of DOWNLOAD_KEYS) {
    const url = entries[key];
    if (url === undefined) throw new Error(`content/downloads.json: "${key}" is missing (null when not offered)`);
    if (url !== null && !isDownloadAddress(url)) throw new Error(`content/downloads.json: "${key}" must be an https:// address or a path starting with /`);
    downloads[key] = url;
  }
  return downloads;
}

function isDownloadAddress(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

export const downloads: Downloads = parseDownloads(raw);
