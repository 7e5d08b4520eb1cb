import { describe, expect, it } from 'vitest';
import {
  COOKIES,
  type CookieJar,
  DEFAULT_COOKIE_OPTIONS,
  documentCookieJar,
  isAccessAllowed,
  markAccessAllowed,
  memoryCookieJar,
  parseCookieHeader,
  readSharePasscodeToken,
  rememberSharePasscodeToken,
  SHARES_KEEPING_PASSCODES,
  serializeCookie,
} from './cookies.ts';

/**
 * A document whose `cookie` behaves as a browser's does for same-path cookies: listed by creation
 * time, a rewrite keeps the old creation time (RFC 6265 §5.3), Max-Age=0 deletes, and a script
 * cannot write an HttpOnly cookie.
 */
function browserDocument() {
  const cookies: Array<{ name: string; value: string }> = [];
  const lines: string[] = [];
  return {
    lines,
    get cookie() {
      return cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      lines.push(line);
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      if (attributes.some((attribute) => attribute.toLowerCase() === 'httponly')) return;
      const maxAge = attributes.find((attribute) => attribute.toLowerCase().startsWith('max-age='));
      const at = cookies.findIndex((cookie) => cookie.name === name);
      if (maxAge !== undefined && Number(maxAge.slice('max-age='.length)) <= 0) {
        if (at >= 0) cookies.splice(at, 1);
        return;
      }
      if (at >= 0) cookies[at] = { name, value };
      else cookies.push({ name, value });
    },
  };
}

const names = (jar: CookieJar) => jar.list().map((cookie) => cookie.name);

describe('serializeCookie', () => {
  it('writes the generic defaults: SameSite=Strict, Secure, Path=/', () => {
    expect(serializeCookie('a', 'b')).toBe('a=b; Path=/; SameSite=Strict; Secure');
    expect(DEFAULT_COOKIE_OPTIONS).toEqual({ sameSite: 'strict', secure: true, path: '/' });
  });

  it('writes every option it is given', () => {
    expect(serializeCookie('sid', 'x', { maxAgeSeconds: 600, sameSite: 'lax', secure: true, httpOnly: true, path: '/drive', domain: 'nubo.example' })).toBe(
      'sid=x; Max-Age=600; Path=/drive; Domain=nubo.example; SameSite=Lax; Secure; HttpOnly',
    );
    expect(serializeCookie('a', 'b', { sameSite: 'none' })).toContain('SameSite=None');
  });

  it('leaves Secure out only when told secure: false', () => {
    expect(serializeCookie('a', 'b', { secure: false })).toBe('a=b; Path=/; SameSite=Strict');
  });

  it('encodes the value so separators cannot end it early', () => {
    const line = serializeCookie('a', 'x; Secure=1, é');
    expect(line.startsWith('a=x%3B%20Secure%3D1%2C%20%C3%A9;')).toBe(true);
    expect(parseCookieHeader(line.split(';')[0]).get('a')).toBe('x; Secure=1, é');
  });

  it('writes whole, non-negative Max-Age seconds', () => {
    expect(serializeCookie('a', 'b', { maxAgeSeconds: 12.9 })).toContain('Max-Age=12;');
    expect(serializeCookie('a', 'b', { maxAgeSeconds: -5 })).toContain('Max-Age=0;');
    expect(() => serializeCookie('a', 'b', { maxAgeSeconds: Number.NaN })).toThrow(TypeError);
  });

  it('refuses names and attributes that would break the header', () => {
    for (const name of ['', 'a b', 'a;b', 'a=b', 'ä']) expect(() => serializeCookie(name, 'v')).toThrow(TypeError);
    expect(() => serializeCookie('a', 'v', { path: '/;Domain=evil' })).toThrow(TypeError);
    expect(() => serializeCookie('a', 'v', { domain: 'x\ny' })).toThrow(TypeError);
  });
});

describe('parseCookieHeader', () => {
  it('keeps the order of the header and decodes values', () => {
    const cookies = parseCookieHeader('z=1; a=%E6%97%A5%E6%9C%AC; m=x%3Dy');
    expect([...cookies]).toEqual([
      ['z', '1'],
      ['a', '日本'],
      ['m', 'x=y'],
    ]);
  });

  it('tolerates junk: bare words, empty names, bad escapes, quotes and extra spaces', () => {
    const cookies = parseCookieHeader(' ; junk; =nameless;  a = 1 ;b=%E0%A4%A; q="quoted"; e=;');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', '%E0%A4%A'],
      ['q', 'quoted'],
      ['e', ''],
    ]);
  });

  it('takes the first of two cookies with one name (the most specific path)', () => {
    expect(parseCookieHeader('a=deep; a=root').get('a')).toBe('deep');
  });

  it('keeps = signs inside a value', () => {
    expect(parseCookieHeader('t=abc==').get('t')).toBe('abc==');
  });

  it('gives an empty map for a missing or empty header', () => {
    expect(parseCookieHeader(undefined).size).toBe(0);
    expect(parseCookieHeader('').size).toBe(0);
  });
});

