// The favourite links hub: links the visitor keeps in this browser (local storage), to come back
// to shares and pages they use often. Nothing leaves the browser. Links are kept as data: only
// http(s) addresses are accepted, and names are shown as text.
import { STORAGE_KEYS, type KeyValueStorage } from '#shared/browser-storage.ts';
import { readIslandText, showStatus } from './island.ts';

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

export function mountFavoriteLinks(root: HTMLElement, storage: KeyValueStorage = localStorage): void {
  const text = readIslandText(root);
  const form = root.querySelector<HTMLFormElement>('form')!;
  const nameInput = form.querySelector<HTMLInputElement>('[name=name]')!;
  const urlInput = form.querySelector<HTMLInputElement>('[name=url]')!;
  const status = root.querySelector<HTMLElement>('[role=status]')!;
  const list = root.querySelector<HTMLUListElement>('ul')!;
  const empty = root.querySelector<HTMLElement>('[data-part=empty]')!;
  let links = readFavoriteLinks(storage);

  const save = () => storage.setItem(STORAGE_KEYS.favoriteLinks, JSON.stringify(links));
  const render = () => {
    list.replaceChildren(
      ...links.map((link) => {
        const item = document.createElement('li');
        const anchor = document.createElement('a');
        anchor.href = link.url;
        anchor.textContent = link.name || link.url;
        anchor.rel = 'noopener noreferrer';
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'link-button';
        remove.textContent = text('site.favoriteLinks.remove');
        remove.setAttribute('aria-label', text('site.favoriteLinks.removeNamed', { name: link.name || link.url }));
        remove.addEventListener('click', () => {
          links = links.filter((kept) => kept !== link);
          save();
          render();
          showStatus(status, text('site.favoriteLinks.removed'), 'info');
          nameInput.focus();
        });
        item.append(anchor, remove);
        return item;
      }),
    );
    empty.hidden = links.length > 0;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = webAddress(urlInput.value);
    if (!url) {
      showStatus(status, text('site.favoriteLinks.invalid'), 'error');
      urlInput.focus();
      return;
    }
    links = addFavoriteLink(links, { name: nameInput.value.trim().slice(0, 200), url });
    save();
    render();
    form.reset();
    showStatus(status, text('site.favoriteLinks.added'), 'success');
  });
  render();
}
