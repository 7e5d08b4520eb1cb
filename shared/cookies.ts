// Nubo's cookies (SPEC §3.3, §9): how one is written and read, the jars that hold them in the
// browser and on the server, the catalogue of every cookie the product sets, and the rules of
// the ones with rules (access, share passcodes).
import { FREE_DAY_COOKIE_MINUTES } from './premium.ts';

export type CookieOptions = {
  maxAgeSeconds?: number;
  sameSite?: 'strict' | 'lax' | 'none';
  secure?: boolean;
  httpOnly?: boolean;
  path?: string;
  domain?: string;
};

/** What the generic cookie helper writes unless told otherwise (SPEC §3.3). */
export const DEFAULT_COOKIE_OPTIONS = { sameSite: 'strict', secure: true, path: '/' } as const satisfies CookieOptions;

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a cookie attribute may hold no control character
const ATTRIBUTE_VALUE = /^[^;\x00-\x1f\x7f]+$/;
const SAME_SITE_SPELLING = { strict: 'Strict', lax: 'Lax', none: 'None' } as const;

/** One Set-Cookie (or document.cookie) line; options fall back to DEFAULT_COOKIE_OPTIONS field by field. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`not a valid cookie name: ${JSON.stringify(name)}`);
  const sameSite = options.sameSite ?? DEFAULT_COOKIE_OPTIONS.sameSite;
  const secure = options.secure ?? DEFAULT_COOKIE_OPTIONS.secure;
  const path = options.path ?? DEFAULT_COOKIE_OPTIONS.path;
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAgeSeconds !== undefined) {
    if (!Number.isFinite(options.maxAgeSeconds)) throw new TypeError(`not a finite Max-Age: ${options.maxAgeSeconds}`);
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  }
  parts.push(`Path=${attributeValue('Path', path)}`);
  if (options.domain !== undefined) parts.push(`Domain=${attributeValue('Domain', options.domain)}`);
  parts.push(`SameSite=${SAME_SITE_SPELLING[sameSite]}`);
  if (secure) parts.push('Secure');
  if (options.httpOnly) parts.push('HttpOnly');
  return parts.join('; ');
}

function attributeValue(attribute: string, value: string): string {
  if (!ATTRIBUTE_VALUE.test(value)) throw new TypeError(`not a valid cookie ${attribute}: ${JSON.stringify(value)}`);
  return value;
}

/** A Cookie header (or document.cookie) as name → decoded value, in the order sent. */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0) continue;
    const name = pair.slice(0, equals).trim();
    // Browsers send the cookie of the most specific path first; that one is meant.
    if (name === '' || cookies.has(name)) continue;
    cookies.set(name, decodeCookieValue(pair.slice(equals + 1).trim()));
  }
  return cookies;
}

function decodeCookieValue(raw: string): string {
  const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}

export interface CookieJar {
  /** Every cookie, oldest first. */
  list(): Array<{ name: string; value: string }>;
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieOptions): void;
  /** Pass the path and domain the cookie was set with, or it is not the same cookie. */
  remove(name: string, options?: CookieOptions): void;
}

/** The browser's cookies, through document.cookie (which lists same-path cookies by creation time). */
export function documentCookieJar(doc: { cookie: string } = globalThis.document): CookieJar {
  return {
    list: () => [...parseCookieHeader(doc.cookie)].map(([name, value]) => ({ name, value })),
    get: (name) => parseCookieHeader(doc.cookie).get(name),
    // A script may not write HttpOnly: browsers drop such a cookie whole rather than the flag.
    set: (name, value, options = {}) => {
      doc.cookie = serializeCookie(name, value, { ...options, httpOnly: false });
    },
    remove: (name, options = {}) => {
      doc.cookie = serializeCookie(name, '', { ...options, httpOnly: false, maxAgeSeconds: 0 });
    },
  };
}

export type MemoryCookieJar = CookieJar & {
  /** Every set and remove so far as Set-Cookie lines, in order: what a server answers with. */
  setCookieHeaders(): string[];
};

/**
 * Cookies held in memory: a request's cookies on the server, or a browser's in tests. Setting a
 * name again moves it to the newest place; a Max-Age of 0 or less deletes it. `writing` overrides
 * what every cookie is written with (the server's Secure flag follows its configuration).
 */
export function memoryCookieJar(initial?: string | Iterable<readonly [string, string]>, writing: Pick<CookieOptions, 'secure'> = {}): MemoryCookieJar {
  const cookies = new Map<string, string>(typeof initial === 'string' ? parseCookieHeader(initial) : initial);
  const written: string[] = [];
  return {
    list: () => [...cookies].map(([name, value]) => ({ name, value })),
    get: (name) => cookies.get(name),
    set: (name, value, options = {}) => {
      written.push(serializeCookie(name, value, { ...options, ...writing }));
      cookies.delete(name);
      if (options.maxAgeSeconds === undefined || options.maxAgeSeconds > 0) cookies.set(name, value);
    },
    remove: (name, options = {}) => {
      written.push(serializeCookie(name, '', { ...options, ...writing, maxAgeSeconds: 0 }));
      cookies.delete(name);
    },
    setCookieHeaders: () => [...written],
  };
}

const MINUTE_SECONDS = 60;
const DAY_SECONDS = 86_400;

const ATTRIBUTION_OPTIONS = { ...DEFAULT_COOKIE_OPTIONS, maxAgeSeconds: 720 * MINUTE_SECONDS } as const;
const SHARE_PASSCODE_OPTIONS = { ...DEFAULT_COOKIE_OPTIONS, sameSite: 'lax', maxAgeSeconds: 720 * MINUTE_SECONDS } as const;
const SHARE_PASSCODE_TOKEN_BASE_NAME = 'nubo_share_passcode_token_';
const SHARE_PASSWORD_CODE_BASE_NAME = 'nubo_share_pwd_code_';

