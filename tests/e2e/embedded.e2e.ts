// Embedded mode (SPEC §1, §2.7, §7.6): the drive framed by a host page, and inside the
// native app's webview with its bridge played by the test.
import http from 'node:http';
import type { Page } from '@playwright/test';
import { openShare, signUp } from './drive-helpers.ts';
import { expect, test } from './fixtures.ts';

const appOrigin = (page: Page) => new URL(page.url()).origin;
/** The host page's origin, allowed by EMBED_ORIGINS: a port playwright.config.ts found free. */
const allowedHost = () => `http://127.0.0.1:${process.env.E2E_EMBED_HOST_PORT}`;

/**
 * Serves, from a real server at `host` (a loopback page may frame a loopback app; without a host, on
 * any free port, for a host EMBED_ORIGINS does not name), a host page that
 * frames `src` and keeps every message it receives; the server stops after the test.
 */
let stopHost: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await stopHost?.();
  stopHost = undefined;
});

async function hostPage(page: Page, host: string | undefined, src: (host: string) => string): Promise<void> {
  let origin = host ?? '';
  const body = () => `<!doctype html><title>Host</title>
    <script>window.received = []; addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));</script>
    <iframe id="drive" src="${src(origin)}" style="width:1100px;height:700px" onload="window.frameLoaded = true"></iframe>`;
  const server = http.createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end(body()));
  const port = host ? Number(new URL(host).port) : 0;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
  stopHost = () => new Promise((resolve) => server.close(() => resolve()));
  await page.goto(`${origin}/host.html`);
}

/** Adds a link to the framed app's page, as content with actions (a notification, a card) would carry. */
async function addLink(page: Page, href: string, text: string, target = '') {
  const frame = page.frame({ url: /\/drive\// })!;
  await frame.evaluate(
    ([href, text, target]) => {
      const link = document.createElement('a');
      link.href = href!;
      link.textContent = text!;
      if (target) link.target = target;
      link.style.cssText = 'position:fixed;bottom:8px;right:8px;z-index:9999;background:#fff';
      document.body.append(link);
    },
    [href, text, target],
  );
  return page.frameLocator('#drive').getByRole('link', { name: text });
}

test.describe('framed by a host page', () => {
  test('runs app actions inside the frame, posts host actions to the allowed origin only, and opens _blank links in a window', async ({ page, context }) => {
    await signUp(page, 'Framed Person');
    const app = appOrigin(page);
    const host = allowedHost();
    const file = await page.evaluate(async () => {
      const folder = await fetch('/drive/v1/files', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ kind: 'drive#folder', name: 'Shared docs' }),
      }).then((r) => r.json());
      const note = await fetch('/drive/v1/files', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ kind: 'drive#file', name: 'note.txt', parent_id: folder.file.id, size: '5' }),
      }).then((r) => r.json());
      await fetch(note.resumable.params.url, {
        method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        body: 'hello',
      });
      const emptied = await fetch('/drive/v1/files/trash:empty', { method: 'PATCH' }).then((r) => r.json());
      return { id: note.file.id as string, folderId: folder.file.id as string, taskId: emptied.task_id as string };
    });

    await hostPage(page, host, () => `${app}/drive/all?origin=${encodeURIComponent(host)}&hide_header=1`);
    const frame = page.frameLocator('#drive');
    await expect(frame.getByRole('heading', { level: 1, name: 'All files' })).toBeVisible();
    // hide_header: the host shows its own.
    await expect(frame.getByRole('search')).toHaveCount(0);

    // An app action runs inside: the file opens, the frame does not navigate.
    await (await addLink(page, `/drive/all?action=open_file&file_id=${file.id}`, 'Open the note')).click();
    await expect(frame.getByRole('dialog', { name: 'note.txt' })).toBeVisible();
    await expect(frame.getByRole('dialog', { name: 'note.txt' }).getByLabel('note.txt', { exact: true })).toHaveText('hello');
    expect(page.frame({ url: /\/drive\// })!.url()).toMatch(/\/drive\/all\?origin=/);
    await frame.getByRole('dialog', { name: 'note.txt' }).press('Escape');

    // show_task follows a task to its end.
    await (await addLink(page, `/drive/all?action=show_task&task_id=${file.taskId}`, 'See the task')).click();
    const task = frame.getByRole('dialog', { name: 'Task' });
    await expect(task.getByText('Empty trash')).toBeVisible();
    await expect(task.getByRole('status')).toHaveText('Done');
    await task.press('Escape');

    // highlight_files goes to the file's folder with the file selected.
    await (await addLink(page, `/drive/all?action=highlight_files&file_ids=${file.id}`, 'Show the note')).click();
    await expect(frame.getByRole('heading', { level: 1, name: 'Shared docs' })).toBeVisible();
    await expect(frame.getByRole('option', { name: 'note.txt' })).toHaveAttribute('aria-selected', 'true');

    // A host action is posted to the host, from the app's origin, and only there.
    await (await addLink(page, '/drive/all?action=show_storage_dialog&from=quota', 'Get more space')).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received))
      .toEqual([{ origin: app, data: { type: 'nubo:action', action: 'show_storage_dialog', from: 'quota' } }]);
    // The feedback link of the sidebar posts open_feedback.
    await frame.getByRole('link', { name: 'Feedback' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received: Array<{ data: { action: string } }> }).received.map((m) => m.data.action)))
      .toEqual(['show_storage_dialog', 'open_feedback']);

    // A link with target=_blank opens a window instead.
    const popup = context.waitForEvent('page');
    await (await addLink(page, `/drive/all?action=show_storage_dialog`, 'In a new window', '_blank')).click();
    await expect(await popup).toHaveURL(/\/drive\/all\?action=show_storage_dialog$/);
  });

  test('cannot be framed by a page that EMBED_ORIGINS does not name', async ({ page }) => {
    await signUp(page, 'Unframed Person');
    const app = appOrigin(page);
    await hostPage(page, undefined, (stranger) => `${app}/drive/all?origin=${encodeURIComponent(stranger)}`);
    await page.waitForFunction(() => (window as unknown as { frameLoaded?: boolean }).frameLoaded === true);
    // The browser refused to show the app in that frame (frame-ancestors).
    expect(page.frames().some((frame) => frame.url().startsWith(`${app}/drive/`) && frame !== page.mainFrame())).toBe(false);
  });
});

