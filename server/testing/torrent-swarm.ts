// A BitTorrent swarm on loopback for tests and the bench: a tracker (bittorrent-tracker) and a
// seeder (webtorrent) of files made up on the spot, and a DHT of one node, the seeder's own, which
// knows no other: nothing leaves the machine, and a torrent can be found through either.
import { createHash, randomBytes } from 'node:crypto';
import { type EventEmitter, once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Server } from 'bittorrent-tracker';
import WebTorrent from 'webtorrent';

export type SeededTorrent = {
  magnetURI: string;
  torrentFile: Buffer;
  infoHash: string;
  /** The files in the torrent's order, with their path below its folder and their SHA-256. */
  files: { path: string; size: number; sha256: string }[];
};

/** `uploadLimit`: bytes a second the seeder sends at most, to make a download last. */
export async function startTorrentSwarm(host = '127.0.0.1', { uploadLimit = -1 } = {}) {
  const tracker = new Server({ udp: false, ws: false, http: true, stats: false });
  await new Promise<void>((resolve) => tracker.listen(0, host, resolve));
  const announce = `http://${host}:${(tracker.http.address() as AddressInfo).port}/announce`;
  let announces = 0;
  let leaves = 0;
  tracker.on('start', () => announces++);
  tracker.on('stop', () => leaves++);
  // The seeder's DHT node joins no other DHT (bootstrap: false) and lists the seeder for each torrent it announces (host).
  const seeder = new WebTorrent({ dht: { bootstrap: false, host }, lsd: false, utPex: false, natUpnp: false, natPmp: false, torrentPort: 0, uploadLimit });
  const dht = (seeder as unknown as { dht: EventEmitter & { listening: boolean; address(): AddressInfo } }).dht;
  if (!dht.listening) await once(dht, 'listening');
  const folders: string[] = [];

  return {
    announce,
    /** The swarm's DHT node, as host:port: a DHT joined through it finds the seeder's torrents. */
    dhtNode: `${host}:${dht.address().port}`,
    /** How many peers have announced themselves to the tracker (the seeder included). */
    announces: () => announces,
    /** How many peers have told the tracker they left. */
    leaves: () => leaves,
    /** Seeds a folder `name` holding files of the given sizes at the given paths. */
    async seed(name: string, files: Record<string, number | Buffer>): Promise<SeededTorrent> {
      const root = mkdtempSync(path.join(os.tmpdir(), 'nubo-swarm-'));
      folders.push(root);
      const made: SeededTorrent['files'] = [];
      for (const [file, content] of Object.entries(files)) {
        const bytes = typeof content === 'number' ? randomBytes(content) : content;
        const target = path.join(root, name, file);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, bytes);
        made.push({ path: file, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      }
      const torrent = seeder.seed(path.join(root, name), { announce: [announce] });
      // Seeded once it is ready to send and its DHT node lists it.
      await Promise.all([once(torrent, 'ready'), once(torrent, 'dhtAnnounce')]);
      const order = torrent.files.map((file) => file.path.split(/[\\/]/).slice(1).join('/'));
      return {
        magnetURI: torrent.magnetURI,
        torrentFile: Buffer.from(torrent.torrentFile),
        infoHash: torrent.infoHash,
        files: order.map((file) => made.find((m) => m.path === file)!),
      };
    },
    async close() {
      await new Promise<void>((resolve) => seeder.destroy(() => resolve()));
      await new Promise<void>((resolve) => tracker.close(() => resolve()));
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type TorrentSwarm = Awaited<ReturnType<typeof startTorrentSwarm>>;
