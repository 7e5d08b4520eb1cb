import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { createUpload, signUp, tusUpload } from '../testing/uploads.ts';

describe.each(ENGINES)('thumbnails on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  it('makes image thumbnails once, in two sizes, behind signed links', async () => {
    const { browser } = await signUp(server.url);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
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
});
