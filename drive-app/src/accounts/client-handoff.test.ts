// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_SCOPE, desktopRedirectUri, EXTENSION_REDIRECT_URI } from '#shared/accounts/clients.ts';
import { HandoffError } from '#shared/accounts/handoff-error.ts';
import { type ApiClient, ApiError } from '#shared/api/client.ts';
import {
  authorizeBodyFor,
  clientHandoffFrom,
  deliverToDesktop,
  deliverToExtension,
  EXTENSION_ANSWER_TIMEOUT_MS,
  EXTENSION_MESSAGES,
  handOffSignIn,
} from './client-handoff.ts';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const ANSWER = { code: 'code-123', state: 'st' };

afterEach(() => {
  vi.useRealTimers();
});

describe('clientHandoffFrom', () => {
  it('is undefined for a sign-in to the web app', () => {
    expect(clientHandoffFrom(new URLSearchParams({ redirect: '/drive/account' }))).toBeUndefined();
  });

  it('reads the desktop client with its hexadecimal port', () => {
    const query = new URLSearchParams({ from_source: 'pc_client', port: 'c350', state: 'st', code_challenge: CHALLENGE });
    expect(clientHandoffFrom(query)).toEqual({ client: 'desktop', port: 50000, state: 'st', codeChallenge: CHALLENGE });
  });

  it('reads the extension', () => {
    const query = new URLSearchParams({ from_source: 'pp_browser_extension', bridge_auth: '1', state: 'st', code_challenge: CHALLENGE });
    expect(clientHandoffFrom(query)).toEqual({ client: 'extension', state: 'st', codeChallenge: CHALLENGE });
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

  it('asks a code for the extension with its in-page redirect address', () => {
    expect(authorizeBodyFor({ client: 'extension', state: 'st', codeChallenge: CHALLENGE })).toMatchObject({
      client_id: 'nubo-extension',
      redirect_uri: EXTENSION_REDIRECT_URI,
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

/** Stands in for the extension's content script: answers the code with the receipt. */
function fakeExtension() {
  const received: unknown[] = [];
  const listener = (event: MessageEvent) => {
    if (event.data?.type !== EXTENSION_MESSAGES.authCode) return;
    received.push(event.data);
    window.postMessage({ type: EXTENSION_MESSAGES.received }, location.origin);
  };
  window.addEventListener('message', listener);
  return { received, remove: () => window.removeEventListener('message', listener) };
}

describe('deliverToExtension', () => {
  it('hands the code to the extension in the page and resolves with its receipt', async () => {
    const extension = fakeExtension();
    await expect(deliverToExtension(ANSWER)).resolves.toEqual({ type: EXTENSION_MESSAGES.received });
    expect(extension.received).toEqual([{ type: EXTENSION_MESSAGES.authCode, ...ANSWER }]);
    extension.remove();
  });

  it('gives up after 5 s with an empty result when no extension answers', async () => {
    vi.useFakeTimers();
    const result = deliverToExtension(ANSWER);
    await vi.advanceTimersByTimeAsync(EXTENSION_ANSWER_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeUndefined();
  });
});

describe('handOffSignIn', () => {
  const api = (answer = ANSWER) => ({ post: vi.fn(async () => answer) }) as unknown as ApiClient & { post: ReturnType<typeof vi.fn> };

  it('asks for a code and hands it to the extension', async () => {
    const extension = fakeExtension();
    const client = api();
    await handOffSignIn({ client: 'extension', state: 'st', codeChallenge: CHALLENGE }, { api: client });
    expect(client.post).toHaveBeenCalledWith('/v1/auth/authorize', expect.objectContaining({ client_id: 'nubo-extension' }));
    extension.remove();
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

  it('fails with extension_no_answer when the extension stays silent', async () => {
    const failure = handOffSignIn({ client: 'extension', state: 'st', codeChallenge: CHALLENGE }, { api: api(), extensionTimeoutMs: 20 });
    await expect(failure).rejects.toBeInstanceOf(HandoffError);
    await expect(failure).rejects.toMatchObject({ reason: 'extension_no_answer' });
  });
});
