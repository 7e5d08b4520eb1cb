// A BitTorrent swarm on loopback for tests and the bench: a tracker (bittorrent-tracker) and a
// seeder (webtorrent) of files made up on the spot, with no DHT, so nothing leaves the machine.
import { createHash, randomBytes } from 'node:crypto';
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
  const seeder = new WebTorrent({ dht: false, lsd: false, utPex: false, natUpnp: false, natPmp: false, torrentPort: 0, uploadLimit });
  const folders: string[] = [];

  return {
    announce,
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
      const torrent = await new Promise<import('webtorrent').Torrent>((resolve) => seeder.seed(path.join(root, name), { announce: [announce] }, resolve));
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
