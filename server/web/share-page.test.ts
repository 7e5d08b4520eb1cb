// The share page as the server renders it, over real HTTP on both engines, with the built app
// (dist/drive-app and dist/share-server, which `npm test` builds first).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '#shared/content-security.ts';
import { SHARE_FIRST_VIEW_ELEMENT, type ShareFirstView } from '#shared/share-page.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { insertStoredFile } from '../testing/factories.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';

const FIRST_VIEW = new RegExp(`<script type="application/json" id="${SHARE_FIRST_VIEW_ELEMENT}">([^<]*)</script>`);

/** The page's root element (what the visitor sees first) and the first view handed to its script. */
async function sharePage(url: string, headers: Record<string, string> = {}) {
  const answer = await fetch(url, { headers, redirect: 'manual' });
  const html = await answer.text();
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1];
  const carried = FIRST_VIEW.exec(html)?.[1];
  if (root === undefined || carried === undefined) throw new Error(`not a server-rendered share page (${answer.status}): ${html.slice(0, 300)}`);
  return { answer, html, root, first: JSON.parse(carried) as ShareFirstView };
}

describe.each(ENGINES)('the server-rendered share page on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  /** Trip/{Day <1> $&/{b.jpg}, a.jpg} shared, and secret.txt beside it, not shared. */
  async function sharedTrip(share: Record<string, unknown> = {}) {
    const browser = new TestBrowser(server.url);
    const { body } = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Annabel' });
    const folder = async (name: string, parent_id = '') => (await browser.post('/drive/v1/files', { kind: 'drive#folder', name, parent_id })).body.file;
    const trip = await folder('Trip');
    const day = await folder('Day <1> $&', trip.id);
    await insertStoredFile(server.database.db, body.sub, { name: 'a.jpg', parentId: trip.id, mimeType: 'image/jpeg' });
    await insertStoredFile(server.database.db, body.sub, { name: 'b.jpg', parentId: day.id });
    await insertStoredFile(server.database.db, body.sub, { name: 'secret.txt' });
    const created = await browser.post('/drive/v1/share', { file_ids: [trip.id], title: 'Trip <script>', ...share });
    return { browser, trip, day, shareId: created.body.share_id as string, passCode: created.body.pass_code as string };
  }

  it('renders the files in the visitor’s locale, names as text, never cached, with the same view for the script', async () => {
    const { shareId, trip } = await sharedTrip();
    const { answer, html, root, first } = await sharePage(`${server.url}/s/${shareId}?locale=ja`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-language')).toBe('ja');
    // Only the page's own scripts run: the policy allows exactly the inline scripts the page was
    // built with, by their hashes, and the names cannot add one.
    const policy = answer.headers.get('content-security-policy') ?? '';
    const allowed = [...policy.matchAll(/'(sha256-[^']+)'/g)].map(([, hash]) => hash);
    expect(allowed.length).toBeGreaterThan(0);
    expect(inlineScriptHashes(html)).toEqual(allowed);
    expect(/(?:^|; )script-src [^;]*/.exec(policy)?.[0]).not.toContain('unsafe-inline');
    // Its styles come in the page: nothing to fetch before it may paint.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(/<style>[\s\S]*?\.share-file\b[\s\S]*?<\/style>/);
    // Its modules are asked for after the first paint, by the loader at the end of the body, not
    // in the head where a phone would fetch them before painting the files.
    const shell = readFileSync(path.join(import.meta.dirname, '../../dist/drive-app/share.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="([^"]+)">/.exec(shell)?.[1];
    expect(entry).toBeDefined();
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(html).toMatch(new RegExp(`<script>requestAnimationFrame\\(.*"${entry}".*</script></body>`));
    expect(html).toMatch(/<html lang="ja"/);
    expect(html).toContain('<title>Trip &lt;script&gt; · Nubo</title>');
    // The title is text in the page, and the data element cannot be closed by a name.
    expect(root).toContain('<h1 id="share-title">Trip &lt;script&gt;</h1>');
    expect(root).toContain('Trip</span>');
    expect(FIRST_VIEW.exec(html)?.[1]).not.toContain('<');
    expect(first).toMatchObject({ locale: 'ja', shareId, folderIds: [], accessible: true, folderNames: {} });
    expect(first.view).toMatchObject({ share_status: 'OK', title: 'Trip <script>' });
    expect(first.files.map((file) => file.id)).toEqual([trip.id]);
  });

  it('opens a folder by its address, names the folders walked into, and never one outside the share', async () => {
    const { shareId, trip, day, browser } = await sharedTrip();
    const { root, first } = await sharePage(`${server.url}/s/${shareId}/${trip.id}/${day.id}?locale=en-US`);
    expect(first.files.map((file) => file.name)).toEqual(['b.jpg']);
    expect(first.folderNames).toEqual({ [trip.id]: 'Trip', [day.id]: 'Day <1> $&' });
    // A `$&` in a name is text, not a pattern of the page's assembly.
    expect(root).toContain('Day &lt;1&gt; $&amp;');

    const secret = (await browser.get('/drive/v1/files?parent_id=')).body.files.find((file: { name: string }) => file.name === 'secret.txt');
    const outside = await sharePage(`${server.url}/s/${shareId}/${secret.id}`);
    expect(outside.first.view?.share_status).toBe('NOT_FOUND');
    expect(outside.first.files).toEqual([]);
    expect(outside.html).not.toContain('secret.txt');
  });

  it('asks for the passcode, tries the link’s, and keeps the token in the cookie the script reads', async () => {
    const { shareId, passCode } = await sharedTrip({ pass_code_option: 'REQUIRED' });
    const asked = await sharePage(`${server.url}/s/${shareId}`);
    expect(asked.first.view?.share_status).toBe('PASS_CODE_EMPTY');
    expect(asked.first.files).toEqual([]);
    expect(asked.root).toContain('name="s_code"');

    const wrong = await sharePage(`${server.url}/s/${shareId}?s_code=${passCode === 'zzzz' ? 'yyyy' : 'zzzz'}`);
    expect(wrong.first.view?.share_status).toBe('PASS_CODE_ERROR');

    const right = await sharePage(`${server.url}/s/${shareId}?s_code=${passCode}`);
    expect(right.first.view?.share_status).toBe('OK');
    const cookie = right.answer.headers.getSetCookie().find((line) => line.startsWith(`nubo_share_passcode_token_${shareId}=`));
    expect(cookie).toMatch(/SameSite=Lax/);
    const reopened = await sharePage(`${server.url}/s/${shareId}`, { cookie: cookie!.split(';')[0]! });
    expect(reopened.first.view?.share_status).toBe('OK');
    expect(reopened.first.files.map((file) => file.name)).toEqual(['Trip']);
  });

  it('sends the same page compressed, in brotli or gzip as the browser takes it, as it sends it plain', async () => {
    const { shareId } = await sharedTrip();
    const url = `${server.url}/s/${shareId}?locale=en-US`;
    const plain = await (await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })).text();
    for (const encoding of ['br', 'gzip']) {
      for (let visit = 0; visit < 2; visit++) {
        const answer = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
        expect(answer.headers.get('content-encoding')).toBe(encoding);
        expect(answer.headers.get('vary')).toContain('Accept-Encoding');
        expect(await answer.text()).toBe(plain);
      }
    }
  });

  it('shows every change of the share at once: a file renamed, a file added, the share cancelled', async () => {
    const { shareId, browser, trip } = await sharedTrip();
    const url = `${server.url}/s/${shareId}/${trip.id}?locale=en-US`;
    expect((await sharePage(url)).first.files.map((file) => file.name)).toEqual(['Day <1> $&', 'a.jpg']);
    const a = (await browser.get(`/drive/v1/files?parent_id=${trip.id}`)).body.files.find((file: { name: string }) => file.name === 'a.jpg');
    await browser.request('PATCH', `/drive/v1/files/${a.id}`, { name: 'beach.jpg' });
    const renamed = await sharePage(url);
    expect(renamed.root).toContain('beach.jpg');
    expect(renamed.root).not.toContain('a.jpg');
    await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Day 2', parent_id: trip.id });
    expect((await sharePage(url)).root).toContain('Day 2');
    await browser.post('/drive/v1/share:batchDelete', { ids: [shareId] });
    const cancelled = await sharePage(url);
    expect(cancelled.first.files).toEqual([]);
    expect(cancelled.root).not.toContain('beach.jpg');
  });

  it('never shows one visitor what another opened with the passcode', async () => {
    const { shareId, passCode } = await sharedTrip({ pass_code_option: 'REQUIRED' });
    const opened = await sharePage(`${server.url}/s/${shareId}?s_code=${passCode}&locale=en-US`);
    expect(opened.root).toContain('Trip</span>');
    const stranger = await sharePage(`${server.url}/s/${shareId}?locale=en-US`);
    expect(stranger.first.view?.share_status).toBe('PASS_CODE_EMPTY');
    expect(stranger.root).not.toContain('Trip</span>');
    expect(stranger.html).not.toContain(opened.first.passCodeToken);
  });

  it('counts one view per page opened, as GET /share does', async () => {
    const { shareId, browser } = await sharedTrip();
    await sharePage(`${server.url}/s/${shareId}`);
    await sharePage(`${server.url}/s/${shareId}`);
    const mine = (await browser.get('/drive/v1/share/list')).body.data.find((share: { share_id: string }) => share.share_id === shareId);
    expect(mine.view_count).toBe('2');
  });
});

