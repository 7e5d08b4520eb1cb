// How a browser holds its session: httpOnly token cookies no script can read, plus the readable
// user id cookie (SPEC §9). Written and cleared only here.
import type { FastifyReply } from 'fastify';
import { COOKIES, type CookieOptions, serializeCookie } from '#shared/cookies.ts';
import type { IssuedTokens } from './tokens.ts';

export function setSessionCookies(reply: FastifyReply, tokens: IssuedTokens, secure: boolean) {
  const at = Date.now();
  reply.header('Set-Cookie', [
    serializeCookie(COOKIES.accessToken.name, tokens.accessToken, withSecure(COOKIES.accessToken.options, secure, tokens.accessExpiresAt - at)),
    serializeCookie(COOKIES.refreshToken.name, tokens.refreshToken, withSecure(COOKIES.refreshToken.options, secure, tokens.refreshExpiresAt - at)),
    serializeCookie(COOKIES.userId.name, tokens.userId, withSecure(COOKIES.userId.options, secure)),
  ]);
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  reply.header(
    'Set-Cookie',
    [COOKIES.accessToken, COOKIES.refreshToken, COOKIES.userId].map((cookie) =>
      serializeCookie(cookie.name, '', { ...withSecure(cookie.options, secure), maxAgeSeconds: 0 }),
    ),
  );
}

function withSecure(options: CookieOptions, secure: boolean, lifetimeMs?: number): CookieOptions {
  return { ...options, secure, ...(lifetimeMs !== undefined ? { maxAgeSeconds: Math.max(0, Math.floor(lifetimeMs / 1000)) } : {}) };
}
