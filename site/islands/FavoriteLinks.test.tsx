// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage, STORAGE_KEYS } from '#shared/browser-storage.ts';
import { createTranslator } from '#shared/i18n/translator.ts';
import enUS from '../../content/i18n/en-US.json';
import { FAVORITE_LINKS_MESSAGES, FavoriteLinks } from './FavoriteLinks.tsx';
import { islandMessages } from './island.ts';

const messages = islandMessages(createTranslator('en-US', enUS), FAVORITE_LINKS_MESSAGES);

function add(name: string, url: string) {
  fireEvent.change(screen.getByLabelText(enUS['site.favoriteLinks.name']), { target: { value: name } });
  fireEvent.change(screen.getByLabelText(enUS['site.favoriteLinks.url']), { target: { value: url } });
  fireEvent.click(screen.getByRole('button', { name: enUS['site.favoriteLinks.add'] }));
}

describe('FavoriteLinks', () => {
  beforeEach(cleanup);

  it('refuses a link that is not a web address, and keeps nothing', () => {
    const storage = memoryStorage();
    render(<FavoriteLinks messages={messages} storage={storage} />);
    add('x', 'javascript:alert(1)');
    expect(screen.getByRole('status').textContent).toBe(enUS['site.favoriteLinks.invalid']);
    expect(storage.getItem(STORAGE_KEYS.favoriteLinks)).toBeNull();
  });

  it('keeps a link in the storage, shows its name as text, and removes it again', () => {
    const storage = memoryStorage();
    render(<FavoriteLinks messages={messages} storage={storage} />);
    add('<b>Holiday photos</b>', 'https://example.com/s/holiday');
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.favoriteLinks) ?? '[]')).toEqual([{ name: '<b>Holiday photos</b>', url: 'https://example.com/s/holiday' }]);
    expect(screen.getByRole('link', { name: '<b>Holiday photos</b>' }).getAttribute('href')).toBe('https://example.com/s/holiday');
    fireEvent.click(screen.getByRole('button', { name: 'Remove <b>Holiday photos</b>' }));
    expect(screen.queryByRole('link', { name: '<b>Holiday photos</b>' })).toBeNull();
    expect(screen.getByText(enUS['site.favoriteLinks.empty']).hidden).toBe(false);
  });

  it('lists the links this browser kept before', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.favoriteLinks]: JSON.stringify([{ name: 'Docs', url: 'https://docs.example/' }]) });
    render(<FavoriteLinks messages={messages} storage={storage} />);
    expect(screen.getByRole('link', { name: 'Docs' })).toBeDefined();
    expect(screen.getByText(enUS['site.favoriteLinks.empty']).hidden).toBe(true);
  });
});
