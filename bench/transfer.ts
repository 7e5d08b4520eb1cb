// Moving big files: a 1 GiB tus upload against `dd` writing 1 GiB to the same disk (goal ≥ 0.7),
// a 1 GiB download against nginx serving the same blob with sendfile (goal ≥ 0.9), the same
// download through the owner's link (its traffic checked against a monthly allowance and counted)
// against a share visitor's link (which counts no one's) (goal ≥ 0.95), and how much
// the server's memory grows while the upload streams (goal ≤ 30 MB), beside the growth of a bare
// node:http server receiving the same upload (bench/upload-floor-server.ts). Servers run as their
// own processes so their memory is their own.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/testing/harness.ts';
import { bearerOf, startNubo, waitFor } from './nubo-process.ts';
import type { Table } from './table.ts';

const SIZE = Number(process.env.BENCH_TRANSFER_BYTES ?? 1024 ** 3);
const CHUNK = randomBytes(8 * 1024 * 1024);
const ROOT = path.resolve(import.meta.dirname, '..');

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const mbps = (bytes: number, ms: number) => bytes / 1024 / 1024 / (ms / 1000);

/** Sends SIZE bytes in one PATCH to `url`, sampling the RSS of process `pid`: [milliseconds, MiB grown]. */
async function streamUpload(url: string, headers: Record<string, string>, pid: number): Promise<[number, number, Response]> {
  const rssBefore = rssMiB(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(pid))), 50);
  const start = performance.now();
  try {
    const answer = await fetch(url, { method: 'PATCH', headers, body: body(), duplex: 'half' } as RequestInit);
    return [performance.now() - start, rssPeak - rssBefore, answer];
  } finally {
    clearInterval(sampler);
  }
}

/** The floor: a bare Node server receiving the same upload. */
async function floorUpload(dataDir: string): Promise<[number, number]> {
  const port = await freePort();
  const floor = spawn(process.execPath, [path.join(ROOT, 'bench/upload-floor-server.ts'), String(port), path.join(dataDir, 'floor.bin')], { stdio: 'ignore' });
  try {
    await waitFor(`http://127.0.0.1:${port}/`, floor);
    const [ms, grown, answer] = await streamUpload(`http://127.0.0.1:${port}/`, {}, floor.pid!);
    if (answer.status !== 204) throw new Error(`floor upload answered ${answer.status}`);
    return [ms, grown];
  } finally {
    floor.kill('SIGTERM');
    rmSync(path.join(dataDir, 'floor.bin'), { force: true });
  }
}

/** Downloads are timed several times each, Nubo and nginx alike, and the best run counts: the first runs here vary with the JIT and TCP warming up. */
const DOWNLOAD_RUNS = 5;

type Downloader = { url: string; pid: number; bestMs: number; cpuSeconds: number };

/** User and system CPU seconds a process has used so far. */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Downloads the whole file once, keeping the best time and adding up the serving process's CPU time. */
async function timeDownload(downloader: Downloader): Promise<void> {
  const cpuBefore = cpuSecondsOf(downloader.pid);
  const start = performance.now();
  let bytes = 0;
  for await (const chunk of (await fetch(downloader.url)).body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  if (bytes !== SIZE) throw new Error(`downloaded ${bytes} bytes from ${downloader.url}`);
  downloader.bestMs = Math.min(downloader.bestMs, performance.now() - start);
  downloader.cpuSeconds += cpuSecondsOf(downloader.pid) - cpuBefore;
}

/** A body of SIZE bytes made of one random chunk repeated, never held whole in memory. */
function body(): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= SIZE) return controller.close();
      const part = CHUNK.subarray(0, Math.min(CHUNK.length, SIZE - sent));
      sent += part.length;
      controller.enqueue(part);
    },
  });
}

/** A plans file whose free tier has a monthly traffic allowance, so every owner's download is checked and counted. */
function meteredPlansFile(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'nubo-bench-plans-')), 'plans.json');
  writeFileSync(file, JSON.stringify({ tiers: { free: { storage: 4 * SIZE, monthly_traffic: 1024 ** 5 } }, plans: [] }));
  return file;
}

/** A share visitor's download link to the file: the same bytes, counted as no one's traffic. */
async function visitorLink(url: string, auth: Record<string, string>, fileId: string): Promise<string> {
  const json = { ...auth, 'Content-Type': 'application/json' };
  const share = await fetch(`${url}/drive/v1/share`, { method: 'POST', headers: json, body: JSON.stringify({ file_ids: [fileId] }) }).then((r) => r.json());
  const info = await fetch(`${url}/drive/v1/share/file_info?share_id=${share.share_id}&file_id=${fileId}`).then((r) => r.json());
  if (!info.file_info?.web_content_link) throw new Error(`no visitor link: ${JSON.stringify(info)}`);
  return info.file_info.web_content_link;
}