describe('memoryCookieJar', () => {
  it('starts from a Cookie header or from pairs', () => {
    expect(memoryCookieJar('a=1; b=%20').list()).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: ' ' },
    ]);
    expect(memoryCookieJar([['x', 'y']]).get('x')).toBe('y');
    expect(memoryCookieJar().list()).toEqual([]);
  });

  it('appends a new cookie as the newest and moves a re-set one to the newest place', () => {
    const jar = memoryCookieJar('a=1; b=2');
    jar.set('c', '3');
    jar.set('a', '9');
    expect(jar.list()).toEqual([
      { name: 'b', value: '2' },
      { name: 'c', value: '3' },
      { name: 'a', value: '9' },
    ]);
  });

  it('deletes on remove and on a Max-Age of zero or less', () => {
    const jar = memoryCookieJar('a=1; b=2; c=3');
    jar.remove('a');
    jar.set('b', 'x', { maxAgeSeconds: 0 });
    jar.set('c', 'x', { maxAgeSeconds: -1 });
    jar.set('d', 'new', { maxAgeSeconds: 0 });
    expect(jar.list()).toEqual([]);
    expect(jar.get('a')).toBeUndefined();
  });

  it('records each change as the Set-Cookie line a server would answer with', () => {
    const jar = memoryCookieJar();
    jar.set(COOKIES.locale.name, 'ja', COOKIES.locale.options);
    jar.remove('old', { path: '/' });
    expect(jar.setCookieHeaders()).toEqual([
      'nubo_locale=ja; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
      'old=; Max-Age=0; Path=/; SameSite=Strict; Secure',
    ]);
  });
});

describe('documentCookieJar', () => {
  it('reads, writes and removes through document.cookie', () => {
    const doc = browserDocument();
    const jar = documentCookieJar(doc);
    jar.set('a', 'x y');
    jar.set('b', '2');
    expect(jar.list()).toEqual([
      { name: 'a', value: 'x y' },
      { name: 'b', value: '2' },
    ]);
    expect(jar.get('a')).toBe('x y');
    jar.remove('a');
    expect(jar.get('a')).toBeUndefined();
    expect(doc.lines.at(-1)).toBe('a=; Max-Age=0; Path=/; SameSite=Strict; Secure');
  });

  it('never asks a script to write HttpOnly, which would make the browser drop the cookie', () => {
    const doc = browserDocument();
    documentCookieJar(doc).set('a', '1', { httpOnly: true });
    expect(doc.lines[0]).not.toContain('HttpOnly');
    expect(documentCookieJar(doc).get('a')).toBe('1');
  });
});

describe('the cookie catalogue', () => {
  it('keeps the user id 365 days, same-site lax, secure', () => {
    expect(COOKIES.userId).toEqual({ name: 'nubo_user_id', options: { sameSite: 'lax', secure: true, path: '/', maxAgeSeconds: 365 * 86_400 } });
  });

  it('keeps the locale 365 days', () => {
    expect(COOKIES.locale.name).toBe('nubo_locale');
    expect(COOKIES.locale.options.maxAgeSeconds).toBe(365 * 86_400);
  });

  it('keeps each attribution cookie 720 minutes under its query parameter name', () => {
    expect([COOKIES.attributionSource.name, COOKIES.attributionMedium.name, COOKIES.attributionCampaign.name]).toEqual(['__source', '__medium', '__campaign']);
    for (const cookie of [COOKIES.attributionSource, COOKIES.attributionMedium, COOKIES.attributionCampaign]) {
      expect(cookie.options.maxAgeSeconds).toBe(720 * 60);
    }
  });

  it('keeps free days 1440 minutes per day granted', () => {
    expect(COOKIES.freeDays.name).toBe('nubo_free_days');
    expect(COOKIES.freeDays.options(1).maxAgeSeconds).toBe(1440 * 60);
    expect(COOKIES.freeDays.options(7).maxAgeSeconds).toBe(7 * 1440 * 60);
  });

  it('allows access for 600 seconds', () => {
    expect(COOKIES.accessAllowed).toMatchObject({ name: 'nubo_access_allowed', options: { maxAgeSeconds: 600 } });
  });

  it('names share passcode cookies by base name plus share id, 43200 s, lax, secure', () => {
    expect(COOKIES.sharePasscodeToken.name('abc')).toBe('nubo_share_passcode_token_abc');
    expect(COOKIES.sharePasswordCode.name('abc')).toBe('nubo_share_pwd_code_abc');
    for (const cookie of [COOKIES.sharePasscodeToken, COOKIES.sharePasswordCode]) {
      expect(cookie.options).toMatchObject({ maxAgeSeconds: 43_200, sameSite: 'lax', secure: true });
    }
  });

  it('gives every fixed cookie a name that serializes', () => {
    for (const cookie of [COOKIES.userId, COOKIES.locale, COOKIES.attributionSource, COOKIES.accessAllowed]) {
      expect(() => serializeCookie(cookie.name, 'v', cookie.options)).not.toThrow();
    }
  });
});

