// Offline downloads: a 1 GiB file fetched by Nubo from a web server on loopback against Node's own
// HTTP client writing it to a file (what the runtime allows; goal ≥ 0.9), beside curl fetching the
// same file to the same disk (the floor outside Node), with the time from the web server's last byte to the
// file showing in the drive; and a 1 GiB torrent from one local seeder against webtorrent's own
// client fetching it alone (goal ≥ 0.8), with the growth of Nubo's memory while it downloads
// (goal ≤ 100 MB). Nubo runs as its own process, so its memory is its own. Each is the best of a
// few interleaved runs: on 2 shared cores and a disk writing back gigabytes, one run varies by half.
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
import { bearerOf, rssMiB, startNubo } from './nubo-process.ts';
import type { Table } from './table.ts';

const SIZE = Number(process.env.BENCH_OFFLINE_BYTES ?? 1024 ** 3);
const WEB_RUNS = 3;
const TORRENT_RUNS = 2;
/**
 * Node's HTTP client alone, in a process of its own as curl is: the response piped to a file; and
 * the same with the file synced before it closes, as Nubo must before it calls a download stored.
 */
const nodeFetch = (synced: boolean) => `const [url, file] = process.argv.slice(1);
require('node:http').get(url, (response) => require('node:stream').pipeline(response, require('node:fs').createWriteStream(file, { highWaterMark: 4 << 20, flush: ${synced} }), (failure) => { if (failure) throw failure; }));`;
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

    // The web: curl, Node alone and Nubo in turn, from the same server, to the same disk.
    const content = path.join(scratch, 'big.bin');
    writeContent(content);
    const web = await fileServer(content);
    const copy = path.join(nubo.dataDir, 'copy.bin');
    // Not execFileSync: the web server answering them runs in this process.
    const timed = async (command: string, args: string[]) => {
      const start = performance.now();
      await promisify(execFile)(command, args);
      rmSync(copy, { force: true });
      return performance.now() - start;
    };
    const curlMs: number[] = [];
    const nodeMs: number[] = [];
    const nodeSyncedMs: number[] = [];
    const httpMs: number[] = [];
    const inDriveMs: number[] = [];
    for (let run = 0; run < WEB_RUNS; run++) {
      curlMs.push(await timed('curl', ['-s', '-o', copy, web.url]));
      nodeMs.push(await timed(process.execPath, ['-e', nodeFetch(false), web.url, copy]));
      nodeSyncedMs.push(await timed(process.execPath, ['-e', nodeFetch(true), web.url, copy]));
      const start = performance.now();
      const task = await startDownload(nubo.url, auth, { url: web.url });
      const { completedAt } = await followTask(nubo.url, auth, task, pid);
      httpMs.push(completedAt - start);
      inDriveMs.push(completedAt - web.lastByteAt());
    }
    web.close();

    // A torrent of the same size from one seeder: webtorrent's own client alone, then Nubo, in
    // turn; the memory Nubo gains is the first run's, from before it ever fetched a torrent.
    const seeded = await swarm.seed('bench', { 'big.bin': readFileSync(content) });
    rmSync(content, { force: true });
    const floorMs: number[] = [];
    const torrentMs: number[] = [];
    let rssGrowth = 0;
    for (let run = 0; run < TORRENT_RUNS; run++) {
      const floorFolder = path.join(scratch, 'floor');
      const floorClient = new WebTorrent({ dht: false, lsd: false, natUpnp: false, natPmp: false, torrentPort: 0 });
      const floorStart = performance.now();
      await new Promise<void>((resolve) => floorClient.add(seeded.magnetURI, { path: floorFolder }, (torrent) => torrent.on('done', () => resolve())));
      floorMs.push(performance.now() - floorStart);
      await new Promise<void>((resolve) => floorClient.destroy(() => resolve()));
      rmSync(floorFolder, { recursive: true, force: true });
      const rssBefore = rssMiB(pid);
      const torrentStart = performance.now();
      const torrentTask = await startDownload(nubo.url, auth, { url: seeded.magnetURI });
      const { completedAt, rssPeak } = await followTask(nubo.url, auth, torrentTask, pid);
      torrentMs.push(completedAt - torrentStart);
      if (run === 0) rssGrowth = rssPeak - rssBefore;
      // The next run fetches the torrent anew: the finished task leaves, and its file with it.
      await fetch(`${nubo.url}/drive/v1/tasks?task_ids=${torrentTask}&delete_files=true`, { method: 'DELETE', headers: auth });
    }

    const best = (times: number[]) => Math.min(...times);
    const gib = (SIZE / 1024 ** 3).toFixed(2);
    return {
      title: `Offline downloads of ${gib} GiB on loopback, best of ${WEB_RUNS} (web) and ${TORRENT_RUNS} (torrent) runs; server, source and client share the 2 cores`,
      rows: [
        ['web download MB/s vs curl MB/s (the floor outside Node)', mbps(SIZE, best(httpMs)).toFixed(0), mbps(SIZE, best(curlMs)).toFixed(0)],
        ['  ratio', (best(curlMs) / best(httpMs)).toFixed(2), '1.00'],
        ['web download MB/s vs Node http → file alone MB/s', mbps(SIZE, best(httpMs)).toFixed(0), mbps(SIZE, best(nodeMs)).toFixed(0)],
        ['  ratio (goal ≥ 0.9)', (best(nodeMs) / best(httpMs)).toFixed(2), '1.00'],
        ['web download MB/s vs Node http → file synced to disk MB/s', mbps(SIZE, best(httpMs)).toFixed(0), mbps(SIZE, best(nodeSyncedMs)).toFixed(0)],
        ['  ratio', (best(nodeSyncedMs) / best(httpMs)).toFixed(2), '1.00'],
        ['last byte sent → file in the drive, ms, worst run (goal ≤ 1000)', Math.max(...inDriveMs).toFixed(0), '0'],
        ['torrent MB/s vs webtorrent client alone MB/s', mbps(SIZE, best(torrentMs)).toFixed(0), mbps(SIZE, best(floorMs)).toFixed(0)],
        ['  ratio (goal ≥ 0.8)', (best(floorMs) / best(torrentMs)).toFixed(2), '1.00'],
        ['RSS growth during the first torrent, MiB (goal ≤ 100)', rssGrowth.toFixed(1), '0'],
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
