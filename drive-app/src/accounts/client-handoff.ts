// Signing in the desktop client and the browser extension through the web page (SPEC §2.6, §7.5,
// §7.6): the page asks for a one-time authorization code for that client, then hands the code
// over — to the desktop client's loopback port, or, for the extension, by going to the browser's
// own address for it (its identity API's redirect), which the browser catches and never loads.

import { CLIENT_IDS, CLIENT_SCOPE, desktopRedirectUri, parseDesktopPort } from '#shared/accounts/clients.ts';
import { EXTENSION_FROM_SOURCE, isExtensionRedirectUri } from '#shared/accounts/extension-identity.ts';
import { HandoffError } from '#shared/accounts/handoff-error.ts';
import { ACCOUNT_PATHS, type AuthorizeAnswer, type AuthorizeBody } from '#shared/api/accounts.ts';
import { type ApiClient, ApiError } from '#shared/api/client.ts';

/** The `from_source` entry values (SPEC §2.6). */
export const FROM_SOURCES = { desktop: 'pc_client', extension: EXTENSION_FROM_SOURCE } as const;

export type HandoffClient = keyof typeof FROM_SOURCES;

export type ClientHandoff =
  | { client: 'desktop'; port: number; state: string; codeChallenge: string }
  | { client: 'extension'; redirectUri: string; state: string; codeChallenge: string };

/** A hand-off the page cannot start: the client sent it an incomplete request. */
export type BrokenHandoff = { client: HandoffClient; broken: 'port' | 'code_challenge' | 'redirect_uri' | 'state' };

/** The PKCE challenge is the base64url SHA-256 of the client's verifier: always 43 characters. */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The other client this sign-in is for, from the entry query; undefined for a sign-in to the web app. */
export function clientHandoffFrom(query: URLSearchParams): ClientHandoff | BrokenHandoff | undefined {
  const source = query.get('from_source');
  const client = source === FROM_SOURCES.desktop ? 'desktop' : source === FROM_SOURCES.extension ? 'extension' : undefined;
  if (!client) return undefined;
  const codeChallenge = query.get('code_challenge') ?? '';
  if (!CODE_CHALLENGE.test(codeChallenge)) return { client, broken: 'code_challenge' };
  const state = query.get('state') ?? '';
  if (client === 'extension') {
    // The code goes only to the browser's own address for the extension, which no page can be.
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!isExtensionRedirectUri(redirectUri)) return { client, broken: 'redirect_uri' };
    // Without a state the extension could not tell its own sign-in from one forced on it.
    if (!state) return { client, broken: 'state' };
    return { client, redirectUri, state, codeChallenge };
  }
  const port = parseDesktopPort(query.get('port'));
  return port === undefined ? { client, broken: 'port' } : { client, port, state, codeChallenge };
}

export function isBrokenHandoff(handoff: ClientHandoff | BrokenHandoff): handoff is BrokenHandoff {
  return 'broken' in handoff;
}

export function authorizeBodyFor(handoff: ClientHandoff): AuthorizeBody {
  const client =
    handoff.client === 'desktop'
      ? { client_id: CLIENT_IDS.desktop, redirect_uri: desktopRedirectUri(handoff.port) }
      : { client_id: CLIENT_IDS.extension, redirect_uri: handoff.redirectUri };
  return {
    ...client,
    scope: CLIENT_SCOPE,
    response_type: 'code',
    state: handoff.state,
    code_challenge: handoff.codeChallenge,
    code_challenge_method: 'S256',
  };
}

/** How long the desktop client may take to answer on its loopback port. */
export const DESKTOP_ANSWER_TIMEOUT_MS = 10_000;

/** Posts the code to the desktop client, which confirms by echoing it in X-Auth-Code. */
export async function deliverToDesktop(port: number, answer: AuthorizeAnswer, fetchImpl: typeof fetch = fetch): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl(desktopRedirectUri(port), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: answer.code, state: answer.state }),
      signal: AbortSignal.timeout(DESKTOP_ANSWER_TIMEOUT_MS),
    });
  } catch (failure) {
    throw new HandoffError('desktop_unreachable', `the desktop client on port ${port} did not answer: ${String(failure)}`);
  }
  const echoed = response.headers.get('X-Auth-Code');
  if (!response.ok || echoed !== answer.code) {
    throw new HandoffError(
      'desktop_refused',
      `the desktop client answered HTTP ${response.status} ${echoed === null ? 'without' : 'with another'} X-Auth-Code`,
    );
  }
}

export type HandoffDependencies = { api: ApiClient; fetch?: typeof fetch };

/**
 * Asks for a code for the client and hands it over; answers the address the page goes to next (the
 * extension's redirect, carrying the code and state, which the browser catches and never loads;
 * for the desktop client, the page that says it may be closed). Throws an ApiError or a HandoffError.
 */
export async function handOffSignIn(handoff: ClientHandoff, deps: HandoffDependencies): Promise<string> {
  let answer: AuthorizeAnswer;
  try {
    answer = await deps.api.post<AuthorizeAnswer>(ACCOUNT_PATHS.authorize, authorizeBodyFor(handoff));
  } catch (failure) {
    // The client's own request was refused (its redirect address, its challenge): only it can start again.
    if (failure instanceof ApiError && failure.error === 'invalid_request') throw new HandoffError('request_refused', failure.message);
    throw failure;
  }
  if (handoff.client === 'extension') return extensionRedirect(handoff.redirectUri, answer);
  await deliverToDesktop(handoff.port, answer, deps.fetch);
  return AUTH_SUCCESS_PATH;
}

/** The extension's redirect address with the code and the state it sent (RFC 6749 §4.1.2). */
export function extensionRedirect(redirectUri: string, answer: AuthorizeAnswer): string {
  const url = new URL(redirectUri);
  url.searchParams.set('code', answer.code);
  url.searchParams.set('state', answer.state);
  return url.href;
}

/** The site page that tells the user they can close the window (SPEC §2.2). */
export const AUTH_SUCCESS_PATH = '/auth-success';
