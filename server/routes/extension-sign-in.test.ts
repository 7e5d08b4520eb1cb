// The browser extension's sign-in: codes only for the browser's own addresses for the extension,
// PKCE and a state, then bearer tokens renewed by rotation and revoked by signing out.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_REDIRECT_URI, FIREFOX_REDIRECT_URI } from '#shared/accounts/extension-identity.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

describe.each(ENGINES)('the extension’s sign-in on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  async function signedUp() {
    const browser = new TestBrowser(server.url);
    const answer = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ada' });
    return { browser, sub: answer.body.sub as string };
  }
  const authorize = (browser: TestBrowser, challenge: string, redirect_uri: string) =>
    browser.post('/v1/auth/authorize', {
      client_id: 'nubo-extension',
      scope: 'user pan offline',
      response_type: 'code',
      state: 'st',
      redirect_uri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
  const exchange = (code: string, verifier: string, redirect_uri: string) =>
    new TestBrowser(server.url).post('/v1/auth/token', {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: 'nubo-extension',
      redirect_uri,
    });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('gives codes for Chromium’s and Firefox’s redirect addresses, exchanged for tokens that rotate and that signing out revokes', async () => {
    const { browser, sub } = await signedUp();
    for (const redirectUri of [CHROMIUM_REDIRECT_URI, FIREFOX_REDIRECT_URI]) {
      const { verifier, challenge } = pkce();
      const authorized = await authorize(browser, challenge, redirectUri);
      expect(authorized.body).toEqual({ code: expect.any(String), state: 'st' });
      const tokens = await exchange(authorized.body.code, verifier, redirectUri);
      expect(tokens.body).toMatchObject({ token_type: 'Bearer', sub });
      expect((await new TestBrowser(server.url).get('/v1/user/me', bearer(tokens.body.access_token))).body.sub).toBe(sub);

      // Renewed: a new pair, and the old refresh token no longer works (and gives the session away).
      const renewed = await new TestBrowser(server.url).post('/v1/auth/token', {
        grant_type: 'refresh_token',
        client_id: 'nubo-extension',
        refresh_token: tokens.body.refresh_token,
      });
      expect(renewed.body.refresh_token).not.toBe(tokens.body.refresh_token);
      const replayed = await new TestBrowser(server.url).post('/v1/auth/token', {
        grant_type: 'refresh_token',
        client_id: 'nubo-extension',
        refresh_token: tokens.body.refresh_token,
      });
      expect(replayed.body.error).toBe('invalid_grant');

      const fresh = pkce();
      const second = await exchange((await authorize(browser, fresh.challenge, redirectUri)).body.code, fresh.verifier, redirectUri);
      expect((await new TestBrowser(server.url).post('/v1/auth/revoke', {}, bearer(second.body.access_token))).status).toBe(200);
      expect((await new TestBrowser(server.url).get('/v1/user/me', bearer(second.body.access_token))).status).toBe(401);
    }
  });

  it('refuses any other redirect address for the extension, a lookalike too, with invalid_request', async () => {
    const { browser } = await signedUp();
    for (const redirectUri of [
      'nubo-extension://auth',
      `${CHROMIUM_REDIRECT_URI}callback`,
      CHROMIUM_REDIRECT_URI.replace('https:', 'http:'),
      CHROMIUM_REDIRECT_URI.toUpperCase(),
      'https://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.chromiumapp.org/',
      'https://evil.example/',
      `https://evil.example/#${CHROMIUM_REDIRECT_URI}`,
      FIREFOX_REDIRECT_URI.replace('.org/', '.org.evil.example/'),
      '',
    ]) {
      const refused = await authorize(browser, pkce().challenge, redirectUri);
      expect([refused.status, refused.body.error, refused.body.details], redirectUri).toEqual([
        400,
        'invalid_request',
        [{ field: 'redirect_uri', reason: 'not_allowed' }],
      ]);
    }
  });

  it('exchanges a code only with its verifier and the address it was given for', async () => {
    const { browser } = await signedUp();
    const { verifier, challenge } = pkce();
    const { body } = await authorize(browser, challenge, CHROMIUM_REDIRECT_URI);
    expect((await exchange(body.code, verifier, FIREFOX_REDIRECT_URI)).body.error).toBe('invalid_grant');
    const other = pkce();
    const second = await authorize(browser, other.challenge, CHROMIUM_REDIRECT_URI);
    expect((await exchange(second.body.code, pkce().verifier, CHROMIUM_REDIRECT_URI)).body.error).toBe('invalid_grant');
  });
});
