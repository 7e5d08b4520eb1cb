// Who is asking: a bearer token (extension, desktop, other clients) or the browser's httpOnly
// access cookie. Requests that ride on cookies and change state must come from Nubo's own pages.
import type { FastifyRequest } from 'fastify';
import { COOKIES } from '#shared/cookies.ts';
import { ServiceError } from '../errors.ts';
import type { Authenticated } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; undefined on routes that do not ask for a user. */
    auth?: Authenticated;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type Credentials = { token: string; via: 'bearer' | 'cookie' } | undefined;

export function credentialsOf(request: FastifyRequest): Credentials {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice('Bearer '.length).trim(), via: 'bearer' };
  const cookie = request.cookies[COOKIES.accessToken.name];
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

/**
 * Refuses a state-changing browser request from another site (CSRF). Browsers send Origin on
 * such requests, or at least Sec-Fetch-Site; a request with neither does not come from a page.
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string) {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin) {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host && (host === request.headers.host || host === new URL(publicUrl).host)) return;
    throw new ServiceError('permission_denied', 'This request came from another site and was refused.');
  }
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') {
    throw new ServiceError('permission_denied', 'This request came from another site and was refused.');
  }
}

/** Finds who an access token belongs to (the accounts service does). */
export type TokenOwner = { authenticate(accessToken: string): Promise<Authenticated | undefined> };

export function authenticator(accounts: TokenOwner, publicUrl: string) {
  /**
   * Whom the request's credentials name: undefined without any, 'ended' when they open no session
   * any more. A cookie sent by a page of another site is refused (permission_denied).
   */
  async function credentialsOwner(request: FastifyRequest): Promise<Authenticated | 'ended' | undefined> {
    const credentials = credentialsOf(request);
    if (!credentials) return undefined;
    if (credentials.via === 'cookie') assertSameOrigin(request, publicUrl);
    return (await accounts.authenticate(credentials.token)) ?? 'ended';
  }

  /**
   * preValidation hook for routes that need a signed-in user: who asks is checked before what
   * the body says, so a signed-out visitor is told to sign in, not that a field is wrong.
   */
  async function requireUser(request: FastifyRequest) {
    const owner = await credentialsOwner(request);
    if (owner === undefined) throw new ServiceError('unauthenticated', 'Sign in to continue.');
    if (owner === 'ended') throw new ServiceError('unauthenticated', 'Your session has ended. Sign in again.');
    request.auth = owner;
  }

  /** preValidation hook for the operator's routes: a signed-in user with the admin role, no one else. */
  async function requireAdmin(request: FastifyRequest) {
    await requireUser(request);
    const { user } = authOf(request);
    if (user.role !== 'admin' || user.status !== 'ACTIVE') throw new ServiceError('permission_denied', 'Only an administrator may do this.');
  }

  /**
   * preValidation hook for routes anyone may call that note who asked when someone is signed in
   * (a report of a share): no credentials, spent ones or a cookie from another site leave the
   * request anonymous rather than refused.
   */
  async function identifyUser(request: FastifyRequest) {
    try {
      const owner = await credentialsOwner(request);
      if (owner !== undefined && owner !== 'ended') request.auth = owner;
    } catch (failure) {
      if (!(failure instanceof ServiceError)) throw failure;
    }
  }

  return { requireUser, requireAdmin, identifyUser };
}

export type Authenticator = ReturnType<typeof authenticator>;

/** Who asked on a route with identifyUser: the signed-in user, or undefined for an anonymous visitor. */
export function signedInOf(request: FastifyRequest): Authenticated | undefined {
  return request.auth;
}

/** The signed-in user of a route guarded by requireUser. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('authOf() on a route without requireUser');
  return request.auth;
}
