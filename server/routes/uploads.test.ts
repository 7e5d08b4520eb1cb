import { createHash, randomBytes } from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import * as tus from 'tus-js-client';
import sharp from 'sharp';
import { ENGINES, createTestDatabase, startTestServer, type TestServer } from '../testing/harness.ts';
import { TestBrowser, goodPassword, uniqueEmail } from '../testing/browser.ts';

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

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function signUp(url: string) {
  const browser = new TestBrowser(url);
  const answer = await browser.post('/v1/auth/signup', { email: uniqueEmail(), password: goodPassword(), name: 'Ann' });
  return { browser, userId: answer.body.sub as string };
}

/** Headers a tus client sends to ride on the browser's session. */

function tusUpload(browser: TestBrowser, bytes: Buffer, options: Partial<tus.UploadOptions>) {
  return new Promise<string>((resolve, reject) => {
    const upload = new tus.Upload(bytes, {
      headers: browser.sessionHeaders(),
      chunkSize: 256 * 1024,
      retryDelays: [],
      ...options,
      onSuccess: () => resolve(upload.url ?? ''),
      onError: reject,
    });
    upload.start();
  });
}

describe.each(ENGINES)('uploads and downloads on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  async function createUpload(browser: TestBrowser, name: string, bytes: Buffer, extra: Record<string, unknown> = {}) {
    return browser.post('/drive/v1/files', { kind: 'drive#file', name, parent_id: '', size: String(bytes.length), upload_type: 'UPLOAD_TYPE_RESUMABLE', ...extra });
  }

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
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves byte ranges and a UTF-8 file name', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(5000);
    const created = await createUpload(browser, '報告 "final".pdf', bytes);
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const link = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body.web_content_link;
    const part = await fetch(link, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/5000');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const disposition = part.headers.get('content-disposition') ?? '';
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('報告 "final".pdf')}`);
    expect(disposition).toMatch(/^attachment; filename="__ _final_.pdf"/);
  });

  it('tags a download with its SHA-256 and answers If-None-Match, If-Range, HEAD and ranges past the end', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const created = await createUpload(browser, 'big.bin', bytes);
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const file = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body;
    const link = file.web_content_link;
    const etag = `"${file.hash}"`;

    const whole = await fetch(link);
    expect([whole.status, whole.headers.get('etag'), whole.headers.get('accept-ranges'), whole.headers.get('content-length')]).toEqual([200, etag, 'bytes', String(bytes.length)]);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const unchanged = await fetch(link, { headers: { 'If-None-Match': `"other", ${etag}` } });
    expect([unchanged.status, (await unchanged.arrayBuffer()).byteLength]).toEqual([304, 0]);

    const resumed = await fetch(link, { headers: { Range: 'bytes=1048570-', 'If-Range': etag } });
    expect([resumed.status, resumed.headers.get('content-range')]).toEqual([206, `bytes 1048570-${bytes.length - 1}/${bytes.length}`]);
    expect(Buffer.from(await resumed.arrayBuffer()).equals(bytes.subarray(1048570))).toBe(true);

    const stale = await fetch(link, { headers: { Range: 'bytes=0-9', 'If-Range': '"an-older-copy"' } });
    expect([stale.status, stale.headers.get('content-length')]).toEqual([200, String(bytes.length)]);
    await stale.body?.cancel();

    const tail = await fetch(link, { headers: { Range: 'bytes=-5' } });
    expect([tail.status, tail.headers.get('content-range')]).toEqual([206, `bytes ${bytes.length - 5}-${bytes.length - 1}/${bytes.length}`]);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-5))).toBe(true);

    const past = await fetch(link, { headers: { Range: `bytes=${bytes.length}-` } });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${bytes.length}`]);

    const head = await fetch(link, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), head.headers.get('etag'), (await head.arrayBuffer()).byteLength]).toEqual([200, String(bytes.length), etag, 0]);
  });

  it('keeps serving when a client walks away in the middle of a download', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(8 * 1024 * 1024);
    const created = await createUpload(browser, 'left.bin', bytes);
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const link = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body.web_content_link;
    for (let i = 0; i < 3; i++) {
      const abandoned = new AbortController();
      const answer = await fetch(link, { signal: abandoned.signal });
      await answer.body!.getReader().read();
      abandoned.abort();
    }
    const again = await fetch(link);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('shows inline only what cannot run as a page: text as plain text, media and PDF as themselves, HTML and SVG as attachments', async () => {
    const { browser } = await signUp(server.url);
    const cases: Array<[name: string, mimeType: string, inlineType: string | undefined]> = [
      ['page.html', 'text/html', undefined],
      ['logo.svg', 'image/svg+xml', undefined],
      ['feed.xml', 'application/xml', undefined],
      ['notes.md', 'text/markdown', 'text/plain; charset=utf-8'],
      ['data.json', 'application/json', 'text/plain; charset=utf-8'],
      ['photo.png', 'image/png', 'image/png'],
      ['clip.webm', 'video/webm', 'video/webm'],
      ['paper.pdf', 'application/pdf', 'application/pdf'],
      ['tool.exe', 'application/x-msdownload', undefined],
    ];
    for (const [name, mimeType, inlineType] of cases) {
      const bytes = Buffer.from(`<script>alert(1)</script> ${name}`);
      const created = await createUpload(browser, name, bytes, { mime_type: mimeType });
      await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
      const link = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body.web_content_link;
      const shown = await fetch(`${link}&inline=true`);
      expect([name, shown.status, shown.headers.get('content-type'), shown.headers.get('content-disposition')?.split(';')[0]]).toEqual([
        name,
        200,
        inlineType ?? mimeType,
        inlineType ? 'inline' : 'attachment',
      ]);
      expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
      expect(shown.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    }
  });

  it("counts downloaded bytes, ranges included, as traffic of the person the link was given to", async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(4000);
    const created = await createUpload(browser, 't.bin', bytes);
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const link = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body.web_content_link;
    await (await fetch(link)).arrayBuffer();
    await (await fetch(link, { headers: { Range: 'bytes=0-999' } })).arrayBuffer();
    let usage = '';
    for (let i = 0; i < 50 && usage !== '5000'; i++) {
      usage = (await browser.get('/drive/v1/about')).body.quotas.download.usage;
      if (usage !== '5000') await new Promise((r) => setTimeout(r, 20));
    }
    expect(usage).toBe('5000');
    // The link names who it was given to: changing that breaks the signature.
    const other = new URL(link);
    other.searchParams.set('u', 'someone-else');
    expect((await fetch(other)).status).toBe(403);
  });

  it('refuses a download link with a wrong signature or past its expiry', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(10);
    const created = await createUpload(browser, 'a.bin', bytes);
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const link = new URL((await browser.get(`/drive/v1/files/${created.body.file.id}`)).body.web_content_link);
    const forged = new URL(link);
    forged.searchParams.set('s', 'x'.repeat(43));
    expect((await fetch(forged)).status).toBe(403);
    const stretched = new URL(link);
    stretched.searchParams.set('e', String(Number(link.searchParams.get('e')) + 1000));
    expect((await fetch(stretched)).status).toBe(403);
    const expired = new URL(link);
    expired.searchParams.set('e', String(Date.now() - 1000));
    expect((await fetch(expired)).status).toBe(403);
  });

  it('resumes after the connection drops mid-upload', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(3 * 1024 * 1024);
    const created = await createUpload(browser, 'big.bin', bytes);
    const url = created.body.resumable.params.url;
    // Send a first part, then cut the connection in the middle of the next request.
    await fetch(url, { method: 'PATCH', headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: bytes.subarray(0, 1024 * 1024) });
    const cut = new AbortController();
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes.subarray(1024 * 1024, 1024 * 1024 + 300_000));
        setTimeout(() => cut.abort(), 100);
      },
    });
    await fetch(url, { method: 'PATCH', signal: cut.signal, headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(1024 * 1024), 'Content-Type': 'application/offset+octet-stream' }, body, duplex: 'half' } as RequestInit).catch(() => {});
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
      fetch(url, { method: 'PATCH', headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', ...headers }, body });
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

  it('lets a reconnecting client take an upload over from its own request that still hangs', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(2 * 1024 * 1024);
    const url = (await createUpload(browser, 'hang.bin', bytes)).body.resumable.params.url;
    // A request that sent 300 kB and then stalls, never ending.
    let stall: ReadableStreamDefaultController<Uint8Array> | undefined;
    const hanging = fetch(url, {
      method: 'PATCH',
      headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new ReadableStream({ start: (controller) => { stall = controller; controller.enqueue(bytes.subarray(0, 300_000)); } }),
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
    await tusUpload(browser, bytes, { endpoint: `${server.url}/drive/v1/uploads`, metadata: { name: 'clip.mp4', filetype: 'video/mp4' }, uploadDataDuringCreation: true });
    const listed = (await browser.get('/drive/v1/files')).body.files;
    expect(listed.map((f: { name: string; phase: string; hash: string }) => [f.name, f.phase, f.hash])).toEqual([['clip.mp4', 'PHASE_TYPE_COMPLETE', sha256(bytes)]]);
  });

  it('cancels an upload (tus termination), removing its pending file', async () => {
    const { browser } = await signUp(server.url);
    const created = await createUpload(browser, 'gone.bin', randomBytes(1000));
    const url = created.body.resumable.params.url;
    const terminated = await fetch(url, { method: 'DELETE', headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0' } });
    expect(terminated.status).toBe(204);
    expect((await browser.get(`/drive/v1/files/${created.body.file.id}`)).status).toBe(404);
  });

  it('completes at once when the content is stored and the client proves it holds it, never on the hash alone', async () => {
    const first = await signUp(server.url);
    const bytes = randomBytes(200_000);
    const original = await createUpload(first.browser, 'shared.bin', bytes);
    await tusUpload(first.browser, bytes, { uploadUrl: original.body.resumable.params.url });

    const second = await signUp(server.url);
    const claimed = await createUpload(second.browser, 'mine.bin', bytes, { hash: sha256(bytes) });
    expect(claimed.body.file.phase).toBe('PHASE_TYPE_PENDING');
    const { offset, length } = claimed.body.proof;
    const proofUrl = `${claimed.body.resumable.params.url}/proof`.replace(server.config.publicUrl, server.url);
    const wrong = await second.browser.post(new URL(proofUrl).pathname, { range_hash: sha256(randomBytes(length)) });
    expect(wrong.body.details[0].reason).toBe('mismatch');
    expect((await second.browser.get(`/drive/v1/files/${claimed.body.file.id}`)).body.phase).toBe('PHASE_TYPE_PENDING');

    const proved = await second.browser.post(new URL(proofUrl).pathname, { range_hash: sha256(bytes.subarray(offset, offset + length)) });
    expect(proved.body).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: sha256(bytes) });
    expect((await second.browser.get('/drive/v1/about')).body.quota.usage).toBe(String(bytes.length));
  });

  it('refuses an upload larger than the space left, and never lets concurrent uploads pass the limit', async () => {
    const { browser, userId } = await signUp(server.url);
    await server.database.db.updateTable('user').set({ storage_limit: 1_500_000 }).where('id', '=', userId).execute();
    expect((await createUpload(browser, 'huge.bin', Buffer.alloc(2_000_000))).body.error).toBe('file_space_not_enough');

    // Each fits alone; together they do not: one completes, the other is refused at its last byte.
    const a = randomBytes(1_000_000);
    const b = randomBytes(1_000_000);
    const [ua, ub] = [await createUpload(browser, 'a.bin', a), await createUpload(browser, 'b.bin', b)];
    const results = await Promise.allSettled([tusUpload(browser, a, { uploadUrl: ua.body.resumable.params.url }), tusUpload(browser, b, { uploadUrl: ub.body.resumable.params.url })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(failure.reason)).toContain('file_space_not_enough');
    const quota = (await browser.get('/drive/v1/about')).body.quota;
    expect(Number(quota.usage)).toBe(1_000_000);
    expect((await browser.get('/drive/v1/files')).body.files).toHaveLength(1);
  });

  it('makes image thumbnails once, in two sizes, behind signed links', async () => {
    const { browser } = await signUp(server.url);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366ff' } }).png().toBuffer();
    const created = await createUpload(browser, 'sky.png', png, { mime_type: 'image/png' });
    await tusUpload(browser, png, { uploadUrl: created.body.resumable.params.url });
    const listed = (await browser.get('/drive/v1/files')).body.files[0];
    expect(listed.thumbnail_link).toContain('size=SIZE_SMALL');
    const small = await fetch(listed.thumbnail_link);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/webp');
    const info = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([info.format, info.width, info.height]).toEqual(['webp', 256, 192]);
    // Made once, then served from where it was kept.
    expect((await fetch(listed.thumbnail_link)).status).toBe(200);
    const large = (await browser.get(`/drive/v1/files/${listed.id}`)).body.thumbnail_link;
    const largeInfo = await sharp(Buffer.from(await (await fetch(large)).arrayBuffer())).metadata();
    expect(largeInfo.width).toBe(800); // never enlarged
    const forged = new URL(listed.thumbnail_link);
    forged.searchParams.set('s', 'y'.repeat(43));
    expect((await fetch(forged)).status).toBe(403);
  });

  it('offers no thumbnail for other content, and answers not_found for an image that cannot be read', async () => {
    const { browser } = await signUp(server.url);
    const text = Buffer.from('plain words');
    const doc = await createUpload(browser, 'notes.txt', text);
    await tusUpload(browser, text, { uploadUrl: doc.body.resumable.params.url });
    const broken = randomBytes(3000);
    const fake = await createUpload(browser, 'fake.png', broken, { mime_type: 'image/png' });
    await tusUpload(browser, broken, { uploadUrl: fake.body.resumable.params.url });
    const files = (await browser.get('/drive/v1/files?order=NAME_ASC')).body.files;
    expect(files.map((f: { name: string; thumbnail_link: string }) => [f.name, f.thumbnail_link !== ''])).toEqual([
      ['fake.png', true],
      ['notes.txt', false],
    ]);
    const answer = await fetch(files[0].thumbnail_link);
    expect(answer.status).toBe(404);
    expect((await answer.json()).error).toBe('not_found');
  });

  it('reads the duration and codecs of audio after the upload, by a task, without delaying it', async () => {
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
    expect(file.medias[0]).toMatchObject({ is_origin: true, video: { duration: 2, audio_codec: 'pcm', video_codec: '', width: 0 } });
    expect(file.medias[0].link.url).toBe(file.web_content_link);
    const task = (await browser.get('/drive/v1/tasks?type=upload')).body.tasks[0];
    expect(task).toMatchObject({ name: 'Media info', phase: 'PHASE_TYPE_COMPLETE', file_id: file.id });
  });

  it("does not let another person touch an upload or read a file's links", async () => {
    const owner = await signUp(server.url);
    const other = await signUp(server.url);
    const created = await createUpload(owner.browser, 'private.bin', randomBytes(100));
    const url = created.body.resumable.params.url;
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      const answer = await fetch(url, { method, headers: { ...other.browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, ...(method === 'PATCH' ? { body: 'x' } : {}) });
      expect(answer.status, method).toBe(404);
    }
    expect((await fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } })).status).toBe(401);
    expect((await other.browser.post(`/drive/v1/uploads/${created.body.file.id}/proof`, { range_hash: 'a'.repeat(64) })).status).toBe(404);
  });
});