/** The native side of the bridge, as the test plays it: answers requests and records everything. */
function fakeNativeApp(answers: { language?: string; bearer?: string; silent?: boolean }) {
  return ({ language, bearer, silent }: typeof answers) => {
    const w = window as unknown as { nativeLog: unknown[]; NuboNative: { postMessage(m: string): void }; nuboBridge?: { receive(a: unknown): void } };
    w.nativeLog = [];
    const answer = (id: string, payload: unknown) => setTimeout(() => w.nuboBridge?.receive(JSON.stringify({ id, ok: true, payload })), 10);
    w.NuboNative = {
      postMessage(raw: string) {
        const message = JSON.parse(raw) as { id: string; type: string; payload: Record<string, string> };
        w.nativeLog.push({ type: message.type, payload: message.payload });
        if (silent) return;
        if (message.type === 'getAppMetadata') answer(message.id, { language, version: '3.1.0', platform: 'Android' });
        if (message.type === 'getUserInfo') answer(message.id, { signed_in: Boolean(bearer) });
        if (message.type === 'requestLoginAuthCode') {
          // The app asks the server for a code with its own session, for the page's challenge.
          void fetch('/v1/auth/authorize', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
            body: JSON.stringify({ ...message.payload, state: 'app' }),
          })
            .then((r) => r.json())
            .then((body: { code: string }) => answer(message.id, { code: body.code }));
        }
      },
    };
  };
}

