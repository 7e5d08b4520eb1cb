import { describe, expect, it } from 'vitest';
import { sharePath, sharePlaceOf } from './share-page.ts';

describe('sharePlaceOf', () => {
  it('reads the share and the folders walked into from the address', () => {
    expect(sharePlaceOf('/s/abc')).toEqual({ shareId: 'abc', folderIds: [] });
    expect(sharePlaceOf('/s/abc/')).toEqual({ shareId: 'abc', folderIds: [] });
    expect(sharePlaceOf('/s/abc/f1/f2')).toEqual({ shareId: 'abc', folderIds: ['f1', 'f2'] });
    expect(sharePlaceOf('/s/a%20b/f%2F1')).toEqual({ shareId: 'a b', folderIds: ['f/1'] });
  });

  it('names no share for an address without a share id', () => {
    for (const pathname of ['/s', '/s/', '/drive/all', '/sx/abc']) expect(sharePlaceOf(pathname)).toBeUndefined();
  });

  it('builds the addresses it reads', () => {
    expect(sharePath('abc')).toBe('/s/abc');
    expect(sharePath('abc', ['f1', 'f/2'])).toBe('/s/abc/f1/f%2F2');
    expect(sharePlaceOf(sharePath('a b', ['f/1', 'f2']))).toEqual({ shareId: 'a b', folderIds: ['f/1', 'f2'] });
  });
});