/** Every cookie Nubo sets, with the options it is always written (and removed) with. */
export const COOKIES = {
  userId: { name: 'nubo_user_id', options: { ...DEFAULT_COOKIE_OPTIONS, sameSite: 'lax', maxAgeSeconds: 365 * DAY_SECONDS } },
  // Lax, so the chosen language reaches the server when a visitor arrives from another site's link.
  locale: { name: 'nubo_locale', options: { ...DEFAULT_COOKIE_OPTIONS, sameSite: 'lax', maxAgeSeconds: 365 * DAY_SECONDS } },
  attributionSource: { name: '__source', options: ATTRIBUTION_OPTIONS },
  attributionMedium: { name: '__medium', options: ATTRIBUTION_OPTIONS },
  attributionCampaign: { name: '__campaign', options: ATTRIBUTION_OPTIONS },
  freeDays: {
    name: 'nubo_free_days',
    options: (days: number) => ({ ...DEFAULT_COOKIE_OPTIONS, maxAgeSeconds: FREE_DAY_COOKIE_MINUTES * MINUTE_SECONDS * days }),
  },
  // The browser's sign-in tokens: httpOnly, so no page script can read them.
  accessToken: { name: 'nubo_access', options: { ...DEFAULT_COOKIE_OPTIONS, sameSite: 'lax', httpOnly: true, maxAgeSeconds: 15 * MINUTE_SECONDS } },
  // Sent only to the token endpoints, never to cross-site requests.
  refreshToken: { name: 'nubo_refresh', options: { ...DEFAULT_COOKIE_OPTIONS, httpOnly: true, path: '/v1/auth', maxAgeSeconds: 30 * DAY_SECONDS } },
  accessAllowed: { name: 'nubo_access_allowed', options: { ...DEFAULT_COOKIE_OPTIONS, maxAgeSeconds: 600 } },
  sharePasscodeToken: {
    baseName: SHARE_PASSCODE_TOKEN_BASE_NAME,
    name: (shareId: string) => `${SHARE_PASSCODE_TOKEN_BASE_NAME}${shareId}`,
    options: SHARE_PASSCODE_OPTIONS,
  },
  sharePasswordCode: {
    baseName: SHARE_PASSWORD_CODE_BASE_NAME,
    name: (shareId: string) => `${SHARE_PASSWORD_CODE_BASE_NAME}${shareId}`,
    options: SHARE_PASSCODE_OPTIONS,
  },
} as const;

const ACCESS_ALLOWED = '1';

/** The IP check passed: skip it for the next 10 minutes. */
export function markAccessAllowed(jar: CookieJar): void {
  jar.set(COOKIES.accessAllowed.name, ACCESS_ALLOWED, COOKIES.accessAllowed.options);
}

export function isAccessAllowed(jar: CookieJar): boolean {
  return jar.get(COOKIES.accessAllowed.name) === ACCESS_ALLOWED;
}

/** How many shares keep their passcode token and password code at once (SPEC §9). */
export const SHARES_KEEPING_PASSCODES = 3;

type SharePasscodeCookie = typeof COOKIES.sharePasscodeToken | typeof COOKIES.sharePasswordCode;
const SHARE_PASSCODE_COOKIES: readonly SharePasscodeCookie[] = [COOKIES.sharePasscodeToken, COOKIES.sharePasswordCode];

export function rememberSharePasscodeToken(jar: CookieJar, shareId: string, token: string): void {
  touchShare(jar, shareId, { cookie: COOKIES.sharePasscodeToken, value: token });
}

export function readSharePasscodeToken(jar: CookieJar, shareId: string): string | undefined {
  touchShare(jar, shareId);
  return jar.get(COOKIES.sharePasscodeToken.name(shareId));
}

/**
 * Makes the share the newest holder of passcode cookies (writing `write` if given), then removes
 * both cookies of every share older than the latest SHARES_KEEPING_PASSCODES.
 */
function touchShare(jar: CookieJar, shareId: string, write?: { cookie: SharePasscodeCookie; value: string }): void {
  if (shareId === '') throw new TypeError('a share id is required');
  for (const cookie of SHARE_PASSCODE_COOKIES) {
    const name = cookie.name(shareId);
    const held = jar.get(name);
    const value = write?.cookie === cookie ? write.value : held;
    if (value === undefined) continue;
    // Browsers keep a rewritten cookie's creation time, so only remove-then-set makes it the newest.
    if (held !== undefined) jar.remove(name, cookie.options);
    jar.set(name, value, cookie.options);
  }
  const shares = sharePasscodeCookiesByAge(jar);
  const stale = [...shares.keys()].slice(0, Math.max(0, shares.size - SHARES_KEEPING_PASSCODES));
  for (const staleShareId of stale) {
    for (const { name, cookie } of shares.get(staleShareId) ?? []) jar.remove(name, cookie.options);
  }
}

/** Share id → its passcode cookies, oldest share first, a share placed by its newest cookie. */
function sharePasscodeCookiesByAge(jar: CookieJar): Map<string, Array<{ name: string; cookie: SharePasscodeCookie }>> {
  const shares = new Map<string, Array<{ name: string; cookie: SharePasscodeCookie }>>();
  for (const { name } of jar.list()) {
    const cookie = SHARE_PASSCODE_COOKIES.find((candidate) => name.startsWith(candidate.baseName) && name.length > candidate.baseName.length);
    if (!cookie) continue;
    const shareId = name.slice(cookie.baseName.length);
    const held = shares.get(shareId) ?? [];
    shares.delete(shareId);
    shares.set(shareId, [...held, { name, cookie }]);
  }
  return shares;
}
