// The favourite links the hub keeps in this browser's local storage (FavoriteLinks.tsx). Links are
// kept as data: only http(s) addresses are accepted.
import { type KeyValueStorage, STORAGE_KEYS } from '#shared/browser-storage.ts';

export type FavoriteLink = { name: string; url: string };

export const FAVORITE_LINKS_MAX = 50;

export function readFavoriteLinks(storage: KeyValueStorage): FavoriteLink[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.favoriteLinks) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter((link): link is FavoriteLink => typeof link?.name === 'string' && typeof link?.url === 'string' && webAddress(link.url) !== undefined);
  } catch {
    return [];
  }
}

/** The link as an http(s) address, or undefined: never a javascript: or data: URL. */
export function webAddress(input: string): string | undefined {
  try {
    const url = new URL(input.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Adds a link at the top, replacing an older entry for the same address, keeping at most FAVORITE_LINKS_MAX. */
export function addFavoriteLink(links: readonly FavoriteLink[], link: FavoriteLink): FavoriteLink[] {
  return [link, ...links.filter((kept) => kept.url !== link.url)].slice(0, FAVORITE_LINKS_MAX);
}
