// The extension's sign-in to Nubo: the authorization code flow with PKCE (S256) and a state,
// through the browser's identity API, whose redirect is the browser's own address for the
// extension; then bearer tokens kept in the extension's storage, renewed by rotation (one renewal
// at a time: a refresh token presented twice ends the session), revoked by signing out.
import { browser } from '@wxt-dev/browser';
import { CLIENT_IDS, CLIENT_SCOPE } from '#shared/accounts/clients.ts';
import { EXTENSION_FROM_SOURCE, isExtensionRedirectUri } from '#shared/accounts/extension-identity.ts';
import { ACCOUNT_PATHS, type SignedIn } from '#shared/api/accounts.ts';
import { type ApiClient, ApiError, createApiClient } from '#shared/api/client.ts';
import { SIGN_IN_PATH } from '#shared/app-paths.ts';
import { extensionLocale } from './i18n.ts';

type StoredSession = { origin: string; accessToken: string; refreshToken: string; expiresAt: number; sub: string };

const SESSION_KEY = 'session';
/** An extension login request gives up after 5 s with an empty result. */
const SIGN_IN_REQUEST_TIMEOUT_MS = 5_000;
/** A token this close to its end is renewed before it is used. */
const RENEW_MARGIN_MS = 30_000;

/** The failure a call meets when nobody is signed in: the API's own, so it is said like every other. */
export function signedOutError(): ApiError {
  return new ApiError(401, { error: 'unauthenticated', error_code: 16, error_description: 'The extension is not signed in to Nubo.' });
}

async function readSession(origin: string): Promise<StoredSession | undefined> {
  const session = (await browser.storage.local.get(SESSION_KEY))[SESSION_KEY] as StoredSession | undefined;
  return session?.origin === origin ? session : undefined;
}

async function keepSession(origin: string, signedIn: SignedIn, now = Date.now()): Promise<StoredSession> {
  if (signedIn.token_type !== 'Bearer')
    throw new ApiError(0, { error: 'internal', error_code: 13, error_description: 'Nubo answered with a browser session.' });
  const session = {
    origin,
    accessToken: signedIn.access_token,
    refreshToken: signedIn.refresh_token,
    expiresAt: now + signedIn.expires_in * 1000,
    sub: signedIn.sub,
  };
  await browser.storage.local.set({ [SESSION_KEY]: session });
  return session;
}

export async function forgetSession(): Promise<void> {
  await browser.storage.local.remove(SESSION_KEY);
}

export async function isSignedIn(origin: string): Promise<boolean> {
  return (await readSession(origin)) !== undefined;
}

/** An API client for the server; never sends the browser's cookies for it (the extension has its own session). */
function clientFor(origin: string, session?: StoredSession, timeoutMs?: number): ApiClient {
  return createApiClient({
    baseUrl: origin,
    locale: extensionLocale,
    headers: (): Record<string, string> => (session ? { Authorization: `Bearer ${session.accessToken}` } : {}),
    fetch: (input, init) => fetch(input, { ...init, credentials: 'omit', ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}) }),
  });
}

function randomText(bytes: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The sign-in page's address for this extension's request, as the browser's identity flow opens it. */
export function signInUrl(origin: string, request: { redirectUri: string; state: string; codeChallenge: string }): string {
  const url = new URL(SIGN_IN_PATH, origin);
  url.search = new URLSearchParams({
    from_source: EXTENSION_FROM_SOURCE,
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    scope: CLIENT_SCOPE,
  }).toString();
  return url.href;
}

/** Why a sign-in did not end signed in, when it is not one of the API's named errors. */
export class SignInError extends Error {
  readonly reason: 'cancelled' | 'unregistered' | 'state_mismatch';
  constructor(reason: SignInError['reason'], message: string) {
    super(message);
    this.name = 'SignInError';
    this.reason = reason;
  }
}

/** Signs in through the browser's identity flow; started by the background, which outlives the popup. */
export async function signIn(origin: string): Promise<void> {
  const redirectUri = browser.identity.getRedirectURL();
  // A build whose id is not the pinned one would be refused by the server: say so before opening a page.
  if (!isExtensionRedirectUri(redirectUri)) throw new SignInError('unregistered', `This build's redirect address ${redirectUri} is not registered with Nubo.`);
  const verifier = randomText(32);
  const codeChallenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  const state = randomText(16);
  let responseUrl: string | undefined;
  try {
    responseUrl = await browser.identity.launchWebAuthFlow({ url: signInUrl(origin, { redirectUri, state, codeChallenge }), interactive: true });
  } catch (failure) {
    throw new SignInError('cancelled', failure instanceof Error ? failure.message : String(failure));
  }
  const answer = URL.parse(responseUrl ?? '');
  const code = answer?.searchParams.get('code');
  if (!answer || answer.searchParams.get('state') !== state || !code) throw new SignInError('state_mismatch', 'The sign-in answered for another request.');
  const signedIn = await clientFor(origin, undefined, SIGN_IN_REQUEST_TIMEOUT_MS).post<SignedIn>(ACCOUNT_PATHS.token, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: CLIENT_IDS.extension,
    redirect_uri: redirectUri,
  });
  await keepSession(origin, signedIn);
}

let renewing: Promise<StoredSession> | undefined;

/** Renews the tokens once, whoever asks meanwhile; a refused renewal signs the extension out. */
function renew(session: StoredSession): Promise<StoredSession> {
  renewing ??= (async () => {
    try {
      const signedIn = await clientFor(session.origin).post<SignedIn>(ACCOUNT_PATHS.token, {
        grant_type: 'refresh_token',
        client_id: CLIENT_IDS.extension,
        refresh_token: session.refreshToken,
      });
      return await keepSession(session.origin, signedIn);
    } catch (failure) {
      if (failure instanceof ApiError && (failure.error === 'invalid_grant' || failure.status === 401)) {
        await forgetSession();
        throw signedOutError();
      }
      throw failure;
    } finally {
      renewing = undefined;
    }
  })();
  return renewing;
}

/** Runs a call as the signed-in person, renewing the tokens when they are about to end or are refused. */
export async function asSignedIn<T>(origin: string, call: (api: ApiClient) => Promise<T>): Promise<T> {
  let session = await readSession(origin);
  if (!session) throw signedOutError();
  if (renewing) session = await renewing;
  else if (session.expiresAt - RENEW_MARGIN_MS < Date.now()) session = await renew(session);
  try {
    return await call(clientFor(origin, session));
  } catch (failure) {
    if (!(failure instanceof ApiError && failure.status === 401)) throw failure;
    return call(clientFor(origin, await renew(session)));
  }
}

/** Signs out: the server ends the session (its tokens stop working), and the extension forgets it. */
export async function signOut(origin: string): Promise<void> {
  const session = await readSession(origin);
  if (!session) return;
  try {
    await clientFor(origin, session).post(ACCOUNT_PATHS.revoke, {});
  } catch (failure) {
    // An access token that ran out is renewed to be revoked; an unreachable server keeps the session until it answers.
    if (!(failure instanceof ApiError && failure.status === 401)) throw failure;
    const renewed = await renew(session).catch(() => undefined);
    if (renewed) await clientFor(origin, renewed).post(ACCOUNT_PATHS.revoke, {});
  }
  await forgetSession();
}
