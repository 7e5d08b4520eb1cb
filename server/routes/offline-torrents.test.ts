import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriveFile } from '#shared/api/files.ts';
import type { Task } from '#shared/api/tasks.ts';
import { loadConfig } from '../config.ts';
import { type ResolveHost, systemResolve } from '../offline/network-guard.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { type FileOrigin, startFileOrigin } from '../testing/file-origin.ts';
import { ENGINES, freePort, startTestServer, type TestServer, testOfflineConfig } from '../testing/harness.ts';
import { type SeededTorrent, startTorrentSwarm, type TorrentSwarm } from '../testing/torrent-swarm.ts';
import { until } from '../testing/until.ts';
import { createUpload, tusUpload } from '../testing/uploads.ts';

async function signedIn(server: TestServer) {
  const browser = new TestBrowser(server.url);
  await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
  return browser;
}

async function ended(browser: TestBrowser, id: string): Promise<Task> {
  for (let i = 0; i < 600; i++) {
    const task = (await browser.get(`/drive/v1/tasks/${id}`)).body as Task;
    if (task.phase === 'PHASE_TYPE_COMPLETE' || task.phase === 'PHASE_TYPE_ERROR') return task;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`task ${id} did not end in 30 s`);
}

const download = (browser: TestBrowser, url: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  browser.post('/drive/v1/files', { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url, ...extra });

/** Every file under a folder of the drive, by its path below it. */
async function treeOf(browser: TestBrowser, folderId: string, prefix = ''): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const file of (await browser.get(`/drive/v1/files?parent_id=${folderId}&limit=500`)).body.files as DriveFile[]) {
    if (file.kind === 'drive#folder') Object.assign(found, await treeOf(browser, file.id, `${prefix}${file.name}/`));
    else found[`${prefix}${file.name}`] = file.hash;
  }
  return found;
}

describe('torrents with the settings a server starts with: the DHT on, a fixed torrent port, uTP', () => {
  let server: TestServer;
  let swarm: TorrentSwarm;
  beforeAll(async () => {
    swarm = await startTorrentSwarm();
    const { offline } = loadConfig({
      // The swarm on loopback stands for the internet.
      OFFLINE_ALLOW_NETWORKS: '127.0.0.1/32',
      // A fixed port as the shipped 6881 is, found free: a torrent client on the machine may hold 6881 itself.
      OFFLINE_TORRENT_PORT: String(await freePort()),
      // The swarm's DHT node, not the DHT's routers on the internet, which tests do not reach.
      OFFLINE_DHT_NODES: swarm.dhtNode,
    });
    server = await startTestServer('sqlite', { offline });
  });
  afterAll(async () => {
    await server?.dispose();
    await swarm?.close();
  });

  it('fetches a magnet link whose tracker names a seeder', async () => {
    const browser = await signedIn(server);
    const torrent = await swarm.seed('through the tracker', { 'a.bin': 200_000 });
    const task = await ended(browser, (await download(browser, { url: torrent.magnetURI })).body.task.id);
    expect(task).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', file_size: '200000' });
    expect((await browser.get(`/drive/v1/files/${task.file_id}`)).body.hash).toBe(torrent.files[0]!.sha256);
  });

  it('fetches a magnet link that names no tracker, finding the seeder through the DHT', async () => {
    const browser = await signedIn(server);
    const torrent = await swarm.seed('through the DHT', { 'b.bin': 200_000 });
    const magnet = torrent.magnetURI.replace(/&tr=[^&]*/g, '');
    expect(magnet).not.toContain('tr=');
    const task = await ended(browser, (await download(browser, { url: magnet })).body.task.id);
    expect(task).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', file_size: '200000' });
    expect((await browser.get(`/drive/v1/files/${task.file_id}`)).body.hash).toBe(torrent.files[0]!.sha256);
  });
});

