import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBlobStore } from '../storage/blob-store.ts';
import { TestBrowser } from '../testing/browser.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { createUpload, signUp, tusUpload } from '../testing/uploads.ts';

describe.each(ENGINES)('downloads on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

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
    expect([whole.status, whole.headers.get('etag'), whole.headers.get('accept-ranges'), whole.headers.get('content-length')]).toEqual([
      200,
      etag,
      'bytes',
      String(bytes.length),
    ]);
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
    expect([head.status, head.headers.get('content-length'), head.headers.get('etag'), (await head.arrayBuffer()).byteLength]).toEqual([
      200,
      String(bytes.length),
      etag,
      0,
    ]);
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
        inlineType ?? 'application/octet-stream',
        inlineType ? 'inline' : 'attachment',
      ]);
      expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
      expect(shown.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    }
  });

  it('counts downloaded bytes, ranges included, as traffic of the person the link was given to', async () => {
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

  it('answers file_not_found, and sends nothing, when the content a file names is gone from the blob folder', async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(2000);
    const created = await createUpload(browser, 'lost.bin', bytes);
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const file = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body;
    const blobs = localBlobStore(server.config.blobStore.driver === 'local' ? server.config.blobStore.dir : '');
    await unlink(blobs.localPath!(file.hash.toLowerCase()));
    const answer = await fetch(file.web_content_link);
    expect(answer.status).toBe(404);
    expect((await answer.json()).error).toBe('file_not_found');
    // The server goes on serving.
    expect((await browser.get(`/drive/v1/files/${created.body.file.id}`)).status).toBe(200);
  });

  it('sends an attachment as application/octet-stream whatever type its uploader claimed, so no file runs as a script of the site', async () => {
    const { browser } = await signUp(server.url);
    const bytes = Buffer.from('fetch("/drive/v1/files").then((r) => r.text()).then(steal)');
    const created = await createUpload(browser, 'evil.js', bytes, { mime_type: 'text/javascript' });
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const link = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body.web_content_link;
    for (const url of [link, `${link}&inline=true`]) {
      const answer = await fetch(url);
      expect([answer.status, answer.headers.get('content-type'), answer.headers.get('content-disposition')?.split(';')[0]]).toEqual([
        200,
        'application/octet-stream',
        'attachment',
      ]);
    }
  });

  it("opens a file's bytes only through a download link: a thumbnail link's signature is refused there", async () => {
    const { browser } = await signUp(server.url);
    const bytes = randomBytes(3000);
    const created = await createUpload(browser, 'photo.png', bytes, { mime_type: 'image/png' });
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const thumbnail = new URL((await browser.get(`/drive/v1/files/${created.body.file.id}`)).body.thumbnail_link);
    expect(thumbnail.pathname).toBe(`/drive/v1/thumbnails/${created.body.file.id}`);
    const asDownload = new URL(`/drive/v1/download/${created.body.file.id}`, server.url);
    asDownload.search = new URLSearchParams({ u: '', e: thumbnail.searchParams.get('e')!, s: thumbnail.searchParams.get('s')! }).toString();
    const answer = await fetch(asDownload);
    expect([answer.status, (await answer.json()).error]).toEqual([403, 'permission_denied']);
  });

  it("counts a share visitor's download as the signed-in visitor's traffic, else the share owner's, and the link stops with the share", async () => {
    const owner = await signUp(server.url);
    const bytes = randomBytes(1500);
    const created = await createUpload(owner.browser, 'shared.bin', bytes);
    await tusUpload(owner.browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const fileId = created.body.file.id;
    const shareId = (await owner.browser.post('/drive/v1/share', { file_ids: [fileId] })).body.share_id;
    const trafficOf = async (who: typeof owner, expected: string) => {
      let usage = '';
      for (let i = 0; i < 50 && usage !== expected; i++) {
        usage = (await who.browser.get('/drive/v1/about')).body.quotas.download.usage;
        if (usage !== expected) await new Promise((r) => setTimeout(r, 20));
      }
      return usage;
    };
    const infoPath = `/drive/v1/share/file_info?share_id=${shareId}&file_id=${fileId}`;

    // Not signed in: the owner gave the link, so a share to oneself costs the same as a download.
    const anonymous = new URL((await new TestBrowser(server.url).get(infoPath)).body.file_info.web_content_link);
    expect(anonymous.searchParams.get('sh')).toBe(shareId);
    expect(Buffer.from(await (await fetch(anonymous)).arrayBuffer()).equals(bytes)).toBe(true);
    expect(await trafficOf(owner, '1500')).toBe('1500');

    const visitor = await signUp(server.url);
    const theirs = (await visitor.browser.get(infoPath)).body.file_info.web_content_link;
    await (await fetch(theirs)).arrayBuffer();
    expect(await trafficOf(visitor, '1500')).toBe('1500');
    expect(await trafficOf(owner, '1500')).toBe('1500');

    // What the link names cannot be changed: not the share, not the person, not their joining.
    for (const [name, value] of [
      ['sh', ''],
      ['sh', 'another-share'],
      ['u', visitor.userId],
      ['u', `${visitor.userId}.${shareId}`],
    ] as const) {
      const changed = new URL(anonymous);
      if (value) changed.searchParams.set(name, value);
      else changed.searchParams.delete(name);
      expect((await fetch(changed)).status, `${name}=${value}`).toBe(403);
    }

    // The owner's account disabled, then the share cancelled: a link already given stops working.
    await server.database.db.updateTable('user').set({ status: 'DISABLED' }).where('id', '=', owner.userId).execute();
    expect((await fetch(anonymous)).status).toBe(403);
    await server.database.db.updateTable('user').set({ status: 'ACTIVE' }).where('id', '=', owner.userId).execute();
    expect((await fetch(anonymous)).status).toBe(200);
    await owner.browser.post('/drive/v1/share:batchDelete', { ids: [shareId] });
    const afterCancel = await fetch(anonymous);
    expect([afterCancel.status, (await afterCancel.json()).error]).toEqual([403, 'permission_denied']);
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
