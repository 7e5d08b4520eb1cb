// Moving big files: a 1 GiB tus upload against `dd` writing 1 GiB to the same disk (goal ≥ 0.7),
// a 1 GiB download against nginx serving the same blob with sendfile (goal ≥ 0.9), the same
// download through the shipped nginx (deploy/nginx.conf.template), Nubo sending the bytes through
// it, then handing them to it (ACCEL_REDIRECT): the CPU time of Nubo and nginx together per GiB,
// beside the sendfile floor (goal ≤ 0.1 handed over), the same download through the owner's link (its traffic checked against a
// monthly allowance and counted) against the link a share's visitor who is not signed in gets
// (checked against the share too, and counted as the owner's) (goal ≥ 0.95), and how much the server's memory grows while the upload streams (goal ≤ 30 MB; after a
// small upload, so what a process's first upload pays once is shown apart), beside the growth of a
// bare node:http server receiving the same uploads (bench/upload-floor-server.ts).
// Servers run as their own processes so their memory is their own.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/testing/harness.ts';
import { type Nginx, startNginx } from '../server/testing/nginx.ts';
import { bearerOf, type NuboProcess, startNubo, waitFor } from './nubo-process.ts';
import type { Table } from './table.ts';

const SIZE = Number(process.env.BENCH_TRANSFER_BYTES ?? 1024 ** 3);
const CHUNK = randomBytes(8 * 1024 * 1024);
const ROOT = path.resolve(import.meta.dirname, '..');

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const mbps = (bytes: number, ms: number) => bytes / 1024 / 1024 / (ms / 1000);

/**
 * Bytes a process receives before its RSS is taken as the upload's starting point. A process's
 * first upload also pays, once, for what any upload needs and keeps for its life: the code it runs
 * paged in and compiled, the threads that write to disk and their memory, the buffers' pools. That
 * is measured apart (from start), so the upload's own figure is what receiving 1 GiB costs.
 */
const WARM_UP_BYTES = 16 * 1024 * 1024;

/** What receiving an upload cost a process: its time, and its RSS growth during it and since before the first upload. */
type UploadCost = { ms: number; grown: number; grownFromStart: number; answer: Response };

/**
 * Sends WARM_UP_BYTES to `warmUpUrl`, then SIZE bytes in one PATCH to `url`, sampling the RSS of
 * process `pid`.
 */
async function streamUpload(warmUpUrl: string, url: string, headers: Record<string, string>, pid: number): Promise<UploadCost> {
  const rssAtStart = rssMiB(pid);
  const warmedUp = await fetch(warmUpUrl, { method: 'PATCH', headers, body: body(WARM_UP_BYTES), duplex: 'half' } as RequestInit);
  if (!warmedUp.ok) throw new Error(`the warm-up upload answered ${warmedUp.status}`);
  const rssBefore = rssMiB(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(pid))), 50);
  const start = performance.now();
  try {
    const answer = await fetch(url, { method: 'PATCH', headers, body: body(SIZE), duplex: 'half' } as RequestInit);
    return { ms: performance.now() - start, grown: rssPeak - rssBefore, grownFromStart: rssPeak - rssAtStart, answer };
  } finally {
    clearInterval(sampler);
  }
}

/** The floor: a bare Node server receiving the same uploads. */
async function floorUpload(dataDir: string): Promise<UploadCost> {
  const port = await freePort();
  const floor = spawn(process.execPath, [path.join(ROOT, 'bench/upload-floor-server.ts'), String(port), path.join(dataDir, 'floor.bin')], { stdio: 'ignore' });
  try {
    await waitFor(`http://127.0.0.1:${port}/`, floor);
    const cost = await streamUpload(`http://127.0.0.1:${port}/`, `http://127.0.0.1:${port}/`, {}, floor.pid!);
    if (cost.answer.status !== 204) throw new Error(`floor upload answered ${cost.answer.status}`);
    return cost;
  } finally {
    floor.kill('SIGTERM');
    rmSync(path.join(dataDir, 'floor.bin'), { force: true });
  }
}

/** Downloads are timed several times each, Nubo and nginx alike, and the best run counts: the first runs here vary with the JIT and TCP warming up. */
const DOWNLOAD_RUNS = 5;

/** `pids`: the processes that serve the download (Nubo, or Nubo and the proxy in front of it); `cpuSeconds`: each one's CPU time over all runs. */
type Downloader = { url: string; pids: number[]; bestMs: number; cpuSeconds: number[] };

const downloader = (url: string, pids: number[]): Downloader => ({ url, pids, bestMs: Infinity, cpuSeconds: pids.map(() => 0) });