describe('the server-rendered share page for a blocked visitor', () => {
  it('shows no content and looks nothing up', async () => {
    const server = await startTestServer('sqlite', { blockedNetworks: ['127.0.0.0/8'] });
    try {
      const browser = new TestBrowser(server.url);
      await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Annabel' });
      const folder = (await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Holiday' })).body.file;
      const shareId = (await browser.post('/drive/v1/share', { file_ids: [folder.id], title: 'Holiday' })).body.share_id;
      const { html, first } = await sharePage(`${server.url}/s/${shareId}?locale=en-US`);
      expect(first).toMatchObject({ accessible: false, files: [] });
      expect(first.view).toBeUndefined();
      expect(html).toContain('Not available where you are');
      expect(html).not.toContain('Holiday');
      const mine = (await browser.get('/drive/v1/share/list')).body.data[0];
      expect(mine.view_count).toBe('0');
    } finally {
      await server.dispose();
    }
  });
});

describe('the share page when the server render fails', () => {
  it('answers the page for its script to render instead of an error', async () => {
    // The built app as it is, but a server render that throws.
    const built = path.resolve(import.meta.dirname, '../../dist');
    const distDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-broken-render-'));
    symlinkSync(path.join(built, 'site'), path.join(distDir, 'site'));
    symlinkSync(path.join(built, 'drive-app'), path.join(distDir, 'drive-app'));
    mkdirSync(path.join(distDir, 'share-server'));
    writeFileSync(path.join(distDir, 'share-server', 'share-server.js'), "export function renderSharePage() { throw new Error('a bug of the render'); }\n");
    const server = await startTestServer('sqlite', { distDir });
    try {
      const browser = new TestBrowser(server.url);
      await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Annabel' });
      const folder = (await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Holiday' })).body.file;
      const shareId = (await browser.post('/drive/v1/share', { file_ids: [folder.id], title: 'Holiday' })).body.share_id;
      const answer = await fetch(`${server.url}/s/${shareId}?locale=en-US`);
      expect(answer.status).toBe(200);
      const html = await answer.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toMatch(/<script nonce="[^"]+" type="module"[^>]* src="\/app\/assets\/share-[^"]+\.js"/);
      expect(html).not.toContain(SHARE_FIRST_VIEW_ELEMENT);
    } finally {
      await server.dispose();
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});
