import { describe, expect, it } from 'vitest';
import { memoryStorage, STORAGE_KEYS } from '#shared/browser-storage.ts';
import { addFavoriteLink, FAVORITE_LINKS_MAX, readFavoriteLinks, webAddress } from './favorite-links.ts';

describe('favourite links', () => {
  it('accepts only http and https addresses', () => {
    expect(webAddress(' https://example.com/s/abc ')).toBe('https://example.com/s/abc');
    expect(webAddress('http://example.com')).toBe('http://example.com/');
    expect(webAddress('javascript:alert(1)')).toBeUndefined();
    expect(webAddress('data:text/html,hi')).toBeUndefined();
    expect(webAddress('not a link')).toBeUndefined();
  });

  it('adds at the top, replaces an older entry for the same address, and keeps at most the maximum', () => {
    const a = { name: 'A', url: 'https://a.example/' };
    const b = { name: 'B', url: 'https://b.example/' };
    expect(addFavoriteLink([a, b], { name: 'A again', url: a.url })).toEqual([{ name: 'A again', url: a.url }, b]);
    const many = Array.from({ length: FAVORITE_LINKS_MAX }, (_, i) => ({ name: `${i}`, url: `https://${i}.example/` }));
    const added = addFavoriteLink(many, a);
    expect(added).toHaveLength(FAVORITE_LINKS_MAX);
    expect(added[0]).toEqual(a);
  });

  it('reads back only well-formed web links from storage, and nothing from a damaged entry', () => {
    const stored = [{ name: 'ok', url: 'https://ok.example/' }, { name: 'bad', url: 'javascript:alert(1)' }, { url: 'https://no-name.example/' }, 'junk'];
    expect(readFavoriteLinks(memoryStorage({ [STORAGE_KEYS.favoriteLinks]: JSON.stringify(stored) }))).toEqual([{ name: 'ok', url: 'https://ok.example/' }]);
    expect(readFavoriteLinks(memoryStorage({ [STORAGE_KEYS.favoriteLinks]: '{not json' }))).toEqual([]);
    expect(readFavoriteLinks(memoryStorage())).toEqual([]);
  });
});
