// Playing files over HTTP: the plan each browser gets, the HLS it loads behind a signed link, and
// what a stranger, a forged link or a made-up part name gets.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { probeMedia } from '../media/probe.ts';
import { findMediaTools, type MediaTools } from '../media/tools.ts';
import type { TestBrowser } from '../testing/browser.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { createUpload, signUp, tusUpload } from '../testing/uploads.ts';

const tools = findMediaTools({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' }) as MediaTools;
/** What Chromium on Linux decodes: no HEVC, no AC-3 or E-AC-3; HLS through Media Source Extensions. */
const CHROMIUM = {
  video: ['h264', 'vp8', 'vp9', 'av1'],
  audio: ['aac', 'mp3', 'opus', 'vorbis', 'flac'],
  containers: ['mp4', 'webm', 'mp3', 'ogg', 'wav', 'flac'],
  hls: true,
};
/** Safari on a Mac: HEVC and E-AC-3, its own HLS. */
const SAFARI = { video: ['h264', 'hevc'], audio: ['aac', 'mp3', 'ac3', 'eac3'], containers: ['mp4', 'mp3'], hls: true };

let dir: string;
let series: Buffer;
let clip: Buffer;
beforeAll(() => {
  expect(tools, 'ffmpeg and ffprobe at /usr/bin (apt-get install ffmpeg)').toBeDefined();
  dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-playback-'));
  const make = (name: string, args: string[]) => {
    execFileSync(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, path.join(dir, name)]);
    return readFileSync(path.join(dir, name));
  };
  const sources = [
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=10:size=320x240:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=880:duration=10',
  ];
  series = make('series.mkv', [
    ...sources,
    ...['-map', '0', '-map', '1', '-map', '2', '-c:v', 'libx265', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p', '-c:a', 'eac3'],
    ...['-metadata:s:a:0', 'language=eng', '-metadata:s:a:1', 'language=jpn', '-shortest'],
  ]);
  clip = make('clip.mp4', [...sources.slice(0, 8), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest']);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function uploaded(browser: TestBrowser, name: string, bytes: Buffer): Promise<string> {
  const created = await createUpload(browser, name, bytes);
  await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
  return created.body.file.id as string;
}

describe.each(ENGINES)('playback on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  const plan = (browser: TestBrowser, id: string, capabilities: object, extra: object = {}) =>
    browser.post(`/drive/v1/files/${id}/playback`, { capabilities, ...extra });

  it('re-encodes HEVC and E-AC-3 for Chromium, and serves the HLS it plays behind a signed link that counts as traffic', async () => {
    const { browser, userId } = await signUp(server.url);
    const id = await uploaded(browser, 'Series S01E01.mkv', series);
    const answer = await plan(browser, id, CHROMIUM);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ mode: 'transcode', reason: 'video_not_supported' });
    expect(answer.body.duration).toBeGreaterThan(9.5);
    expect(answer.body.audio_tracks.map((track: { language: string }) => track.language)).toEqual(['eng', 'jpn']);
    expect(answer.body.url).toMatch(new RegExp(`^${server.url}/drive/v1/streams/${id}/[^/]+/h264-720/index\\.m3u8$`));

    // A player fetches without credentials: no cookie, no token.
    const playlist = await fetch(answer.body.url);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
    const text = await playlist.text();
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text.match(/^\d+\.m4s$/gm)).toEqual(['0.m4s', '1.m4s', '2.m4s']);
    const base = answer.body.url.replace(/index\.m3u8$/, '');
    const init = Buffer.from(await (await fetch(`${base}init.mp4`)).arrayBuffer());
    const [first, last] = await Promise.all([fetch(`${base}0.m4s`), fetch(`${base}2.m4s`)]);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('video/mp4');
    const joined = path.join(dir, `${engine}-joined.mp4`);
    writeFileSync(joined, Buffer.concat([init, Buffer.from(await first.arrayBuffer())]));
    const probe = await probeMedia(tools, { file: joined }, dir);
    expect(probe.video[0]).toMatchObject({ codec: 'h264', height: 240 });
    expect(probe.audio[0]).toMatchObject({ codec: 'aac' });
    expect(last.status).toBe(200);
    const traffic = await server.database.db.selectFrom('traffic_month').select('download_bytes').where('user_id', '=', userId).executeTakeFirst();
    expect(Number(traffic?.download_bytes)).toBeGreaterThan(init.length);
  });

  it('repackages the same file for Safari, which plays its picture and sound, and plays a chosen sound track', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'series.mkv', series);
    const safari = await plan(browser, id, SAFARI);
    expect(safari.body).toMatchObject({ mode: 'remux', reason: 'container_not_supported' });
    expect(safari.body.url).toMatch(/\/remux\/index\.m3u8$/);
    const japanese = safari.body.audio_tracks.find((track: { language: string }) => track.language === 'jpn');
    const chosen = await plan(browser, id, CHROMIUM, { audio_track: japanese.index });
    expect(chosen.body.url).toMatch(new RegExp(`/h264-720-a${japanese.index}/index\\.m3u8$`));
    expect((await fetch(chosen.body.url.replace('index.m3u8', '0.m4s'))).status).toBe(200);
    const missing = await plan(browser, id, CHROMIUM, { audio_track: 99 });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
  });

  it('plays an H.264/AAC MP4 as it is, from its download link, and offers a file that is no media as a download', async () => {
    const { browser } = await signUp(server.url);
    const clipId = await uploaded(browser, 'clip.mp4', clip);
    const direct = await plan(browser, clipId, CHROMIUM);
    expect(direct.body).toMatchObject({ mode: 'direct', reason: 'plays_as_is' });
    expect(direct.body.url).toContain(`/drive/v1/download/${clipId}?`);
    const notes = await uploaded(browser, 'notes.mkv', Buffer.from('not a film at all, only words'));
    expect((await plan(browser, notes, CHROMIUM)).body).toMatchObject({ mode: 'download', reason: 'not_media' });
  });

  it('plans only one’s own files, for someone signed in, and refuses codec lists that are too long', async () => {
    const owner = await signUp(server.url);
    const id = await uploaded(owner.browser, 'series.mkv', series);
    const stranger = await signUp(server.url);
    const answer = await plan(stranger.browser, id, CHROMIUM);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('file_not_found');
    const signedOut = await fetch(`${server.url}/drive/v1/files/${id}/playback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ capabilities: CHROMIUM }),
    });
    expect(signedOut.status).toBe(401);
    const tooMany = await plan(owner.browser, id, { ...CHROMIUM, video: Array.from({ length: 100 }, () => 'h264') });
    expect(tooMany.status).toBe(400);
  });

  it('plans no file that does not exist or is in the trash, and its stream stops once it is trashed', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'series.mkv', series);
    const url: string = (await plan(browser, id, CHROMIUM)).body.url;
    expect((await plan(browser, 'a'.repeat(26), CHROMIUM)).status).toBe(404);
    expect((await plan(browser, 'x'.repeat(65), CHROMIUM)).status).toBe(400);
    expect((await browser.post('/drive/v1/files:batchTrash', { ids: [id] })).status).toBe(200);
    const trashed = await plan(browser, id, CHROMIUM);
    expect(trashed.status).toBe(404);
    expect(trashed.body.error).toBe('file_not_found');
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url.replace('index.m3u8', '0.m4s'))).status).toBe(404);
  });

  it('opens a stream only with its own signed token, and only the parts a stream has', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'series.mkv', series);
    const other = await uploaded(browser, 'clip.mp4', clip);
    const url: string = (await plan(browser, id, CHROMIUM)).body.url;
    const [, token] = /\/streams\/[^/]+\/([^/]+)\//.exec(url) ?? [];
    const forged = `${token!.slice(0, -4)}AAAA`;
    const refusals = [
      url.replace(token!, forged),
      url.replace(`/streams/${id}/`, `/streams/${other}/`),
      url.replace(token!, 'not-a-token'),
      url.replace(token!, token!.replace(/^\d+/, '99999999999999')),
    ];
    for (const refused of refusals) expect((await fetch(refused)).status, refused).toBe(403);
    const base = url.replace(/h264-720\/index\.m3u8$/, '');
    for (const [part, status] of [
      ['h264-720/999.m4s', 404],
      ['h264-720/index.m3u8x', 404],
      ['h264-720/..%2F..%2Fnubo.db', 404],
      ['evil/index.m3u8', 404],
      ['h264-720-a99/index.m3u8', 404],
      ['h264-720/-1.m4s', 404],
    ] as const)
      expect((await fetch(`${base}${part}`)).status, part).toBe(status);
  });

  it('plays a shared film for a visitor who is not signed in, with its passcode, counting the bytes as the owner’s, and stops with the share', async () => {
    const owner = await signUp(server.url);
    const id = await uploaded(owner.browser, 'Holiday.mkv', series);
    const other = await uploaded(owner.browser, 'Private.mkv', series);
    const created = await owner.browser.post('/drive/v1/share', { file_ids: [id], pass_code_option: 'REQUIRED' });
    const { share_id, pass_code } = created.body as { share_id: string; pass_code: string };
    const visitor = (body: object) =>
      fetch(`${server.url}/drive/v1/share/playback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        async (answer) => ({ status: answer.status, body: await answer.json() }),
      );
    const ask = { share_id, file_id: id, capabilities: CHROMIUM };
    // Without the passcode's token, nothing: the visitor has not been let in.
    expect((await visitor(ask)).status).toBe(404);
    expect((await visitor({ ...ask, pass_code_token: 'made-up' })).status).toBe(404);
    const opened = await fetch(`${server.url}/drive/v1/share?share_id=${share_id}&pass_code=${pass_code}`).then((r) => r.json());
    const token = opened.pass_code_token as string;
    const answer = await visitor({ ...ask, pass_code_token: token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ mode: 'transcode', reason: 'video_not_supported' });
    const before = await server.database.db.selectFrom('traffic_month').select('download_bytes').where('user_id', '=', owner.userId).executeTakeFirst();
    const segment = await fetch(answer.body.url.replace('index.m3u8', '0.m4s'));
    expect(segment.status).toBe(200);
    const bytes = (await segment.arrayBuffer()).byteLength;
    const after = await server.database.db.selectFrom('traffic_month').select('download_bytes').where('user_id', '=', owner.userId).executeTakeFirst();
    expect(Number(after?.download_bytes) - Number(before?.download_bytes ?? 0)).toBe(bytes);

    // Twenty visitors asking at once all get the same plan, and their first segment is made once.
    const crowd = await Promise.all(Array.from({ length: 20 }, () => visitor({ ...ask, pass_code_token: token })));
    expect(crowd.map((one) => one.status)).toEqual(crowd.map(() => 200));
    expect(new Set(crowd.map((one) => one.body.mode))).toEqual(new Set(['transcode']));
    const segments = await Promise.all(crowd.map((one) => fetch(one.body.url.replace('index.m3u8', '0.m4s'))));
    expect(segments.map((one) => one.status)).toEqual(segments.map(() => 200));

    // A file of the owner's that is not in the share, and a made-up one, are not played.
    for (const file_id of [other, 'a'.repeat(26)]) expect((await visitor({ ...ask, file_id, pass_code_token: token })).status, file_id).toBe(404);
    expect((await visitor({ ...ask, share_id: 'x'.repeat(65) })).status).toBe(400);

    // Cancelled, the share plays no more, and the links it gave stop.
    expect((await owner.browser.post('/drive/v1/share:batchDelete', { ids: [share_id] })).status).toBe(200);
    expect((await visitor({ ...ask, pass_code_token: token })).status).toBe(404);
    // Refused as the share's download links are once it is closed.
    expect((await fetch(answer.body.url.replace('index.m3u8', '1.m4s'))).status).toBe(403);
  });

  it('plays music with its tags and cover picture, as it is where the browser decodes it, its sound re-encoded to AAC where not', async () => {
    const { browser } = await signUp(server.url);
    const make = (name: string, args: string[]) => {
      execFileSync(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, path.join(dir, name)]);
      return readFileSync(path.join(dir, name));
    };
    const song = make(`${engine}-song.mp3`, [
      ...['-f', 'lavfi', '-i', 'sine=duration=5', '-f', 'lavfi', '-i', 'color=c=red:s=64x64:d=1', '-map', '0', '-map', '1'],
      ...['-c:a', 'libmp3lame', '-c:v', 'mjpeg', '-frames:v', '1', '-disposition:v:0', 'attached_pic', '-id3v2_version', '3'],
      ...['-metadata', 'title=Song <b>One</b>', '-metadata', 'artist=The Testers', '-metadata', 'album=Sine Waves'],
    ]);
    const id = await uploaded(browser, 'Song One.mp3', song);
    // The cover is made by the task that reads the file after its upload: asked again until it is there.
    let answer = await plan(browser, id, CHROMIUM);
    for (let i = 0; i < 100 && !answer.body.cover; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await plan(browser, id, CHROMIUM);
    }
    expect(answer.body).toMatchObject({ mode: 'direct', tags: { title: 'Song <b>One</b>', artist: 'The Testers', album: 'Sine Waves' } });
    const cover = await fetch(answer.body.cover);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toMatch(/^image\//);
    // Red, as it was drawn: the picture is the file's cover, not a frame of nothing.
    expect((await cover.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const wma = make(`${engine}-track.wma`, ['-f', 'lavfi', '-i', 'sine=duration=5', '-c:a', 'wmav2', '-metadata', 'title=Track Two']);
    const wmaId = await uploaded(browser, 'Track Two.wma', wma);
    const converted = await plan(browser, wmaId, CHROMIUM);
    expect(converted.body).toMatchObject({ mode: 'remux', cover: '', tags: { title: 'Track Two', artist: '', album: '' } });
    expect(converted.body.url).toMatch(/\/audio-aac\/index\.m3u8$/);
    expect((await fetch(converted.body.url.replace('index.m3u8', '0.m4s'))).status).toBe(200);
  });

  it('makes a segment asked for twenty times at once once, and answers all twenty with the same bytes', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'series.mkv', series);
    const url: string = (await plan(browser, id, CHROMIUM)).body.url;
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(url.replace('index.m3u8', '1.m4s'))));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
    expect(new Set(bodies.map((body) => body.toString('base64'))).size).toBe(1);
  });
});

describe('playback on a server without ffmpeg', () => {
  let server: TestServer;
  beforeAll(async () => {
    // FFMPEG_PATH and FFPROBE_PATH where nothing is: a server installed without Debian's ffmpeg.
    server = await startTestServer('sqlite', { media: { ...loadConfig({}).media, ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' } });
  });
  afterAll(async () => server?.dispose());

  it('offers every file as a download and says why', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'series.mkv', series);
    const answer = await browser.post(`/drive/v1/files/${id}/playback`, { capabilities: CHROMIUM });
    expect(answer.body).toMatchObject({ mode: 'download', reason: 'media_tools_off' });
    expect(answer.body.url).toContain(`/drive/v1/download/${id}?`);
  });
});