describe('free days and access', () => {
  it('marks access as allowed for 600 s and reads the mark', () => {
    const jar = memoryCookieJar();
    expect(isAccessAllowed(jar)).toBe(false);
    markAccessAllowed(jar);
    expect(isAccessAllowed(jar)).toBe(true);
    expect(jar.setCookieHeaders()[0]).toContain('Max-Age=600');
    expect(isAccessAllowed(memoryCookieJar('nubo_access_allowed=yes'))).toBe(false);
  });
});

describe('share passcode cookies', () => {
  const token = (id: string) => COOKIES.sharePasscodeToken.name(id);
  const code = (id: string) => COOKIES.sharePasswordCode.name(id);

  it("keeps only the latest 3 shares' passcode tokens", () => {
    const jar = memoryCookieJar();
    for (const id of ['s1', 's2', 's3', 's4']) rememberSharePasscodeToken(jar, id, `t-${id}`);
    expect(names(jar)).toEqual([token('s2'), token('s3'), token('s4')]);
    expect(SHARES_KEEPING_PASSCODES).toBe(3);
  });

  it('keeps a share that was read recently, pruning the one read least recently instead', () => {
    const jar = memoryCookieJar();
    for (const id of ['s1', 's2', 's3']) rememberSharePasscodeToken(jar, id, `t-${id}`);
    expect(readSharePasscodeToken(jar, 's1')).toBe('t-s1');
    rememberSharePasscodeToken(jar, 's4', 't-s4');
    expect(names(jar)).toEqual([token('s3'), token('s1'), token('s4')]);
  });

  it('ranks a share by its newest cookie, not its oldest', () => {
    const jar = memoryCookieJar([
      [code('s1'), 'p1'],
      [token('s2'), 't2'],
      [token('s3'), 't3'],
      [token('s1'), 't1'],
    ]);
    rememberSharePasscodeToken(jar, 's4', 't4');
    expect(names(jar)).toEqual([code('s1'), token('s3'), token('s1'), token('s4')]);
  });

  it('prunes on a read that finds nothing without creating a cookie', () => {
    const jar = memoryCookieJar(['s1', 's2', 's3', 's4'].map((id) => [token(id), `t-${id}`] as const));
    expect(readSharePasscodeToken(jar, 'new')).toBeUndefined();
    expect(names(jar)).toEqual([token('s2'), token('s3'), token('s4')]);
  });

  it('never touches other cookies, nor a cookie named only by the base name', () => {
    const jar = memoryCookieJar('nubo_locale=ja; nubo_share_passcode_token_=odd; __source=x');
    for (const id of ['s1', 's2', 's3', 's4', 's5']) rememberSharePasscodeToken(jar, id, 't');
    expect(names(jar)).toEqual(['nubo_locale', 'nubo_share_passcode_token_', '__source', token('s3'), token('s4'), token('s5')]);
  });

  it('writes share cookies with their catalogue options and removes them the same way', () => {
    const jar = memoryCookieJar();
    for (const id of ['s1', 's2', 's3', 's4']) rememberSharePasscodeToken(jar, id, 't');
    const headers = jar.setCookieHeaders();
    expect(headers[0]).toBe('nubo_share_passcode_token_s1=t; Max-Age=43200; Path=/; SameSite=Lax; Secure');
    expect(headers.at(-1)).toBe('nubo_share_passcode_token_s1=; Max-Age=0; Path=/; SameSite=Lax; Secure');
  });

  it('keeps a read share in a real browser, where rewriting a cookie keeps its creation time', () => {
    const jar = documentCookieJar(browserDocument());
    for (const id of ['s1', 's2', 's3']) rememberSharePasscodeToken(jar, id, `t-${id}`);
    readSharePasscodeToken(jar, 's1');
    rememberSharePasscodeToken(jar, 's4', 't-s4');
    expect(readSharePasscodeToken(jar, 's1')).toBe('t-s1');
    expect(readSharePasscodeToken(jar, 's2')).toBeUndefined();
    expect(names(jar)).toEqual([token('s3'), token('s4'), token('s1')]);
  });

  it('refuses an empty share id', () => {
    expect(() => rememberSharePasscodeToken(memoryCookieJar(), '', 't')).toThrow(TypeError);
  });
});
