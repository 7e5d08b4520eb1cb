// The favourite links hub: links the visitor keeps in this browser (local storage), to come back
// to shares and pages they use often. Nothing leaves the browser; names are shown as text.

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type KeyValueStorage, STORAGE_KEYS } from '#shared/browser-storage.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { TextField } from '#shared/ui/TextField.tsx';
import { addFavoriteLink, type FavoriteLink, readFavoriteLinks, webAddress } from './favorite-links.ts';
import { type IslandProps, type Status, StatusLine, useHydrated, useIslandText } from './island-ui.tsx';

/** The strings this island shows, picked for it at build time (islandMessages). */
export const FAVORITE_LINKS_MESSAGES: readonly MessageKey[] = [
  'site.favoriteLinks.name',
  'site.favoriteLinks.url',
  'site.favoriteLinks.add',
  'site.favoriteLinks.listLabel',
  'site.favoriteLinks.empty',
  'site.favoriteLinks.added',
  'site.favoriteLinks.removed',
  'site.favoriteLinks.invalid',
  'site.favoriteLinks.remove',
  'site.favoriteLinks.removeNamed',
];

/** `storage`: where the links are kept, the browser's local storage unless a test gives another. */
export function FavoriteLinks({ messages, storage }: IslandProps & { storage?: KeyValueStorage }) {
  const text = useIslandText(messages);
  const hydrated = useHydrated();
  const nameInput = useRef<HTMLInputElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [status, setStatus] = useState<Status>();
  const [links, setLinks] = useState<FavoriteLink[]>([]);
  const store = () => storage ?? localStorage;

  // Read in the browser: the page's HTML, built without storage, shows the empty list.
  useEffect(() => setLinks(readFavoriteLinks(storage ?? localStorage)), [storage]);

  const keep = (next: FavoriteLink[]) => {
    setLinks(next);
    store().setItem(STORAGE_KEYS.favoriteLinks, JSON.stringify(next));
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const address = webAddress(url);
    if (!address) {
      setStatus({ message: text('site.favoriteLinks.invalid'), kind: 'error' });
      urlInput.current?.focus();
      return;
    }
    keep(addFavoriteLink(links, { name: name.trim().slice(0, 200), url: address }));
    setName('');
    setUrl('');
    setStatus({ message: text('site.favoriteLinks.added'), kind: 'success' });
  };

  const remove = (link: FavoriteLink) => {
    keep(links.filter((kept) => kept !== link));
    setStatus({ message: text('site.favoriteLinks.removed'), kind: 'info' });
    nameInput.current?.focus();
  };

  return (
    <>
      {hydrated && (
        <form className="inline-form" noValidate onSubmit={add}>
          <TextField
            ref={nameInput}
            label={text('site.favoriteLinks.name')}
            name="name"
            type="text"
            maxLength={200}
            autoComplete="off"
            value={name}
            onValueChange={setName}
          />
          <TextField
            ref={urlInput}
            label={text('site.favoriteLinks.url')}
            name="url"
            type="url"
            inputMode="url"
            required
            placeholder="https://"
            value={url}
            onValueChange={setUrl}
          />
          <button type="submit" className="primary">
            {text('site.favoriteLinks.add')}
          </button>
        </form>
      )}
      <StatusLine status={status} />
      <h2 id="favorite-list">{text('site.favoriteLinks.listLabel')}</h2>
      <ul aria-labelledby="favorite-list">
        {links.map((link) => (
          <li key={link.url}>
            <a href={link.url} rel="noopener noreferrer">
              {link.name || link.url}
            </a>
            <button
              type="button"
              className="link-button"
              aria-label={text('site.favoriteLinks.removeNamed', { name: link.name || link.url })}
              onClick={() => remove(link)}
            >
              {text('site.favoriteLinks.remove')}
            </button>
          </li>
        ))}
      </ul>
      <p data-part="empty" hidden={links.length > 0}>
        {text('site.favoriteLinks.empty')}
      </p>
    </>
  );
}
