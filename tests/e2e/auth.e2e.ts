// Accounts in the browser: signing up, out and in, the wrong-password message, a
// session revoked from another browser, and handing a sign-in to the desktop client and to the
// browser extension.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { desktopRedirectUri } from '#shared/accounts/clients.ts';
import { CHROMIUM_REDIRECT_URI } from '#shared/accounts/extension-identity.ts';
import { expect, test } from './fixtures.ts';

const PASSWORD = 'violet harbour lamp 42';
const MARKER_KEY = 'credentials_nubo-web';

let accounts = 0;
/** A fresh address per test and per run, so the tests never meet each other's accounts. */
function uniqueEmail(label: string): string {
  accounts += 1;
  return `${label}-${Date.now()}-${accounts}@example.com`;
}

async function signUp(page: Page, account: { name: string; email: string }) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signedInMarker(page: Page): Promise<unknown> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), MARKER_KEY);
}

/** A PKCE pair as the desktop client and the extension make one (RFC 7636, S256). */
function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** What the desktop client or the extension does with the code: exchange it, then read the profile. */
async function profileThroughCode(request: APIRequestContext, exchange: { code: string; verifier: string; clientId: string; redirectUri: string }) {
  const token = await request.post('/v1/auth/token', {
    data: {
      grant_type: 'authorization_code',
      code: exchange.code,
      code_verifier: exchange.verifier,
      client_id: exchange.clientId,
      redirect_uri: exchange.redirectUri,
    },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const me = await request.get('/v1/user/me', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(me.status()).toBe(200);
  return (await me.json()) as { name: string; email: string };
}

test.describe('accounts', () => {
  test('signs up, signs out and signs in again', async ({ page }) => {
    const email = uniqueEmail('cycle');
    await signUp(page, { name: 'Ada Lovelace', email });
    // The signed-in home is the user's files; the account page is one sidebar link away.
    await expect(page).toHaveURL(/\/drive\/all$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/drive\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Account' })).toBeVisible();
    // The browser keeps who and until when, never a token a script could read.
    expect(Object.keys((await signedInMarker(page)) as object).sort()).toEqual(['expires_at', 'sub']);
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/nubo_(access|refresh)=/);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fdrive%2Faccount$/);
    expect(await signedInMarker(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('pp_user_id'))).toBeNull();

    await signIn(page, email);
    await expect(page).toHaveURL(/\/drive\/account$/);
    await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');
    await expect(page.locator('.session-item[aria-current="true"]')).toContainText('This device');
  });

  test('renews a lapsed access cookie with the refresh cookie, unseen by the user', async ({ page, context }) => {
    await signUp(page, { name: 'Hedy Lamarr', email: uniqueEmail('renew') });
    await expect(page).toHaveURL(/\/drive\/all$/);
    await page.goto('/drive/account');
    await expect(page.getByLabel('Name')).toHaveValue('Hedy Lamarr');
    const markerBefore = (await signedInMarker(page)) as { expires_at: number };
    // What 15 minutes do to the access cookie; the refresh cookie (path /v1/auth) stays.
    await context.clearCookies({ name: 'nubo_access' });
    const renewal = page.waitForResponse((response) => response.url().endsWith('/v1/auth/token') && response.status() === 200);
    await page.reload();
    await renewal;
    await expect(page.getByLabel('Name')).toHaveValue('Hedy Lamarr');
    expect((await context.cookies()).some((cookie) => cookie.name === 'nubo_access')).toBe(true);
    expect(((await signedInMarker(page)) as { expires_at: number }).expires_at).toBeGreaterThanOrEqual(markerBefore.expires_at);
  });

  test('the captcha return page loads the user, then opens the redirect target', async ({ page }) => {
    await page.goto('/loading?redirect=/drive/account');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fdrive%2Faccount$/);
    await signUp(page, { name: 'Shafi Goldwasser', email: uniqueEmail('loading') });
    await expect(page).toHaveURL(/\/drive\/all$/);
    await page.goto('/loading?redirect=/drive/account');
    await expect(page).toHaveURL(/\/drive\/account$/);
    await expect(page.getByLabel('Name')).toHaveValue('Shafi Goldwasser');
    await page.goto('/loading?redirect=https://elsewhere.example/');
    await expect(page).toHaveURL(/\/drive\/all$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All files' })).toBeVisible();
  });

  test('signing in with a redirect that a browser reads as another host stays on Nubo', async ({ page, context, baseURL }) => {
    // The other host stands for a phishing page: any visit to it is counted, none should happen.
    const elsewhere: string[] = [];
    await context.route(/^https?:\/\/evil\.example\//, (route) => {
      elsewhere.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title>' });
    });
    const email = uniqueEmail('redirect');
    await signUp(page, { name: 'Radia Perlman', email });
    await expect(page).toHaveURL(/\/drive\/all$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=/);

    // "/.//evil.example/phish" starts with one slash, and parses into "//evil.example/phish".
    await page.goto('/auth?redirect=%2F.%2F%2Fevil.example%2Fphish');
    await signIn(page, email);
    await expect(page).toHaveURL(`${baseURL}/drive/all`);
    // Signed in, /loading passes the visitor on at once: other spellings of the same keep them here too.
    for (const redirect of ['/..//evil.example/phish', '/%2e//evil.example/phish', '/.\\/evil.example/phish', '/./\t/evil.example/phish']) {
      await page.goto(`/loading?${new URLSearchParams({ redirect })}`);
      await expect(page).toHaveURL(`${baseURL}/drive/all`);
    }
    expect(elsewhere).toEqual([]);
  });

  test('tells the user when the password is wrong', async ({ page, browser }) => {
    const email = uniqueEmail('wrong');
    const other = await browser.newContext();
    await signUp(await other.newPage(), { name: 'Barbara Liskov', email });
    await other.close();

    await page.goto('/auth');
    await signIn(page, email, 'not my password at all');
    await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not correct. Check both and try again.');
    await expect(page).toHaveURL(/\/auth$/);
    expect(await signedInMarker(page)).toBeNull();
  });

  test('a session revoked from another browser ends there at its next page load', async ({ browser }) => {
    const email = uniqueEmail('revoke');
    const contextA = await browser.newContext();
    const pageA = await contextA.newPage();
    await signUp(pageA, { name: 'Radia Perlman', email });
    await expect(pageA).toHaveURL(/\/drive\/all$/);

    const contextB = await browser.newContext();
    const pageB = await contextB.newPage();
    await pageB.goto('/drive/account');
    await expect(pageB).toHaveURL(/\/auth\?redirect=/);
    await signIn(pageB, email);
    await expect(pageB).toHaveURL(/\/drive\/account$/);
    const sessions = pageB.locator('.session-item');
    await expect(sessions).toHaveCount(2);
    await sessions.filter({ hasNotText: 'This device' }).getByRole('button', { name: 'End session' }).click();
    await expect(sessions).toHaveCount(1);
    await expect(sessions).toContainText('This device');

    await pageA.goto('/drive/account');
    await expect(pageA).toHaveURL(/\/auth\?redirect=%2Fdrive%2Faccount$/);
    await expect(pageA.getByRole('heading', { name: 'Sign in to Nubo' })).toBeVisible();
    expect(await signedInMarker(pageA)).toBeNull();
    await contextA.close();
    await contextB.close();
  });

  test('hands the sign-in to the desktop client on its loopback port', async ({ page, request, baseURL }) => {
    const pageOrigin = new URL(baseURL ?? '').origin;
    const posted: Array<{ code: string; state: string }> = [];
    // The desktop client's listener: CORS for Nubo's page, and the code echoed in X-Auth-Code.
    const desktop = http.createServer((req, res) => {
      if (req.headers.origin === pageOrigin) res.setHeader('Access-Control-Allow-Origin', pageOrigin);
      res.setHeader('Access-Control-Allow-Headers', 'content-type');
      res.setHeader('Access-Control-Expose-Headers', 'X-Auth-Code');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'POST');
        res.setHeader('Access-Control-Allow-Private-Network', 'true');
        res.writeHead(204).end();
        return;
      }
      if (req.method !== 'POST' || req.url !== '/windows/client-auth-code') {
        res.writeHead(404).end();
        return;
      }
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const answer = JSON.parse(body) as { code: string; state: string };
        posted.push(answer);
        res.setHeader('X-Auth-Code', answer.code);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => desktop.listen(0, '127.0.0.1', resolve));
    const port = (desktop.address() as AddressInfo).port;

    try {
      const email = uniqueEmail('desktop');
      const { verifier, challenge } = pkcePair();
      await page.goto(`/auth?from_source=pc_client&port=${port.toString(16)}&state=desk-state&code_challenge=${challenge}`);
      await expect(page.getByText('Sign in to connect the Nubo desktop app to your account.')).toBeVisible();
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.getByLabel('Name').fill('Grace Hopper');
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();

      await expect(page).toHaveURL(/\/auth-success$/);
      await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible();
      expect(posted).toHaveLength(1);
      expect(posted[0]?.state).toBe('desk-state');

      const profile = await profileThroughCode(request, {
        code: posted[0]?.code ?? '',
        verifier,
        clientId: 'nubo-desktop',
        redirectUri: desktopRedirectUri(port),
      });
      expect(profile.name).toBe('Grace Hopper');
    } finally {
      desktop.close();
    }
  });

  test('says so, with a retry, when the desktop client does not answer', async ({ page }) => {
    // A port nothing listens on: take one, then free it.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const failures: string[] = [];
    page.on('console', (message) => message.type() === 'error' && failures.push(message.text()));

    await signUp(page, { name: 'Frances Allen', email: uniqueEmail('desktop-down') });
    await expect(page).toHaveURL(/\/drive\/all$/);
    await page.goto(`/auth?from_source=pc_client&port=${port.toString(16)}&state=s&code_challenge=${pkcePair().challenge}`);
    await page.getByRole('button', { name: 'Continue as Frances Allen' }).click();
    await expect(page.getByRole('alert')).toContainText('Nubo could not reach the desktop app. Make sure it is open, then try again.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(failures.some((text) => text.includes('could not hand the sign-in to the desktop client'))).toBe(true);
  });

  test("hands the sign-in to the browser extension by going to the browser's own address for it, with the code and state", async ({ page, request }) => {
    // The browser catches this address for the extension and never loads it; here the test catches it.
    const handed: URL[] = [];
    await page.route(`${CHROMIUM_REDIRECT_URI}**`, async (route) => {
      handed.push(new URL(route.request().url()));
      await route.fulfill({ status: 204 });
    });
    const email = uniqueEmail('extension');
    await signUp(page, { name: 'Katherine Johnson', email });
    await expect(page).toHaveURL(/\/drive\/all$/);

    const { verifier, challenge } = pkcePair();
    const query = new URLSearchParams({
      from_source: 'pp_browser_extension',
      redirect_uri: CHROMIUM_REDIRECT_URI,
      state: 'ext-state',
      code_challenge: challenge,
    });
    await page.goto(`/auth?${query}`);
    await expect(page.getByText('Sign in to connect the Nubo browser extension to your account.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue as Katherine Johnson' }).click();

    await expect.poll(() => handed.length).toBe(1);
    expect(`${handed[0]!.origin}/`).toBe(CHROMIUM_REDIRECT_URI);
    expect(handed[0]!.searchParams.get('state')).toBe('ext-state');
    const profile = await profileThroughCode(request, {
      code: handed[0]!.searchParams.get('code') ?? '',
      verifier,
      clientId: 'nubo-extension',
      redirectUri: CHROMIUM_REDIRECT_URI,
    });
    expect(profile.name).toBe('Katherine Johnson');
  });

  test('refuses to hand an extension sign-in to any other address, asking for no code', async ({ page }) => {
    await signUp(page, { name: 'Margaret Hamilton', email: uniqueEmail('extension-elsewhere') });
    await expect(page).toHaveURL(/\/drive\/all$/);
    const authorizations: string[] = [];
    page.on('request', (sent) => sent.url().includes('/v1/auth/authorize') && authorizations.push(sent.url()));
    for (const redirectUri of ['https://evil.example/', 'nubo-extension://auth']) {
      const query = new URLSearchParams({ from_source: 'pp_browser_extension', redirect_uri: redirectUri, state: 's', code_challenge: pkcePair().challenge });
      await page.goto(`/auth?${query}`);
      await expect(page.getByRole('alert')).toContainText('sent an incomplete sign-in request');
      await expect(page.getByRole('button', { name: 'Continue as Margaret Hamilton' })).toHaveCount(0);
    }
    expect(authorizations).toEqual([]);
  });
});
