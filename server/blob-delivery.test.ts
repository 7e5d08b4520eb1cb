// Downloads behind the shipped nginx (deploy/nginx.conf.template, on Debian's nginx) with
// ACCEL_REDIRECT: Nubo checks the link, counts the traffic and sets the download's headers, and
// nginx sends the bytes, from the blob folder it reads itself or from the S3 store (s3rver) it
// fetches from at an address no browser is given. Without ACCEL_REDIRECT Nubo sends them itself
// (routes/downloads.test.ts, storage/s3.test.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, DeleteObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { blobsRepository } from './db/repositories/blobs.ts';
import { localBlobStore } from './storage/blob-store.ts';
import { DOWNLOAD_SAFETY_HEADERS } from './storage/download-links.ts';
import type { TestBrowser } from './testing/browser.ts';
import { freePort, startTestServer, type TestServer } from './testing/harness.ts';
import { type Nginx, startNginx } from './testing/nginx.ts';
import { until } from './testing/until.ts';
import { createUpload, signUp, tusUpload } from './testing/uploads.ts';

const TEMPLATE = path.resolve(import.meta.dirname, '..', 'deploy', 'nginx.conf.template');

describe.each([
  { store: 'a blob folder', location: '/_nubo/blobs/' },
  { store: 'an S3 store', location: '/_nubo/store/' },
])('downloads sent by nginx from $store', ({ store, location }) => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'nubo-delivery-'));
  let s3: S3rver | undefined;
  let server: TestServer;
  let nginx: Nginx;

  beforeAll(async () => {
    let s3Endpoint: string | undefined;
    if (store === 'an S3 store') {
      s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(work, 's3') });
      s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
      // s3rver's fixed credentials, found by the AWS SDK where an operator's would be.
      process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
      process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
      await new S3Client({ region: 'us-east-1', endpoint: s3Endpoint, forcePathStyle: true }).send(new CreateBucketCommand({ Bucket: 'nubo' }));
    }
    const blobStore = loadConfig({ DATA_DIR: work, ...(s3Endpoint ? { BLOB_STORE: `s3://nubo/drive?endpoint=${s3Endpoint}` } : {}) }).blobStore;
    server = await startTestServer('sqlite', { accelRedirect: location, blobStore });
    nginx = await startNginx(TEMPLATE, {
      folder: path.join(work, 'nginx'),
      values: {
        NUBO_UPSTREAMS: `server ${new URL(server.url).host};`,
        LISTEN_PORT: `127.0.0.1:${await freePort()}`,
        // Each setup has one of the two; the other location is there, and never redirected to.
        BLOB_FOLDER: blobStore.driver === 'local' ? blobStore.dir : path.join(work, 'no-blobs'),
        BLOB_STORE_ENDPOINT: s3Endpoint ?? 'http://127.0.0.1:9',
      },
    });
  }, 30_000);

  afterAll(async () => {
    await nginx?.stop();
    await server?.dispose();
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** A file of `bytes`, uploaded by a new person, and its download link as Nubo gives it and through nginx. */
  async function uploaded(name: string, bytes: Buffer, mimeType?: string) {
    const { browser } = await signUp(server.url);
    const created = await createUpload(browser, name, bytes, mimeType ? { mime_type: mimeType } : {});
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const file = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body;
    const link = new URL(file.web_content_link);
    return { browser, file, direct: link.href, proxied: `${nginx.url}${link.pathname}${link.search}`, etag: `"${file.hash}"` };
  }

  const s3Client = () => {
    const config = server.config.blobStore;
    return new S3Client({ region: 'us-east-1', endpoint: config.driver === 's3' ? config.endpoint! : '', forcePathStyle: true });
  };
  const objectKey = async (hash: string) => (await blobsRepository(server.database.db).storageKey(hash))!;

  /** When the store took a blob, and the ETag nginx (of the file) or the store would give it on its own. */
  async function storesOwn(hash: string, size: number): Promise<{ since: string; etag: string }> {
    const config = server.config.blobStore;
    if (config.driver === 'local') {
      const seconds = Math.floor((await stat(localBlobStore(config.dir).localPath!(hash))).mtimeMs / 1000);
      return { since: new Date(seconds * 1000).toUTCString(), etag: `"${seconds.toString(16)}-${size.toString(16)}"` };
    }
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: 'nubo', Key: await objectKey(hash) }));
    return { since: head.LastModified!.toUTCString(), etag: head.ETag! };
  }

  const downloadedOf = (browser: TestBrowser) => async () => (await browser.get('/drive/v1/about')).body.quotas.download.usage as string;

  it('hands the sending to nginx, which sends the bytes with the download’s headers and nothing of its own or of the store', async () => {
    const bytes = randomBytes(2 * 1024 * 1024 + 17);
    const { proxied, direct, etag } = await uploaded('報告 "final".bin', bytes);

    // Nubo itself answers with the headers and the internal location, and no bytes.
    const handedOver = await fetch(direct);
    expect(handedOver.headers.get('x-accel-redirect')?.startsWith(location)).toBe(true);
    expect((await handedOver.arrayBuffer()).byteLength).toBe(0);

    const answer = await fetch(proxied);
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
    const headers = Object.fromEntries(answer.headers);
    expect(headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': String(bytes.length),
      'cache-control': 'private, max-age=3600',
      'accept-ranges': 'bytes',
      etag,
      'x-content-type-options': DOWNLOAD_SAFETY_HEADERS['X-Content-Type-Options'],
      'content-security-policy': DOWNLOAD_SAFETY_HEADERS['Content-Security-Policy'],
    });
    expect(headers['content-disposition']).toBe(`attachment; filename="__ _final_.bin"; filename*=UTF-8''${encodeURIComponent('報告 "final".bin')}`);
    // One of each, none from nginx's file or the store, and nothing meant for nginx alone.
    expect(answer.headers.getSetCookie()).toEqual([]);
    for (const name of Object.keys(headers)) expect(name).not.toMatch(/^(last-modified|x-amz-|x-accel-|x-blob-)/);
    expect(headers['content-disposition']).not.toContain(',');
  });

  it('sends ranges, and answers If-Range, If-None-Match, HEAD and ranges past the end as Nubo does', async () => {
    const bytes = randomBytes(200_000);
    const { file, proxied, etag } = await uploaded('big.bin', bytes);

    const part = await fetch(proxied, { headers: { Range: 'bytes=100-199' } });
    expect([part.status, part.headers.get('content-range'), part.headers.get('etag')]).toEqual([206, `bytes 100-199/${bytes.length}`, etag]);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await fetch(proxied, { headers: { Range: 'bytes=-5' } });
    expect([tail.status, tail.headers.get('content-range')]).toEqual([206, `bytes ${bytes.length - 5}-${bytes.length - 1}/${bytes.length}`]);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-5))).toBe(true);

    const resumed = await fetch(proxied, { headers: { Range: 'bytes=150000-', 'If-Range': etag } });
    expect([resumed.status, resumed.headers.get('content-range')]).toEqual([206, `bytes 150000-${bytes.length - 1}/${bytes.length}`]);
    expect(Buffer.from(await resumed.arrayBuffer()).equals(bytes.subarray(150000))).toBe(true);

    // A copy other than this one, or held since a date: the whole file, as Nubo counts it.
    for (const ifRange of ['"an-older-copy"', new Date(Date.now() + 86_400_000).toUTCString()]) {
      const stale = await fetch(proxied, { headers: { Range: 'bytes=0-9', 'If-Range': ifRange } });
      expect([ifRange, stale.status, stale.headers.get('content-length')]).toEqual([ifRange, 200, String(bytes.length)]);
      expect(Buffer.from(await stale.arrayBuffer()).equals(bytes)).toBe(true);
    }
    // Several ranges: the whole file, as Nubo sends and counts it.
    const several = await fetch(proxied, { headers: { Range: 'bytes=0-1,5-6' } });
    expect([several.status, several.headers.get('content-length')]).toEqual([200, String(bytes.length)]);
    await several.arrayBuffer();

    const unchanged = await fetch(proxied, { headers: { 'If-None-Match': `"other", ${etag}` } });
    expect([unchanged.status, (await unchanged.arrayBuffer()).byteLength]).toEqual([304, 0]);
    // Only Nubo's ETag makes a copy current (Nubo counts the rest as sent): not the time the store
    // took the blob, nor the ETag nginx or the store would give it.
    const own = await storesOwn(file.hash, bytes.length);
    const conditions: Array<Record<string, string>> = [
      { 'If-Modified-Since': own.since },
      { 'If-None-Match': own.etag },
      { Range: 'bytes=0-9', 'If-Range': own.etag },
    ];
    for (const condition of conditions) {
      const answer = await fetch(proxied, { headers: condition });
      expect([condition, answer.status]).toEqual([condition, 200]);
      expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
    }

    const past = await fetch(proxied, { headers: { Range: `bytes=${bytes.length}-` } });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${bytes.length}`]);

    const head = await fetch(proxied, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), head.headers.get('etag'), (await head.arrayBuffer()).byteLength]).toEqual([
      200,
      String(bytes.length),
      etag,
      0,
    ]);
  });

  it('counts as traffic what nginx is told to send: whole files and ranges, not HEADs, unchanged copies or ranges past the end', async () => {
    const bytes = randomBytes(40_000);
    const { browser, proxied, etag } = await uploaded('t.bin', bytes);
    await (await fetch(proxied)).arrayBuffer();
    await (await fetch(proxied, { headers: { Range: 'bytes=0-999' } })).arrayBuffer();
    await (await fetch(proxied, { method: 'HEAD' })).arrayBuffer();
    await (await fetch(proxied, { headers: { 'If-None-Match': etag } })).arrayBuffer();
    await (await fetch(proxied, { headers: { Range: `bytes=${bytes.length}-` } })).arrayBuffer();
    // One more whole file after them, so the count awaited is the last to be made.
    await (await fetch(proxied)).arrayBuffer();
    const expected = String(2 * bytes.length + 1000);
    expect(await until(downloadedOf(browser), (usage) => usage === expected, `${expected} bytes counted`)).toBe(expected);
  });

  it('shows inline only what cannot run as a page, in the type Nubo gives it', async () => {
    for (const [name, mimeType, shownAs] of [
      ['photo.png', 'image/png', 'image/png'],
      ['notes.md', 'text/markdown', 'text/plain; charset=utf-8'],
      ['page.html', 'text/html', undefined],
    ] as const) {
      const bytes = Buffer.from(`<script>alert(1)</script> ${name}`);
      const { proxied } = await uploaded(name, bytes, mimeType);
      const shown = await fetch(`${proxied}&inline=true`);
      expect([name, shown.status, shown.headers.get('content-type'), shown.headers.get('content-disposition')?.split(';')[0]]).toEqual([
        name,
        200,
        shownAs ?? 'application/octet-stream',
        shownAs ? 'inline' : 'attachment',
      ]);
      expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
      expect(shown.headers.get('content-security-policy')).toMatch(/^sandbox;/);
      expect(Buffer.from(await shown.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('refuses a link with a wrong signature in Nubo’s words, and counts nothing', async () => {
    const { browser, proxied } = await uploaded('a.bin', randomBytes(1000));
    const forged = new URL(proxied);
    forged.searchParams.set('s', 'x'.repeat(43));
    const answer = await fetch(forged);
    expect([answer.status, (await answer.json()).error]).toEqual([403, 'permission_denied']);
    expect(answer.headers.get('x-accel-redirect')).toBeNull();
    expect(await downloadedOf(browser)()).toBe('0');
  });

  it('answers 404 to anyone asking for the internal location from outside, even for the exact address Nubo hands nginx', async () => {
    const { direct } = await uploaded('secret.bin', randomBytes(5000));
    const internal = (await fetch(direct)).headers.get('x-accel-redirect')!;
    expect(internal.startsWith(location)).toBe(true);
    for (const address of [internal, internal.split('?')[0]!, location]) {
      const answer = await fetch(`${nginx.url}${address}`);
      expect([address, answer.status]).toEqual([address, 404]);
      expect((await answer.arrayBuffer()).byteLength).toBeLessThan(1000);
    }
  });

  it('answers 404 when the content is gone from the store: from a folder in Nubo’s words, from S3 with nothing of the store’s', async () => {
    const { file, proxied } = await uploaded('lost.bin', randomBytes(2000));
    const config = server.config.blobStore;
    if (config.driver === 'local') await unlink(localBlobStore(config.dir).localPath!(file.hash));
    else await s3Client().send(new DeleteObjectCommand({ Bucket: 'nubo', Key: await objectKey(file.hash) }));
    const answer = await fetch(proxied);
    expect(answer.status).toBe(404);
    const said = await answer.text();
    if (config.driver === 'local') expect(JSON.parse(said).error).toBe('file_not_found');
    else expect(said).not.toMatch(/NoSuchKey|drive\/blobs|<Error>/);
  });
});
