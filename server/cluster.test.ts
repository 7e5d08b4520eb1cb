// Nubo scaled out, for real: two server processes (the build, as it ships) behind Debian's nginx
// running deploy/nginx.conf.template — the file the compose deployment uses — on one PostgreSQL
// database, one S3-compatible store (s3rver) and Redis. What one process starts or signs, the
// other continues or honours; limits hold across both and per client behind the proxy; and a
// process stopped under load finishes what it was doing while the other takes the rest.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { TREE_COPY_INLINE_MAX_ITEMS } from './services/files.ts';
import { goodPassword, TestBrowser, uniqueEmail } from './testing/browser.ts';
import { insertManyStoredFiles } from './testing/factories.ts';
import { createOwnPostgresDatabase, freePort } from './testing/harness.ts';
import { type Nginx, startNginx } from './testing/nginx.ts';
import { type ServerProcess, startServerProcess } from './testing/process-server.ts';
import { until } from './testing/until.ts';
import { sha256 } from './testing/uploads.ts';

const TEMPLATE = path.resolve(import.meta.dirname, '..', 'deploy', 'nginx.conf.template');
const REDIS_URL = `${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/7`;
/** Accounts an address may create in an hour, small so the test reaches the limit. */
const SIGN_UPS = 3;

/** A POST from an address of its own on loopback (127.0.0.x): as two people behind one proxy are. */
function postFrom(localAddress: string, url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST', localAddress, headers: { 'Content-Type': 'application/json' } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
}

