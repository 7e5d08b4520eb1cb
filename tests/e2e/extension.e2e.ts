// The browser extension in Debian's Chromium, unpacked from the build as a person would load it,
// against the real server: the server address typed in its settings, the sign-in through the
// browser's identity flow, a magnet link and a direct link saved from a test page (the file inside
// a frame, the magnet added by the page's script after load), the downloads seen in the popup and in
// the drive, a context-menu entry run through the background, and signing out.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, type Page, test, type Worker } from '@playwright/test';
import type { browser } from '@wxt-dev/browser';
import { CHROMIUM_EXTENSION_ID } from '#shared/accounts/extension-identity.ts';
import { type FileOrigin, startFileOrigin } from '../../server/testing/file-origin.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { expectAccessible } from './fixtures.ts';

const EXTENSION_DIR = path.resolve(import.meta.dirname, '../../dist/extension/chromium-mv3');
const PASSWORD = 'violet harbour lamp 42';
const MAGNET = 'magnet:?xt=urn:btih:08ada5a7a6183aae1e09d831df6748d566095a10&dn=Sintel%20trailer';

let context: BrowserContext;
let background: Worker;
let profile: string;
let origin: FileOrigin;

// A whole browser with the extension, a sign-in window and axe: more than the default half minute on a busy 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) throw new Error(`No extension build at ${EXTENSION_DIR}: run npm run build first.`);
  origin = await startFileOrigin('127.0.0.1');
  profile = mkdtempSync(path.join(os.tmpdir(), 'nubo-extension-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    // Extensions run in the new headless mode, which is the whole browser without a screen.
    headless: false,
    args: [...CHROMIUM_ARGS, '--headless=new', '--lang=en-US', `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
  });
  background = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
});

test.afterAll(async () => {
  await context?.close();
  await origin?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** The extension's own global, as the code evaluated in its background sees it. */
type InExtension = { chrome: typeof browser; saveFromContextMenu(info: unknown): Promise<unknown> };

const extensionPage = (page: string) => `chrome-extension://${CHROMIUM_EXTENSION_ID}/${page}`;

/**
 * Grants the extension a site, as the person does in the browser's prompt (which a test cannot
 * click): through chrome://extensions' own API, the one its site access controls use.
 */
async function allowSite(pattern: string) {
  const manager = await context.newPage();
  await manager.goto(`chrome://extensions/?id=${CHROMIUM_EXTENSION_ID}`);
  const failure = await manager.evaluate(
    ([id, host]) =>
      new Promise<string>((resolve) => {
        const api = (
          globalThis as unknown as {
            chrome: { developerPrivate: { addHostPermission(id: string, host: string, done: () => void): void }; runtime: { lastError?: { message: string } } };
          }
        ).chrome;
        api.developerPrivate.addHostPermission(id!, host!, () => resolve(api.runtime.lastError?.message ?? ''));
      }),
    [CHROMIUM_EXTENSION_ID, pattern],
  );
  expect(failure).toBe('');
  await manager.close();
}

/** The page the browser opened at this address (its first event may come while it is still blank). */
async function pageAt(prefix: string): Promise<Page> {
  await expect.poll(() => context.pages().some((page) => page.url().startsWith(prefix))).toBe(true);
  return context.pages().find((page) => page.url().startsWith(prefix))!;
}

/** The popup, opened in a window of its own, as the toolbar button opens it over the page in front. */
async function openPopup(): Promise<Page> {
  const opened = context.waitForEvent('page', { predicate: (page) => page.url().startsWith(extensionPage('popup.html')) });
  await background.evaluate(
    (url) => (globalThis as unknown as InExtension).chrome.windows.create({ url, type: 'popup', width: 400, height: 600 }),
    extensionPage('popup.html'),
  );
  return opened;
}

test('is pinned to the id whose redirect address the server accepts', async () => {
  expect(new URL(background.url()).host).toBe(CHROMIUM_EXTENSION_ID);
});

test('is offered for both browsers on the site’s page, as packs the server serves', async ({ baseURL }) => {
  const page = await context.newPage();
  await page.goto(`${baseURL}/browser-extension`);
  for (const [name, pack] of [
    ['Chrome, Edge, Brave and Opera (.zip)', 'nubo-chromium.zip'],
    ['Firefox (.zip)', 'nubo-firefox.zip'],
  ] as const) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', `/downloads/extension/${pack}`);
    const response = await page.request.get(`${baseURL}/downloads/extension/${pack}`);
    expect([response.status(), response.headers()['content-type']]).toEqual([200, 'application/zip']);
    expect((await response.body()).subarray(0, 2).toString('latin1')).toBe('PK');
  }
  await expect(page.getByRole('heading', { name: 'Install in Chrome, Edge, Brave or Opera' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Install in Firefox' })).toBeVisible();
  await page.close();
});

test('says a server must be set, checks the typed address is Nubo, and signs in through the browser’s identity flow', async ({ baseURL }) => {
  const popup = await openPopup();
  await expect(popup.getByRole('alert')).toHaveText('Tell the extension the address of your Nubo server first.');
  await popup.close();

  const options = await context.newPage();
  await options.goto(extensionPage('options.html'));
  const address = options.getByLabel('Address of your Nubo server');
  // Not a Nubo server: a web server that answers something else.
  await allowSite(`${origin.origin}/*`);
  await address.fill(origin.origin);
  await options.getByRole('button', { name: 'Check and save' }).click();
  await expect(options.getByRole('alert')).toHaveText(`${origin.origin} answers, but it is not a Nubo server. Check the address.`);

  await allowSite(`${baseURL}/*`);
  await address.fill(baseURL!);
  await options.getByRole('button', { name: 'Check and save' }).click();
  await expect(options.getByRole('status')).toHaveText(new RegExp(`^${baseURL} is a Nubo server \\(version .+\\)\\.$`));
  await expect(options.getByText('The extension is signed out of Nubo.')).toBeVisible();

  // The sign-in runs in the browser's own window; the server's page hands the code to the
  // browser's address for the extension, which the browser catches.
  const signInWindow = context.waitForEvent('page', { predicate: (page) => page.url().startsWith(`${baseURL}/auth?`) });
  await options.getByRole('button', { name: 'Sign in' }).click();
  const auth = await signInWindow;
  const query = new URL(auth.url()).searchParams;
  expect(query.get('redirect_uri')).toBe(`https://${CHROMIUM_EXTENSION_ID}.chromiumapp.org/`);
  expect(query.get('code_challenge_method')).toBe('S256');
  expect(query.get('state')).toMatch(/^[\w-]{20,}$/);
  await auth.getByRole('button', { name: 'Create an account' }).click();
  await auth.getByLabel('Name').fill('Ellen Extension');
  await auth.getByLabel('E-mail address').fill(`extension-${Date.now()}@example.com`);
  await auth.getByLabel('Password').fill(PASSWORD);
  await auth.getByRole('button', { name: 'Create account' }).click();
  await expect(options.getByText('The extension is signed in to your Nubo account.')).toBeVisible();
  await expectAccessible(options, 'the extension’s settings');
  await options.close();
});

test('lists the page’s links from every frame and those added after load, saves a magnet and a file, and follows them', async ({ baseURL }) => {
  // The file is sent slowly, so that it is still under way when the popup looks.
  const file = origin.serve('/mirror/big-buck-bunny.mkv', { size: 400_000, dripBytes: 10_000, dripMs: 100, contentType: 'video/x-matroska' });
  origin.serve('/frame.html', {
    contentType: 'text/html; charset=utf-8',
    body: Buffer.from(`<!doctype html><title>Mirrors</title><a href="mirror/big-buck-bunny.mkv">Mirror</a><a href="/about.html">About</a>`),
  });
  origin.serve('/release.html', {
    contentType: 'text/html; charset=utf-8',
    body: Buffer.from(
      `<!doctype html><html lang="en"><title>Release</title><h1>Release</h1><iframe src="/frame.html" title="Mirrors"></iframe>` +
        `<script>setTimeout(() => { const a = document.createElement('a'); a.href = ${JSON.stringify(MAGNET)}; a.textContent = 'Magnet'; document.body.append(a); }, 300);</script></html>`,
    ),
  });
  const release = await context.newPage();
  await release.goto(`${origin.origin}/release.html`);
  await expect(release.getByRole('link', { name: 'Magnet' })).toBeAttached();
  await release.bringToFront();

  const popup = await openPopup();
  const magnets = popup.getByRole('group', { name: 'Magnet links (1)' });
  const files = popup.getByRole('group', { name: 'Files (1)' });
  await expect(magnets.getByRole('checkbox', { name: 'Sintel trailer' })).toBeVisible();
  await expect(files.getByRole('checkbox', { name: 'big-buck-bunny.mkv' })).toBeVisible();
  // The cookies may go only to a Nubo reached over https; this one is plain http.
  await expect(popup.getByRole('checkbox', { name: 'Send my cookies and referrer for these links' })).toBeDisabled();
  await magnets.getByRole('checkbox', { name: 'Magnet links (1)' }).check();
  await files.getByRole('checkbox', { name: 'big-buck-bunny.mkv' }).check();
  await popup.getByRole('button', { name: 'Save to Nubo (2)' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'added' })).toHaveText('2 downloads added to Nubo.');

  await expectAccessible(popup, 'the extension’s popup');
  const running = popup.getByRole('region', { name: 'Downloads under way' });
  await expect(running.getByText('Sintel trailer', { exact: true })).toBeVisible();
  await expect(running.getByRole('progressbar', { name: /^Sintel trailer: \d+%$/ })).toBeVisible();
  // The server fetches the file from the page's own server.
  await expect.poll(() => origin.requests.some((request) => request.method === 'GET' && request.path === new URL(file.url).pathname)).toBe(true);
  await expect.poll(async () => background.evaluate(() => (globalThis as unknown as InExtension).chrome.action.getBadgeText({}))).toMatch(/^[12]$/);

  // The drive lists them too, in the same browser (signed in by the same sign-in).
  const drive = await context.newPage();
  await drive.goto(`${baseURL}/drive/downloads`);
  const list = drive.getByRole('list', { name: 'Your downloads' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Sintel trailer' })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'big-buck-bunny.mkv' })).toBeVisible();
  await drive.close();
  await popup.close();
  await release.close();
});

test('saves a link and the links in a selection from the context menu, through the background', async ({ baseURL }) => {
  origin.serve('/docs/manual.pdf', { size: 2048, contentType: 'application/pdf' });
  type MenuClick = { menuItemId: string; editable: boolean; pageUrl: string; linkUrl?: string; selectionText?: string };
  const click = (info: MenuClick) => background.evaluate((menuClick) => (globalThis as unknown as InExtension).saveFromContextMenu(menuClick), info);
  expect(await click({ menuItemId: 'save-link', editable: false, pageUrl: `${origin.origin}/`, linkUrl: `${origin.origin}/docs/manual.pdf` })).toEqual({
    added: 1,
    refused: [],
  });
  const selection = `Two mirrors: ${origin.origin}/docs/manual.pdf?copy=2, and ${MAGNET}&tr=x. Also ftp://old.example/a.zip`;
  expect(await click({ menuItemId: 'save-selection', editable: false, pageUrl: `${origin.origin}/`, selectionText: selection })).toEqual({
    added: 2,
    refused: [],
  });
  // A link Nubo will not fetch is named with its reason, as the notification says it.
  const refused = (await click({ menuItemId: 'save-link', editable: false, pageUrl: `${origin.origin}/`, linkUrl: 'http://10.1.2.3/private.zip' })) as {
    added: number;
    refused: { reason: string }[];
  };
  expect(refused.added).toBe(0);
  expect(refused.refused[0]?.reason).toBe('This link points to a private or local network address. Nubo only fetches public addresses.');

  const drive = await context.newPage();
  await drive.goto(`${baseURL}/drive/downloads`);
  // The second copy of the same name is kept beside the first, as "manual (1).pdf" once it is done.
  await expect(
    drive
      .getByRole('list', { name: 'Your downloads' })
      .getByRole('listitem')
      .filter({ hasText: /manual( \(1\))?\.pdf/ }),
  ).toHaveCount(2);
  await drive.close();
});

test('offers a magnet link clicked on any page to Nubo once catching is on, and leaves it alone before', async ({ baseURL }) => {
  const magnet = 'magnet:?xt=urn:btih:dd8255ecdc7ca55fb0bbf81323d87062db1f6d1c&dn=Big%20Buck%20Bunny';
  origin.serve('/magnets.html', {
    contentType: 'text/html; charset=utf-8',
    body: Buffer.from(`<!doctype html><html lang="en"><title>Magnets</title><a href="${magnet}">Big Buck Bunny</a></html>`),
  });
  const offered = () => context.pages().filter((page) => page.url().startsWith(extensionPage('offer.html')));

  const options = await context.newPage();
  await options.goto(extensionPage('options.html'));
  // Turning it on asks for every site; the person's "Allow" is given as the prompt would.
  await allowSite('*://*/*');
  // Checked once the browser granted the access and the setting is kept, not at the click itself.
  await options.getByRole('checkbox', { name: 'Offer magnet links I click on any page to Nubo' }).click();
  await expect(options.getByRole('checkbox', { name: 'Offer magnet links I click on any page to Nubo' })).toBeChecked();
  await options.close();
  await expect
    .poll(async () =>
      (await background.evaluate(() => (globalThis as unknown as InExtension).chrome.scripting.getRegisteredContentScripts())).map((script) => script.id),
    )
    .toEqual(['clicks']);

  const page = await context.newPage();
  await page.goto(`${origin.origin}/magnets.html`);
  await page.getByRole('link', { name: 'Big Buck Bunny' }).click();
  const offer = await pageAt(extensionPage('offer.html'));
  await expect(offer.getByRole('heading', { name: 'Save this magnet link to Nubo?' })).toBeVisible();
  await expect(offer.getByText('Big Buck Bunny', { exact: true })).toBeVisible();
  await offer.getByRole('button', { name: 'Save to Nubo' }).click();
  // Saved, the window closes itself, and the download is the person's.
  await expect.poll(() => offered().length).toBe(0);
  const drive = await context.newPage();
  await drive.goto(`${baseURL}/drive/downloads`);
  await expect(drive.getByRole('list', { name: 'Your downloads' }).getByRole('listitem').filter({ hasText: 'Big Buck Bunny' })).toBeVisible();
  await drive.close();

  // Turned off again, the click catcher goes from every page.
  const settings = await context.newPage();
  await settings.goto(extensionPage('options.html'));
  await settings.getByRole('checkbox', { name: 'Offer magnet links I click on any page to Nubo' }).click();
  await expect(settings.getByRole('checkbox', { name: 'Offer magnet links I click on any page to Nubo' })).not.toBeChecked();
  await settings.close();
  await expect
    .poll(async () => (await background.evaluate(() => (globalThis as unknown as InExtension).chrome.scripting.getRegisteredContentScripts())).length)
    .toBe(0);
  await page.close();
});

test('says so when the server’s permission was taken back, and signing out revokes the session', async ({ baseURL }) => {
  const { session } = (await background.evaluate(() => (globalThis as unknown as InExtension).chrome.storage.local.get('session'))) as {
    session: { accessToken: string };
  };
  const me = () => fetch(`${baseURL}/v1/user/me`, { headers: { Authorization: `Bearer ${session.accessToken}` } });
  expect((await me()).status).toBe(200);

  // The person takes the extension's site access back in the browser: the server's, and every site's given for catching clicks.
  await background.evaluate((pattern) => (globalThis as unknown as InExtension).chrome.permissions.remove({ origins: [pattern, '*://*/*'] }), `${baseURL}/*`);
  // Taken back while the browser runs (or before it starts): the toolbar button says so at once.
  const badge = () => background.evaluate(() => (globalThis as unknown as InExtension).chrome.action.getBadgeText({}));
  await expect.poll(badge).toBe('!');
  let popup = await openPopup();
  await expect(popup.getByRole('alert')).toContainText(`The extension may not reach ${baseURL}.`);
  // The popup's remedy: the settings, where checking the address again asks for the access again.
  await popup.getByRole('button', { name: 'Open the settings' }).click();
  const options = await pageAt(extensionPage('options.html'));
  await allowSite(`${baseURL}/*`);
  await options.getByRole('button', { name: 'Check and save' }).click();
  await expect(options.getByRole('status')).toHaveText(new RegExp(`^${baseURL} is a Nubo server`));
  await expect(options.getByText('The extension is signed in to your Nubo account.')).toBeVisible();
  await expect.poll(badge).not.toBe('!');
  await options.close();
  await popup.close().catch(() => {});

  popup = await openPopup();
  await popup.getByRole('button', { name: 'Sign out' }).click();
  await expect(popup.getByText('The extension is signed out of Nubo.')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await me()).status).toBe(401);
  expect(await background.evaluate(() => (globalThis as unknown as InExtension).chrome.storage.local.get('session'))).toEqual({});
  await popup.close();
});

test('names a certificate the browser refuses, apart from a server that does not answer', async () => {
  // A server on loopback with a certificate nobody signed, as a self-hosted Nubo may have at first.
  const keys = mkdtempSync(path.join(os.tmpdir(), 'nubo-extension-tls-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-days', '1', '-keyout', 'key.pem', '-out', 'cert.pem'], {
    cwd: keys,
    stdio: 'ignore',
  });
  const secure = https.createServer({ key: readFileSync(path.join(keys, 'key.pem')), cert: readFileSync(path.join(keys, 'cert.pem')) }, (_request, response) =>
    response.end('{}'),
  );
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  const secureOrigin = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
  // A port nothing listens on: taken, then freed.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
  try {
    const options = await context.newPage();
    await options.goto(extensionPage('options.html'));
    for (const [origin, said] of [
      [secureOrigin, `Your browser does not trust the certificate of ${secureOrigin}.`],
      [closedOrigin, `${closedOrigin} does not answer.`],
    ] as const) {
      await allowSite(`${origin}/*`);
      await options.getByLabel('Address of your Nubo server').fill(origin);
      await options.getByRole('button', { name: 'Check and save' }).click();
      await expect(options.getByRole('alert')).toContainText(said);
    }
    // The tab that learned why is gone again.
    expect(context.pages().filter((page) => page.url().startsWith(secureOrigin))).toEqual([]);
    await options.close();
  } finally {
    secure.close();
    rmSync(keys, { recursive: true, force: true });
  }
});
