// Watching over HTTP: a position saved and read back for resuming (and near the end starting again),
// hostile positions and files refused by name, languages remembered per folder, what the drive shows
// of a page of files, Continue watching, positions gone with their file and bounded per person, and
// video poster frames made once per content by the upload's task.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMediaTools } from '../media/tools.ts';
import { thumbnailsService } from '../services/thumbnails.ts';
import { watchingService } from '../services/watching.ts';
import { downloadLinks } from '../storage/download-links.ts';
import { openBlobStorage } from '../storage/open-blob-storage.ts';
import type { TestBrowser } from '../testing/browser.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { until } from '../testing/until.ts';
import { createUpload, sha256, signUp, tusUpload } from '../testing/uploads.ts';

let dir: string;
let clip: Buffer;
let other: Buffer;
let broken: Buffer;
let dubbed: Buffer;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-watching-'));
  const make = (name: string, source: string) => {
    execFileSync('/usr/bin/ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      source,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      path.join(dir, name),
    ]);
    return readFileSync(path.join(dir, name));
  };
  clip = make('clip.mp4', 'testsrc=duration=8:size=320x240:rate=25');
  other = make('other.mp4', 'testsrc2=duration=6:size=320x240:rate=25');
  dubbed = (() => {
    const target = path.join(dir, 'dubbed.mp4');
    execFileSync('/usr/bin/ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...[
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=6:size=320x240:rate=25',
        '-f',
        'lavfi',
        '-i',
        'sine=duration=6',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=880:duration=6',
      ],
      ...['-map', '0', '-map', '1', '-map', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      ...['-metadata:s:a:0', 'language=eng', '-metadata:s:a:1', 'language=jpn', '-shortest', target],
    ]);
    return readFileSync(target);
  })();
  // The same film with its picture data zeroed: ffprobe reads its streams, but no frame decodes.
  const mdat = clip.indexOf('mdat') + 4;
  broken = Buffer.concat([clip.subarray(0, mdat), Buffer.alloc(clip.length - mdat)]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const put = (browser: TestBrowser, id: string, body: unknown) => browser.request('PUT', `/drive/v1/files/${id}/watching`, body);

/** A file uploaded into `parent`, once its media task (facts and poster) has ended. */
async function uploaded(browser: TestBrowser, name: string, bytes: Buffer, parent = ''): Promise<string> {
  const created = await createUpload(browser, name, bytes, { parent_id: parent });
  await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
  const id = created.body.file.id as string;
  await until(
    async () => (await browser.get('/drive/v1/tasks?type=upload')).body.tasks.find((task: { file_id: string }) => task.file_id === id),
    (task) => task?.phase === 'PHASE_TYPE_COMPLETE' || task?.phase === 'PHASE_TYPE_ERROR',
    `the media task of ${name} ends`,
  );
  return id;
}

describe.each(ENGINES)('watching on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  it('keeps where the person stopped, for any device of theirs, and starts a file watched to 95 % from the beginning', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'film.mp4', clip);
    const fresh = await browser.get(`/drive/v1/files/${id}/watching`);
    expect(fresh.body).toMatchObject({ file_id: id, position: 0, resume_at: 0, watched: false, updated_time: '' });

    const saved = await put(browser, id, { position: 4.5, duration: 8 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ position: 4.5, resume_at: 4.5, watched: false });
    // Another device of the same person is the same account: the server answers it the same.
    const elsewhere = await browser.get(`/drive/v1/files/${id}/watching`);
    expect(elsewhere.body).toMatchObject({ position: 4.5, resume_at: 4.5 });
    expect(elsewhere.body.duration).toBeCloseTo(8, 0);

    const nearEnd = await put(browser, id, { position: 7.7, duration: 8 });
    expect(nearEnd.body).toMatchObject({ watched: true, resume_at: 0 });
  });

  it('refuses a position before the start, past the end, not a number, or absurdly large, with invalid_position or invalid_request', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'film.mp4', clip);
    for (const position of [-1, 8 + 6, 1e308]) {
      const refused = await put(browser, id, { position, duration: 8 });
      expect(refused.status, `position ${position}`).toBe(400);
      expect(refused.body.error).toBe('invalid_position');
    }
    // The player's own length does not stretch what the server read of the file.
    expect((await put(browser, id, { position: 100, duration: 1000 })).body.error).toBe('invalid_position');
    for (const position of ['NaN', 'Infinity', {}]) {
      const refused = await put(browser, id, { position, duration: 8 });
      expect(refused.status, `position ${JSON.stringify(position)}`).toBe(400);
      expect(refused.body.error).toBe('invalid_request');
    }
    expect((await put(browser, id, { position: 1, duration: 8, audio_language: '../../etc' })).status).toBe(400);
    expect((await browser.get(`/drive/v1/files/${id}/watching`)).body.position).toBe(0);
  });

  it("answers file_not_found for another person's file, one that does not exist, one in the trash, a folder and a document", async () => {
    const owner = await signUp(server.url);
    const stranger = await signUp(server.url);
    const id = await uploaded(owner.browser, 'film.mp4', clip);
    for (const attempt of [stranger.browser.get(`/drive/v1/files/${id}/watching`), put(stranger.browser, id, { position: 1, duration: 8 })]) {
      const answer = await attempt;
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('file_not_found');
    }
    expect((await put(owner.browser, 'nothing-here', { position: 1, duration: 8 })).status).toBe(404);
    expect((await put(owner.browser, 'x'.repeat(65), { position: 1, duration: 8 })).status).toBe(400);
    const folder = (await owner.browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Films', parent_id: '' })).body.file.id;
    expect((await put(owner.browser, folder, { position: 1, duration: 8 })).status).toBe(404);
    const text = Buffer.from('not a film');
    const note = (await createUpload(owner.browser, 'note.txt', text)).body;
    await tusUpload(owner.browser, text, { uploadUrl: note.resumable.params.url });
    expect((await put(owner.browser, note.file.id, { position: 1, duration: 8 })).status).toBe(404);
    await owner.browser.post('/drive/v1/files:batchTrash', { ids: [id] });
    expect((await put(owner.browser, id, { position: 1, duration: 8 })).body.error).toBe('file_not_found');
    expect((await owner.browser.get(`/drive/v1/files/${id}/watching`)).status).toBe(404);
  });

  it('takes twenty saves at once without a failure and keeps one of them; the next save wins', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'film.mp4', clip);
    const positions = Array.from({ length: 20 }, (_, n) => n * 0.3);
    const answers = await Promise.all(positions.map((position) => put(browser, id, { position, duration: 8 })));
    expect(answers.map((answer) => answer.status)).toEqual(positions.map(() => 200));
    expect(positions).toContain((await browser.get(`/drive/v1/files/${id}/watching`)).body.position);
    await put(browser, id, { position: 2.25, duration: 8 });
    expect((await browser.get(`/drive/v1/files/${id}/watching`)).body.position).toBe(2.25);
  });

  it('offers the sound and subtitle languages chosen in a folder for its next file, and not in another folder', async () => {
    const { browser } = await signUp(server.url);
    const series = (await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Series', parent_id: '' })).body.file.id;
    const first = await uploaded(browser, 'E01.mp4', clip, series);
    const second = await uploaded(browser, 'E02.mp4', other, series);
    const elsewhere = await uploaded(browser, 'film.mp4', other);
    await put(browser, first, { position: 3, duration: 8, audio_language: 'jpn', subtitle_language: 'eng' });
    expect((await browser.get(`/drive/v1/files/${second}/watching`)).body).toMatchObject({ audio_language: 'jpn', subtitle_language: 'eng', position: 0 });
    expect((await browser.get(`/drive/v1/files/${elsewhere}/watching`)).body).toMatchObject({ audio_language: '', subtitle_language: '' });
    // Turning subtitles off is a choice too, and a save without languages keeps the ones chosen.
    await put(browser, second, { position: 1, duration: 6, subtitle_language: 'off' });
    await put(browser, second, { position: 2, duration: 6 });
    expect((await browser.get(`/drive/v1/files/${first}/watching`)).body).toMatchObject({ audio_language: 'jpn', subtitle_language: 'off' });
  });

  it("shows a page's progress, lengths and posters in one answer, only of the asker's files; Continue watching lists partly watched files latest first", async () => {
    const { browser } = await signUp(server.url);
    const stranger = await signUp(server.url);
    const a = await uploaded(browser, 'a.mp4', clip);
    const b = await uploaded(browser, 'b.mp4', other);
    const done = await uploaded(browser, 'done.mp4', clip);
    const theirs = await uploaded(stranger.browser, 'theirs.mp4', other);
    await put(stranger.browser, theirs, { position: 2, duration: 6 });
    await put(browser, a, { position: 2, duration: 8 });
    await put(browser, b, { position: 3, duration: 6 });
    await put(browser, done, { position: 7.9, duration: 8 });

    const page = await browser.post('/drive/v1/watching:lookup', { ids: [a, b, done, theirs, 'missing'] });
    expect(page.status).toBe(200);
    const byId = new Map(page.body.files.map((item: { file_id: string }) => [item.file_id, item]));
    expect([...byId.keys()].sort()).toEqual([a, b, done].sort());
    expect(byId.get(a)).toMatchObject({ position: 2 });
    expect(byId.get(done)).toMatchObject({ position: 0 });
    expect((byId.get(b) as { duration: number }).duration).toBeCloseTo(6, 0);
    expect((byId.get(a) as { thumbnail_link: string }).thumbnail_link).toMatch(new RegExp(`/drive/v1/thumbnails/${a}\\?`));
    expect((await browser.post('/drive/v1/watching:lookup', { ids: Array.from({ length: 501 }, (_, n) => `f${n}`) })).status).toBe(400);

    const row = await browser.get('/drive/v1/watching');
    expect(row.body.files.map((item: { file: { id: string } }) => item.file.id)).toEqual([b, a]);
    expect(row.body.files[0]).toMatchObject({ position: 3, file: { name: 'b.mp4' } });
    expect(row.body.files[0].file.thumbnail_link).toContain(`/drive/v1/thumbnails/${b}?`);
    await browser.post('/drive/v1/files:batchTrash', { ids: [b] });
    expect((await browser.get('/drive/v1/watching')).body.files.map((item: { file: { id: string } }) => item.file.id)).toEqual([a]);
    expect((await browser.get('/drive/v1/watching?limit=5000')).status).toBe(400);
  });

  it('says in the playback answer where to resume, and plays the next episode with the sound track and subtitles chosen in its folder', async () => {
    const { browser } = await signUp(server.url);
    const series = (await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Dubbed', parent_id: '' })).body.file.id;
    const first = await uploaded(browser, 'E01.mp4', dubbed, series);
    const second = await uploaded(browser, 'E02.mp4', dubbed, series);
    // A browser that does not open MP4 itself gets the film repackaged, with the sound track in the stream's address.
    const chromium = { video: ['h264'], audio: ['aac'], containers: ['webm'], hls: true };
    const before = await browser.post(`/drive/v1/files/${second}/playback`, { capabilities: chromium });
    const japanese = before.body.audio_tracks.find((track: { language: string }) => track.language === 'jpn');
    expect(before.body).toMatchObject({ resume_at: 0, audio_track: before.body.audio_tracks[0].index, subtitle_language: '' });

    await put(browser, first, { position: 2.5, duration: 6, audio_language: 'jpn', subtitle_language: 'en' });
    expect((await browser.post(`/drive/v1/files/${first}/playback`, { capabilities: chromium })).body.resume_at).toBe(2.5);
    const next = await browser.post(`/drive/v1/files/${second}/playback`, { capabilities: chromium });
    expect(next.body).toMatchObject({ resume_at: 0, audio_track: japanese.index, subtitle_language: 'en' });
    expect(next.body.url).toMatch(new RegExp(`-a${japanese.index}/index\\.m3u8$`));
    // A track asked for wins over the folder's choice.
    const asked = await browser.post(`/drive/v1/files/${second}/playback`, { capabilities: chromium, audio_track: before.body.audio_tracks[0].index });
    expect(asked.body.audio_track).toBe(before.body.audio_tracks[0].index);
  });

  it('deletes the positions of a file deleted for good', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'film.mp4', clip);
    await put(browser, id, { position: 2, duration: 8 });
    await browser.post('/drive/v1/files:batchDelete', { ids: [id] });
    const rows = await server.database.db.selectFrom('watching').select('file_id').where('file_id', '=', id).execute();
    expect(rows).toEqual([]);
  });

  it("keeps a person's newest positions and folder choices only", async () => {
    const { browser, userId } = await signUp(server.url);
    const ids = [await uploaded(browser, '1.mp4', clip), await uploaded(browser, '2.mp4', other)];
    const folder = (await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'More', parent_id: '' })).body.file.id;
    ids.push(await uploaded(browser, '3.mp4', clip, folder));
    for (const id of ids) await put(browser, id, { position: 1, duration: 6, audio_language: 'eng' });
    const service = watchingService({ db: server.database.db });
    // Other people of this server are swept too: at least this person's oldest position and folder go.
    expect(await service.prune({ positions: 2, choices: 1 })).toBeGreaterThanOrEqual(2);
    const kept = await server.database.db.selectFrom('watching').select('file_id').where('user_id', '=', userId).execute();
    expect(kept.map((row) => row.file_id).sort()).toEqual(ids.slice(1).sort());
    const choices = await server.database.db.selectFrom('watching_choice').select('folder_id').where('user_id', '=', userId).execute();
    expect(choices).toEqual([{ folder_id: folder }]);
  });

  it("makes a video's poster once for two people's copies of the same content, behind links only its owner's opens", async () => {
    const first = await signUp(server.url);
    const second = await signUp(server.url);
    const mine = await uploaded(first.browser, 'shared.mp4', clip);
    const hash = sha256(clip);
    const media = await server.database.db.selectFrom('media').select('poster').where('hash', '=', hash).executeTakeFirst();
    expect(media?.poster).toBe('made');
    const folder = server.config.blobStore.driver === 'local' ? server.config.blobStore.dir : '';
    const poster = path.join(folder, '.thumbnails', hash.slice(0, 2), hash.slice(2, 4), `${hash}-SIZE_SMALL.webp`);
    const madeAt = statSync(poster).mtimeMs;

    const theirs = await uploaded(second.browser, 'copy.mp4', clip);
    expect(statSync(poster).mtimeMs).toBe(madeAt);
    const posterLink = async (browser: TestBrowser, id: string): Promise<string> =>
      (await browser.post('/drive/v1/watching:lookup', { ids: [id] })).body.files[0].thumbnail_link;
    const mineLink = await posterLink(first.browser, mine);
    const theirLink = await posterLink(second.browser, theirs);
    const picture = await fetch(mineLink);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect((await fetch(theirLink)).status).toBe(200);
    // A link's signature opens the file it was made for, not another person's with the same content.
    const swapped = theirLink.replace(`/thumbnails/${theirs}?`, `/thumbnails/${mine}?`);
    expect((await fetch(swapped)).status).toBe(403);
  });

  it('makes the posters of videos stored before posters were made, in the hourly run, once', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'old.mp4', other);
    const hash = sha256(other);
    // As a server before this version left it: facts read, no poster tried, no picture kept.
    await server.database.db.updateTable('media').set({ poster: null }).where('hash', '=', hash).execute();
    const folder = server.config.blobStore.driver === 'local' ? server.config.blobStore.dir : '';
    rmSync(path.join(folder, '.thumbnails', hash.slice(0, 2), hash.slice(2, 4)), { recursive: true, force: true });
    expect((await browser.post('/drive/v1/watching:lookup', { ids: [id] })).body.files[0].thumbnail_link).toBe('');

    const storage = await openBlobStorage(server.config.blobStore, server.database.db, 60_000);
    try {
      const thumbnails = thumbnailsService({
        db: server.database.db,
        blobs: storage.blobs,
        links: downloadLinks(Buffer.alloc(32)),
        mediaTools: findMediaTools({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' }),
      });
      expect(await thumbnails.makeMissingPosters(1_000)).toBeGreaterThanOrEqual(1);
      expect(await thumbnails.makeMissingPosters(1_000)).toBe(0);
    } finally {
      await storage.close();
    }
    const media = await server.database.db.selectFrom('media').select('poster').where('hash', '=', hash).executeTakeFirst();
    expect(media?.poster).toBe('made');
    const link = (await browser.post('/drive/v1/watching:lookup', { ids: [id] })).body.files[0].thumbnail_link;
    expect((await fetch(link)).headers.get('content-type')).toBe('image/webp');
  });

  it('leaves a video whose frames cannot be decoded, and a file that is no film, without a poster, tried once', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'broken.mp4', broken);
    const media = await server.database.db.selectFrom('media').select('poster').where('hash', '=', sha256(broken)).executeTakeFirst();
    expect(media?.poster).toBe('failed');
    const garbage = Buffer.from('this is not a film at all, whatever its name says');
    const fake = await uploaded(browser, 'fake.mp4', garbage);
    for (let look = 0; look < 3; look += 1) {
      const page = await browser.post('/drive/v1/watching:lookup', { ids: [id, fake] });
      expect(page.body.files.map((item: { thumbnail_link: string }) => item.thumbnail_link)).toEqual(['', '']);
    }
    const tasks = (await browser.get('/drive/v1/tasks?type=upload')).body.tasks;
    expect(tasks).toHaveLength(2);
  });
});