describe('two Nubo processes behind nginx, on PostgreSQL, S3 and Redis', () => {
  let database: Awaited<ReturnType<typeof createOwnPostgresDatabase>>;
  const work = mkdtempSync(path.join(os.tmpdir(), 'nubo-cluster-'));
  let s3: S3rver;
  let nginx: Nginx;
  const nubos: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(work, 's3') });
    const { port: s3Port } = await s3.run();
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    const credentials = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
    await new S3Client({
      region: 'us-east-1',
      endpoint: s3Endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }).send(new CreateBucketCommand({ Bucket: 'nubo' }));
    database = await createOwnPostgresDatabase('cluster');
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    await redis.quit();

    const ports = [await freePort(), await freePort()];
    const proxyPort = await freePort();
    env = {
      ...credentials,
      DATABASE_URL: database.url,
      REDIS_URL,
      BLOB_STORE: `s3://nubo/drive?endpoint=${s3Endpoint}`,
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      TRUSTED_PROXIES: '127.0.0.1',
      SIGN_UPS_PER_ADDRESS: String(SIGN_UPS),
      // As in compose: downloads' bytes come from the store through the proxy.
      ACCEL_REDIRECT: '/_nubo/store/',
    };
    // One after the other: the first one migrates the database.
    for (const [i, port] of ports.entries()) nubos.push(await startServerProcess({ ...env, DATA_DIR: path.join(work, `nubo-${i}`), PORT: String(port) }));
    nginx = await startNginx(TEMPLATE, {
      folder: path.join(work, 'nginx'),
      values: {
        NUBO_UPSTREAMS: ports.map((port) => `server 127.0.0.1:${port};`).join(' '),
        LISTEN_PORT: `127.0.0.1:${proxyPort}`,
        BLOB_STORE_ENDPOINT: s3Endpoint,
        BLOB_FOLDER: path.join(work, 'no-blob-folder'),
      },
    });
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const nubo of nubos) if (nubo.child.exitCode === null) nubo.child.kill('SIGKILL');
    await s3?.close();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  let people = 0;
  /**
   * A new account, through the proxy. The test's requests come from 127.0.0.1, which is the trusted
   * proxy's address too: so the address each person claims is believed, and each has their own
   * sign-up count (a visitor from anywhere else could claim nothing).
   */
  const person = async () => {
    const browser = new TestBrowser(nginx.url);
    people += 1;
    const { body } = await browser.post(
      '/v1/auth/signup',
      { email: uniqueEmail(), password: goodPassword(), name: 'Ann' },
      { 'X-Forwarded-For': `198.51.100.${people}` },
    );
    if (!body.sub) throw new Error(`no sign-up: ${JSON.stringify(body)}`);
    return { browser, userId: body.sub as string };
  };
  /** The same request of the same session, sent to a process of its own instead of through the proxy. */
  const at = (browser: TestBrowser, nubo: ServerProcess) => {
    const direct = new TestBrowser(nubo.url, browser.origin);
    for (const [name, value] of browser.cookies) direct.cookies.set(name, value);
    return direct;
  };

  it('limits two clients behind the same proxy separately, each by its own address', async () => {
    const signUpFrom = (address: string) => postFrom(address, `${nginx.url}/v1/auth/signup`, { email: uniqueEmail(), password: goodPassword(), name: 'Bo' });
    for (let i = 0; i < SIGN_UPS; i++) expect((await signUpFrom('127.0.0.2')).status).toBe(200);
    expect((await signUpFrom('127.0.0.2')).body.error).toBe('too_many_requests');
    expect((await signUpFrom('127.0.0.3')).status).toBe(200);
  });

  it('counts failed sign-ins of one account across both processes, through Redis', async () => {
    const email = uniqueEmail();
    const password = goodPassword();
    await new TestBrowser(nginx.url).post('/v1/auth/signup', { email, password, name: 'Cy' }, { 'X-Forwarded-For': '198.51.100.200' });
    const signIn = (nubo: ServerProcess, tried: string) => new TestBrowser(nubo.url).post('/v1/auth/signin', { username: email, password: tried });
    for (let i = 0; i < 5; i++) expect((await signIn(nubos[i % 2]!, `wrong-${i}-password`)).body.error).toBe('invalid_account_or_password');
    // Either process now asks for proof of work first, even with the right password.
    for (const nubo of nubos) expect((await signIn(nubo, password)).body.error).toBe('captcha_required');
  });

  it('counts wrong passcodes of one visitor across both processes, through Redis', async () => {
    const owner = await person();
    const folder = (await owner.browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Locked' })).body.file;
    const share = (await owner.browser.post('/drive/v1/share', { file_ids: [folder.id], custom_pass_code: 'open42' })).body;
    const visit = (nubo: ServerProcess, passCode: string) => new TestBrowser(nubo.url).get(`/drive/v1/share?share_id=${share.share_id}&pass_code=${passCode}`);
    for (let i = 0; i < 10; i++) expect((await visit(nubos[i % 2]!, `wrong${i}`)).body.share_status).toBe('PASS_CODE_ERROR');
    // The eleventh try is refused on either process, even with the right passcode.
    for (const nubo of nubos) expect((await visit(nubo, 'open42')).body.error).toBe('too_many_requests');
  });

  it('polls through one process a restore task started through the other, and serves a download link the other signed', async () => {
    const owner = await person();
    const big = (await owner.browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Big' })).body.file;
    const seeding = openDatabase({ engine: 'postgres', url: env.DATABASE_URL! });
    try {
      await insertManyStoredFiles(seeding.db, owner.userId, big.id, TREE_COPY_INLINE_MAX_ITEMS + 4);
    } finally {
      await seeding.close();
    }
    const share = (await owner.browser.post('/drive/v1/share', { file_ids: [big.id] })).body;
    const saver = await person();
    const started = (await at(saver.browser, nubos[0]!).post('/drive/v1/share/restore', { share_id: share.share_id })).body;
    expect(started.restore_status).toBe('RESTORE_START');
    const task = await until(
      async () => (await at(saver.browser, nubos[1]!).get(`/drive/v1/tasks/${started.restore_task_id}`)).body,
      (polled) => polled.phase === 'PHASE_TYPE_COMPLETE' || polled.phase === 'PHASE_TYPE_ERROR',
      'the restore task ends',
    );
    expect(task).toMatchObject({ type: 'restore', phase: 'PHASE_TYPE_COMPLETE' });

    const bytes = Buffer.from('signed by one, served by the other');
    const created = (await at(owner.browser, nubos[0]!).post('/drive/v1/files', { kind: 'drive#file', name: 'note.txt', size: String(bytes.length) })).body;
    await fetch(created.resumable.params.url, {
      method: 'PATCH',
      headers: { ...owner.browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: bytes,
    });
    const link = new URL((await at(owner.browser, nubos[0]!).get(`/drive/v1/files/${created.file.id}`)).body.web_content_link);
    // The other process honours the link, handing the download to the proxy, which sends the bytes.
    const elsewhere = await fetch(new URL(link.pathname + link.search, nubos[1]!.url));
    expect([elsewhere.status, elsewhere.headers.get('x-accel-redirect')?.startsWith('/_nubo/store/')]).toEqual([200, true]);
    expect(Buffer.from(await (await fetch(link)).arrayBuffer())).toEqual(bytes);
  });

  it('continues an upload whose PATCHes alternate between the processes, through the proxy after one stops under load, losing nothing', async () => {
    const { browser } = await person();
    const bytes = randomBytes(3 * 1024 * 1024);
    const created = (await browser.post('/drive/v1/files', { kind: 'drive#file', name: 'big.bin', size: String(bytes.length) })).body;
    const uploadPath = new URL(created.resumable.params.url).pathname;
    const chunk = 512 * 1024;
    const patch = (origin: string, offset: number) =>
      fetch(origin + uploadPath, {
        method: 'PATCH',
        headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        body: bytes.subarray(offset, offset + chunk),
      });
    let offset = 0;
    for (let i = 0; i < 4; i++, offset += chunk) expect((await patch(nubos[i % 2]!.url, offset)).status).toBe(204);

    // Load through the proxy, and the first process told to stop in the middle of it.
    let stopping = false;
    const load = Array.from({ length: 8 }, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        if (i === 5 && !stopping) {
          stopping = true;
          nubos[0]!.child.kill('SIGTERM');
        }
        statuses.push((await browser.get('/drive/v1/files')).status);
      }
      return statuses;
    });
    const statuses = (await Promise.all(load)).flat();
    expect(await nubos[0]!.exited).toBe(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(statuses).toHaveLength(200);

    // The upload goes on where it was, through the proxy (the survivor alone now).
    const head = await fetch(nginx.url + uploadPath, { method: 'HEAD', headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0' } });
    expect(Number(head.headers.get('upload-offset'))).toBe(offset);
    for (; offset < bytes.length; offset += chunk) expect((await patch(nginx.url, offset)).status).toBe(204);
    const file = (await browser.get(`/drive/v1/files/${created.file.id}`)).body;
    expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: sha256(bytes) });
    expect(sha256(Buffer.from(await (await fetch(file.web_content_link)).arrayBuffer()))).toBe(sha256(bytes));
  }, 60_000);
});
