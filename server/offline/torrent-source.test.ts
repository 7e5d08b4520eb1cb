import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import WebTorrent, { type Torrent, type Wire } from 'webtorrent';
import { startTorrentSwarm } from '../testing/torrent-swarm.ts';
import { networkGuard, type ResolveHost } from './network-guard.ts';
import { piecesHasher, torrentSource } from './torrent-source.ts';

const INFO_HASH = 'a87c503430725fb9fc714b5372817c71be275f61';

describe('reading a torrent’s addresses', () => {
  const names: Record<string, string> = { 'tracker.example': '127.0.0.2', 'inside.example': '10.0.0.1' };
  const resolve: ResolveHost = async (hostname) => [{ address: names[hostname] ?? '203.0.113.9', family: 4 }];
  const torrents = torrentSource({
    guard: networkGuard({ allow: ['127.0.0.2/32'], resolve }),
    config: { dht: false, port: 0, seed: false, noPeersMs: 1000 },
  });
  const magnet = (...params: string[]) => `magnet:?xt=urn:btih:${INFO_HASH}&dn=x&${params.join('&')}`;

  it('pins a UDP tracker to the address checked, keeps an HTTP tracker’s name, and drops trackers the guard refuses', async () => {
    const parsed = await torrents.parse(
      magnet(
        `tr=${encodeURIComponent('udp://tracker.example:6969/announce')}`,
        `tr=${encodeURIComponent('http://tracker.example:8000/announce')}`,
        `tr=${encodeURIComponent('udp://inside.example:6969')}`,
        `tr=${encodeURIComponent('http://169.254.169.254/announce')}`,
        `tr=${encodeURIComponent('wss://tracker.example/announce')}`,
      ),
    );
    expect(parsed.announce).toEqual(['udp://127.0.0.2:6969/announce', 'http://tracker.example:8000/announce']);
  });

  it('looks the trackers up all at once and leaves out one whose name does not resolve within a few seconds', async () => {
    const hanging = torrentSource({
      guard: networkGuard({ allow: ['127.0.0.2/32'], resolve: (hostname) => (hostname === 'slow.example' ? new Promise(() => {}) : resolve(hostname)) }),
      config: { dht: false, port: 0, seed: false, noPeersMs: 1000 },
    });
    const trackers = ['http://slow.example/announce', ...Array.from({ length: 5 }, (_, at) => `http://tracker.example:${8000 + at}/announce`)];
    const parsed = await hanging.parse(magnet(...trackers.map((tracker) => `tr=${encodeURIComponent(tracker)}`)));
    expect(parsed.announce).toEqual(trackers.slice(1));
  });

  it('keeps no web seed and no exact source, which would be fetched out of the guard’s sight', async () => {
    const parsed = await torrents.parse(
      magnet(`ws=${encodeURIComponent('http://tracker.example/seed/')}`, `xs=${encodeURIComponent('http://tracker.example/x.torrent')}`),
    );
    expect(parsed.urlList).toEqual([]);
    expect(parsed.xs).toBeUndefined();
    expect(parsed.infoHash).toBe(INFO_HASH);
  });
});

