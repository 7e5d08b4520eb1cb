// Where the share page is: /s/<share id>/<folder ids…> (SPEC §2.4). The share page is an entry of
// its own, without the drive app's router: opening a folder pushes its address, Back pops it, and
// every other page of the site (signing in, the drive) is loaded as a page.
import { atom } from 'nanostores';

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

export const $sharePlace = atom<SharePlace | undefined>(sharePlaceOf(location.pathname));

/** Shows another place of the share, as a new entry of the browser's history. */
export function openSharePlace(path: string): void {
  history.pushState(null, '', path);
  $sharePlace.set(sharePlaceOf(location.pathname));
  // SPEC §2.7: a new page starts at the top.
  scrollTo(0, 0);
}

addEventListener('popstate', () => {
  const place = sharePlaceOf(location.pathname);
  // Back to an address that is not a share's (none is pushed here): load what the site has there.
  if (place) $sharePlace.set(place);
  else location.reload();
});
