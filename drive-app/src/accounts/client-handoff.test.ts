// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_SCOPE, desktopRedirectUri } from '#shared/accounts/clients.ts';
import { CHROMIUM_REDIRECT_URI, FIREFOX_REDIRECT_URI } from '#shared/accounts/extension-identity.ts';
import { type ApiClient, ApiError } from '#shared/api/client.ts';
import { AUTH_SUCCESS_PATH, authorizeBodyFor, clientHandoffFrom, deliverToDesktop, handOffSignIn } from './client-handoff.ts';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const ANSWER = { code: 'code-123', state: 'st' };

describe('clientHandoffFrom', () => {
  it('is undefined for a sign-in to the web app', () => {
    expect(clientHandoffFrom(new URLSearchParams({ redirect: '/drive/account' }))).toBeUndefined();
  });

  it('reads the desktop client with its hexadecimal port', () => {
    const query = new URLSearchParams({ from_source: 'pc_client', port: 'c350', state: 'st', code_challenge: CHALLENGE });
    expect(clientHandoffFrom(query)).toEqual({ client: 'desktop', port: 50000, state: 'st', codeChallenge: CHALLENGE });
  });

  it('reads the extension with its registered redirect address, Chromium’s or Firefox’s', () => {
    for (const redirectUri of [CHROMIUM_REDIRECT_URI, FIREFOX_REDIRECT_URI]) {
      const query = new URLSearchParams({ from_source: 'pp_browser_extension', redirect_uri: redirectUri, state: 'st', code_challenge: CHALLENGE });
      expect(clientHandoffFrom(query)).toEqual({ client: 'extension', redirectUri, state: 'st', codeChallenge: CHALLENGE });
    }
  });

  it('refuses an extension sign-in whose redirect address is not the browser’s own for the extension, or that has no state', () => {
    const extension = (entries: Record<string, string>) =>
      clientHandoffFrom(new URLSearchParams({ from_source: 'pp_browser_extension', code_challenge: CHALLENGE, state: 'st', ...entries }));
    for (const redirectUri of ['https://evil.example/', 'nubo-extension://auth', `${CHROMIUM_REDIRECT_URI}steal`, 'javascript:alert(1)', ''])
      expect(extension({ redirect_uri: redirectUri }), redirectUri).toEqual({ client: 'extension', broken: 'redirect_uri' });
    expect(extension({ redirect_uri: CHROMIUM_REDIRECT_URI, state: '' })).toEqual({ client: 'extension', broken: 'state' });
  });

  it('names what is missing from an incomplete request', () => {
    expect(clientHandoffFrom(new URLSearchParams({ from_source: 'pc_client', port: 'zz', code_challenge: CHALLENGE }))).toEqual({
      client: 'desktop',
      broken: 'port',
    });
    expect(clientHandoffFrom(new URLSearchParams({ from_source: 'pp_browser_extension', code_challenge: 'short' }))).toEqual({
      client: 'extension',
      broken: 'code_challenge',
    });
  });
});

describe('authorizeBodyFor', () => {
  it('asks a code for the desktop client, sent back to its loopback port', () => {
    expect(authorizeBodyFor({ client: 'desktop', port: 50000, state: 'st', codeChallenge: CHALLENGE })).toEqual({
      client_id: 'nubo-desktop',
      redirect_uri: desktopRedirectUri(50000),
      scope: CLIENT_SCOPE,
      response_type: 'code',
      state: 'st',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
    });
  });

  it('asks a code for the extension with the redirect address it came with', () => {
    expect(authorizeBodyFor({ client: 'extension', redirectUri: FIREFOX_REDIRECT_URI, state: 'st', codeChallenge: CHALLENGE })).toMatchObject({
      client_id: 'nubo-extension',
      redirect_uri: FIREFOX_REDIRECT_URI,
      code_challenge_method: 'S256',
    });
  });
});

describe('deliverToDesktop', () => {
  it('posts the code and state to the loopback port and accepts the echoed X-Auth-Code', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204, headers: { 'X-Auth-Code': ANSWER.code } }));
    await deliverToDesktop(50000, ANSWER, fetch);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:50000/windows/client-auth-code');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(ANSWER);
  });

  it('fails as refused when the desktop client does not echo the code', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200, headers: { 'X-Auth-Code': 'other' } }));
    await expect(deliverToDesktop(50000, ANSWER, fetch)).rejects.toMatchObject({ name: 'HandoffError', reason: 'desktop_refused' });
  });

  it('fails as unreachable when nothing listens on the port', async () => {
    const fetch = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(deliverToDesktop(50000, ANSWER, fetch)).rejects.toMatchObject({ reason: 'desktop_unreachable' });
  });
});

describe('handOffSignIn', () => {
  const api = (answer = ANSWER) => ({ post: vi.fn(async () => answer) }) as unknown as ApiClient & { post: ReturnType<typeof vi.fn> };

  it('asks for a code and answers the extension’s redirect address carrying the code and the state', async () => {
    const client = api({ code: 'c/1+2', state: 's&t' });
    const next = await handOffSignIn({ client: 'extension', redirectUri: CHROMIUM_REDIRECT_URI, state: 's&t', codeChallenge: CHALLENGE }, { api: client });
    expect(client.post).toHaveBeenCalledWith(
      '/v1/auth/authorize',
      expect.objectContaining({ client_id: 'nubo-extension', redirect_uri: CHROMIUM_REDIRECT_URI }),
    );
    const url = new URL(next);
    expect(`${url.origin}/`).toBe(CHROMIUM_REDIRECT_URI);
    expect(Object.fromEntries(url.searchParams)).toEqual({ code: 'c/1+2', state: 's&t' });
  });

  it('answers the page that may be closed once the desktop client has its code', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204, headers: { 'X-Auth-Code': ANSWER.code } }));
    await expect(handOffSignIn({ client: 'desktop', port: 50000, state: 'st', codeChallenge: CHALLENGE }, { api: api(), fetch })).resolves.toBe(
      AUTH_SUCCESS_PATH,
    );
  });

  it("fails with request_refused when the server refuses the client's request", async () => {
    const refusing = {
      post: vi.fn(async () => {
        throw new ApiError(400, {
          error: 'invalid_request',
          error_code: 3,
          error_description: 'redirect',
          details: [{ field: 'redirect_uri', reason: 'not_allowed' }],
        });
      }),
    } as unknown as ApiClient;
    await expect(handOffSignIn({ client: 'desktop', port: 50000, state: 'st', codeChallenge: CHALLENGE }, { api: refusing })).rejects.toMatchObject({
      reason: 'request_refused',
    });
  });
});