describe.each(ENGINES)('torrent downloads on %s', (engine) => {
  let server: TestServer;
  let swarm: TorrentSwarm;
  let album: SeededTorrent;
  beforeAll(async () => {
    swarm = await startTorrentSwarm();
    album = await swarm.seed('Album <img src=x onerror=alert(1)> 2026', {
      'one.bin': 300_000,
      'notes.txt': Buffer.from('liner notes'),
      'disc 2/two.bin': 500_000,
    });
    server = await startTestServer(engine, { offline: testOfflineConfig({ noPeersSeconds: 3 }) });
  });
  afterAll(async () => {
    await server?.dispose();
    await swarm?.close();
  });

  it('reads a magnet link’s file list from its peers, and a .torrent’s at once', async () => {
    const browser = await signedIn(server);
    const inspected = await browser.post('/drive/v1/offline:inspect', { url: album.magnetURI });
    expect(inspected.status).toBe(200);
    expect(inspected.body).toMatchObject({
      source: 'magnet',
      name: 'Album <img src=x onerror=alert(1)> 2026',
      size: String(300_000 + 11 + 500_000),
      state: 'complete',
      info_hash: album.infoHash,
    });
    expect(inspected.body.files).toEqual(album.files.map((file, index) => ({ index, path: file.path, size: String(file.size) })));

    const torrent = (await createUpload(browser, 'album.torrent', album.torrentFile)).body;
    await tusUpload(browser, album.torrentFile, { uploadUrl: torrent.resumable.params.url });
    const fromDrive = await browser.post('/drive/v1/offline:inspect', { file_id: torrent.file.id });
    expect(fromDrive.body).toMatchObject({ source: 'torrent', name: 'Album <img src=x onerror=alert(1)> 2026', state: 'complete', info_hash: album.infoHash });
    expect(fromDrive.body.files).toEqual(inspected.body.files);
  });

  it('fetches only the chosen files of a magnet link, keeping the torrent’s folders, with the right SHA-256', async () => {
    const browser = await signedIn(server);
    const chosen = album.files.map((file, index) => ({ file, index })).filter(({ file }) => file.path !== 'one.bin');
    const created = await download(browser, { url: album.magnetURI, files: chosen.map(({ index }) => index) });
    expect(created.status).toBe(200);
    expect(created.body.task).toMatchObject({ type: 'offline', name: 'Album <img src=x onerror=alert(1)> 2026', params: { url: album.magnetURI } });
    const task = await ended(browser, created.body.task.id);
    expect(task).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      file_name: 'Album <img src=x onerror=alert(1)> 2026',
      file_size: String(11 + 500_000),
    });
    const folder = (await browser.get(`/drive/v1/files/${task.file_id}`)).body as DriveFile;
    expect(folder).toMatchObject({ kind: 'drive#folder', parent_id: '' });
    expect(await treeOf(browser, folder.id)).toEqual(Object.fromEntries(chosen.map(({ file }) => [file.path, file.sha256])));
    expect((await browser.get('/drive/v1/about')).body.quota.usage).toBe(String(11 + 500_000));
  });

  it('fetches every file of a .torrent kept in the drive, into the chosen folder', async () => {
    const browser = await signedIn(server);
    const torrent = (await createUpload(browser, 'album.torrent', album.torrentFile)).body;
    await tusUpload(browser, album.torrentFile, { uploadUrl: torrent.resumable.params.url });
    const target = (await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Music' })).body.file;
    const created = await download(browser, { file_id: torrent.file.id }, { parent_id: target.id, name: 'My album' });
    expect(created.body.task.params).toEqual({ file_id: torrent.file.id, parent_id: target.id });
    const task = await ended(browser, created.body.task.id);
    expect(task.phase).toBe('PHASE_TYPE_COMPLETE');
    const folder = (await browser.get(`/drive/v1/files/${task.file_id}`)).body as DriveFile;
    expect(folder).toMatchObject({ name: 'My album', parent_id: target.id });
    expect(await treeOf(browser, folder.id)).toEqual(Object.fromEntries(album.files.map((file) => [file.path, file.sha256])));
  });

  it('refuses a torrent bigger than the room left in the drive, keeping none of it', async () => {
    const browser = await signedIn(server);
    const me = (await browser.get('/v1/user/me')).body;
    await server.database.db.updateTable('user').set({ storage_limit: 100_000 }).where('id', '=', me.sub).execute();
    const task = await ended(browser, (await download(browser, { url: album.magnetURI })).body.task.id);
    expect(task).toMatchObject({ phase: 'PHASE_TYPE_ERROR', error: 'file_space_not_enough' });
    expect((await browser.get('/drive/v1/files')).body.files).toEqual([]);
    expect((await browser.get('/healthz')).status).toBe(200);
  });

  it('ends a torrent nobody shares with torrent_no_peers, and refuses what is no torrent', async () => {
    const browser = await signedIn(server);
    const lonely = 'magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567&dn=lonely';
    const task = await ended(browser, (await download(browser, { url: lonely })).body.task.id);
    expect(task).toMatchObject({ phase: 'PHASE_TYPE_ERROR', error: 'torrent_no_peers' });
    expect((await download(browser, { url: 'magnet:?dn=no-hash' })).body.error).toBe('url_unsupported');
    const text = (await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'not a torrent' })).body.file;
    expect((await download(browser, { file_id: text.id })).body.error).toBe('url_unsupported');
  }, 60_000);
});

