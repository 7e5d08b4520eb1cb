import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '#shared/api/tasks.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { SERVER_ARGS } from './process-command.ts';
import { TestBrowser } from './testing/browser.ts';
import { type FileOrigin, startFileOrigin } from './testing/file-origin.ts';
import { createOwnPostgresDatabase, freePort } from './testing/harness.ts';
import { crash, type ServerProcess, startServerProcess } from './testing/process-server.ts';
import { until } from './testing/until.ts';
import { createUpload, sha256, signUp, tusUpload } from './testing/uploads.ts';

describe('graceful shutdown', () => {
  it('lets a request under way finish and refuses new connections once closing', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'nubo-shutdown-')) });
    const database = openDatabase({ engine: 'sqlite', file: ':memory:' });
    await database.migrate();
    const app = await buildApp({ config, database, logger: false });
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/test/slow', async () => {
      arrived();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    const slow = fetch(`${url}/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await requestArrived;
    const closing = app.close();
    const afterClose = await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => 'refused',
    );

    expect(await slow).toEqual({ status: 200, body: { finished: true } });
    await closing;
    await database.close();
    // A new request during close is either turned away (503) or cannot connect at all.
    expect([503, 'refused']).toContain(afterClose);
  });

  it('exits with 0 after SIGTERM, logging that it stopped', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-shutdown-'));
    const child = spawn(process.execPath, [...SERVER_ARGS], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let listening!: (url: string) => void;
    const urlReady = new Promise<string>((resolve) => (listening = resolve));
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match?.[1]) listening(match[1]);
    });
    try {
      const url = await urlReady;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const messages = lines.map((line) => JSON.parse(line).msg);
      expect(messages).toContain('stopped');
      // Structured logs: every line is JSON with a level and a time.
      for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: expect.any(Number), time: expect.any(Number) });
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * The stop's deadline: Docker's grace between SIGTERM and SIGKILL. A stop with an upload that never
 * ends measures 8.0 s here (the upload is cut at 8 s), one without 1.0 s: the deadline is the bound
 * the server promises, and its margin over those is for a slow, shared test machine.
 */
const STOP_DEADLINE_MS = 10_000;

const taskOf = async (browser: TestBrowser, id: string) => (await browser.get(`/drive/v1/tasks/${id}`)).body as Task;

/** The database a server process of these tests runs on, as its environment names it. */
const databaseOf = (env: Record<string, string>) =>
  openDatabase(env.DATABASE_URL ? { engine: 'postgres', url: env.DATABASE_URL } : { engine: 'sqlite', file: path.join(env.DATA_DIR!, 'nubo.db') });

async function taskRows(env: Record<string, string>, ids: string[]) {
  const database = databaseOf(env);
  try {
    return await database.db.selectFrom('task').selectAll().where('id', 'in', ids).orderBy('created_at').execute();
  } finally {
    await database.close();
  }
}

/** A magnet whose only tracker and only peer are closed ports on loopback: it never finds anyone. */
async function unreachableMagnet() {
  const [tracker, peer] = [await freePort(), await freePort()];
  const announce = encodeURIComponent(`http://127.0.0.1:${tracker}/announce`);
  return `magnet:?xt=urn:btih:${randomBytes(20).toString('hex')}&dn=nobody&tr=${announce}&x.pe=127.0.0.1:${peer}`;
}

/** Sends an upload's bytes from `offset` at a trickle (320 KB/s), far from its end in the test's time; answers how it ended. */
function slowPatch(browser: TestBrowser, url: string, bytes: Buffer, offset: number) {
  let sent = 0;
  const ended = new Promise<string>((resolve) => {
    const patch = request(new URL(url), {
      method: 'PATCH',
      headers: {
        ...browser.sessionHeaders(),
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(bytes.length - offset),
      },
    });
    const trickle = setInterval(() => {
      const slice = bytes.subarray(offset + sent, offset + sent + 32 * 1024);
      sent += slice.length;
      patch.write(slice);
    }, 100);
    patch.on('response', (answer) => {
      clearInterval(trickle);
      answer.resume();
      resolve(`answered ${answer.statusCode}`);
    });
    patch.on('error', (failure) => {
      clearInterval(trickle);
      resolve(`cut: ${failure.message}`);
    });
  });
  return { sent: () => sent, ended };
}

