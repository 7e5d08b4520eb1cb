// Sustained mixed load, as a busy small server sees it: 20 clients at once listing a folder,
// viewing a share (its JSON and its rendered page), downloading a file and uploading a small one,
// for two rounds of a minute. Memory is read before, after the first minute and after the second
// (goal: the second adds < 5 MiB), beside a bare Node HTTP server under the same load; and the p50
// and p99 of the requests of the second round (goal p99 < 50 ms), beside the bare server's. Rounds
// of 30 s caught the allocators' steps more than a trend: the bare server added 6.5 MiB in its
// second half-minute and nothing in its second minute.

import { spawn } from 'node:child_process';
import { type Dispatcher, request } from 'undici';
import { freePort } from '../server/testing/harness.ts';
import { bearerOf, FLOOR_SERVER, rssMiB, startNubo, waitFor } from './nubo-process.ts';
import { percentile, type Table } from './table.ts';

const CLIENTS = 20;
const ROUND_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const FILES = 30;

/** The time of each HTTP request of the round under way, in ms (a step may make several). */
let requestTimes: number[] = [];
/** The same times by kind of request, so the tail can be traced to what makes it. */
let timesByKind = new Map<string, number[]>();

/** Runs `step` from CLIENTS clients at once for a round; answers each request's time in ms. */
async function round(step: (client: number, turn: number) => Promise<void>): Promise<{ all: number[]; byKind: Map<string, number[]> }> {
  const until = performance.now() + ROUND_SECONDS * 1000;
  requestTimes = [];
  timesByKind = new Map();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let turn = 0; performance.now() < until; turn++) await step(client, turn);
    }),
  );
  return { all: requestTimes, byKind: timesByKind };
}

function kindOf(method: string, url: string): string {
  const { pathname } = new URL(url);
  const route = pathname.startsWith('/s/') ? '/s/:id' : pathname.replace(/\/[\w-]{16,}$/, '/:id');
  return `${method} ${route}`;
}

type Init = { method?: Dispatcher.HttpMethod; headers?: Record<string, string>; body?: string | Uint8Array };

/**
 * A request, timed from sending it to the last byte of its answer. Asked as a browser asks
 * (brotli or gzip accepted) and read as a load generator reads, without decompressing: the time is
 * the server's, not this process's inflating (fetch's own work held the figures up under load).
 */
async function timedFetch(url: string, init: Init = {}): Promise<{ status: number; body: Uint8Array }> {
  const started = performance.now();
  const answer = await request(url, { ...init, headers: { 'accept-encoding': 'br, gzip', ...init.headers } });
  const body = new Uint8Array(await answer.body.arrayBuffer());
  const time = performance.now() - started;
  requestTimes.push(time);
  const kind = kindOf(init.method ?? 'GET', url);
  const times = timesByKind.get(kind) ?? [];
  times.push(time);
  timesByKind.set(kind, times);
  return { status: answer.statusCode, body };
}

async function fetchOk(url: string, init?: Init) {
  const { status, body } = await timedFetch(url, init);
  if (status < 200 || status > 299) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${status}: ${new TextDecoder().decode(body)}`);
}

async function upload(url: string, auth: Record<string, string>, name: string, bytes: Uint8Array): Promise<string> {
  const { body } = await timedFetch(`${url}/drive/v1/files`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'drive#file', name, size: String(bytes.length) }),
  });
  const created = JSON.parse(new TextDecoder().decode(body));
  if (created.resumable) {
    await fetchOk(created.resumable.params.url, {
      method: 'PATCH',
      headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: bytes,
    });
  }
  return created.file.id;
}

async function nuboUnderLoad() {
  const nubo = await startNubo('load');
  try {
    const auth = await bearerOf(nubo.url, 'load@example.org');
    const ids: string[] = [];
    for (let i = 0; i < FILES; i++) ids.push(await upload(nubo.url, auth, `photo ${i}.jpg`, new TextEncoder().encode(`photo ${i} `.repeat(2000))));
    const share = await fetch(`${nubo.url}/drive/v1/share`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ file_ids: ids, title: 'Load' }),
    }).then((r) => r.json());
    const links: string[] = [];
    for (const id of ids.slice(0, 5)) links.push((await fetch(`${nubo.url}/drive/v1/files/${id}`, { headers: auth }).then((r) => r.json())).web_content_link);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const idle = rssMiB(nubo.child.pid!);

    const step = async (client: number, turn: number) => {
      switch (turn % 5) {
        case 0:
          return fetchOk(`${nubo.url}/drive/v1/files?parent_id=`, { headers: auth });
        case 1:
          return fetchOk(`${nubo.url}/drive/v1/share?share_id=${share.share_id}`);
        case 2:
          return fetchOk(`${nubo.url}/s/${share.share_id}?locale=en-US`);
        case 3:
          return fetchOk(links[(client + turn) % links.length]!);
        default: {
          // A small upload, then gone again, so the drive stays the same size round after round.
          const id = await upload(nubo.url, auth, `note ${client}-${turn}.txt`, new TextEncoder().encode(`note ${client} ${turn} ${Math.random()}`));
          return fetchOk(`${nubo.url}/drive/v1/files:batchDelete`, {
            method: 'POST',
            headers: { ...auth, 'Content-Type': 'application/json' },
            body: JSON.stringify({ ids: [id] }),
          });
        }
      }
    };
    await round(step);
    const first = rssMiB(nubo.child.pid!);
    const { all: times, byKind } = await round(step);
    const second = rssMiB(nubo.child.pid!);
    return { idle, first, second, times, byKind };
  } finally {
    nubo.stop();
  }
}

async function floorUnderLoad() {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', FLOOR_SERVER], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitFor(url, child);
    const idle = rssMiB(child.pid!);
    await round(() => fetchOk(url));
    const first = rssMiB(child.pid!);
    const { all: times } = await round(() => fetchOk(url));
    return { idle, first, second: rssMiB(child.pid!), times };
  } finally {
    child.kill('SIGTERM');
  }
}

export async function benchLoad(): Promise<Table> {
  const nubo = await nuboUnderLoad();
  const floor = await floorUnderLoad();
  const mib = (value: number) => value.toFixed(1);
  return {
    title: `Mixed load: ${CLIENTS} clients listing, viewing a share and its page, downloading, uploading; two rounds of ${ROUND_SECONDS} s (floor: bare node:http)`,
    rows: [
      ['RSS idle (MiB)', mib(nubo.idle), mib(floor.idle)],
      ['RSS after round 1 (MiB)', mib(nubo.first), mib(floor.first)],
      ['RSS after round 2 (MiB; goal: < 5 more than round 1)', mib(nubo.second), mib(floor.second)],
      [`requests in round 2 (${CLIENTS} in flight)`, String(nubo.times.length), String(floor.times.length)],
      ['p50 ms, round 2', percentile(nubo.times, 50).toFixed(1), percentile(floor.times, 50).toFixed(1)],
      ['p99 ms, round 2 (goal < 50)', percentile(nubo.times, 99).toFixed(1), percentile(floor.times, 99).toFixed(1)],
      ...[...nubo.byKind].map(([kind, times]): Table['rows'][number] => [
        `  ${kind}: p50 / p99 ms`,
        `${percentile(times, 50).toFixed(1)} / ${percentile(times, 99).toFixed(1)}`,
        '',
      ]),
    ],
  };
}