test.describe('inside the native app', () => {
  test('follows the app language, signs in from the app session, reports pages and hands host actions and windows to the app', async ({
    browser,
    request,
    baseURL,
  }) => {
    const email = `native-${Date.now()}@example.com`;
    const signedUp = await request.post(`${baseURL}/v1/auth/signup`, {
      data: { email, password: 'violet harbour lamp 42', name: 'App Person', client_id: 'nubo-desktop' },
    });
    const { access_token: bearer, sub } = await signedUp.json();
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/156 Mobile NuboApp/3.1.0' });
    const page = await context.newPage();
    await page.addInitScript(fakeNativeApp({}), { language: 'ja', bearer });
    await page.goto('/drive/all');

    // Signed in as the app's user, in the app's language.
    await expect(page.getByRole('heading', { level: 1, name: 'すべてのファイル' })).toBeVisible();
    expect(await page.evaluate(async () => (await fetch('/v1/user/me').then((r) => r.json())).sub)).toBe(sub);
    const log = () => page.evaluate(() => (window as unknown as { nativeLog: Array<{ type: string; payload: Record<string, string> }> }).nativeLog);
    await expect
      .poll(async () => (await log()).map((m) => m.type))
      .toEqual(expect.arrayContaining(['getAppMetadata', 'getUserInfo', 'requestLoginAuthCode', 'report']));
    expect((await log()).find((m) => m.type === 'requestLoginAuthCode')!.payload).toMatchObject({
      client_id: 'nubo-web',
      redirect_uri: 'nubo-app://web-session',
      code_challenge_method: 'S256',
    });
    expect((await log()).filter((m) => m.type === 'report').map((m) => m.payload.page_path)).toContain('/drive/all');

    await page.evaluate(() => {
      for (const [href, text, target] of [
        ['/drive/all?action=show_invite_dialog', 'Invite', ''],
        ['https://example.com/help', 'Help', '_blank'],
      ] as const) {
        const link = document.createElement('a');
        link.href = href;
        link.textContent = text;
        if (target) link.target = target;
        document.body.prepend(link);
      }
    });
    await page.getByRole('link', { name: 'Invite' }).click();
    await page.getByRole('link', { name: 'Help' }).click();
    await expect
      .poll(async () => (await log()).filter((m) => m.type === 'actionSend' || m.type === 'actionView').map((m) => m.payload))
      .toEqual([{ type: 'nubo:action', action: 'show_invite_dialog' }, { url: 'https://example.com/help' }]);
    expect(page.url()).toMatch(/\/drive\/all$/);
    await context.close();
  });

  test('opens a share in the app language, signed in from the app session, so saving to a chosen folder is offered', async ({ browser, request, baseURL }) => {
    const signedUp = await request.post(`${baseURL}/v1/auth/signup`, {
      data: { email: `native-share-${Date.now()}@example.com`, password: 'violet harbour lamp 42', name: 'App Sharer', client_id: 'nubo-desktop' },
    });
    const { access_token: bearer } = await signedUp.json();
    const auth = { Authorization: `Bearer ${bearer}` };
    const folder = await (await request.post(`${baseURL}/drive/v1/files`, { headers: auth, data: { kind: 'drive#folder', name: 'Album' } })).json();
    const { share_id: shareId } = await (await request.post(`${baseURL}/drive/v1/share`, { headers: auth, data: { file_ids: [folder.file.id] } })).json();

    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone) NuboApp/3.1.0' });
    const page = await context.newPage();
    await page.addInitScript(fakeNativeApp({}), { language: 'ja', bearer });
    await openShare(page, `/s/${shareId}`);
    // The share page is a page of its own: embedded mode comes with it on an embedded visit.
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('list', { name: '共有ファイル' }).getByRole('button', { name: 'Album' })).toBeVisible();
    await expect(page.getByRole('button', { name: '保存先を選ぶ…' })).toBeVisible();
    await context.close();
  });

  test('works on when the bridge never answers, only logging it', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone) NuboApp/3.1.0' });
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await page.addInitScript(fakeNativeApp({}), { silent: true });
    await page.goto('/drive/all?locale=en-US');
    // Not signed in by the app: the sign-in page, in the page's own language.
    await expect(page.getByRole('button', { name: 'Create an account' })).toBeVisible();
    await expect.poll(() => warnings.some((text) => text.includes('did not answer getAppMetadata')), { timeout: 15_000 }).toBe(true);
    await expect(page.getByRole('button', { name: 'Create an account' })).toBeVisible();
    await context.close();
  });
});