describe('a torrent engine that cannot listen on its port', () => {
  it('ends the torrent at once saying why, and starts afresh for the next one once the port is free', async () => {
    const swarm = await startTorrentSwarm();
    // Another program holds the torrent port (on every address, as the engine would listen).
    const holder = net.createServer().listen(0);
    await new Promise((resolve) => holder.once('listening', resolve));
    const port = (holder.address() as AddressInfo).port;
    // Waiting for peers longer than the test may last: the torrent must end for its own reason.
    const torrents = torrentSource({
      guard: networkGuard({ allow: ['127.0.0.1/32'] }),
      config: { dht: true, dhtNodes: [swarm.dhtNode], port, seed: false, noPeersMs: 600_000 },
    });
    const folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-held-port-'));
    try {
      const seeded = await swarm.seed('held port', { 'a.bin': 50_000 });
      const parsed = await torrents.parse(seeded.magnetURI);
      const fetch = (into: string) =>
        torrents.download(parsed, path.join(folder, into), { files: undefined, signal: new AbortController().signal, progress() {} });
      await expect(fetch('first')).rejects.toMatchObject({ error: 'torrent_no_peers', message: expect.stringContaining('EADDRINUSE') });
      await new Promise((resolve) => holder.close(resolve));
      expect((await fetch('second')).files.map((file) => file.hash)).toEqual([seeded.files[0]!.sha256]);
    } finally {
      holder.close();
      await torrents.close();
      await swarm.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('requests to one peer', () => {
  it('asks a peer for 64 blocks at once at most, however much it sends', async () => {
    const seeder = new WebTorrent({ dht: false, lsd: false, utPex: false, natUpnp: false, natPmp: false, torrentPort: 0 });
    const folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-requests-'));
    const torrents = torrentSource({ guard: networkGuard({ allow: ['127.0.0.1/32'] }), config: { dht: false, port: 0, seed: false, noPeersMs: 30_000 } });
    try {
      writeFileSync(path.join(folder, 'film.bin'), randomBytes(16 * 1024 * 1024));
      const seeded = await new Promise<Torrent>((resolve) => seeder.seed(path.join(folder, 'film.bin'), {}, resolve));
      // Each block is sent 100 ms after it was asked for, so requests pile up at the seeder: webtorrent
      // asks for a second of what a peer sends, and the more it is sent, the more it asks for.
      const store = (seeded as unknown as { store: { get(...args: unknown[]): void } }).store;
      const get = store.get.bind(store);
      store.get = (...args) => setTimeout(() => get(...args), 100);
      let most = 0;
      seeded.on('wire', (wire: Wire) => wire.on('request', () => (most = Math.max(most, wire.peerRequests.length))));
      const port = (seeder as unknown as { address(): AddressInfo }).address().port;
      const parsed = await torrents.parse(`${seeded.magnetURI}&x.pe=127.0.0.1:${port}`);
      const fetched = await torrents.download(parsed, path.join(folder, 'fetched'), { files: undefined, signal: new AbortController().signal, progress() {} });
      expect(fetched.files).toHaveLength(1);
      // Asking for more at once as the blocks came, up to the bound and no further.
      expect(most).toBe(64);
    } finally {
      await torrents.close();
      await new Promise((resolve) => seeder.destroy(resolve));
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('hashing a torrent’s files from its pieces as they are written', () => {
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  // Three files across pieces of 10 bytes: a (0–14), b (15–36), c (37–49); b and c are chosen.
  const content = Buffer.from(Array.from({ length: 50 }, (_, i) => (i * 7) % 256));
  const pieces = Array.from({ length: 5 }, (_, index) => content.subarray(index * 10, index * 10 + 10));
  const chosen = [
    { path: '/nowhere/b', offset: 15, length: 22 },
    { path: '/nowhere/c', offset: 37, length: 13 },
  ];

  it('hashes each chosen file in its order whatever order the pieces come in, reading nothing back from disk', async () => {
    const hasher = piecesHasher();
    hasher.follow(10, chosen);
    for (const index of [4, 2, 1, 3, 0]) hasher.written(index, pieces[index]!);
    // The paths do not exist: a read from disk would fail.
    expect(await hasher.digests()).toEqual([sha256(content.subarray(15, 37)), sha256(content.subarray(37, 50))]);
  });

  it('reads from disk what it was not given: pieces there before, from an earlier attempt', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-pieces-'));
    try {
      writeFileSync(path.join(folder, 'b'), content.subarray(15, 37));
      writeFileSync(path.join(folder, 'c'), content.subarray(37, 50));
      const hasher = piecesHasher();
      hasher.follow(
        10,
        chosen.map((file) => ({ ...file, path: path.join(folder, path.basename(file.path)) })),
      );
      // Pieces 1 and 2 were on disk already; only 3 and 4 arrive.
      hasher.written(3, pieces[3]!);
      hasher.written(4, pieces[4]!);
      expect(await hasher.digests()).toEqual([sha256(content.subarray(15, 37)), sha256(content.subarray(37, 50))]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('stops keeping early pieces past a few MiB and reads the file at the end instead, with the same hash', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-pieces-'));
    try {
      const MiB = 1024 * 1024;
      const big = randomBytes(6 * MiB);
      writeFileSync(path.join(folder, 'big'), big);
      const hasher = piecesHasher();
      hasher.follow(MiB, [{ path: path.join(folder, 'big'), offset: 0, length: big.length }]);
      for (const index of [5, 4, 3, 2, 1, 0]) hasher.written(index, big.subarray(index * MiB, (index + 1) * MiB));
      expect(await hasher.digests()).toEqual([sha256(big)]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('stopping a torrent', () => {
  it('ends at once when stopped while the engine starts, not after the no-peers time', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-torrent-stop-'));
    const torrents = torrentSource({
      guard: networkGuard({ allow: [], resolve: async () => [] }),
      config: { dht: false, port: 0, seed: false, noPeersMs: 60_000 },
    });
    try {
      const parsed = await torrents.parse(`magnet:?xt=urn:btih:${INFO_HASH}&dn=x`);
      const stop = new AbortController();
      const download = torrents.download(parsed, folder, { files: undefined, signal: stop.signal, progress() {} });
      // The server stops while the first torrent loads and starts the engine.
      stop.abort(new Error('the server is stopping'));
      await expect(download).rejects.toThrow('the server is stopping');
    } finally {
      await torrents.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
