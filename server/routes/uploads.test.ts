import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { TestBrowser } from '../testing/browser.ts';
import { createTestDatabase, ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { createUpload, sha256, signUp, tusUpload } from '../testing/uploads.ts';

/** `seconds` of 8 kHz mono 16-bit PCM in a WAV container. */
function pcmWave(seconds: number): Buffer {
  const samples = 8000 * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  return wav;
}

/** A 2-second WAV uploaded by a new person, once its media task has run. */
async function uploadedWave(server: TestServer) {
  const { browser } = await signUp(server.url);
  const wav = pcmWave(2);
  const created = await createUpload(browser, 'voice.wav', wav, { mime_type: 'audio/wav' });
  await tusUpload(browser, wav, { uploadUrl: created.body.resumable.params.url });
  let file = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body;
  expect(file.phase).toBe('PHASE_TYPE_COMPLETE');
  for (let i = 0; i < 100 && !file.medias; i++) {
    await new Promise((r) => setTimeout(r, 50));
    file = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body;
  }
  const task = (await browser.get('/drive/v1/tasks?type=upload')).body.tasks[0];
  expect(task).toMatchObject({ name: 'Media info', phase: 'PHASE_TYPE_COMPLETE', file_id: file.id });
  return file;
}

describe('uploads on a server without ffmpeg', () => {
  let server: TestServer;
  beforeAll(async () => {
    // FFMPEG_PATH and FFPROBE_PATH where nothing is: a server installed without Debian's ffmpeg.
    server = await startTestServer('sqlite', { media: { ...loadConfig({}).media, ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' } });
  });
  afterAll(async () => server?.dispose());

  it('reads the duration and codecs of audio with MediaInfo instead', async () => {
    const file = await uploadedWave(server);
    expect(file.medias[0]).toMatchObject({ is_origin: true, video: { duration: 2, audio_codec: 'pcm', video_codec: '', width: 0 } });
    const probe = await server.database.db.selectFrom('media').select('probe').where('hash', '=', file.hash).executeTakeFirstOrThrow();
    expect(probe.probe).toBeNull();
  });
});

describe.each(ENGINES)('uploads on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  it('uploads over tus in chunks, completes with the content hash, and downloads the same bytes', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(1024 * 1024 + 123);
    const created = await createUpload(browser, 'photo.jpg', bytes, { mime_type: 'image/jpeg' });
    expect(created.status).toBe(200);
    expect(created.body.file.phase).toBe('PHASE_TYPE_PENDING');
    expect(created.body.resumable).toMatchObject({ kind: 'drive#resumable', provider: 'PROVIDER_TUS' });
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });

    const file = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body;
    expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: sha256(bytes), size: String(bytes.length), file_category: 'IMAGE' });
    expect((await browser.get('/drive/v1/about')).body.quota.usage).toBe(String(bytes.length));

    const download = await fetch(file.web_content_link);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('resumes after the connection drops mid-upload', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(3 * 1024 * 1024);
    const created = await createUpload(browser, 'big.bin', bytes);
    const url = created.body.resumable.params.url;
    // Send a first part, then cut the connection in the middle of the next request.
    await fetch(url, {
      method: 'PATCH',
      headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: bytes.subarray(0, 1024 * 1024),
    });
    const cut = new AbortController();
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes.subarray(1024 * 1024, 1024 * 1024 + 300_000));
        setTimeout(() => cut.abort(), 100);
      },
    });
    await fetch(url, {
      method: 'PATCH',
      signal: cut.signal,
      headers: {
        ...browser.sessionHeaders(),
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(1024 * 1024),
        'Content-Type': 'application/offset+octet-stream',
      },
      body,
      duplex: 'half',
    } as RequestInit).catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    // A tus client asks where the server is (HEAD) and sends the rest.
    await tusUpload(browser, bytes, { uploadUrl: url });
    const file = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body;
    expect(file.hash).toBe(sha256(bytes));
  });

  it('answers PATCH by the tus rules: 412 without Tus-Resumable, 415 for another body type, 409 at the wrong offset', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(4000);
    const url = (await createUpload(browser, 'rules.bin', bytes)).body.resumable.params.url;
    const send = (headers: Record<string, string>, body: Uint8Array<ArrayBuffer> = new Uint8Array(bytes.subarray(0, 1000))) =>
      fetch(url, {
        method: 'PATCH',
        headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', ...headers },
        body,
      });
    expect((await send({ 'Tus-Resumable': '0.2.2' })).status).toBe(412);
    expect((await send({ 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await send({ 'Content-Type': 'application/octet-stream' })).status).toBe(415);
    expect((await send({ 'Upload-Offset': '10' })).status).toBe(409);
    const first = await send({});
    expect([first.status, first.headers.get('upload-offset')]).toEqual([204, '1000']);
    expect(Date.parse(first.headers.get('upload-expires') ?? '')).toBeGreaterThan(Date.now());
    // Sending the same range again is refused: the upload is at 1000 now.
    expect((await send({})).status).toBe(409);
    const rest = await send({ 'Upload-Offset': '1000' }, new Uint8Array(bytes.subarray(1000)));
    expect([rest.status, rest.headers.get('upload-offset')]).toEqual([204, '4000']);
    expect((await browser.get('/drive/v1/files')).body.files.find((f: { name: string }) => f.name === 'rules.bin').hash).toBe(sha256(bytes));
  });

  it('refuses bytes past the declared length with 413, declared or streamed, leaving the upload to finish right', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(4000);
    const created = await createUpload(browser, 'exact.bin', bytes);
    const url = created.body.resumable.params.url;
    const headers = (offset: number) => ({
      ...browser.sessionHeaders(),
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    });
    const offsetNow = async () => Number((await fetch(url, { method: 'HEAD', headers: headers(0) })).headers.get('upload-offset'));
    // Said to be too long: refused before a byte is written.
    const declared = await fetch(url, { method: 'PATCH', headers: headers(0), body: new Uint8Array(Buffer.concat([bytes, randomBytes(500)])) });
    expect([declared.status, await declared.text()]).toEqual([413, "upload's size exceeded\n"]);
    expect(await offsetNow()).toBe(0);
    // Streamed without a length: the bytes within the upload stay, the rest is refused.
    const parts = [bytes.subarray(0, 3000), Buffer.concat([bytes.subarray(3000), randomBytes(500)])];
    const streamed = await fetch(url, {
      method: 'PATCH',
      headers: headers(0),
      body: new ReadableStream({
        pull(controller) {
          const next = parts.shift();
          if (next) controller.enqueue(new Uint8Array(next));
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const kept = await offsetNow();
    expect(kept).toBeLessThanOrEqual(4000);
    const rest = await fetch(url, { method: 'PATCH', headers: headers(kept), body: new Uint8Array(bytes.subarray(kept)) });
    expect([rest.status, rest.headers.get('upload-offset')]).toEqual([204, '4000']);
    const file = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body;
    expect([file.phase, file.hash, file.size]).toEqual(['PHASE_TYPE_COMPLETE', sha256(bytes), '4000']);
  });

  it('refuses to complete bytes other than the declared hash, keeps nothing of them, and lets the client upload again', async () => {
    const { browser } = await signUp(server.url);
    const meant = randomBytes(3000);
    const sent = randomBytes(3000);
    const created = await createUpload(browser, 'meant.bin', sent, { hash: sha256(meant) });
    const refused = await fetch(created.body.resumable.params.url, {
      method: 'PATCH',
      headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(sent),
    });
    const body = (await refused.json()) as { error: string; details: Array<{ received: string }> };
    expect([refused.status, body.error, body.details[0]!.received]).toEqual([400, 'file_hash_mismatch', sha256(sent)]);
    expect((await browser.get(`/drive/v1/files/${created.body.file.id}`)).status).toBe(404);
    expect((await browser.get('/drive/v1/about')).body.quota.usage).toBe('0');
    expect(await server.database.db.selectFrom('blob').select('hash').where('hash', '=', sha256(sent)).executeTakeFirst()).toBeUndefined();
    // The client tries again with what it meant.
    const again = await createUpload(browser, 'meant.bin', meant, { hash: sha256(meant) });
    await tusUpload(browser, meant, { uploadUrl: again.body.resumable.params.url });
    expect((await browser.get(`/drive/v1/files/${again.body.file.id}`)).body).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      hash: sha256(meant),
      name: 'meant.bin',
    });
  });

  it('lets a reconnecting client take an upload over from its own request that still hangs', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(2 * 1024 * 1024);
    const url = (await createUpload(browser, 'hang.bin', bytes)).body.resumable.params.url;
    // A request that sent 300 kB and then stalls, never ending.
    let stall: ReadableStreamDefaultController<Uint8Array> | undefined;
    const hanging = fetch(url, {
      method: 'PATCH',
      headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new ReadableStream({
        start: (controller) => {
          stall = controller;
          controller.enqueue(bytes.subarray(0, 300_000));
        },
      }),
      duplex: 'half',
    } as RequestInit).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    await tusUpload(browser, bytes, { uploadUrl: url });
    expect((await browser.get('/drive/v1/files')).body.files.find((f: { name: string }) => f.name === 'hang.bin').hash).toBe(sha256(bytes));
    stall?.close();
    await hanging;
  });

  it('accepts generic tus creation with metadata, and creation-with-upload', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(700_000);
    await tusUpload(browser, bytes, {
      endpoint: `${server.url}/drive/v1/uploads`,
      metadata: { name: 'clip.mp4', filetype: 'video/mp4' },
      uploadDataDuringCreation: true,
    });
    const listed = (await browser.get('/drive/v1/files')).body.files;
    expect(listed.map((f: { name: string; phase: string; hash: string }) => [f.name, f.phase, f.hash])).toEqual([
      ['clip.mp4', 'PHASE_TYPE_COMPLETE', sha256(bytes)],
    ]);
  });

  it('cancels an upload (tus termination), removing its pending file', async () => {
    const { browser } = await signUp(server.url);
    const created = await createUpload(browser, 'gone.bin', randomBytes(1000));
    const url = created.body.resumable.params.url;
    const terminated = await fetch(url, { method: 'DELETE', headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0' } });
    expect(terminated.status).toBe(204);
    expect((await browser.get(`/drive/v1/files/${created.body.file.id}`)).status).toBe(404);
  });

  /** Content another person stored, and a second person's upload of it declared by its hash: offered a proof. */
  async function offeredByAnother() {
    const first = await signUp(server.url);
    const bytes = randomBytes(100_000);
    await tusUpload(first.browser, bytes, { uploadUrl: (await createUpload(first.browser, 'shared.bin', bytes)).body.resumable.params.url });
    const second = await signUp(server.url);
    const claimed = await createUpload(second.browser, 'mine.bin', bytes, { hash: sha256(bytes) });
    return { bytes, second, claimed };
  }

  it('completes at once when the content is stored and the client proves it holds it, never on the hash alone', async () => {
    const first = await signUp(server.url);
    const bytes = randomBytes(200_000);
    const original = await createUpload(first.browser, 'shared.bin', bytes);
    await tusUpload(first.browser, bytes, { uploadUrl: original.body.resumable.params.url });

    const second = await signUp(server.url);
    const claimed = await createUpload(second.browser, 'mine.bin', bytes, { hash: sha256(bytes) });
    expect(claimed.body.file.phase).toBe('PHASE_TYPE_PENDING');
    const { offset, length } = claimed.body.proof;
    expect(length).toBe(64 * 1024);
    const proofUrl = `${claimed.body.resumable.params.url}/proof`.replace(server.config.publicUrl, server.url);
    const proved = await second.browser.post(new URL(proofUrl).pathname, { range_hash: sha256(bytes.subarray(offset, offset + length)) });
    expect(proved.body).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: sha256(bytes) });
    expect((await second.browser.get('/drive/v1/about')).body.quota.usage).toBe(String(bytes.length));
  });

  it('takes a wrong instant-upload proof as the only try: the upload then needs its bytes, and still completes with them', async () => {
    const { bytes, second, claimed } = await offeredByAnother();
    const { offset, length } = claimed.body.proof;
    const proofPath = `/drive/v1/uploads/${claimed.body.file.id}/proof`;
    expect((await second.browser.post(proofPath, { range_hash: sha256(randomBytes(length)) })).body.details[0].reason).toBe('mismatch');
    // The right answer after a wrong one no longer completes it.
    const late = await second.browser.post(proofPath, { range_hash: sha256(bytes.subarray(offset, offset + length)) });
    expect(late.body.details[0].reason).toBe('not_offered');
    expect((await second.browser.get(`/drive/v1/files/${claimed.body.file.id}`)).body.phase).toBe('PHASE_TYPE_PENDING');
    await tusUpload(second.browser, bytes, { uploadUrl: claimed.body.resumable.params.url });
    expect((await second.browser.get(`/drive/v1/files/${claimed.body.file.id}`)).body).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: sha256(bytes) });
  });

  it('answers 20 proofs sent at once to one upload by evaluating one of them, even when the others are right', async () => {
    const { bytes, second, claimed } = await offeredByAnother();
    const { offset, length } = claimed.body.proof;
    const right = sha256(bytes.subarray(offset, offset + length));
    const proofPath = `/drive/v1/uploads/${claimed.body.file.id}/proof`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => second.browser.post(proofPath, { range_hash: right })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 400 || a.status === 404)).toBe(true);
    const about = (await second.browser.get('/drive/v1/about')).body.quota;
    expect(about.usage).toBe(String(bytes.length));
  });

  it('offers no instant upload for a size other than the stored content’s, so a hash alone never reads a file', async () => {
    const owner = await signUp(server.url);
    const bytes = randomBytes(8_800);
    await tusUpload(owner.browser, bytes, { uploadUrl: (await createUpload(owner.browser, 'secret.bin', bytes)).body.resumable.params.url });

    const taker = await signUp(server.url);
    // Declaring one byte would make the proof one byte, found in 256 tries; declaring more than the
    // content would make it a range past the end, which hashes to a value anyone knows.
    for (const size of [1, 8_799, 8_801, 50_000_000]) {
      const created = await taker.browser.post('/drive/v1/files', {
        kind: 'drive#file',
        name: `taken-${size}.bin`,
        parent_id: '',
        size: String(size),
        hash: sha256(bytes),
        upload_type: 'UPLOAD_TYPE_RESUMABLE',
      });
      expect(created.status, String(size)).toBe(200);
      expect(created.body.proof, String(size)).toBeUndefined();
      const emptyRange = await taker.browser.post(`/drive/v1/uploads/${created.body.file.id}/proof`, { range_hash: sha256(Buffer.alloc(0)) });
      expect(emptyRange.body.details[0].reason, String(size)).toBe('not_offered');
      const oneByte = await taker.browser.post(`/drive/v1/uploads/${created.body.file.id}/proof`, { range_hash: sha256(bytes.subarray(0, 1)) });
      expect(oneByte.body.details[0].reason, String(size)).toBe('not_offered');
    }
    const mine = (await taker.browser.get('/drive/v1/files')).body.files;
    expect(mine.every((f: { phase: string }) => f.phase === 'PHASE_TYPE_PENDING')).toBe(true);
  });

  it('chooses the proof range anywhere in the content, not always at its start', async () => {
    const owner = await signUp(server.url);
    const bytes = randomBytes(1_000_000);
    await tusUpload(owner.browser, bytes, { uploadUrl: (await createUpload(owner.browser, 'big.bin', bytes)).body.resumable.params.url });
    const offsets = new Set<number>();
    for (let i = 0; i < 5; i++) offsets.add((await createUpload(owner.browser, `again-${i}.bin`, bytes, { hash: sha256(bytes) })).body.proof.offset);
    expect(offsets.size).toBeGreaterThan(1);
  });

  it('refuses an upload larger than the space left, and never lets uploads begun together pass the limit', async () => {
    const { browser, userId } = await signUp(server.url);
    await server.database.db.updateTable('user').set({ storage_limit: 1_500_000 }).where('id', '=', userId).execute();
    expect((await createUpload(browser, 'huge.bin', Buffer.alloc(2_000_000))).body.error).toBe('file_space_not_enough');

    // Each fits alone; together they do not: the first reserves its room, the second is refused at once.
    const a = randomBytes(1_000_000);
    const ua = await createUpload(browser, 'a.bin', a);
    expect((await createUpload(browser, 'b.bin', a)).body.error).toBe('file_space_not_enough');
    await tusUpload(browser, a, { uploadUrl: ua.body.resumable.params.url });
    const quota = (await browser.get('/drive/v1/about')).body.quota;
    expect(Number(quota.usage)).toBe(1_000_000);
    expect((await browser.get('/drive/v1/files')).body.files).toHaveLength(1);
  });

  it('reserves room for 20 uploads created at once: only as many as fit are created, and all of them can finish', async () => {
    const { browser, userId } = await signUp(server.url);
    await server.database.db
      .updateTable('user')
      .set({ storage_limit: 5 * 100_000 })
      .where('id', '=', userId)
      .execute();
    const bytes = randomBytes(100_000);
    const created = await Promise.all(Array.from({ length: 20 }, (_, i) => createUpload(browser, `part-${i}.bin`, bytes)));
    const accepted = created.filter((c) => c.status === 200);
    expect(accepted).toHaveLength(5);
    expect(created.filter((c) => c.status !== 200).every((c) => c.body.error === 'file_space_not_enough')).toBe(true);
    for (const upload of accepted) await tusUpload(browser, bytes, { uploadUrl: upload.body.resumable.params.url });
    expect((await browser.get('/drive/v1/about')).body.quota.usage).toBe(String(5 * 100_000));
    const held = await server.database.db.selectFrom('user').select(['storage_used', 'storage_reserved']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect([Number(held.storage_used), Number(held.storage_reserved)]).toEqual([500_000, 0]);
  });

  it('gives back only what an upload that was never sent held: deleting it three times over leaves usage at zero, never below', async () => {
    const { browser, userId } = await signUp(server.url);
    const nineGiB = String(9 * 1024 ** 3);
    await server.database.db
      .updateTable('user')
      .set({ storage_limit: 10 * 1024 ** 3 })
      .where('id', '=', userId)
      .execute();
    for (let i = 0; i < 3; i++) {
      const created = await browser.post('/drive/v1/files', {
        kind: 'drive#file',
        name: `never-${i}.bin`,
        parent_id: '',
        size: nineGiB,
        upload_type: 'UPLOAD_TYPE_RESUMABLE',
      });
      expect(created.status).toBe(200);
      expect((await browser.post('/drive/v1/files:batchDelete', { ids: [created.body.file.id] })).status).toBe(200);
    }
    const held = await server.database.db.selectFrom('user').select(['storage_used', 'storage_reserved']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect([Number(held.storage_used), Number(held.storage_reserved)]).toEqual([0, 0]);
    expect((await browser.get('/drive/v1/about')).body.quota.usage).toBe('0');
    // And the room is really back: a 9 GiB upload can be begun again.
    expect(
      (await browser.post('/drive/v1/files', { kind: 'drive#file', name: 'again.bin', parent_id: '', size: nineGiB, upload_type: 'UPLOAD_TYPE_RESUMABLE' }))
        .status,
    ).toBe(200);
  });

  it('removes the bytes an unfinished upload received when its file is deleted, since its room was given back', async () => {
    const { browser } = await signUp(server.url);
    const created = await createUpload(browser, 'half.bin', Buffer.alloc(200_000));
    const url = created.body.resumable.params.url;
    const sent = await fetch(url, {
      method: 'PATCH',
      headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: randomBytes(100_000),
    });
    expect(sent.status).toBe(204);
    const blobStore = server.config.blobStore;
    if (blobStore.driver !== 'local') throw new Error('these tests run on the local blob store');
    const bytes = join(blobStore.dir, '.uploads', created.body.file.id);
    expect(existsSync(bytes)).toBe(true);
    await browser.post('/drive/v1/files:batchDelete', { ids: [created.body.file.id] });
    expect(existsSync(bytes)).toBe(false);
    const resumed = await fetch(url, { method: 'HEAD', headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0' } });
    expect(resumed.status).toBe(404);
  });

  it('gives an upload’s room back when it is cancelled or refused for its hash', async () => {
    const { browser, userId } = await signUp(server.url);
    const reserved = async () =>
      Number((await server.database.db.selectFrom('user').select('storage_reserved').where('id', '=', userId).executeTakeFirstOrThrow()).storage_reserved);
    const cancelled = await createUpload(browser, 'c.bin', randomBytes(1000));
    expect(await reserved()).toBe(1000);
    await fetch(cancelled.body.resumable.params.url, { method: 'DELETE', headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0' } });
    expect(await reserved()).toBe(0);

    const bytes = randomBytes(2000);
    const mismatched = await createUpload(browser, 'm.bin', bytes, { hash: sha256(randomBytes(2000)) });
    expect(await reserved()).toBe(2000);
    await expect(tusUpload(browser, bytes, { uploadUrl: mismatched.body.resumable.params.url })).rejects.toThrow();
    expect(await reserved()).toBe(0);
  });

  it('reads the duration and codecs of audio after the upload with ffprobe, by a task, without delaying it', async () => {
    const file = await uploadedWave(server);
    expect(file.medias[0]).toMatchObject({ is_origin: true, video: { duration: 2, audio_codec: 'pcm_s16le', video_codec: '', width: 0 } });
    expect(file.medias[0].link.url).toBe(file.web_content_link);
    const probe = await server.database.db.selectFrom('media').select('probe').where('hash', '=', file.hash).executeTakeFirstOrThrow();
    expect(JSON.parse(probe.probe ?? 'null')).toMatchObject({ container: 'wav', audio: [{ codec: 'pcm_s16le', channels: 1 }], video: [] });
  });

  it("does not let another person touch an upload or read a file's links", async () => {
    const owner = await signUp(server.url);
    const other = await signUp(server.url);
    const created = await createUpload(owner.browser, 'private.bin', randomBytes(100));
    const url = created.body.resumable.params.url;
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      const answer = await fetch(url, {
        method,
        headers: { ...other.browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        ...(method === 'PATCH' ? { body: 'x' } : {}),
      });
      expect(answer.status, method).toBe(404);
    }
    expect((await fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } })).status).toBe(401);
    expect((await other.browser.post(`/drive/v1/uploads/${created.body.file.id}/proof`, { range_hash: 'a'.repeat(64) })).status).toBe(404);
  });
});

describe('an upload across server copies sharing the blob folder', () => {
  it('goes on at whichever copy each PATCH reaches, there and back', async () => {
    const database = await createTestDatabase('sqlite');
    const first = await startTestServer('sqlite', { database: database.config });
    // Behind one proxy, both copies are reached at one address.
    const second = await startTestServer('sqlite', { database: database.config, blobStore: first.config.blobStore, publicUrl: first.config.publicUrl });
    try {
      const { browser } = await signUp(first.url);
      const bytes = randomBytes(900_000);
      const created = await browser.post('/drive/v1/files', { kind: 'drive#file', name: 'shared.bin', size: String(bytes.length) });
      const path = new URL(created.body.resumable.params.url).pathname;
      const patch = (server: TestServer, from: number, to: number) =>
        fetch(server.url + path, {
          method: 'PATCH',
          headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(from), 'Content-Type': 'application/offset+octet-stream' },
          body: bytes.subarray(from, to),
        });
      expect((await patch(first, 0, 300_000)).headers.get('upload-offset')).toBe('300000');
      expect((await patch(second, 300_000, 600_000)).headers.get('upload-offset')).toBe('600000');
      // The first copy wrote last at 300,000: it must see the bytes the second wrote since.
      expect((await patch(first, 600_000, 900_000)).status).toBe(204);
      expect((await browser.get(`/drive/v1/files/${created.body.file.id}`)).body.hash).toBe(sha256(bytes));
    } finally {
      await second.dispose();
      await first.dispose();
      await database.drop();
    }
  });
});

