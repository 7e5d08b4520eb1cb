import { describe, expect, it } from 'vitest';
import { memoryStorage, readSignedInMarker, STORAGE_KEYS } from '#shared/browser-storage.ts';
import { forgetSignIn, rememberSignIn, SIGNED_IN_MARKER_KEY, signedInUserId } from './signed-in-marker.ts';

describe('the signed-in marker', () => {
  it('is stored as credentials_nubo-web holding only sub and expires_at, with the user id beside it', () => {
    const storage = memoryStorage();
    rememberSignIn(storage, { sub: 'u1', expires_at: Date.now() + 60_000 });
    expect(SIGNED_IN_MARKER_KEY).toBe('credentials_nubo-web');
    expect(Object.keys(JSON.parse(storage.getItem(SIGNED_IN_MARKER_KEY) ?? '{}')).sort()).toEqual(['expires_at', 'sub']);
    expect(readSignedInMarker(storage)?.sub).toBe('u1');
    expect(storage.getItem(STORAGE_KEYS.userId)).toBe('u1');
    expect(signedInUserId(storage)).toBe('u1');
  });

  it('is forgotten with every other credentials entry and the stored user id', () => {
    const storage = memoryStorage({ credentials_old: '{"sub":"u0","expires_at":99999999999999}', pp_locale: 'ja' });
    rememberSignIn(storage, { sub: 'u1', expires_at: Date.now() + 60_000 });
    forgetSignIn(storage);
    expect(signedInUserId(storage)).toBeUndefined();
    expect(storage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(storage.getItem('pp_locale')).toBe('ja');
  });

  it('does not count once expired', () => {
    const storage = memoryStorage();
    rememberSignIn(storage, { sub: 'u1', expires_at: 1_000 });
    expect(signedInUserId(storage, 2_000)).toBeUndefined();
  });
});
