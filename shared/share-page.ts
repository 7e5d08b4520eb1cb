// The share page as the server renders it first: what the server found for this visitor
// at this address, rendered into the page's HTML so the files show before any script runs, and
// handed to the page's script in the same document so it takes over (hydrates) without asking
// the API again — the view was already counted once.
import type { DriveFile } from './api/files.ts';
import type { ShareView } from './api/shares.ts';
import type { Locale } from './i18n/locales.ts';

export type ShareFirstView = {
  locale: Locale;
  shareId: string;
  /** The folders walked into, from the address (/s/<share id>/<folder ids…>). */
  folderIds: string[];
  /** False when the visitor's network is blocked (SPEC §2.7): nothing of the share was fetched. */
  accessible: boolean;
  /** The passcode the link carried (?s_code=), tried once by the server. */
  linkPassCode?: string;
  /** The share's answer (at the top level without its files: they are in `files`); absent for a blocked visitor. */
  view?: ShareView;
  /** What the page lists: the share's top level, or the folder walked into. */
  files: DriveFile[];
  nextPageToken: string;
  /** A token the server holds for this share (from the cookie, or from the link's passcode). */
  passCodeToken?: string;
  /** Names of the folders walked into, for the breadcrumb (the address carries ids only). */
  folderNames: Record<string, string>;
};

export type SharePlace = { shareId: string; folderIds: string[] };

/** The share and the folders walked into, from a path; undefined when it names no share. */
export function sharePlaceOf(pathname: string): SharePlace | undefined {
  const match = /^\/s\/([^/]+)((?:\/[^/]*)*)$/.exec(pathname);
  if (!match) return undefined;
  const decode = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  return { shareId: decode(match[1] ?? ''), folderIds: (match[2] ?? '').split('/').filter(Boolean).map(decode) };
}

/** The address of a share, or of a folder inside it reached through `folderIds`. */
export function sharePath(shareId: string, folderIds: readonly string[] = []): string {
  return ['', 's', shareId, ...folderIds].map(encodeURIComponent).join('/');
}

/** The id of the inert `<script type="application/json">` element that carries the first view. */
export const SHARE_FIRST_VIEW_ELEMENT = 'share-first-view';

/**
 * The first view as the text of a JSON script element: `<` is written as its escape, so no file
 * name or title can close the element or open another (file names are data, never markup).
 */
export function firstViewJson(first: ShareFirstView): string {
  return JSON.stringify(first)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
