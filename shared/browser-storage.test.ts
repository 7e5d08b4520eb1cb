import { describe, expect, it } from 'vitest';
import { isSignedInMarkerKey, memoryStorage, readSignedInMarker, STORAGE_KEYS } from './browser-storage.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('storage keys', () => {
  it('prefixes every key with pp_ except allow_analysis', () => {
    for (const [name, key] of Object.entries(STORAGE_KEYS)) {
      if (name === 'allowAnalysis') expect(key).toBe('allow_analysis');
      else expect(key.startsWith('pp_')).toBe(true);
    }
  });

  it('spells each key as the camelCase of its name after pp_', () => {
    for (const [name, key] of Object.entries(STORAGE_KEYS)) {
      const camel = key.replace(/^pp_/, '').replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
      expect(name).toBe(camel);
    }
  });
});

describe('memoryStorage', () => {
  it('behaves as Web Storage: strings in, null for missing, keys by index', () => {
    const storage = memoryStorage({ a: '1' });
    storage.setItem('b', '2');
    expect(storage.getItem('a')).toBe('1');
    expect(storage.getItem('zz')).toBeNull();
    expect(storage.length).toBe(2);
    expect([storage.key(0), storage.key(1), storage.key(2)]).toEqual(['a', 'b', null]);
    storage.removeItem('a');
    expect(storage.length).toBe(1);
    expect(storage.key(0)).toBe('b');
  });
});

describe('signed-in marker', () => {
  it('recognises any key containing credentials_', () => {
    expect(isSignedInMarkerKey('credentials_nubo-web')).toBe(true);
    expect(isSignedInMarkerKey('oidc.credentials_x')).toBe(true);
    expect(isSignedInMarkerKey('credentials')).toBe(false);
    expect(isSignedInMarkerKey('pp_user_id')).toBe(false);
  });

  it('reads sub and expires_at from an unexpired entry', () => {
    const storage = memoryStorage({ credentials_web: JSON.stringify({ sub: 'u1', expires_at: NOW + 1000, access_token: 'x' }) });
    expect(readSignedInMarker(storage, NOW)).toEqual({ sub: 'u1', expires_at: NOW + 1000 });
  });

  it('accepts an ISO date as expires_at', () => {
    const expires = new Date(NOW + 60_000).toISOString();
    const storage = memoryStorage({ credentials_web: JSON.stringify({ sub: 'u1', expires_at: expires }) });
    expect(readSignedInMarker(storage, NOW)).toEqual({ sub: 'u1', expires_at: NOW + 60_000 });
  });

  it('counts expired, malformed and incomplete entries as absent', () => {
    const cases = [
      JSON.stringify({ sub: 'u1', expires_at: NOW }),
      JSON.stringify({ sub: 'u1', expires_at: NOW - 1 }),
      JSON.stringify({ sub: 'u1' }),
      JSON.stringify({ sub: 42, expires_at: NOW + 1000 }),
      JSON.stringify({ sub: '', expires_at: NOW + 1000 }),
      JSON.stringify({ sub: 'u1', expires_at: 'soon' }),
      JSON.stringify(['u1', NOW + 1000]),
      'null',
      '{not json',
    ];
    for (const value of cases) expect(readSignedInMarker(memoryStorage({ credentials_web: value }), NOW)).toBeUndefined();
  });

  it('skips a stale marker for a valid one under another key', () => {
    const storage = memoryStorage({
      credentials_old: JSON.stringify({ sub: 'old', expires_at: NOW - 5 }),
      credentials_new: JSON.stringify({ sub: 'new', expires_at: NOW + 5 }),
    });
    expect(readSignedInMarker(storage, NOW)?.sub).toBe('new');
  });
});