/** User and system CPU seconds a process has used so far. */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Downloads the whole file once, keeping the best time and adding up the serving processes' CPU time. */
async function timeDownload(downloader: Downloader): Promise<void> {
  const cpuBefore = downloader.pids.map(cpuSecondsOf);
  const start = performance.now();
  let bytes = 0;
  for await (const chunk of (await fetch(downloader.url)).body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  if (bytes !== SIZE) throw new Error(`downloaded ${bytes} bytes from ${downloader.url}`);
  downloader.bestMs = Math.min(downloader.bestMs, performance.now() - start);
  downloader.pids.forEach((pid, i) => {
    downloader.cpuSeconds[i]! += cpuSecondsOf(pid) - cpuBefore[i]!;
  });
}

/** A body of SIZE bytes made of one random chunk repeated, never held whole in memory. */
function body(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const part = CHUNK.subarray(0, Math.min(CHUNK.length, size - sent));
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

/** The shipped nginx (deploy/nginx.conf.template) in front of one Nubo process whose blobs are in its data folder, on `port`. */
async function shippedNginx(nubo: NuboProcess, port: number): Promise<Nginx> {
  return startNginx(path.join(ROOT, 'deploy', 'nginx.conf.template'), {
    folder: path.join(nubo.dataDir, `shipped-nginx-${port}`),
    values: {
      NUBO_UPSTREAMS: `server ${new URL(nubo.url).host};`,
      LISTEN_PORT: `127.0.0.1:${port}`,
      BLOB_FOLDER: path.join(nubo.dataDir, 'blobs'),
      // No S3 store here: the blobs are the folder's.
      BLOB_STORE_ENDPOINT: 'http://127.0.0.1:9',
    },
  });
}

/** The download link a share's visitor who is not signed in gets: the same bytes, counted as the owner's traffic. */
async function visitorLink(url: string, auth: Record<string, string>, fileId: string): Promise<string> {
  const json = { ...auth, 'Content-Type': 'application/json' };
  const share = await fetch(`${url}/drive/v1/share`, { method: 'POST', headers: json, body: JSON.stringify({ file_ids: [fileId] }) }).then((r) => r.json());
  const info = await fetch(`${url}/drive/v1/share/file_info?share_id=${share.share_id}&file_id=${fileId}`).then((r) => r.json());
  if (!info.file_info?.web_content_link) throw new Error(`no visitor link: ${JSON.stringify(info)}`);
  return info.file_info.web_content_link;
}

export async function benchTransfer(): Promise<Table> {
  const plansFile = meteredPlansFile();
  let nubo: NuboProcess = await startNubo('transfer', { PLANS_FILE: plansFile });
  const { url, dataDir } = nubo;
  const server = nubo.child;
  let nginx: ChildProcess | undefined;
  const shipped: Nginx[] = [];
  try {
    const auth = await bearerOf(url, 'mover@example.org');
    const uploadOf = async (name: string, size: number) => {
      const created = await fetch(`${url}/drive/v1/files`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ kind: 'drive#file', name, size: String(size) }),
      }).then((r) => r.json());
      if (!created.resumable) throw new Error(`upload not created: ${JSON.stringify(created)}`);
      return created;
    };
    const warmUp = await uploadOf('warm-up.bin', WARM_UP_BYTES);
    const created = await uploadOf('big.bin', SIZE);
    const upload = await streamUpload(
      warmUp.resumable.params.url,
      created.resumable.params.url,
      { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      server.pid!,
    );
    if (upload.answer.status !== 204) throw new Error(`upload answered ${upload.answer.status}`);
    const floorUploaded = await floorUpload(dataDir);

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
    const nuboDownload = downloader(file.web_content_link, [server.pid!]);
    const visitorDownload = downloader(await visitorLink(url, auth, file.id), [server.pid!]);
    const nginxDownload = nginxUrl ? downloader(nginxUrl, [nginx!.pid!]) : undefined;
    // The same link through the shipped nginx, Nubo sending the bytes (no ACCEL_REDIRECT): the
    // proxy's CPU time counts beside Nubo's.
    let relayedDownload: Downloader | undefined;
    if (nginxUrl) {
      const relay = await shippedNginx(nubo, await freePort());
      shipped.push(relay);
      const link = new URL(file.web_content_link);
      relayedDownload = downloader(`${relay.url}${link.pathname}${link.search}`, [server.pid!, relay.pid]);
    }
    // Runs alternate, so Nubo and nginx meet the same load on the shared cores; the best run counts.
    for (let run = 0; run < DOWNLOAD_RUNS; run++) {
      for (const each of [nuboDownload, nginxDownload, visitorDownload, relayedDownload]) if (each) await timeDownload(each);
    }
    // The owner's downloads (direct and relayed) and the visitor's, all the owner's traffic.
    let expected = (relayedDownload ? 3 : 2) * DOWNLOAD_RUNS * SIZE;
    let counted = await fetch(`${url}/vip/v1/quantity/list`, { headers: auth }).then((r) => r.json());
    if (Number(counted.transfer.download.usage) !== expected) throw new Error(`metered ${counted.transfer.download.usage} bytes, not ${expected}`);

    // Behind the shipped nginx, nginx sending the bytes: the same server started again on the same
    // data, told that the proxy serves blob bytes (ACCEL_REDIRECT) and that its links lead to the
    // proxy. Runs alternate with the sendfile floor again, timed afresh.
    let handedOver: { download: Downloader; floor: Downloader } | undefined;
    if (nginxUrl) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      const proxyPort = await freePort();
      const proxyUrl = `http://127.0.0.1:${proxyPort}`;
      nubo = await startNubo('transfer', { PLANS_FILE: plansFile, PUBLIC_URL: proxyUrl, ACCEL_REDIRECT: '/_nubo/blobs/' }, { reuse: dataDir });
      const proxy = await shippedNginx(nubo, proxyPort);
      shipped.push(proxy);
      const link = (await fetch(`${proxyUrl}/drive/v1/files/${file.id}`, { headers: auth }).then((r) => r.json())).web_content_link;
      handedOver = { download: downloader(link, [nubo.child.pid!, proxy.pid]), floor: downloader(nginxUrl, [nginx!.pid!]) };
      for (let run = 0; run < DOWNLOAD_RUNS; run++) for (const each of [handedOver.download, handedOver.floor]) await timeDownload(each);
      expected += DOWNLOAD_RUNS * SIZE;
      counted = await fetch(`${proxyUrl}/vip/v1/quantity/list`, { headers: auth }).then((r) => r.json());
      if (Number(counted.transfer.download.usage) !== expected) throw new Error(`metered ${counted.transfer.download.usage} bytes in all, not ${expected}`);
    }
    const nuboDownloadMs = nuboDownload.bestMs;
    const nginxMs = nginxDownload?.bestMs;
    const perGiB = (seconds: number) => (seconds / DOWNLOAD_RUNS / (SIZE / 1024 ** 3)).toFixed(2);
    const cpuPerGiB = (each: Downloader) => perGiB(each.cpuSeconds.reduce((sum, seconds) => sum + seconds, 0));

    const gib = (SIZE / 1024 ** 3).toFixed(2);
    return {
      title: `Transfers of ${gib} GiB on loopback (client and server share the 2 cores)`,
      rows: [
        ['tus upload MB/s vs dd write MB/s', mbps(SIZE, upload.ms).toFixed(0), mbps(SIZE, ddMs).toFixed(0)],
        ['  ratio (goal ≥ 0.7)', (ddMs / upload.ms).toFixed(2), '1.00'],
        ['tus upload MB/s vs bare node:http hash+write MB/s', mbps(SIZE, upload.ms).toFixed(0), mbps(SIZE, floorUploaded.ms).toFixed(0)],
        ['download MB/s vs nginx sendfile MB/s', mbps(SIZE, nuboDownloadMs).toFixed(0), nginxMs ? mbps(SIZE, nginxMs).toFixed(0) : 'n/a: no nginx'],
        ['  ratio (goal ≥ 0.9)', nginxMs ? (nginxMs / nuboDownloadMs).toFixed(2) : 'n/a', '1.00'],
        ['server CPU seconds per GiB downloaded vs nginx', cpuPerGiB(nuboDownload), nginxDownload ? cpuPerGiB(nginxDownload) : 'n/a'],
        ...(relayedDownload && handedOver && nginxDownload
          ? ([
              ['behind the shipped nginx, Nubo sending: server CPU s/GiB vs nginx', cpuPerGiB(relayedDownload), cpuPerGiB(nginxDownload)],
              ['  of which Nubo', perGiB(relayedDownload.cpuSeconds[0]!), ''],
              [
                'behind the shipped nginx, nginx sending (ACCEL_REDIRECT): download MB/s vs nginx',
                mbps(SIZE, handedOver.download.bestMs).toFixed(0),
                mbps(SIZE, handedOver.floor.bestMs).toFixed(0),
              ],
              ['  server CPU s/GiB (goal ≤ 0.1) vs nginx', cpuPerGiB(handedOver.download), cpuPerGiB(handedOver.floor)],
              ['  of which Nubo', perGiB(handedOver.download.cpuSeconds[0]!), ''],
            ] satisfies Table['rows'])
          : []),
        [
          'download MB/s, the owner’s link vs a share visitor’s (checked against the share too)',
          mbps(SIZE, nuboDownloadMs).toFixed(0),
          mbps(SIZE, visitorDownload.bestMs).toFixed(0),
        ],
        ['  ratio (goal ≥ 0.95)', (visitorDownload.bestMs / nuboDownloadMs).toFixed(2), '1.00'],
        [
          `RSS growth during upload after a ${WARM_UP_BYTES / 1024 / 1024} MiB one, MiB (goal ≤ 30) vs bare node:http`,
          upload.grown.toFixed(1),
          floorUploaded.grown.toFixed(1),
        ],
        [
          '  RSS growth from start, both uploads (what a first upload pays once), vs bare node:http',
          upload.grownFromStart.toFixed(1),
          floorUploaded.grownFromStart.toFixed(1),
        ],
      ],
    };
  } finally {
    nginx?.kill('SIGTERM');
    for (const proxy of shipped) await proxy.stop();
    const running = nubo.child;
    if (running.exitCode === null) {
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.dirname(plansFile), { recursive: true, force: true });
  }
}
