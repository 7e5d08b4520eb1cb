// Offline downloads: a 1 GiB file fetched by Nubo from a web server on loopback against curl
// fetching the same file to the same disk (goal ≥ 0.8), with the time from the web server's last
// byte to the file showing in the drive; and a 1 GiB torrent from one local seeder against
// webtorrent's own client fetching it alone (goal ≥ 0.8), with the growth of Nubo's memory while it
// downloads (goal ≤ 100 MB). Nubo runs as its own process, so its memory is its own.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import WebTorrent from 'webtorrent';
import { startTorrentSwarm } from '../server/testing/torrent-swarm.ts';
import { bearerOf, startNubo } from './nubo-process.ts';
import type { Table } from './table.ts';

const SIZE = Number(process.env.BENCH_OFFLINE_BYTES ?? 1024 ** 3);
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const mbps = (bytes: number, ms: number) => bytes / 1024 / 1024 / (ms / 1000);

/** SIZE bytes of one random chunk repeated, written to `file`. */
function writeContent(file: string) {
  const chunk = randomBytes(8 * 1024 * 1024);
  const fd = openSync(file, 'w');
  for (let written = 0; written < SIZE; ) written += writeSync(fd, chunk, 0, Math.min(chunk.length, SIZE - written));
  closeSync(fd);
}

/** A web server streaming one file from disk; it notes when it sent a response's last byte. */
async function fileServer(file: string) {
  let lastByteAt = 0;
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'content-length': statSync(file).size, 'content-type': 'application/octet-stream', 'accept-ranges': 'none' });
    if (request.method === 'HEAD') return response.end();
    response.on('finish', () => (lastByteAt = performance.now()));
    createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/big.bin`, lastByteAt: () => lastByteAt, close: () => server.close() };
}

type Auth = Record<string, string>;

async function startDownload(url: string, auth: Auth, source: Record<string, unknown>): Promise<string> {
  const created = await fetch(`${url}/drive/v1/files`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: source }),
  }).then((r) => r.json());
  if (!created.task) throw new Error(`download not started: ${JSON.stringify(created)}`);
  return created.task.id;
}

/** Follows a task every 20 ms until it is complete, sampling the server's RSS; answers when it completed and the RSS peak. */
async function followTask(url: string, auth: Auth, id: string, pid: number): Promise<{ completedAt: number; rssPeak: number }> {
  let rssPeak = rssMiB(pid);
  for (;;) {
    const task = await fetch(`${url}/drive/v1/tasks/${id}`, { headers: auth }).then((r) => r.json());
    rssPeak = Math.max(rssPeak, rssMiB(pid));
    if (task.phase === 'PHASE_TYPE_COMPLETE') return { completedAt: performance.now(), rssPeak };
    if (task.phase === 'PHASE_TYPE_ERROR') throw new Error(`download failed: ${task.error} ${task.message}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function benchOffline(): Promise<Table> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'nubo-bench-offline-'));
  const nubo = await startNubo('offline', { OFFLINE_ALLOW_NETWORKS: '127.0.0.1/32', OFFLINE_DHT: 'off', OFFLINE_TORRENT_PORT: '0' });
  const pid = nubo.child.pid!;
  const swarm = await startTorrentSwarm();
  try {
    const auth = await bearerOf(nubo.url, 'fetcher@example.org');
    await fetch(`${nubo.url}/healthz`);

    // The web: curl, then Nubo, from the same server, to the same disk.
    const content = path.join(scratch, 'big.bin');
    writeContent(content);
    const web = await fileServer(content);
    const curlStart = performance.now();
    // Not execFileSync: the web server answering curl runs in this process.
    await promisify(execFile)('curl', ['-s', '-o', path.join(nubo.dataDir, 'curl.bin'), web.url]);
    const curlMs = performance.now() - curlStart;
    rmSync(path.join(nubo.dataDir, 'curl.bin'), { force: true });
    const httpStart = performance.now();
    const httpTask = await startDownload(nubo.url, auth, { url: web.url });
    const { completedAt: httpDone } = await followTask(nubo.url, auth, httpTask, pid);
    const httpMs = httpDone - httpStart;
    const inDriveMs = httpDone - web.lastByteAt();
    web.close();

    // A torrent of the same size from one seeder: webtorrent's own client alone, then Nubo.
    const seeded = await swarm.seed('bench', { 'big.bin': readFileSync(content) });
    rmSync(content, { force: true });
    const floorFolder = path.join(scratch, 'floor');
    const floorClient = new WebTorrent({ dht: false, lsd: false, natUpnp: false, natPmp: false, torrentPort: 0 });
    const floorStart = performance.now();
    await new Promise<void>((resolve) => floorClient.add(seeded.magnetURI, { path: floorFolder }, (torrent) => torrent.on('done', () => resolve())));
    const floorMs = performance.now() - floorStart;
    await new Promise<void>((resolve) => floorClient.destroy(() => resolve()));
    rmSync(floorFolder, { recursive: true, force: true });
    const rssBefore = rssMiB(pid);
    const torrentStart = performance.now();
    const torrentTask = await startDownload(nubo.url, auth, { url: seeded.magnetURI });
    const { completedAt: torrentDone, rssPeak } = await followTask(nubo.url, auth, torrentTask, pid);
    const torrentMs = torrentDone - torrentStart;

    const gib = (SIZE / 1024 ** 3).toFixed(2);
    return {
      title: `Offline downloads of ${gib} GiB on loopback (server, source and client share the 2 cores)`,
      rows: [
        ['web download MB/s vs curl MB/s', mbps(SIZE, httpMs).toFixed(0), mbps(SIZE, curlMs).toFixed(0)],
        ['  ratio (goal ≥ 0.8)', (curlMs / httpMs).toFixed(2), '1.00'],
        ['last byte sent → file in the drive, ms (goal ≤ 1000)', inDriveMs.toFixed(0), '0'],
        ['torrent MB/s vs webtorrent client alone MB/s', mbps(SIZE, torrentMs).toFixed(0), mbps(SIZE, floorMs).toFixed(0)],
        ['  ratio (goal ≥ 0.8)', (floorMs / torrentMs).toFixed(2), '1.00'],
        ['RSS growth during the torrent, MiB (goal ≤ 100)', (rssPeak - rssBefore).toFixed(1), '0'],
      ],
    };
  } finally {
    await swarm.close();
    const exited = new Promise((r) => nubo.child.once('exit', r));
    nubo.stop();
    await exited;
    rmSync(scratch, { recursive: true, force: true });
  }
}
