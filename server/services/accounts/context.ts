// What the accounts modules share: the repository, the abuse counters and limits, the clock,
// opening a session, and the errors and helpers of signing in.
import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import { CLIENT_IDS, NATIVE_APP_REDIRECT_URI } from '#shared/accounts/clients.ts';
import { isExtensionRedirectUri } from '#shared/accounts/extension-identity.ts';
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales.ts';
import type { CounterStore } from '../../auth/rate-limits.ts';
import type { IssuedTokens } from '../../auth/tokens.ts';
import { SIGN_UPS_PER_ADDRESS } from '../../config.ts';
import type { accountsRepository, UserRow } from '../../db/repositories/accounts.ts';
import { ServiceError, tooManyRequests } from '../../errors.ts';
import { hashSecret, newId, newSecret } from '../../ids.ts';

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
export const AUTH_CODE_TTL_MS = 60_000;
/** last_seen_at is written at most this often per session, not on every request. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

export type AccountLimits = {
  signInPerIp: { max: number; windowMs: number };
  signInFailuresPerAccount: { captchaAt: number; max: number; windowMs: number };
  signInFailuresPerIp: { captchaAt: number; windowMs: number };
  signUpPerIp: { max: number; windowMs: number };
  tokenPerIp: { max: number; windowMs: number };
  passwordFailuresPerUser: { max: number; windowMs: number };
  proofOfWork: { difficulty: number; ttlMs: number };
  challengesPerIp: { max: number; windowMs: number };
  /** Device sign-in codes asked for from one address. */
  deviceCodesPerIp: { max: number; windowMs: number };
  /** User codes typed on the verification page (each look and each decision), per person and per address. */
  userCodeTriesPerUser: { max: number; windowMs: number };
  userCodeTriesPerIp: { max: number; windowMs: number };
};

/** Abuse limits: per address and per account, with a proof-of-work step before the wall. */
export const DEFAULT_LIMITS: AccountLimits = {
  signInPerIp: { max: 30, windowMs: 10 * 60_000 },
  signInFailuresPerAccount: { captchaAt: 5, max: 20, windowMs: 15 * 60_000 },
  signInFailuresPerIp: { captchaAt: 10, windowMs: 15 * 60_000 },
  signUpPerIp: { max: SIGN_UPS_PER_ADDRESS, windowMs: 60 * 60_000 },
  tokenPerIp: { max: 60, windowMs: 60_000 },
  passwordFailuresPerUser: { max: 5, windowMs: 15 * 60_000 },
  proofOfWork: { difficulty: 14, ttlMs: 5 * 60_000 },
  challengesPerIp: { max: 30, windowMs: 60_000 },
  deviceCodesPerIp: { max: 30, windowMs: 10 * 60_000 },
  userCodeTriesPerUser: { max: 20, windowMs: 15 * 60_000 },
  userCodeTriesPerIp: { max: 40, windowMs: 15 * 60_000 },
};

/** The clients that may ask for authorization codes, and where each may receive them. */
export const CODE_CLIENTS: Record<string, (redirectUri: string) => boolean> = {
  [CLIENT_IDS.desktop]: (uri) => /^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}\/windows\/client-auth-code$/.test(uri),
  // The browser's own address for the extension's sign-in, which it catches and never loads.
  [CLIENT_IDS.extension]: isExtensionRedirectUri,
  // The web app in the native app's webview, signed in from the app's own session.
  [CLIENT_IDS.web]: (uri) => uri === NATIVE_APP_REDIRECT_URI,
};

/** Where a request comes from: its address, its browser, and the language its person uses (for their e-mails). */
export type RequestOrigin = { ip: string; userAgent: string | undefined; locale?: Locale };

/** What the accounts service tells when it happens, for e-mails about the account. */
export type AccountNotices = {
  signedUp(user: UserRow, locale: Locale): void;
  signedInFromNewDevice(notice: { user: UserRow; device: string; ip: string; at: number; locale: Locale }): void;
};

export type AccountsContext = {
  repo: ReturnType<typeof accountsRepository>;
  counters: CounterStore;
  limits: AccountLimits;
  notices: AccountNotices | undefined;
  now: () => number;
};

/** The language of the e-mails a request leads to. */
export const localeOf = (origin: RequestOrigin): Locale => origin.locale ?? DEFAULT_LOCALE;

/** Counts one attempt against a limit; past it, too_many_requests. */
export async function limit({ counters }: AccountsContext, key: string, rule: { max: number; windowMs: number }) {
  const { count, resetInMs } = await counters.increment(key, rule.windowMs);
  if (count > rule.max) throw tooManyRequests(resetInMs);
}

/** A new session for the user on this client, with its first access and refresh tokens. */
export async function openSession({ repo, now }: AccountsContext, user: UserRow, clientId: string, origin: RequestOrigin): Promise<IssuedTokens> {
  const at = now();
  const sessionId = newId();
  const access = newSecret();
  const refresh = newSecret();
  const tokens: IssuedTokens = {
    userId: user.id,
    sessionId,
    clientId,
    accessToken: `${sessionId}.${access}`,
    accessExpiresAt: at + ACCESS_TOKEN_TTL_MS,
    refreshToken: `${sessionId}.${refresh}`,
    refreshExpiresAt: at + REFRESH_TOKEN_TTL_MS,
  };
  await repo.insertSession({
    id: sessionId,
    user_id: user.id,
    client_id: clientId,
    device: describeDevice(origin.userAgent),
    ip: origin.ip,
    access_hash: hashSecret(access),
    access_expires_at: tokens.accessExpiresAt,
    refresh_hash: hashSecret(refresh),
    refresh_expires_at: tokens.refreshExpiresAt,
    created_at: at,
    last_seen_at: at,
  });
  return tokens;
}

export const PASSWORD_PROBLEM_TEXT = {
  too_short: 'Use at least 8 characters.',
  too_long: 'Use at most 256 characters.',
  common: 'This password is too common: it appears in lists that attackers try first. Choose another.',
  personal: 'Do not build the password from your name or e-mail address.',
} as const;

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function splitToken(token: string): [string | undefined, string | undefined] {
  const dot = token.indexOf('.');
  if (dot <= 0) return [undefined, undefined];
  return [token.slice(0, dot), token.slice(dot + 1)];
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Counter keys must not hold addresses in the clear (Redis may be shared). */
export function hashForKey(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

export function invalidGrant() {
  return new ServiceError('invalid_grant', 'The sign-in has expired or is not valid. Please sign in again.');
}

/** "Chrome 156 on Linux"; '' when nothing is known, for the app to say so in the user's language. */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const parsed = Bowser.parse(userAgent.slice(0, 500));
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = parsed.os.name ?? '';
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || userAgent.slice(0, 60);
}