describe('links without PUBLIC_URL', () => {
  it('point at the address the request came to, so a server on a LAN address needs no configuration', async () => {
    const server = await startTestServer('sqlite', { publicUrl: 'http://not-this.example', publicUrlSet: false });
    try {
      const { browser } = await signUp(server.url);
      const bytes = randomBytes(100);
      const created = await browser.post('/drive/v1/files', { kind: 'drive#file', name: 'x.bin', size: String(bytes.length) });
      expect(created.body.resumable.params.url).toBe(`${server.url}/drive/v1/uploads/${created.body.file.id}`);
      await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
      const file = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body;
      expect(file.web_content_link.startsWith(`${server.url}/drive/v1/download/`)).toBe(true);
      const share = (await browser.post('/drive/v1/share', { file_ids: [file.id] })).body;
      expect(share.share_url).toBe(`${server.url}/s/${share.share_id}`);
    } finally {
      await server.dispose();
    }
  });
});

describe('an upload across a server restart', () => {
  it('resumes on a new server process with the hash rebuilt from the bytes on disk', async () => {
    const database = await createTestDatabase('sqlite');
    const first = await startTestServer('sqlite', { database: database.config });
    const dataDir = first.config.dataDir;
    const { browser } = await signUp(first.url);
    const bytes = randomBytes(2 * 1024 * 1024);
    const created = await browser.post('/drive/v1/files', { kind: 'drive#file', name: 'r.bin', size: String(bytes.length) });
    const path = new URL(created.body.resumable.params.url).pathname;
    await fetch(first.url + path, { method: 'PATCH', headers: { ...browser.sessionHeaders(), 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: bytes.subarray(0, 1024 * 1024) });
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
