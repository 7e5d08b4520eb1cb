import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desktopRedirectUri, NATIVE_APP_REDIRECT_URI } from '#shared/accounts/clients.ts';
import { solveProofOfWork } from '#shared/accounts/proof-of-work.ts';
import { DEFAULT_LIMITS } from '../services/accounts.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { createTestDatabase, ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

describe.each(ENGINES)('accounts on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  async function signedUpBrowser(password = goodPassword()) {
    const browser = new TestBrowser(server.url);
    const email = uniqueEmail();
    const answer = await browser.post('/v1/auth/signup', { email, password, name: 'Ann Lee' });
    expect(answer.status).toBe(200);
    return { browser, email, password, sub: answer.body.sub as string };
  }

  async function bearerSignIn(email: string, password: string, client_id = 'nubo-desktop') {
    const answer = await new TestBrowser(server.url).post('/v1/auth/signin', { username: email, password, client_id });
    expect(answer.status).toBe(200);
    return answer.body as { access_token: string; refresh_token: string; sub: string };
  }

  it('signs a browser up with httpOnly token cookies and no token in the answer', async () => {
    const browser = new TestBrowser(server.url);
    const answer = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ token_type: 'Cookie', sub: expect.any(String), expires_in: 900, expires_at: expect.any(Number) });
    expect(JSON.stringify(answer.body)).not.toContain(browser.cookies.get('nubo_access'));
    const setCookies = answer.headers.getSetCookie();
    const line = (name: string) => setCookies.find((c) => c.startsWith(`${name}=`)) ?? '';
    expect(line('nubo_access')).toMatch(/HttpOnly/);
    expect(line('nubo_access')).toMatch(/Secure/);
    expect(line('nubo_access')).toMatch(/SameSite=Lax/);
    expect(line('nubo_refresh')).toMatch(/HttpOnly/);
    expect(line('nubo_refresh')).toMatch(/Path=\/v1\/auth/);
    expect(line('nubo_refresh')).toMatch(/SameSite=Strict/);
    // SPEC §9: the user id cookie, 365 days, lax, secure, readable by the app.
    expect(line('nubo_user_id')).toMatch(new RegExp(`^nubo_user_id=${answer.body.sub};`));
    expect(line('nubo_user_id')).toMatch(/Max-Age=31536000/);
    expect(line('nubo_user_id')).toMatch(/SameSite=Lax/);
    expect(line('nubo_user_id')).not.toMatch(/HttpOnly/);
  });

  it('answers /v1/user/me with the profile, e-mail masked and the password marked SET', async () => {
    const { browser, email, sub } = await signedUpBrowser();
    const me = await browser.get('/v1/user/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ sub, name: 'Ann Lee', password: 'SET', status: 'ACTIVE', phone_number: '', picture: '' });
    expect(me.body.email).toBe(`${email.slice(0, 2)}***@example.org`);
  });

  it('refuses a weak password with password_too_weak and the reason', async () => {
    const browser = new TestBrowser(server.url);
    for (const [password, reason] of [
      ['short1', 'too_short'],
      ['password123', 'common'],
      ['aaaaaaaaaa', 'common'],
    ] as const) {
      const answer = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password, name: 'Ann' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'password_too_weak', details: [{ field: 'password', reason }] });
    }
  });

  it('refuses an invalid e-mail with invalid_request naming the field', async () => {
    const answer = await new TestBrowser(server.url).post('/v1/auth/signup', { email: 'not-an-email', password: goodPassword(), name: 'Ann' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'invalid_request', details: [{ field: 'email', reason: 'invalid' }] });
  });

  it('says account_already_exists when signing up twice, whatever the case of the e-mail', async () => {
    const { email } = await signedUpBrowser();
    const answer = await new TestBrowser(server.url).post('/v1/auth/signup', { email: email.toUpperCase(), password: goodPassword(), name: 'Bo' });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('account_already_exists');
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const { email } = await signedUpBrowser();
    const wrong = await new TestBrowser(server.url).post('/v1/auth/signin', { username: email, password: 'not-the-password-9' });
    const unknown = await new TestBrowser(server.url).post('/v1/auth/signin', { username: uniqueEmail('nobody'), password: 'not-the-password-9' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error).toBe('invalid_account_or_password');
  });

  it('answers unauthenticated without credentials or with a forged token', async () => {
    expect((await new TestBrowser(server.url).get('/v1/user/me')).body.error).toBe('unauthenticated');
    const forged = await new TestBrowser(server.url).get('/v1/user/me', { Authorization: 'Bearer abc.def' });
    expect(forged.status).toBe(401);
  });

  it('tells a signed-out request to sign in before it judges the body', async () => {
    const visitor = new TestBrowser(server.url);
    // A body no schema accepts: the sign-in check answers first, for files, shares and accounts alike.
    for (const path of ['/drive/v1/files', '/drive/v1/share', '/v1/user/password']) {
      const answer = await visitor.post(path, { kind: 42 });
      expect({ path, status: answer.status, error: answer.body.error }).toEqual({ path, status: 401, error: 'unauthenticated' });
    }
  });

  it('gives other clients bearer tokens that work on the API', async () => {
    const { email, password, sub } = await signedUpBrowser();
    const tokens = await bearerSignIn(email, password);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900, sub });
    const me = await new TestBrowser(server.url).get('/v1/user/me', { Authorization: `Bearer ${tokens.access_token}` });
    expect(me.body.sub).toBe(sub);
  });

  it('rotates the refresh token on every use, and a reused one revokes the whole session', async () => {
    const { email, password } = await signedUpBrowser();
    const first = await bearerSignIn(email, password);
    const client = new TestBrowser(server.url);
    const second = await client.post('/v1/auth/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'nubo-desktop' });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    // The old access token died with the rotation.
    expect((await client.get('/v1/user/me', { Authorization: `Bearer ${first.access_token}` })).status).toBe(401);

    const replay = await client.post('/v1/auth/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'nubo-desktop' });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    // The legitimate holder of the newest tokens is signed out too: the session is revoked.
    expect((await client.get('/v1/user/me', { Authorization: `Bearer ${second.body.access_token}` })).status).toBe(401);
    const afterReplay = await client.post('/v1/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: second.body.refresh_token,
      client_id: 'nubo-desktop',
    });
    expect(afterReplay.body.error).toBe('invalid_grant');
  });

  it('renews a browser session from the refresh cookie and clears the cookies when that fails', async () => {
    const { browser } = await signedUpBrowser();
    const before = browser.cookies.get('nubo_access');
    const renewed = await browser.post('/v1/auth/token', { grant_type: 'refresh_token', client_id: 'nubo-web' });
    expect(renewed.status).toBe(200);
    expect(renewed.body.token_type).toBe('Cookie');
    expect(browser.cookies.get('nubo_access')).not.toBe(before);
    expect((await browser.get('/v1/user/me')).status).toBe(200);

    browser.cookies.set('nubo_refresh', 'forged.value');
    const failed = await browser.post('/v1/auth/token', { grant_type: 'refresh_token', client_id: 'nubo-web' });
    expect(failed.body.error).toBe('invalid_grant');
    expect(browser.cookies.has('nubo_access')).toBe(false);
  });

  it('refuses cookie-carried requests from another site (CSRF), but not the same request from Nubo', async () => {
    const { browser } = await signedUpBrowser();
    browser.origin = 'https://evil.example';
    const forged = await browser.post('/v1/auth/revoke');
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe('permission_denied');
    const crossSiteFetch = await browser.request('POST', '/v1/auth/revoke', {}, { Origin: '', 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSiteFetch.status).toBe(403);
    browser.origin = server.url;
    expect((await browser.post('/v1/auth/revoke')).status).toBe(200);
  });

  it('refuses a browser sign-in posted from another site (login CSRF)', async () => {
    const { email, password } = await signedUpBrowser();
    const answer = await new TestBrowser(server.url, 'https://evil.example').post('/v1/auth/signin', { username: email, password });
    expect(answer.status).toBe(403);
  });

  it('signs out: the session ends and the cookies are cleared', async () => {
    const { browser } = await signedUpBrowser();
    const access = browser.cookies.get('nubo_access') ?? '';
    expect((await browser.post('/v1/auth/revoke')).status).toBe(200);
    expect(browser.cookies.has('nubo_access')).toBe(false);
    expect(browser.cookies.has('nubo_user_id')).toBe(false);
    const reuse = await new TestBrowser(server.url).get('/v1/user/me', { Authorization: `Bearer ${access}` });
    expect(reuse.status).toBe(401);
  });

  it("lists sessions, revokes one, refuses another person's, and signs out everywhere", async () => {
    const { browser, email, password } = await signedUpBrowser();
    const desktop = await bearerSignIn(email, password);
    const listed = await browser.get('/v1/auth/sessions');
    expect(listed.body.sessions).toHaveLength(2);
    const current = listed.body.sessions.find((s: { current: boolean }) => s.current);
    const other = listed.body.sessions.find((s: { current: boolean }) => !s.current);
    expect(other.client_id).toBe('nubo-desktop');
    expect(current.client_id).toBe('nubo-web');

    const stranger = await signedUpBrowser();
    const theirs = await stranger.browser.request('DELETE', `/v1/auth/sessions/${other.id}`);
    expect(theirs.status).toBe(404);
    expect((await new TestBrowser(server.url).get('/v1/user/me', { Authorization: `Bearer ${desktop.access_token}` })).status).toBe(200);

    expect((await browser.request('DELETE', `/v1/auth/sessions/${other.id}`)).status).toBe(200);
    expect((await new TestBrowser(server.url).get('/v1/user/me', { Authorization: `Bearer ${desktop.access_token}` })).status).toBe(401);

    const again = await bearerSignIn(email, password);
    expect((await browser.post('/v1/auth/sessions:revokeAll')).status).toBe(200);
    expect((await new TestBrowser(server.url).get('/v1/user/me', { Authorization: `Bearer ${again.access_token}` })).status).toBe(401);
    expect((await browser.get('/v1/user/me')).status).toBe(401);
  });

  it('changes the password, signing out every other session', async () => {
    const { browser, email, password } = await signedUpBrowser();
    const desktop = await bearerSignIn(email, password);
    const wrongOld = await browser.post('/v1/user/password', { old_password: 'not-it-at-all-1', new_password: goodPassword() });
    expect(wrongOld.body).toMatchObject({ error: 'invalid_account_or_password', details: [{ field: 'old_password' }] });
    const weak = await browser.post('/v1/user/password', { old_password: password, new_password: '12345678' });
    expect(weak.body).toMatchObject({ error: 'password_too_weak', details: [{ field: 'new_password', reason: 'common' }] });

    const next = goodPassword();
    expect((await browser.post('/v1/user/password', { old_password: password, new_password: next })).status).toBe(200);
    expect((await browser.get('/v1/user/me')).status).toBe(200);
    expect((await new TestBrowser(server.url).get('/v1/user/me', { Authorization: `Bearer ${desktop.access_token}` })).status).toBe(401);
    expect((await new TestBrowser(server.url).post('/v1/auth/signin', { username: email, password })).status).toBe(400);
    expect((await new TestBrowser(server.url).post('/v1/auth/signin', { username: email, password: next })).status).toBe(200);
  });

  it('renames the user', async () => {
    const { browser } = await signedUpBrowser();
    const renamed = await browser.request('PATCH', '/v1/user/me', { name: '  Ann B.  ' });
    expect(renamed.body.name).toBe('Ann B.');
    expect((await browser.request('PATCH', '/v1/user/me', { name: '   ' })).body.error).toBe('invalid_request');
  });

  describe('authorization codes with PKCE', () => {
    async function authorize(browser: TestBrowser, challenge: string, overrides: Record<string, string> = {}) {
      return browser.post('/v1/auth/authorize', {
        client_id: 'nubo-desktop',
        scope: 'user pan offline',
        response_type: 'code',
        state: 'st-1',
        redirect_uri: desktopRedirectUri(40123),
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...overrides,
      });
    }
    const exchange = (code: string, verifier: string, redirect_uri = desktopRedirectUri(40123), client_id = 'nubo-desktop') =>
      new TestBrowser(server.url).post('/v1/auth/token', { grant_type: 'authorization_code', code, code_verifier: verifier, client_id, redirect_uri });

    it('issues a single-use code that a desktop client exchanges for tokens with its verifier', async () => {
      const { browser, sub } = await signedUpBrowser();
      const { verifier, challenge } = pkce();
      const authorized = await authorize(browser, challenge);
      expect(authorized.status).toBe(200);
      expect(authorized.body).toEqual({ code: expect.any(String), state: 'st-1' });
      const tokens = await exchange(authorized.body.code, verifier);
      expect(tokens.status).toBe(200);
      expect(tokens.body).toMatchObject({ token_type: 'Bearer', sub });
      const me = await new TestBrowser(server.url).get('/v1/user/me', { Authorization: `Bearer ${tokens.body.access_token}` });
      expect(me.body.sub).toBe(sub);

      // Replayed: refused, and the session it gave is revoked.
      const replay = await exchange(authorized.body.code, verifier);
      expect(replay.body.error).toBe('invalid_grant');
      expect((await new TestBrowser(server.url).get('/v1/user/me', { Authorization: `Bearer ${tokens.body.access_token}` })).status).toBe(401);
    });

    it('refuses a wrong verifier, another redirect address or another client', async () => {
      const { browser } = await signedUpBrowser();
      for (const attempt of [
        (code: string, _verifier: string) => exchange(code, pkce().verifier),
        (code: string, verifier: string) => exchange(code, verifier, desktopRedirectUri(40999)),
        (code: string, verifier: string) => exchange(code, verifier, desktopRedirectUri(40123), 'nubo-extension'),
      ]) {
        const { verifier, challenge } = pkce();
        const { body } = await authorize(browser, challenge);
        expect((await attempt(body.code, verifier)).body.error).toBe('invalid_grant');
        // The failed attempt used the code up.
        expect((await exchange(body.code, verifier)).body.error).toBe('invalid_grant');
      }
    });

    it('lets the native app sign its webview in: a code for the web app becomes a cookie session, on our own pages only', async () => {
      const app = await signedUpBrowser();
      const code = async () => {
        const { verifier, challenge } = pkce();
        const { body } = await authorize(app.browser, challenge, { client_id: 'nubo-web', redirect_uri: NATIVE_APP_REDIRECT_URI });
        return { code: body.code as string, verifier };
      };
      const webview = new TestBrowser(server.url);
      const first = await code();
      const signedIn = await webview.post('/v1/auth/token', {
        grant_type: 'authorization_code',
        code: first.code,
        code_verifier: first.verifier,
        client_id: 'nubo-web',
        redirect_uri: NATIVE_APP_REDIRECT_URI,
      });
      expect(signedIn.body).toMatchObject({ token_type: 'Cookie', sub: app.sub });
      expect(signedIn.body.access_token).toBeUndefined();
      expect((await webview.get('/v1/user/me')).body.sub).toBe(app.sub);

      // Another site cannot turn a code into a session in someone's browser.
      const second = await code();
      const foreign = new TestBrowser(server.url, 'https://evil.example');
      const refused = await foreign.post('/v1/auth/token', {
        grant_type: 'authorization_code',
        code: second.code,
        code_verifier: second.verifier,
        client_id: 'nubo-web',
        redirect_uri: NATIVE_APP_REDIRECT_URI,
      });
      expect(refused.status).toBe(403);
      expect(foreign.cookies.size).toBe(0);
      // Nor may a web-app code be sent anywhere but to the app.
      expect((await authorize(app.browser, pkce().challenge, { client_id: 'nubo-web', redirect_uri: 'https://evil.example/cb' })).body.details[0].field).toBe(
        'redirect_uri',
      );
    });

    it('refuses to authorize unknown clients, foreign redirect addresses and wider scopes', async () => {
      const { browser } = await signedUpBrowser();
      const { challenge } = pkce();
      expect((await authorize(browser, challenge, { client_id: 'evil-app' })).body.details[0].field).toBe('client_id');
      expect((await authorize(browser, challenge, { redirect_uri: 'https://evil.example/windows/client-auth-code' })).body.details[0].field).toBe(
        'redirect_uri',
      );
      expect((await authorize(browser, challenge, { scope: 'user admin' })).body.details[0].field).toBe('scope');
      expect((await authorize(browser, 'short')).status).toBe(400);
      expect((await authorize(new TestBrowser(server.url), challenge)).status).toBe(401);
    });
  });
});

