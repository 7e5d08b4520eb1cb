import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_CODE_ALPHABET } from '#shared/accounts/user-codes.ts';
import { DEVICE_CODE_GRANT_TYPE } from '#shared/api/device-sign-in.ts';
import { DEFAULT_LIMITS } from '../services/accounts.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { ENGINES, startTestServer, TEST_LIMITS, type TestServer } from '../testing/harness.ts';

const TV_AGENT = 'Mozilla/5.0 (Linux; Android 12; BRAVIA 4K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const CODE = new RegExp(`^[${USER_CODE_ALPHABET}]{4}-[${USER_CODE_ALPHABET}]{4}$`);

type Answer = { status: number; headers: Headers; body: Record<string, unknown> };

describe.each(ENGINES)('device sign-in on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The clock the server reads moves only when a test moves it; timers stay real. */
  function holdTheClock() {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    return (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
  }

  /** A request as a TV app makes it: form fields (RFC 8628 §3.1), its own user agent. */
  async function form(path: string, fields: Record<string, string> | [string, string][]): Promise<Answer> {
    const response = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': TV_AGENT },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  }

  const askForCodes = (scope?: string) => form('/v1/auth/device', { client_id: 'nubo-tv', ...(scope === undefined ? {} : { scope }) });
  const poll = (deviceCode: string, clientId = 'nubo-tv') =>
    form('/v1/auth/token', { grant_type: DEVICE_CODE_GRANT_TYPE, device_code: deviceCode, client_id: clientId });

  async function signedIn() {
    const browser = new TestBrowser(server.url);
    const answer = await browser.post('/v1/auth/signup', { email: uniqueEmail('viewer'), password: goodPassword(), name: 'Viewer' });
    expect(answer.status).toBe(200);
    return { browser, sub: answer.body.sub as string };
  }

  it('gives a TV its codes as RFC 8628 §3.2 says, to form fields or JSON, and nobody caches them', async () => {
    const answer = await askForCodes();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { device_code, user_code, verification_uri, verification_uri_complete, expires_in, interval } = answer.body as Record<string, string | number>;
    expect(device_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user_code).toMatch(CODE);
    expect(verification_uri).toBe(`${server.url}/auth/device`);
    expect(verification_uri_complete).toBe(`${server.url}/auth/device?code=${user_code}`);
    expect(expires_in).toBeGreaterThanOrEqual(599);
    expect(expires_in).toBeLessThanOrEqual(900);
    expect(interval).toBe(5);

    const json = await new TestBrowser(server.url).post('/v1/auth/device', { client_id: 'nubo-tv', scope: 'user pan' });
    expect(json.status).toBe(200);
    expect(json.body.user_code).not.toBe(user_code);
  });

  it('gives codes only to an app that signs in with them, for a scope within its own', async () => {
    for (const client_id of ['nubo-extension', 'nubo-desktop', 'somebody-else', '']) {
      const answer = await form('/v1/auth/device', { client_id });
      expect(answer.status, client_id).toBe(400);
      expect(answer.body.error).toBe('invalid_request');
    }
    expect((await askForCodes('user pan offline admin')).body.error).toBe('invalid_request');
    expect((await askForCodes('')).body.error).toBe('invalid_request');
    // A field sent twice is refused: which one counts would be a guess.
    const twice = await form('/v1/auth/device', [
      ['client_id', 'nubo-tv'],
      ['client_id', 'nubo-web'],
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe('invalid_request');
    const proto = await form('/v1/auth/device', { client_id: 'nubo-tv', __proto__: 'x', constructor: 'y' } as Record<string, string>);
    expect(proto.status).toBe(200);
  });

  it('lets a TV in once its person confirms the code: pending, then its own session, which they see and can end', async () => {
    const tick = holdTheClock();
    const { browser, sub } = await signedIn();
    const codes = (await askForCodes()).body as { device_code: string; user_code: string };
    const pending = await poll(codes.device_code);
    expect(pending.status).toBe(400);
    expect(pending.body.error).toBe('authorization_pending');

    // Typed as people type it: lower case, without the dash.
    const typed = codes.user_code.replace('-', '').toLowerCase();
    const described = await browser.post('/v1/auth/device:describe', { user_code: typed });
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({
      client_id: 'nubo-tv',
      user_code: codes.user_code,
      scope: 'user pan offline',
      device: 'Chrome 120 on Android',
      ip: '127.0.0.1',
    });
    expect((await browser.post('/v1/auth/device:decide', { user_code: ` ${typed} `, approve: true })).status).toBe(200);

    tick(5);
    const signedInTv = await poll(codes.device_code);
    expect(signedInTv.status).toBe(200);
    expect(signedInTv.headers.get('cache-control')).toBe('no-store');
    expect(signedInTv.body).toMatchObject({ token_type: 'Bearer', sub });
    const tv = { Authorization: `Bearer ${signedInTv.body.access_token}` };
    expect((await new TestBrowser(server.url).get('/v1/user/me', tv)).body.sub).toBe(sub);

    // The code gave its tokens: asked again, it gives nothing, and the page no longer finds it.
    tick(5);
    expect((await poll(codes.device_code)).body.error).toBe('invalid_grant');
    expect((await browser.post('/v1/auth/device:describe', { user_code: codes.user_code })).status).toBe(404);

    const sessions = (await browser.get('/v1/auth/sessions')).body.sessions as { id: string; client_id: string; device: string }[];
    const tvSession = sessions.find((session) => session.client_id === 'nubo-tv');
    expect(tvSession?.device).toBe('Chrome 120 on Android');
    expect((await browser.request('DELETE', `/v1/auth/sessions/${tvSession?.id}`)).status).toBe(200);
    expect((await new TestBrowser(server.url).get('/v1/user/me', tv)).status).toBe(401);
  });

  it('signs Nubo’s own TV page in with a cookie session, as the web app, and no page of another site', async () => {
    const tick = holdTheClock();
    const { browser, sub } = await signedIn();
    const tvPage = new TestBrowser(server.url);
    const asked = await tvPage.post('/v1/auth/device', { client_id: 'nubo-web' });
    expect(asked.status).toBe(200);
    const codes = asked.body as { device_code: string; user_code: string };
    expect((await browser.post('/v1/auth/device:describe', { user_code: codes.user_code })).body.client_id).toBe('nubo-web');
    expect((await browser.post('/v1/auth/device:decide', { user_code: codes.user_code, approve: true })).status).toBe(200);
    tick(5);
    // Polled from another site, the session is not handed over, and the code stays for the TV page.
    const elsewhere = await new TestBrowser(server.url, 'https://elsewhere.example').post('/v1/auth/token', {
      grant_type: DEVICE_CODE_GRANT_TYPE,
      device_code: codes.device_code,
      client_id: 'nubo-web',
    });
    expect(elsewhere.status).toBe(403);
    const polled = await tvPage.post('/v1/auth/token', { grant_type: DEVICE_CODE_GRANT_TYPE, device_code: codes.device_code, client_id: 'nubo-web' });
    expect(polled.status).toBe(200);
    // The tokens are in httpOnly cookies, never in what the page's script reads.
    expect(polled.body.access_token).toBeUndefined();
    expect(polled.body.refresh_token).toBeUndefined();
    expect(polled.headers.getSetCookie().some((cookie) => /HttpOnly/i.test(cookie))).toBe(true);
    expect((await tvPage.get('/v1/user/me')).body.sub).toBe(sub);

    const fromElsewhere = await new TestBrowser(server.url, 'https://elsewhere.example').post('/v1/auth/device', { client_id: 'nubo-web' });
    expect(fromElsewhere.status).toBe(403);
    expect(fromElsewhere.body.error).toBe('permission_denied');
  });

  it('slows a device that polls too soon by five more seconds each time, forgiving a second early', async () => {
    const tick = holdTheClock();
    const { device_code } = (await askForCodes()).body as { device_code: string };
    expect((await poll(device_code)).body.error).toBe('authorization_pending');
    const tooSoon = await poll(device_code);
    expect(tooSoon.body).toMatchObject({ error: 'slow_down', details: [{ interval: 10 }] });
    tick(4);
    expect((await poll(device_code)).body).toMatchObject({ error: 'slow_down', details: [{ interval: 15 }] });
    // Fifteen seconds after the last poll it heard, less a second of tolerance.
    tick(10.2);
    expect((await poll(device_code)).body.error).toBe('authorization_pending');
    tick(14.2);
    expect((await poll(device_code)).body.error).toBe('authorization_pending');
  });

  it('tells the device it was refused, and nobody can let it in afterwards', async () => {
    const tick = holdTheClock();
    const { browser } = await signedIn();
    const other = await signedIn();
    const codes = (await askForCodes()).body as { device_code: string; user_code: string };
    expect((await browser.post('/v1/auth/device:decide', { user_code: codes.user_code, approve: false })).status).toBe(200);
    expect((await other.browser.post('/v1/auth/device:decide', { user_code: codes.user_code, approve: true })).status).toBe(404);
    expect((await poll(codes.device_code)).body.error).toBe('access_denied');
    tick(5);
    expect((await poll(codes.device_code)).body.error).toBe('access_denied');
  });

  it('lets in only the account that confirmed first: another person cannot see or decide on a code already decided', async () => {
    const tick = holdTheClock();
    const first = await signedIn();
    const second = await signedIn();
    const codes = (await askForCodes()).body as { device_code: string; user_code: string };
    expect((await first.browser.post('/v1/auth/device:decide', { user_code: codes.user_code, approve: true })).status).toBe(200);
    expect((await second.browser.post('/v1/auth/device:describe', { user_code: codes.user_code })).status).toBe(404);
    expect((await second.browser.post('/v1/auth/device:decide', { user_code: codes.user_code, approve: false })).status).toBe(404);
    tick(5);
    expect((await poll(codes.device_code)).body.sub).toBe(first.sub);
  });

  it('ends codes after ten minutes: the device is told expired_token and the page no longer finds them', async () => {
    const tick = holdTheClock();
    const { browser } = await signedIn();
    const codes = (await askForCodes()).body as { device_code: string; user_code: string };
    tick(600);
    expect((await poll(codes.device_code)).body.error).toBe('expired_token');
    expect((await browser.post('/v1/auth/device:describe', { user_code: codes.user_code })).status).toBe(404);
    expect((await browser.post('/v1/auth/device:decide', { user_code: codes.user_code, approve: true })).status).toBe(404);
    expect((await poll(codes.device_code)).body.error).toBe('expired_token');
  });

  it('gives tokens once when twenty polls arrive together after the person said yes', async () => {
    const tick = holdTheClock();
    const { browser } = await signedIn();
    const codes = (await askForCodes()).body as { device_code: string; user_code: string };
    await browser.post('/v1/auth/device:decide', { user_code: codes.user_code, approve: true });
    tick(5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => poll(codes.device_code)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.status !== 200).every((answer) => answer.body.error === 'slow_down' || answer.body.error === 'invalid_grant'),
    ).toBe(true);
    const sessions = (await browser.get('/v1/auth/sessions')).body.sessions as { client_id: string }[];
    expect(sessions.filter((session) => session.client_id === 'nubo-tv')).toHaveLength(1);
  });

  it('takes one decision when twenty arrive together from two people', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const codes = (await askForCodes()).body as { user_code: string };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).browser.post('/v1/auth/device:decide', { user_code: codes.user_code, approve: i % 4 < 2 })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(19);
  });

  it('refuses device codes it never gave, another app’s polls and a poll without a code', async () => {
    expect((await poll('a'.repeat(43))).body.error).toBe('invalid_grant');
    const { device_code } = (await askForCodes()).body as { device_code: string };
    expect((await poll(device_code, 'nubo-desktop')).body.error).toBe('invalid_grant');
    const missing = await form('/v1/auth/token', { grant_type: DEVICE_CODE_GRANT_TYPE, client_id: 'nubo-tv' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    const huge = await form('/v1/auth/token', { grant_type: DEVICE_CODE_GRANT_TYPE, client_id: 'nubo-tv', device_code: 'x'.repeat(10_000) });
    expect(huge.status).toBe(413);
  });

  it('asks who is confirming: signed out is refused, and so is a page of another site', async () => {
    const codes = (await askForCodes()).body as { user_code: string };
    const anonymous = await new TestBrowser(server.url).post('/v1/auth/device:decide', { user_code: codes.user_code, approve: true });
    expect(anonymous.status).toBe(401);
    const { browser } = await signedIn();
    browser.origin = 'https://evil.example';
    expect((await browser.post('/v1/auth/device:decide', { user_code: codes.user_code, approve: true })).status).toBe(403);
    browser.origin = server.url;
    expect((await browser.post('/v1/auth/device:describe', { user_code: 'not a code' })).body.error).toBe('invalid_request');
    expect((await browser.post('/v1/auth/device:describe', { user_code: codes.user_code })).status).toBe(200);
  });

  it('says where the device sign-in is in the server metadata (RFC 8414, RFC 8628 §4)', async () => {
    const metadata = await new TestBrowser(server.url).get('/.well-known/oauth-authorization-server');
    expect(metadata.status).toBe(200);
    expect(metadata.body).toMatchObject({
      issuer: server.url,
      token_endpoint: `${server.url}/v1/auth/token`,
      device_authorization_endpoint: `${server.url}/v1/auth/device`,
      grant_types_supported: expect.arrayContaining([DEVICE_CODE_GRANT_TYPE]),
      code_challenge_methods_supported: ['S256'],
    });
  });
});

describe('device sign-in limits, as shipped', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The device sign-in's shipped limits, per address included (lifted for other tests, whose requests all come from 127.0.0.1).
    server = await startTestServer(
      'sqlite',
      {},
      {
        ...TEST_LIMITS,
        deviceCodesPerIp: DEFAULT_LIMITS.deviceCodesPerIp,
        userCodeTriesPerIp: DEFAULT_LIMITS.userCodeTriesPerIp,
      },
    );
  });
  afterAll(async () => server?.dispose());

  const person = async (label: string) => {
    const browser = new TestBrowser(server.url);
    expect((await browser.post('/v1/auth/signup', { email: uniqueEmail(label), password: goodPassword(), name: label })).status).toBe(200);
    return browser;
  };
  const wrongCodes = (count: number, salt: string) =>
    Array.from({ length: count }, (_, i) => `${salt}${'CDFG'[i % 4]}${'HJKL'[Math.floor(i / 4) % 4]}${'MNPQ'[Math.floor(i / 16) % 4]}X`);

  it('stops a person after twenty codes typed in fifteen minutes, the right one included, and an address after forty', async () => {
    const codes = (await new TestBrowser(server.url).post('/v1/auth/device', { client_id: 'nubo-tv' })).body as { user_code: string };
    const first = await person('first');
    const answers = await Promise.all(
      wrongCodes(DEFAULT_LIMITS.userCodeTriesPerUser.max, 'BBBB').map((user_code) => first.post('/v1/auth/device:describe', { user_code })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 404));
    const right = await first.post('/v1/auth/device:describe', { user_code: codes.user_code });
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('too_many_requests');

    // A second person from the same address has twenty of their own; a third finds the address's forty used.
    const second = await person('second');
    const more = await Promise.all(wrongCodes(20, 'BBBC').map((user_code) => second.post('/v1/auth/device:decide', { user_code, approve: true })));
    expect(more.every((answer) => answer.status === 404)).toBe(true);
    const third = await person('third');
    expect((await third.post('/v1/auth/device:describe', { user_code: codes.user_code })).status).toBe(429);
  });

  it('gives one address thirty pairs of codes in ten minutes', async () => {
    const answers = await Promise.all(
      Array.from({ length: DEFAULT_LIMITS.deviceCodesPerIp.max + 5 }, () => new TestBrowser(server.url).post('/v1/auth/device', { client_id: 'nubo-tv' })),
    );
    // The first test asked for one pair already.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(DEFAULT_LIMITS.deviceCodesPerIp.max - 1);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6);
  });
});