describe('checking links whose peers or server do not answer', () => {
  let server: TestServer;
  let silent: net.Server;
  const held = new Set<net.Socket>();
  beforeAll(async () => {
    // The shipped waits for peers and for a server's bytes, which are longer than checking a link waits.
    // slow.example stands for a name whose resolver never answers.
    const resolving: ResolveHost = (hostname) => (hostname === 'slow.example' ? new Promise(() => {}) : systemResolve(hostname));
    server = await startTestServer('sqlite', { offline: testOfflineConfig({ noPeersSeconds: 600, stallSeconds: 60 }) }, undefined, resolving);
    // A web server that takes connections and never answers.
    silent = net.createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await server?.dispose();
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('answers with what the link itself tells and what is still awaited, and the download can be started anyway', async () => {
    const browser = await signedIn(server);
    // The only tracker and the only peer of the magnet link are at a closed port.
    const closed = await freePort();
    const infoHash = randomBytes(20).toString('hex');
    const magnet = `magnet:?xt=urn:btih:${infoHash}&dn=${encodeURIComponent('Unreachable album')}&tr=${encodeURIComponent(`http://127.0.0.1:${closed}/announce`)}&x.pe=127.0.0.1:${closed}`;
    const film = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/films/film.mkv`;
    const iso = 'http://slow.example/images/disc.iso';
    const [torrent, web, unresolved] = await Promise.all([
      browser.post('/drive/v1/offline:inspect', { url: magnet }),
      browser.post('/drive/v1/offline:inspect', { url: film }),
      browser.post('/drive/v1/offline:inspect', { url: iso }),
    ]);
    expect([torrent.status, torrent.body]).toEqual([
      200,
      {
        kind: 'drive#resource',
        source: 'magnet',
        url: magnet,
        name: 'Unreachable album',
        size: '-1',
        mime_type: '',
        file_category: 'OTHER',
        files: [],
        state: 'looking_for_files',
        info_hash: infoHash,
      },
    ]);
    expect([web.status, web.body]).toMatchObject([
      200,
      { source: 'http', url: film, name: 'film.mkv', size: '-1', files: [], state: 'no_answer_yet', info_hash: '' },
    ]);
    expect([unresolved.status, unresolved.body]).toMatchObject([200, { source: 'http', url: iso, name: 'disc.iso', size: '-1', state: 'no_answer_yet' }]);
    for (const url of [magnet, film, iso]) {
      const created = await download(browser, { url });
      expect([created.status, created.body.task?.type], url).toEqual([200, 'offline']);
    }
    // Checking waits 10 s, and starting from a name that does not resolve waits 5 s for it.
  }, 40_000);
});

describe('seeding after a torrent is fetched', () => {
  let swarm: TorrentSwarm;
  beforeAll(async () => {
    swarm = await startTorrentSwarm();
  });
  afterAll(async () => swarm?.close());

  it('leaves the swarm at the last byte unless the operator turns seeding on; then it seeds until the task is deleted', async () => {
    for (const seed of [false, true]) {
      const server = await startTestServer('sqlite', { offline: testOfflineConfig({ seed }) });
      try {
        const browser = await signedIn(server);
        const torrent = await swarm.seed(`seeded-${seed}`, { 'x.bin': 100_000, 'y.bin': 1000 });
        const leftBefore = swarm.leaves();
        const task = await ended(browser, (await download(browser, { url: torrent.magnetURI })).body.task.id);
        expect(task.phase).toBe('PHASE_TYPE_COMPLETE');
        const folder = (await browser.get(`/drive/v1/files?parent_id=${task.file_id}`)).body.files as DriveFile[];
        expect(folder.map((file) => file.hash).sort()).toEqual(torrent.files.map((file) => file.sha256).sort());
        await new Promise((r) => setTimeout(r, 500));
        expect(swarm.leaves() - leftBefore, `seed ${seed}`).toBe(seed ? 0 : 1);
        if (seed) {
          await browser.request('DELETE', `/drive/v1/tasks?task_ids=${task.id}`);
          for (let i = 0; i < 50 && swarm.leaves() === leftBefore; i++) await new Promise((r) => setTimeout(r, 50));
          expect(swarm.leaves() - leftBefore).toBe(1);
        }
      } finally {
        await server.dispose();
      }
    }
  });
});

describe('torrents and private addresses', () => {
  let server: TestServer;
  let swarm: TorrentSwarm;
  let origin: FileOrigin;
  /** How often the server looked up "localhost": first it is 127.0.0.2, a permitted address, then the internal 127.0.0.1. */
  let localhostLookups = 0;
  const rebinding: ResolveHost = async (hostname) =>
    hostname === 'localhost' ? [{ address: localhostLookups++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }] : systemResolve(hostname);
  beforeAll(async () => {
    swarm = await startTorrentSwarm('127.0.0.1');
    origin = await startFileOrigin('127.0.0.2');
    // Only 127.0.0.2 may be reached: the tracker and the seeder on 127.0.0.1 stand for an internal network.
    server = await startTestServer('sqlite', { offline: testOfflineConfig({ allowNetworks: ['127.0.0.2/32'], noPeersSeconds: 2 }) }, undefined, rebinding);
  });
  afterAll(async () => {
    await server?.dispose();
    await swarm?.close();
    await origin?.close();
  });

  /** A new torrent seeded on the internal network, once the seeder has announced it; answers it and the tracker's count then. */
  async function seededInside(name: string) {
    const before = swarm.announces();
    const torrent = await swarm.seed(name, { 'data.bin': 1000 });
    // The seeder's own announce comes first; after it, any announce would be Nubo's.
    await until(
      async () => swarm.announces(),
      (announces) => announces > before,
      'the seeder’s announce',
      5,
    );
    return { torrent, announced: swarm.announces() };
  }
  const withoutTrackers = (magnet: string) => magnet.replace(/&tr=[^&]*/g, '');

  it('follows no redirect of a permitted HTTP tracker to an internal address', async () => {
    const browser = await signedIn(server);
    const { torrent, announced } = await seededInside('redirected');
    const tracker = origin.redirect('/announce', swarm.announce, { keepQuery: true });
    const inspected = await browser.post('/drive/v1/offline:inspect', { url: `${withoutTrackers(torrent.magnetURI)}&tr=${encodeURIComponent(tracker)}` });
    expect(inspected.body.error).toBe('torrent_no_peers');
    expect(origin.requests.some((request) => request.path === '/announce')).toBe(true);
    expect(swarm.announces()).toBe(announced);
  });

  it('looks an HTTP tracker’s name up again at each connection, so a name that moves inside is not reached', async () => {
    const browser = await signedIn(server);
    const { torrent, announced } = await seededInside('rebound');
    const tracker = swarm.announce.replace('127.0.0.1', 'localhost');
    const inspected = await browser.post('/drive/v1/offline:inspect', { url: `${withoutTrackers(torrent.magnetURI)}&tr=${encodeURIComponent(tracker)}` });
    expect(inspected.body.error).toBe('torrent_no_peers');
    // Once when the link was read (127.0.0.2, kept), then at each announce (127.0.0.1, refused).
    expect(localhostLookups).toBeGreaterThanOrEqual(2);
    expect(swarm.announces()).toBe(announced);
  });

  it('never contacts a tracker or a web seed at a private address named by a magnet link', async () => {
    const browser = await signedIn(server);
    const { torrent: secret, announced } = await seededInside('secret');
    const magnet = `${secret.magnetURI}&ws=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}&tr=${encodeURIComponent('http://10.0.0.1/announce')}`;
    const inspected = await browser.post('/drive/v1/offline:inspect', { url: magnet });
    expect(inspected.body.error).toBe('torrent_no_peers');
    expect(swarm.announces()).toBe(announced);
  });

  it('fetches neither the web seeds nor the exact source of a magnet link, even at a permitted address', async () => {
    const browser = await signedIn(server);
    const { torrent } = await seededInside('sources');
    origin.serve('/seed/sources/data.bin', { size: 1000 });
    const exact = origin.serve('/sources.torrent', { body: torrent.torrentFile });
    const magnet = `${withoutTrackers(torrent.magnetURI)}&ws=${encodeURIComponent(`${origin.origin}/seed/`)}&xs=${encodeURIComponent(exact.url)}`;
    const inspected = await browser.post('/drive/v1/offline:inspect', { url: magnet });
    expect(inspected.body.error).toBe('torrent_no_peers');
    expect(origin.requests.filter((request) => request.path.startsWith('/seed/') || request.path === '/sources.torrent')).toEqual([]);
  });
});
