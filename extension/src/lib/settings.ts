// What the person sets in the options page, kept in the extension's storage: the Nubo server, and
// whether downloads and magnet links are caught, with the filters that decide which downloads.
import { browser } from '@wxt-dev/browser';

export type DownloadFilters = {
  /** File extensions to catch, lowercase without the dot; empty catches every type. */
  extensions: string[];
  /** Downloads smaller than this many megabytes stay with the browser; 0 catches every size. */
  minSizeMb: number;
  /** Sites (host names) whose downloads always stay with the browser. */
  skipSites: string[];
};

export type Settings = {
  /** The Nubo server's origin (https://drive.example.org), '' until one is set. */
  serverUrl: string;
  /** Browser downloads are sent to Nubo instead (off until turned on). */
  catchDownloads: boolean;
  filters: DownloadFilters;
  /** Magnet links clicked on any page are offered to Nubo (needs access to every site, asked for when turned on). */
  catchMagnets: boolean;
  /** The folder links are saved to unless the popup chooses another ('' is the drive's root). */
  folderId: string;
  folderName: string;
};

export const DEFAULT_SETTINGS: Settings = {
  serverUrl: '',
  catchDownloads: false,
  filters: { extensions: [], minSizeMb: 0, skipSites: [] },
  catchMagnets: false,
  folderId: '',
  folderName: '',
};

const SETTINGS_KEY = 'settings';

export async function readSettings(): Promise<Settings> {
  const stored = (await browser.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY] as Partial<Settings> | undefined;
  return { ...DEFAULT_SETTINGS, ...stored, filters: { ...DEFAULT_SETTINGS.filters, ...stored?.filters } };
}

export async function writeSettings(change: Partial<Settings>): Promise<Settings> {
  const settings = { ...(await readSettings()), ...change };
  await browser.storage.local.set({ [SETTINGS_KEY]: settings });
  return settings;
}

/** A list typed in a field ("zip, .ISO  mkv") as its entries, lowercase, without dots, each once. */
export function listEntries(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((entry) => entry.trim().replace(/^\.+/, '').toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** Whether a browser download is for Nubo under these filters; an unknown size counts as large enough. */
export function downloadMatches(filters: DownloadFilters, download: { url: string; filename: string; totalBytes: number }): boolean {
  const url = URL.parse(download.url);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  const host = url.hostname.toLowerCase();
  if (filters.skipSites.some((site) => host === site || host.endsWith(`.${site}`))) return false;
  if (filters.minSizeMb > 0 && download.totalBytes > 0 && download.totalBytes < filters.minSizeMb * 1024 * 1024) return false;
  if (filters.extensions.length === 0) return true;
  const name = download.filename.split(/[\\/]/).at(-1) || url.pathname.split('/').at(-1) || '';
  const dot = name.lastIndexOf('.');
  return dot > 0 && filters.extensions.includes(name.slice(dot + 1).toLowerCase());
}