export async function benchTransfer(): Promise<Table> {
  const plansFile = meteredPlansFile();
  const nubo = await startNubo('transfer', { PLANS_FILE: plansFile });
  const { url, dataDir } = nubo;
  const server = nubo.child;
  let nginx: ChildProcess | undefined;
  try {
    const auth = await bearerOf(url, 'mover@example.org');
    const created = await fetch(`${url}/drive/v1/files`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'drive#file', name: 'big.bin', size: String(SIZE) }),
    }).then((r) => r.json());
    if (!created.resumable) throw new Error(`upload not created: ${JSON.stringify(created)}`);

    const [uploadMs, rssGrowth, patched] = await streamUpload(
      created.resumable.params.url,
      { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      server.pid!,
    );
    if (patched.status !== 204) throw new Error(`upload answered ${patched.status}`);
    const [floorMs, floorRssGrowth] = await floorUpload(dataDir);

    const file = await fetch(`${url}/drive/v1/files/${created.file.id}`, { headers: auth }).then((r) => r.json());

    // Floor for writing: dd of the same size to the same disk, flushed like the blob is.
    const ddStart = performance.now();
    execFileSync('dd', ['if=/dev/zero', `of=${path.join(dataDir, 'dd.bin')}`, 'bs=8M', `count=${Math.ceil(SIZE / CHUNK.length)}`, 'conv=fsync'], {
      stdio: 'ignore',
    });
    const ddMs = performance.now() - ddStart;
    rmSync(path.join(dataDir, 'dd.bin'), { force: true });

    // Floor for reading: nginx (sendfile, one process so its CPU time is all in one place) serving the blob file itself.
    let nginxUrl: string | undefined;
    if (spawnSync('nginx', ['-v']).status === 0) {
      const nginxPort = await freePort();
      const blobPath = path.join(dataDir, 'blobs', file.hash.slice(0, 2), file.hash.slice(2, 4), file.hash);
      const conf = path.join(dataDir, 'nginx.conf');
      writeFileSync(
        conf,
        `daemon off; master_process off; pid ${dataDir}/nginx.pid; error_log ${dataDir}/nginx.err; events {} http { access_log off; sendfile on; client_body_temp_path ${dataDir}; proxy_temp_path ${dataDir}; fastcgi_temp_path ${dataDir}; uwsgi_temp_path ${dataDir}; scgi_temp_path ${dataDir}; server { listen 127.0.0.1:${nginxPort}; location /blob { alias ${blobPath}; } } }`,
      );
      nginx = spawn('nginx', ['-c', conf, '-p', dataDir], { stdio: 'ignore' });
      nginxUrl = `http://127.0.0.1:${nginxPort}/blob`;
      for (
        let i = 0;
        i < 100 &&
        !(await fetch(nginxUrl, { method: 'HEAD' }).then(
          (r) => r.ok,
          () => false,
        ));
        i++
      )
        await new Promise((r) => setTimeout(r, 50));
    }
    const nuboDownload: Downloader = { url: file.web_content_link, pid: server.pid!, bestMs: Infinity, cpuSeconds: 0 };
    const unmeteredDownload: Downloader = { url: await visitorLink(url, auth, file.id), pid: server.pid!, bestMs: Infinity, cpuSeconds: 0 };
    const nginxDownload: Downloader | undefined = nginxUrl ? { url: nginxUrl, pid: nginx!.pid!, bestMs: Infinity, cpuSeconds: 0 } : undefined;
    // Runs alternate, so Nubo and nginx meet the same load on the shared cores; the best run counts.
    for (let run = 0; run < DOWNLOAD_RUNS; run++) {
      for (const downloader of [nuboDownload, nginxDownload, unmeteredDownload]) if (downloader) await timeDownload(downloader);
    }
    const counted = await fetch(`${url}/vip/v1/quantity/list`, { headers: auth }).then((r) => r.json());
    if (Number(counted.transfer.download.usage) !== DOWNLOAD_RUNS * SIZE)
      throw new Error(`metered ${counted.transfer.download.usage} bytes, not ${DOWNLOAD_RUNS * SIZE}`);
    const nuboDownloadMs = nuboDownload.bestMs;
    const nginxMs = nginxDownload?.bestMs;
    const cpuPerGiB = (downloader: Downloader) => (downloader.cpuSeconds / DOWNLOAD_RUNS / (SIZE / 1024 ** 3)).toFixed(2);

    const gib = (SIZE / 1024 ** 3).toFixed(2);
    return {
      title: `Transfers of ${gib} GiB on loopback (client and server share the 2 cores)`,
      rows: [
        ['tus upload MB/s vs dd write MB/s', mbps(SIZE, uploadMs).toFixed(0), mbps(SIZE, ddMs).toFixed(0)],
        ['  ratio (goal ≥ 0.7)', (ddMs / uploadMs).toFixed(2), '1.00'],
        ['tus upload MB/s vs bare node:http hash+write MB/s', mbps(SIZE, uploadMs).toFixed(0), mbps(SIZE, floorMs).toFixed(0)],
        ['download MB/s vs nginx sendfile MB/s', mbps(SIZE, nuboDownloadMs).toFixed(0), nginxMs ? mbps(SIZE, nginxMs).toFixed(0) : 'n/a: no nginx'],
        ['  ratio (goal ≥ 0.9)', nginxMs ? (nginxMs / nuboDownloadMs).toFixed(2) : 'n/a', '1.00'],
        ['server CPU seconds per GiB downloaded vs nginx', cpuPerGiB(nuboDownload), nginxDownload ? cpuPerGiB(nginxDownload) : 'n/a'],
        [
          'download MB/s, traffic metered vs not (a share visitor’s link)',
          mbps(SIZE, nuboDownloadMs).toFixed(0),
          mbps(SIZE, unmeteredDownload.bestMs).toFixed(0),
        ],
        ['  ratio (goal ≥ 0.95)', (unmeteredDownload.bestMs / nuboDownloadMs).toFixed(2), '1.00'],
        ['RSS growth during upload, MiB (goal ≤ 30) vs bare node:http', rssGrowth.toFixed(1), floorRssGrowth.toFixed(1)],
      ],
    };
  } finally {
    nginx?.kill('SIGTERM');
    const exited = new Promise((r) => server.once('exit', r));
    nubo.stop();
    await exited;
    rmSync(path.dirname(plansFile), { recursive: true, force: true });
  }
}
