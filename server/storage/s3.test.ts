// The S3 blob driver against a real S3-protocol server (s3rver: the S3 REST API over files on
// disk, in this process). Uploads go over tus to a server configured with BLOB_STORE=s3://…
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { startFileOrigin } from '../testing/file-origin.ts';
import { createTestDatabase, ENGINES, startTestServer, type TestServer, testOfflineConfig } from '../testing/harness.ts';
import { startSlowProxy } from '../testing/slow-proxy.ts';
import { S3_TIMEOUTS, s3Client } from './s3-blob-store.ts';
import { partSizeFor } from './s3-upload-store.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const MiB = 1024 * 1024;

let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let client: S3Client;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed credentials, found by the AWS SDK where an operator's would be.
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true });
});
afterAll(async () => {
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

let buckets = 0;
async function newBucket() {
  buckets += 1;
  const bucket = `nubo-test-${Date.now().toString(36)}-${buckets}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}
const blobStoreFor = (bucket: string, through = endpoint) => loadConfig({ BLOB_STORE: `s3://${bucket}/drive?endpoint=${through}` }).blobStore;
const objectKeysIn = async (bucket: string) => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!).sort();

async function signUp(url: string) {
  const browser = new TestBrowser(url);
  const answer = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
  return { browser, userId: answer.body.sub as string };
}
const patch = (url: string, browser: TestBrowser, offset: number, body: Buffer<ArrayBuffer>) =>
  fetch(url, {
    method: 'PATCH',
    headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body,
  });

function tusUpload(browser: TestBrowser, bytes: Buffer, options: Partial<tus.UploadOptions>) {
  return new Promise<void>((resolve, reject) => {
    const upload = new tus.Upload(bytes, { headers: browser.sessionHeaders(), retryDelays: [], ...options, onSuccess: () => resolve(), onError: reject });
    upload.start();
  });
}
const createUpload = (browser: TestBrowser, name: string, size: number, extra: Record<string, unknown> = {}) =>
  browser.post('/drive/v1/files', { kind: 'drive#file', name, parent_id: '', size: String(size), upload_type: 'UPLOAD_TYPE_RESUMABLE', ...extra });

describe('the S3 part size', () => {
  it('is 8 MiB, and grows in whole MiB so a file never needs more than 10,000 parts', () => {
    expect(partSizeFor(20 * MiB)).toBe(8 * MiB);
    const tenTebibytes = 10 * 1024 * 1024 * MiB;
    expect(partSizeFor(tenTebibytes) % MiB).toBe(0);
    expect(Math.ceil(tenTebibytes / partSizeFor(tenTebibytes))).toBeLessThanOrEqual(10_000);
  });
});

describe.each(ENGINES)('blobs in an S3-compatible store on %s', (engine) => {
  let server: TestServer;
  let bucket: string;
  beforeAll(async () => {
    bucket = await newBucket();
    server = await startTestServer(engine, { blobStore: blobStoreFor(bucket), offline: testOfflineConfig() });
  });
  afterAll(async () => server?.dispose());

  it('is ready while the bucket answers, and not once it is gone', async () => {
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready', database: 'ok', blob_store: 'ok' });
    const elsewhere = await startTestServer(engine, { blobStore: blobStoreFor('no-such-bucket') });
    try {
      const response = await fetch(`${elsewhere.url}/readyz`);
      expect(response.status).toBe(503);
      expect((await response.json()).details).toEqual([{ down: 'blob_store' }]);
    } finally {
      await elsewhere.dispose();
    }
  });

  it('makes the multipart upload itself the blob (no copy), sent in uneven PATCHes', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(17 * MiB + 5);
    const created = await createUpload(browser, 'film.mp4', bytes.length);
    const url = created.body.resumable.params.url;
    // 3 MiB is held back (less than a part); the next PATCH crosses two part boundaries.
    expect((await patch(url, browser, 0, bytes.subarray(0, 3 * MiB))).headers.get('upload-offset')).toBe(String(3 * MiB));
    expect(await objectKeysIn(bucket)).toContain(`drive/held/${created.body.file.id}`);
    expect((await patch(url, browser, 3 * MiB, bytes.subarray(3 * MiB))).status).toBe(204);

    const file = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body;
    expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: sha256(bytes) });
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `drive/blobs/${created.body.file.id}` }));
    expect(head.ContentLength).toBe(bytes.length);
    // Nothing is left held back once the upload is complete.
    expect(await objectKeysIn(bucket)).not.toContain(`drive/held/${created.body.file.id}`);
  });

  it('downloads through a presigned address of the store, with ranges and the UTF-8 name, counting traffic', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(300_000);
    const created = await createUpload(browser, '報告.pdf', bytes.length, { mime_type: 'application/pdf' });
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const link = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body.web_content_link;

    const redirect = await fetch(link, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') ?? '';
    expect(location.startsWith(`${endpoint}/${bucket}/drive/blobs/`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');

    const whole = await fetch(link);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    expect(whole.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('報告.pdf')}`);
    const part = await fetch(link, { headers: { Range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);

    // Traffic: the first request (not followed), the whole file, and the range (counted as they are answered).
    const expected = String(2 * bytes.length + 1000);
    let usage = '';
    for (let i = 0; i < 50 && usage !== expected; i++) {
      usage = (await browser.get('/drive/v1/about')).body.quotas.download.usage;
      if (usage !== expected) await new Promise((r) => setTimeout(r, 20));
    }
    expect(usage).toBe(expected);
  });

  it('makes image thumbnails from the stored object', async () => {
    const { browser } = await signUp(server.url);
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    const created = await createUpload(browser, 'sun.png', png.length, { mime_type: 'image/png' });
    await tusUpload(browser, png, { uploadUrl: created.body.resumable.params.url });
    const file = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body;
    const small = await fetch(file.thumbnail_link.replace('SIZE_LARGE', 'SIZE_SMALL'));
    expect(small.status).toBe(200);
    const info = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([info.format, info.width, info.height]).toEqual(['webp', 256, 192]);
  });

  it('completes an instant upload of stored content only against a proof read from the store', async () => {
    const first = await signUp(server.url);
    const bytes = randomBytes(200_000);
    const original = await createUpload(first.browser, 'a.bin', bytes.length);
    await tusUpload(first.browser, bytes, { uploadUrl: original.body.resumable.params.url });

    const second = await signUp(server.url);
    const claimed = await createUpload(second.browser, 'b.bin', bytes.length, { hash: sha256(bytes) });
    const { offset, length } = claimed.body.proof;
    const proofPath = `/drive/v1/uploads/${claimed.body.file.id}/proof`;
    const proved = await second.browser.post(proofPath, { range_hash: sha256(bytes.subarray(offset, offset + length)) });
    expect(proved.body).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: sha256(bytes) });

    const third = await signUp(server.url);
    const guessed = await createUpload(third.browser, 'c.bin', bytes.length, { hash: sha256(bytes) });
    const guessPath = `/drive/v1/uploads/${guessed.body.file.id}/proof`;
    expect((await third.browser.post(guessPath, { range_hash: sha256(randomBytes(guessed.body.proof.length)) })).body.details[0].reason).toBe('mismatch');
  });

  it('keeps one object for content uploaded twice, and removes it when the last file holding it is deleted for ever', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(50_000);
    const ids: string[] = [];
    for (const name of ['one.bin', 'two.bin']) {
      const created = await createUpload(browser, name, bytes.length);
      await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
      ids.push(created.body.file.id);
    }
    const blobKey = (await server.database.db.selectFrom('blob').select('storage_key').where('hash', '=', sha256(bytes)).executeTakeFirstOrThrow()).storage_key;
    expect(blobKey).toBe(`drive/blobs/${ids[0]}`);
    // The second upload's object was dropped: the first one holds the content.
    expect(await objectKeysIn(bucket)).not.toContain(`drive/blobs/${ids[1]}`);

    await browser.post('/drive/v1/files:batchDelete', { ids: [ids[0]] });
    expect(await objectKeysIn(bucket)).toContain(blobKey);
    await browser.post('/drive/v1/files:batchDelete', { ids: [ids[1]] });
    expect(await objectKeysIn(bucket)).not.toContain(blobKey);
  });

  it('cancels an upload (tus termination), aborting its multipart upload and held bytes', async () => {
    const { browser } = await signUp(server.url);
    const created = await createUpload(browser, 'gone.bin', 10 * MiB);
    const url = created.body.resumable.params.url;
    await patch(url, browser, 0, randomBytes(MiB));
    const terminated = await fetch(url, { method: 'DELETE', headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0' } });
    expect(terminated.status).toBe(204);
    expect(await objectKeysIn(bucket)).not.toContain(`drive/held/${created.body.file.id}`);
    expect(await server.database.db.selectFrom('object_upload').select('id').where('id', '=', created.body.file.id).executeTakeFirst()).toBeUndefined();
  });

  it('stores an offline download as an object of its own, once per content', async () => {
    const { browser } = await signUp(server.url);
    const origin = await startFileOrigin();
    try {
      const served = origin.serve('/fetched.bin', { size: 9 * MiB + 3 });
      const fetchOnce = async (url: string) => {
        const created = await browser.post('/drive/v1/files', { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url } });
        for (let i = 0; i < 400; i++) {
          const task = (await browser.get(`/drive/v1/tasks/${created.body.task.id}`)).body;
          if (task.phase === 'PHASE_TYPE_COMPLETE' || task.phase === 'PHASE_TYPE_ERROR') return task;
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error('the download did not end');
      };
      const before = (await objectKeysIn(bucket)).filter((key) => key.startsWith('drive/blobs/fetched-'));
      const first = await fetchOnce(served.url);
      expect(first).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE' });
      expect((await browser.get(`/drive/v1/files/${first.file_id}`)).body.hash).toBe(served.sha256);
      const second = await fetchOnce(`${served.url}?again=1`);
      expect((await browser.get(`/drive/v1/files/${second.file_id}`)).body.hash).toBe(served.sha256);
      const fetched = (await objectKeysIn(bucket)).filter((key) => key.startsWith('drive/blobs/fetched-') && !before.includes(key));
      expect(fetched).toHaveLength(1);
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: fetched[0] }));
      expect(head.ContentLength).toBe(served.size);
      const whole = Buffer.from(await (await fetch((await browser.get(`/drive/v1/files/${second.file_id}`)).body.web_content_link)).arrayBuffer());
      expect(sha256(whole)).toBe(served.sha256);
    } finally {
      await origin.close();
    }
  });
});

describe('an offline download stored on a slow S3', () => {
  it('shows the upload to the object store as a step of its own, with its progress, before the task completes', async () => {
    const bucket = await newBucket();
    // 3 MiB/s towards the object store: the 9 MiB download takes about three seconds to store.
    const proxy = await startSlowProxy({ host: '127.0.0.1', port: Number(new URL(endpoint).port) }, 3 * MiB);
    const origin = await startFileOrigin();
    const server = await startTestServer('sqlite', { blobStore: blobStoreFor(bucket, proxy.url), offline: testOfflineConfig() });
    try {
      const { browser } = await signUp(server.url);
      const served = origin.serve('/stored.bin', { size: 9 * MiB + 3 });
      const created = await browser.post('/drive/v1/files', { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url: served.url } });
      const seen: { phase: string; stage: string; progress: number }[] = [];
      let task = created.body.task;
      for (let i = 0; i < 600 && task.phase !== 'PHASE_TYPE_COMPLETE' && task.phase !== 'PHASE_TYPE_ERROR'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        task = (await browser.get(`/drive/v1/tasks/${created.body.task.id}`)).body;
        seen.push({ phase: task.phase, stage: task.stage, progress: task.progress });
      }
      expect(task).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', stage: '', progress: 100, file_size: String(served.size) });
      const storing = seen.filter((s) => s.phase === 'PHASE_TYPE_RUNNING' && s.stage === 'STORING');
      expect(storing.length).toBeGreaterThan(0);
      expect(storing.every((s) => s.progress < 100)).toBe(true);
      // Once storing, the task never goes back to showing the download's 100 %.
      expect(seen.slice(seen.indexOf(storing[0]!)).every((s) => s.stage === 'STORING' || s.phase === 'PHASE_TYPE_COMPLETE')).toBe(true);
      expect((await browser.get(`/drive/v1/files/${task.file_id}`)).body.hash).toBe(served.sha256);
    } finally {
      await server.dispose();
      await origin.close();
      await proxy.close();
    }
  });
});

describe('an S3 upload across a server restart', () => {
  it('resumes on a new server process from the parts and hash state kept in the database', async () => {
    const bucket = await newBucket();
    const database = await createTestDatabase('postgres');
    const first = await startTestServer('postgres', { database: database.config, blobStore: blobStoreFor(bucket) });
    const { browser } = await signUp(first.url);
    const bytes = randomBytes(12 * MiB + 77);
    const created = await createUpload(browser, 'r.bin', bytes.length);
    const uploadPath = new URL(created.body.resumable.params.url).pathname;
    // One full part and 1 MiB held back, then the server stops.
    await patch(first.url + uploadPath, browser, 0, bytes.subarray(0, 9 * MiB));
    await first.stop();

    const second = await startTestServer('postgres', { database: database.config, blobStore: blobStoreFor(bucket) });
    try {
      const resumed = new TestBrowser(second.url);
      for (const [k, v] of browser.cookies) resumed.cookies.set(k, v);
      const head = await fetch(second.url + uploadPath, { method: 'HEAD', headers: { ...resumed.sessionHeaders(), 'Tus-Resumable': '1.0.0' } });
      expect(head.headers.get('upload-offset')).toBe(String(9 * MiB));
      await tusUpload(resumed, bytes, { uploadUrl: second.url + uploadPath });
      expect((await resumed.get(`/drive/v1/files/${created.body.file.id}`)).body.hash).toBe(sha256(bytes));
    } finally {
      await second.dispose();
      await database.drop();
    }
  });
});

describe('a store that hangs', () => {
  it('fails the request once the store has sent nothing for the timeout, instead of holding it for ever', async () => {
    // Accepts connections and never answers, as a stuck store does.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const config = loadConfig({ BLOB_STORE: `s3://nubo?endpoint=http://127.0.0.1:${port}&path_style=true` }).blobStore;
      if (config.driver !== 's3') throw new Error('BLOB_STORE did not parse as s3');
      // A second instead of the shipped minute: the test waits for the timeout to pass.
      const hanging = s3Client(config, { ...S3_TIMEOUTS, requestTimeout: 1_000 });
      await expect(hanging.send(new HeadObjectCommand({ Bucket: 'nubo', Key: 'anything' }))).rejects.toThrow(/timed? ?out|timeout/i);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
