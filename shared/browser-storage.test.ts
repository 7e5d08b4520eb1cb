import { describe, it, expect } from 'vitest';
import {
  BLOCK_BUTTON_FLAG,
  MAX_REFERERS,
  REFERER_TTL_MS,
  STORAGE_KEYS,
  addReferer,
  deviceIdFrom,
  hasSignedInMarker,
  isBlockButtonShown,
  isSignedInMarkerKey,
  memoryStorage,
  readRefererList,
  readSignedInMarker,
  type RefererEntry,
} from './browser-storage.ts';

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

  it('holds the 22 keys of SPEC §3.7, the two it leaves unnamed and Nubo\'s unfinished uploads and favourite links, each once', () => {
    const keys = Object.values(STORAGE_KEYS);
    expect(keys).toHaveLength(26);
    expect(new Set(keys).size).toBe(26);
    expect(BLOCK_BUTTON_FLAG).toBe(STORAGE_KEYS.showBlockButton);
    expect(keys).toContain('pp_share_pwd_code');
    expect(keys).toContain('pp_ssr_view_type');
    expect(keys).toContain('pp_restore_request_body');
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

describe('block button flag', () => {
  it("shows the block button only for the exact value 'true'", () => {
    expect(isBlockButtonShown(memoryStorage({ [BLOCK_BUTTON_FLAG]: 'true' }))).toBe(true);
    expect(isBlockButtonShown(memoryStorage({ [BLOCK_BUTTON_FLAG]: 'TRUE' }))).toBe(false);
    expect(isBlockButtonShown(memoryStorage({ [BLOCK_BUTTON_FLAG]: '1' }))).toBe(false);
    expect(isBlockButtonShown(memoryStorage())).toBe(false);
  });
});

describe('signed-in marker', () => {
  it('recognises any key containing credentials_', () => {
    expect(isSignedInMarkerKey('credentials_nubo-web')).toBe(true);
    expect(isSignedInMarkerKey('oidc.credentials_x')).toBe(true);
    expect(isSignedInMarkerKey('credentials')).toBe(false);
    expect(isSignedInMarkerKey('pp_user_id')).toBe(false);
  });

  it('marks a user signed in by the presence of such a key alone', () => {
    expect(hasSignedInMarker(memoryStorage({ pp_locale: 'ja', credentials_web: 'anything' }))).toBe(true);
    expect(hasSignedInMarker(memoryStorage({ pp_locale: 'ja' }))).toBe(false);
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

describe('referer list', () => {
  const entry = (val: string, expired: number): RefererEntry => ({ val, expired });

  it('lives 12 hours and holds at most 10 entries', () => {
    expect(REFERER_TTL_MS).toBe(12 * 3_600_000);
    expect(MAX_REFERERS).toBe(10);
  });

  it('reads the stored JSON text or the parsed value alike', () => {
    const list = [entry('a.example', NOW + 10)];
    expect(readRefererList(JSON.stringify(list), NOW)).toEqual(list);
    expect(readRefererList(list, NOW)).toEqual(list);
  });

  it('drops entries without a string val or a numeric expired, and expired ones', () => {
    const raw = [
      entry('kept.example', NOW + 1),
      { val: 5, expired: NOW + 1 },
      { val: 'no-expiry.example' },
      { val: 'string-expiry.example', expired: String(NOW + 1) },
      { val: '', expired: NOW + 1 },
      entry('lapsed.example', NOW),
      null,
      'loose string',
      { val: 'extra.example', expired: NOW + 2, note: 'dropped field' },
    ];
    expect(readRefererList(raw, NOW)).toEqual([entry('kept.example', NOW + 1), entry('extra.example', NOW + 2)]);
  });

  it('gives an empty list for anything that is not a list', () => {
    for (const raw of [null, undefined, '', 'not json', '{"val":"a"}', 42, {}]) expect(readRefererList(raw, NOW)).toEqual([]);
  });

  it('keeps the newest 10 entries when more are stored', () => {
    const raw = Array.from({ length: 13 }, (_, index) => entry(`h${index}.example`, NOW + 1000 + index));
    const list = readRefererList(raw.toReversed(), NOW);
    expect(list).toHaveLength(10);
    expect(list.map((item) => item.val)).toEqual(raw.slice(3).map((item) => item.val));
  });

  it('adds a host as the newest entry, lasting 12 hours', () => {
    expect(addReferer([entry('a.example', NOW + 5)], 'b.example', NOW)).toEqual([entry('a.example', NOW + 5), entry('b.example', NOW + REFERER_TTL_MS)]);
  });

  it('moves a host already listed to the newest place instead of listing it twice', () => {
    const list = [entry('a.example', NOW + 5), entry('b.example', NOW + 6)];
    expect(addReferer(list, 'a.example', NOW).map((item) => item.val)).toEqual(['b.example', 'a.example']);
  });

  it('drops the oldest entry when an eleventh host arrives, and drops expired ones', () => {
    const full = Array.from({ length: 10 }, (_, index) => entry(`h${index}.example`, NOW + 100 + index));
    const next = addReferer([entry('gone.example', NOW - 1), ...full], 'new.example', NOW);
    expect(next).toHaveLength(10);
    expect(next[0]?.val).toBe('h1.example');
    expect(next.at(-1)?.val).toBe('new.example');
  });

  it('adds nothing for an empty host', () => {
    expect(addReferer([entry('a.example', NOW + 5)], '', NOW)).toEqual([entry('a.example', NOW + 5)]);
  });
});

describe('deviceIdFrom', () => {
  it('takes the last dot-separated part, cut to 32 characters', () => {
    expect(deviceIdFrom('v1.client.0123456789abcdef0123456789abcdefEXTRA')).toBe('0123456789abcdef0123456789abcdef');
    expect(deviceIdFrom('a.b.short')).toBe('short');
    expect(deviceIdFrom('nodots')).toBe('nodots');
  });

  it('answers an empty id when nothing is stored or the last part is empty', () => {
    expect(deviceIdFrom(null)).toBe('');
    expect(deviceIdFrom(undefined)).toBe('');
    expect(deviceIdFrom('')).toBe('');
    expect(deviceIdFrom('abc.')).toBe('');
  });
});