describe('sign-in abuse limits', () => {
  let server: TestServer;
  // The shipped limits, with an easy proof of work so the test does not spend seconds hashing.
  const limits = { ...DEFAULT_LIMITS, proofOfWork: { ...DEFAULT_LIMITS.proofOfWork, difficulty: 6 } };
  beforeEach(async () => {
    server = await startTestServer('sqlite', {}, limits);
  });
  afterEach(async () => server?.dispose());

  it('asks for proof of work after 5 failures on an account, each solved challenge good once', async () => {
    const browser = new TestBrowser(server.url);
    const email = uniqueEmail();
    const password = goodPassword();
    await browser.post('/v1/auth/signup', { email, password, name: 'Ann' });
    const signIn = (body: Record<string, string>) => new TestBrowser(server.url).post('/v1/auth/signin', { username: email, ...body });
    for (let i = 0; i < 5; i++) expect((await signIn({ password: `wrong-${i}-password` })).body.error).toBe('invalid_account_or_password');

    const gated = await signIn({ password });
    expect(gated.status).toBe(403);
    expect(gated.body.error).toBe('captcha_required');
    expect((await signIn({ password, captcha_token: 'made.up' })).body.error).toBe('captcha_invalid');

    const challenge = (await browser.post('/v1/auth/captcha')).body;
    expect(challenge.difficulty).toBeGreaterThan(0);
    const token = await solveProofOfWork(challenge);
    expect((await signIn({ password: 'wrong-again-pass', captcha_token: token })).body.error).toBe('invalid_account_or_password');
    // A solved challenge is good once.
    expect((await signIn({ password, captcha_token: token })).body.error).toBe('captcha_invalid');
    const fresh = await solveProofOfWork((await browser.post('/v1/auth/captcha')).body);
    expect((await signIn({ password, captcha_token: fresh })).status).toBe(200);
    // Success clears the account's failures: no proof of work next time.
    expect((await signIn({ password })).status).toBe(200);
  });

  it('answers the reCAPTCHA check (POST /vip/v1/verifyRecaptchaToken) with the same proof of work, each solved challenge good once', async () => {
    const browser = new TestBrowser(server.url);
    const token = await solveProofOfWork((await browser.post('/v1/auth/captcha')).body);
    expect((await browser.post('/vip/v1/verifyRecaptchaToken', { token })).body).toEqual({ success: true });
    const again = await browser.post('/vip/v1/verifyRecaptchaToken', { token });
    expect([again.status, again.body.error]).toEqual([400, 'captcha_invalid']);
    // A challenge Nubo never gave passes nothing, whatever work was done for it.
    expect((await browser.post('/vip/v1/verifyRecaptchaToken', { token: await solveProofOfWork({ challenge: 'made-up', difficulty: 6 }) })).body.error).toBe(
      'captcha_invalid',
    );
    expect((await browser.post('/vip/v1/verifyRecaptchaToken', {})).body.error).toBe('invalid_request');
  });

  it('answers too_many_requests after 30 sign-ins from one address in 10 minutes', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await new TestBrowser(server.url).post('/v1/auth/signin', { username: uniqueEmail(), password: 'wrong-password-1' })).status;
      if (i < 30 && last === 429) expect.fail(`limited after only ${i + 1} attempts`);
    }
    expect(last).toBe(429);
  });

  it('answers too_many_requests with Retry-After once an account has 20 failures', async () => {
    await server.dispose();
    // Address limits lifted, so the wall met is the account's own.
    server = await startTestServer(
      'sqlite',
      {},
      { ...limits, signInPerIp: { max: 1000, windowMs: 60_000 }, signInFailuresPerIp: { captchaAt: 1000, windowMs: 60_000 } },
    );
    const email = uniqueEmail();
    await new TestBrowser(server.url).post('/v1/auth/signup', { email, password: goodPassword(), name: 'Ann' });
    // Fresh solved challenges get past the proof-of-work step so the hard wall can be reached.
    let last = { status: 0, headers: new Headers(), body: {} as Record<string, unknown> };
    for (let i = 0; i <= 21; i++) {
      if (i === 21) expect.fail('20 failures did not close the account to further attempts');
      const challenge = (await new TestBrowser(server.url).post('/v1/auth/captcha')).body;
      last = await new TestBrowser(server.url).post('/v1/auth/signin', {
        username: email,
        password: `wrong-${i}-password`,
        captcha_token: await solveProofOfWork(challenge),
      });
      if (last.status === 429) break;
      expect(last.body.error, `attempt ${i + 1}`).toBe('invalid_account_or_password');
    }
    expect(last.status).toBe(429);
    expect(last.body.error).toBe('too_many_requests');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('several server copies', () => {
  it('count sign-in failures together through Redis, so a copy cannot be used to dodge the limit', async () => {
    const shared = await createTestDatabase('postgres');
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const first = await startTestServer('postgres', { database: shared.config, redisUrl });
    const second = await startTestServer('postgres', { database: shared.config, redisUrl });
    try {
      const email = uniqueEmail();
      const password = goodPassword();
      expect((await new TestBrowser(first.url).post('/v1/auth/signup', { email, password, name: 'Ann' })).status).toBe(200);
      for (let i = 0; i < 5; i++) {
        const copy = i % 2 === 0 ? first : second;
        expect((await new TestBrowser(copy.url).post('/v1/auth/signin', { username: email, password: `wrong-${i}-password` })).body.error).toBe(
          'invalid_account_or_password',
        );
      }
      // Both copies now ask for proof of work, and a challenge issued by one is accepted by the other.
      for (const copy of [first, second])
        expect((await new TestBrowser(copy.url).post('/v1/auth/signin', { username: email, password })).body.error).toBe('captcha_required');
      const challenge = (await new TestBrowser(first.url).post('/v1/auth/captcha')).body;
      const token = await solveProofOfWork(challenge);
      const answer = await new TestBrowser(second.url).post('/v1/auth/signin', { username: email, password, captcha_token: token });
      expect(answer.status).toBe(200);
    } finally {
      await first.dispose();
      await second.dispose();
      await shared.drop();
    }
  });
});

describe('behind a reverse proxy', () => {
  const twoSignUpsAnAddress = { ...DEFAULT_LIMITS, signUpPerIp: { max: 2, windowMs: 60 * 60_000 } };
  const signUpFrom = (server: TestServer, client: string) =>
    new TestBrowser(server.url).post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' }, { 'X-Forwarded-For': client });
  const accessibleFrom = async (server: TestServer, client: string) =>
    (await new TestBrowser(server.url).get('/drive/v1/privilege/area_accessible', { 'X-Forwarded-For': client })).body.accessible;

  it('limits and blocks each client the trusted proxy names on its own', async () => {
    const server = await startTestServer('sqlite', { trustedProxies: ['127.0.0.1'], blockedNetworks: ['203.0.113.0/24'] }, twoSignUpsAnAddress);
    try {
      for (let i = 0; i < 2; i++) expect((await signUpFrom(server, '198.51.100.1')).status).toBe(200);
      expect((await signUpFrom(server, '198.51.100.1')).body.error).toBe('too_many_requests');
      // Another client behind the same proxy has its own count.
      expect((await signUpFrom(server, '198.51.100.2')).status).toBe(200);
      // The client's address is the last one the proxy added, not what the client wrote before it.
      expect((await signUpFrom(server, '198.51.100.2, 198.51.100.1')).body.error).toBe('too_many_requests');
      expect(await accessibleFrom(server, '203.0.113.9')).toBe(false);
      expect(await accessibleFrom(server, '198.51.100.1')).toBe(true);
    } finally {
      await server.dispose();
    }
  });

  it('believes no X-Forwarded-For from a connection that is not a trusted proxy', async () => {
    const server = await startTestServer('sqlite', { trustedProxies: ['10.9.9.9'], blockedNetworks: ['203.0.113.0/24'] }, twoSignUpsAnAddress);
    try {
      // Each claims another address, yet all come from 127.0.0.1 and share its limit.
      for (let i = 0; i < 2; i++) expect((await signUpFrom(server, `198.51.100.${10 + i}`)).status).toBe(200);
      expect((await signUpFrom(server, '198.51.100.12')).body.error).toBe('too_many_requests');
      expect(await accessibleFrom(server, '203.0.113.9')).toBe(true);
    } finally {
      await server.dispose();
    }
  });
});