/** Sends SIGTERM and answers how long the process took to exit, and with what code. */
async function stopTimed(server: ServerProcess): Promise<{ ms: number; code: number | null }> {
  const at = performance.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { ms: performance.now() - at, code };
}

describe('a stop within Docker’s grace (SIGTERM, then SIGKILL 10 s later), whatever runs', () => {
  let origin: FileOrigin;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const drops: (() => Promise<void>)[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess(env);
    servers.push(server);
    return server;
  };
  const dataDir = () => {
    const made = mkdtempSync(path.join(os.tmpdir(), 'nubo-stop-'));
    dataDirs.push(made);
    return made;
  };
  /** What the servers here run with besides their port, data and database; the shipped defaults otherwise. */
  let offlineOnLoopback: Record<string, string>;
  beforeAll(async () => {
    origin = await startFileOrigin();
    offlineOnLoopback = {
      // The web origin, the tracker and the peer are on loopback, where offline downloads may not go by default.
      OFFLINE_ALLOW_NETWORKS: '127.0.0.1/32',
      // The DHT runs, as shipped, but joins through a node that does not answer (a closed port) instead
      // of the DHT's routers on the internet, which tests do not reach.
      OFFLINE_DHT_NODES: `127.0.0.1:${await freePort()}`,
      // Any free port: test servers run side by side (the shipped fixed port has a test of its own).
      OFFLINE_TORRENT_PORT: '0',
    };
  });
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await crash(server);
    await origin?.close();
    for (const drop of drops) await drop();
    for (const made of dataDirs) rmSync(made, { recursive: true, force: true });
  });

  it('cuts an upload that never ends at the deadline, hands its tasks back at once, and all of it goes on after a restart', async () => {
    const film = randomBytes(6 * 1024 * 1024);
    // 640 KB/s: the film is a few seconds from its end when the server stops.
    const web = origin.serve('/stop/film.bin', { body: film, ranges: true, dripBytes: 32 * 1024, dripMs: 50 });
    const env = { PORT: String(await freePort()), DATA_DIR: dataDir(), DATABASE_URL: '', ...offlineOnLoopback };
    let server = await start(env);
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(32 * 1024 * 1024);
    const created = (await createUpload(browser, 'upload.bin', bytes)).body;
    const uploadPath = new URL(created.resumable.params.url).pathname;
    const addTask = async (url: string) =>
      (await browser.post('/drive/v1/files', { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url } })).body.task.id as string;
    const webTask = await addTask(web.url);
    const torrentTask = await addTask(await unreachableMagnet());
    const upload = slowPatch(browser, server.url + uploadPath, bytes, 0);
    await until(
      async () => [await taskOf(browser, webTask), await taskOf(browser, torrentTask)] as const,
      ([webRun, torrentRun]) => Number(webRun.bytes_done) > 300_000 && torrentRun.phase === 'PHASE_TYPE_RUNNING' && upload.sent() > 300_000,
      'the upload, the web download and the torrent are under way',
    );
    const [, running] = await taskRows(env, [webTask, torrentTask]);
    const torrentHeldUntil = running!.lease_until!;

    const stop = await stopTimed(server);
    console.info(`stopped with an upload, a web download and a torrent under way in ${Math.round(stop.ms)} ms`);
    expect(stop.code).toBe(0);
    expect(stop.ms).toBeLessThan(STOP_DEADLINE_MS);
    expect(await upload.ended).toMatch(/^cut/);

    // Both tasks were handed back: waiting and claimable now, their progress kept, the stop not counted as an attempt.
    const [webStopped, torrentStopped] = await taskRows(env, [webTask, torrentTask]);
    for (const row of [webStopped, torrentStopped]) expect(row).toMatchObject({ phase: 'PHASE_TYPE_PENDING', lease_until: null, attempts: 0 });
    expect(webStopped!.bytes_done).toBeGreaterThan(300_000);

    // The rest of the film comes at full speed from now on.
    origin.serve('/stop/film.bin', { body: film, ranges: true });
    server = await start(env);
    const after = new TestBrowser(server.url);
    for (const [name, value] of browser.cookies) after.cookies.set(name, value);

    // The torrent runs again at once, not once the stopped process's lease would have run out.
    await until(
      async () => (await taskRows(env, [torrentTask]))[0]!,
      (row) => row.phase === 'PHASE_TYPE_RUNNING',
      'the torrent runs again',
    );
    expect(Date.now()).toBeLessThan(torrentHeldUntil);

    // The upload goes on from what the server had when it stopped.
    const head = await fetch(server.url + uploadPath, { method: 'HEAD', headers: { ...after.sessionHeaders(), 'Tus-Resumable': '1.0.0' } });
    expect(Number(head.headers.get('upload-offset'))).toBeGreaterThan(300_000);
    await tusUpload(after, bytes, { uploadUrl: server.url + uploadPath });
    expect((await after.get(`/drive/v1/files/${created.file.id}`)).body).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: sha256(bytes) });

    // The web download goes on from its bytes on disk, asking for the rest only, and completes with the right content.
    const done = await until(
      () => taskOf(after, webTask),
      (task) => task.phase === 'PHASE_TYPE_COMPLETE' || task.phase === 'PHASE_TYPE_ERROR',
      'the web download ends',
    );
    expect(done).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', file_size: String(web.size) });
    expect((await after.get(`/drive/v1/files/${done.file_id}`)).body.hash).toBe(web.sha256);
    const gets = origin.requests.filter((r) => r.path === '/stop/film.bin' && r.method === 'GET');
    expect(gets.at(-1)!.headers.range).toMatch(/^bytes=[1-9]\d*-$/);
  }, 90_000);

  it('leaves the tasks it ran to another server copy, which takes them over at once (PostgreSQL, a shared data folder)', async () => {
    const film = randomBytes(6 * 1024 * 1024);
    const web = origin.serve('/stop/other.bin', { body: film, ranges: true, dripBytes: 32 * 1024, dripMs: 50 });
    const database = await createOwnPostgresDatabase('stop');
    drops.push(database.drop);
    const shared = { DATA_DIR: dataDir(), DATABASE_URL: database.url, ...offlineOnLoopback };
    const first = await start({ ...shared, PORT: String(await freePort()) });
    const { browser } = await signUp(first.url);
    const addTask = async (url: string) =>
      (await browser.post('/drive/v1/files', { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url } })).body.task.id as string;
    const webTask = await addTask(web.url);
    const torrentTask = await addTask(await unreachableMagnet());
    await until(
      async () => [await taskOf(browser, webTask), await taskOf(browser, torrentTask)] as const,
      ([webRun, torrentRun]) => Number(webRun.bytes_done) > 300_000 && torrentRun.phase === 'PHASE_TYPE_RUNNING',
      'the web download and the torrent are under way in the first copy',
    );
    // The second copy starts once the first one holds both tasks.
    const second = await start({ ...shared, PORT: String(await freePort()) });
    const held = await taskRows(shared, [webTask, torrentTask]);
    const heldUntil = Math.min(...held.map((row) => row.lease_until!));
    origin.serve('/stop/other.bin', { body: film, ranges: true });

    const stop = await stopTimed(first);
    console.info(`stopped with a web download and a torrent under way in ${Math.round(stop.ms)} ms`);
    expect(stop.code).toBe(0);
    expect(stop.ms).toBeLessThan(STOP_DEADLINE_MS);

    // The second copy runs both before the first one's leases would have ended, the web download from its bytes on disk.
    const other = new TestBrowser(second.url);
    for (const [name, value] of browser.cookies) other.cookies.set(name, value);
    await until(
      async () => [await taskOf(other, webTask), await taskOf(other, torrentTask)] as const,
      ([webRun, torrentRun]) => webRun.phase === 'PHASE_TYPE_COMPLETE' && torrentRun.phase === 'PHASE_TYPE_RUNNING',
      'the second copy has taken both over',
    );
    expect(Date.now()).toBeLessThan(heldUntil);
    expect((await taskOf(other, webTask)).file_size).toBe(String(web.size));
    const gets = origin.requests.filter((r) => r.path === '/stop/other.bin' && r.method === 'GET');
    expect(gets.at(-1)!.headers.range).toMatch(/^bytes=[1-9]\d*-$/);
  }, 90_000);
});
