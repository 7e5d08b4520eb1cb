// Where the share page is: /s/<share id>/<folder ids…> (SPEC §2.4). The share page is an entry of
// its own, without the drive app's router: opening a folder pushes its address, Back pops it, and
// every other page of the site (signing in, the drive) is loaded as a page.
import { atom } from 'nanostores';
import { type SharePlace, sharePlaceOf } from '#shared/share-page.ts';

export const $sharePlace = atom<SharePlace | undefined>(import.meta.env.SSR ? undefined : sharePlaceOf(location.pathname));

/** Shows another place of the share, as a new entry of the browser's history. */
export function openSharePlace(path: string): void {
  history.pushState(null, '', path);
  $sharePlace.set(sharePlaceOf(location.pathname));
  // SPEC §2.7: a new page starts at the top.
  scrollTo(0, 0);
}

if (!import.meta.env.SSR) {
  addEventListener('popstate', () => {
    const place = sharePlaceOf(location.pathname);
    // Back to an address that is not a share's (none is pushed here): load what the site has there.
    if (place) $sharePlace.set(place);
    else location.reload();
  });
}