describe('an upload across a server restart', () => {
  it('goes on after an upgrade from an upload whose bookkeeping was an info file beside its bytes', async () => {
    const database = await createTestDatabase('sqlite');
    const first = await startTestServer('sqlite', { database: database.config });
    const { browser } = await signUp(first.url);
    const bytes = randomBytes(1024 * 1024);
    const created = await browser.post('/drive/v1/files', { kind: 'drive#file', name: 'old.bin', size: String(bytes.length) });
    const id = created.body.file.id;
    const path = new URL(created.body.resumable.params.url).pathname;
    await fetch(first.url + path, {
      method: 'PATCH',
      headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: bytes.subarray(0, 400_000),
    });
    // As an earlier Nubo left it: no row, a `<id>.json` of @tus/file-store's making beside the bytes.
    await first.database.db.deleteFrom('local_upload').where('id', '=', id).execute();
    const blobStore = first.config.blobStore;
    if (blobStore.driver !== 'local') throw new Error('this test needs the local blob store');
    const uploads = join(blobStore.dir, '.uploads');
    writeFileSync(
      join(uploads, `${id}.json`),
      JSON.stringify({ id, size: bytes.length, offset: 0, metadata: { name: 'old.bin' }, creation_date: new Date().toISOString() }),
    );
    await first.stop();

    const second = await startTestServer('sqlite', { database: database.config, dataDir: first.config.dataDir, blobStore: first.config.blobStore });
    try {
      const resumedBrowser = new TestBrowser(second.url);
      for (const [k, v] of browser.cookies) resumedBrowser.cookies.set(k, v);
      const head = await fetch(second.url + path, { method: 'HEAD', headers: { ...resumedBrowser.sessionHeaders(), 'Tus-Resumable': '1.0.0' } });
      expect(head.headers.get('upload-offset')).toBe('400000');
      expect(existsSync(join(uploads, `${id}.json`))).toBe(false);
      await tusUpload(resumedBrowser, bytes, { uploadUrl: second.url + path });
      expect((await resumedBrowser.get(`/drive/v1/files/${id}`)).body.hash).toBe(sha256(bytes));
    } finally {
      await second.dispose();
      await database.drop();
    }
  });

  it('resumes on a new server process with the hash rebuilt from the bytes on disk', async () => {
    const database = await createTestDatabase('sqlite');
    const first = await startTestServer('sqlite', { database: database.config });
    const dataDir = first.config.dataDir;
    const { browser } = await signUp(first.url);
    const bytes = randomBytes(2 * 1024 * 1024);
    const created = await browser.post('/drive/v1/files', { kind: 'drive#file', name: 'r.bin', size: String(bytes.length) });
    const path = new URL(created.body.resumable.params.url).pathname;
    await fetch(first.url + path, {
      method: 'PATCH',
      headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: bytes.subarray(0, 1024 * 1024),
    });
    await first.stop();

    const second = await startTestServer('sqlite', { database: database.config, dataDir, blobStore: first.config.blobStore });
    try {
      const resumedBrowser = new TestBrowser(second.url);
      for (const [k, v] of browser.cookies) resumedBrowser.cookies.set(k, v);
      await tusUpload(resumedBrowser, bytes, { uploadUrl: second.url + path });
      expect((await resumedBrowser.get(`/drive/v1/files/${created.body.file.id}`)).body.hash).toBe(sha256(bytes));
    } finally {
      await second.dispose();
      await database.drop();
    }
  });
});
