// What the player's menus and seek bar ask of playback over HTTP: a sound track other than a file's
// first (repackaged, as a browser plays only the first from a link), the qualities a re-encode is
// offered at and the stream of the one chosen; the seek bar's preview pictures (the answer's
// thumbnails link, the WebVTT and the sheets it names behind the file's stream token), and what
// another user's token, a made-up part name, a file with no picture and twenty viewers at once get.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMediaTools, type MediaTools } from '../media/tools.ts';
import type { TestBrowser } from '../testing/browser.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { createUpload, signUp, tusUpload } from '../testing/uploads.ts';

const tools = findMediaTools({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' }) as MediaTools;
const CHROMIUM = { video: ['h264', 'vp8', 'vp9', 'av1'], audio: ['aac', 'mp3', 'opus'], containers: ['mp4', 'webm', 'mp3'], hls: true };

let dir: string;
let clip: Buffer;
let song: Buffer;
let hevc: Buffer;
let dubbed: Buffer;
beforeAll(() => {
  expect(tools, 'ffmpeg and ffprobe at /usr/bin (apt-get install ffmpeg)').toBeDefined();
  dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-trickplay-http-'));
  const make = (name: string, args: string[]) => {
    execFileSync(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, path.join(dir, name)]);
    return readFileSync(path.join(dir, name));
  };
  clip = make('clip.mp4', ['-f', 'lavfi', '-i', 'testsrc=duration=6:size=320x180:rate=10', '-c:v', 'libx264', '-g', '10', '-pix_fmt', 'yuv420p']);
  song = make('song.m4a', ['-f', 'lavfi', '-i', 'sine=duration=3', '-c:a', 'aac']);
  hevc = make('film.mkv', [
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=3:size=320x180:rate=10',
    '-c:v',
    'libx265',
    '-x265-params',
    'log-level=error',
    '-pix_fmt',
    'yuv420p',
  ]);
  dubbed = make('dubbed.mp4', [
    ...[
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=3:size=160x90:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=3',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=880:duration=3',
    ],
    ...[
      '-map',
      '0',
      '-map',
      '1',
      '-map',
      '2',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-metadata:s:a:0',
      'language=eng',
      '-metadata:s:a:1',
      'language=fra',
    ],
  ]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function uploaded(browser: TestBrowser, name: string, bytes: Buffer): Promise<string> {
  const created = await createUpload(browser, name, bytes);
  await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
  return created.body.file.id as string;
}

describe.each(ENGINES)('the player’s menus and seek bar on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  const plan = (browser: TestBrowser, id: string) => browser.post(`/drive/v1/files/${id}/playback`, { capabilities: CHROMIUM });

  it('offers a re-encode at 480, 720 and 1080 lines, 720 unless asked, and streams the one chosen', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'film.mkv', hevc);
    const first = await plan(browser, id);
    expect(first.body).toMatchObject({ mode: 'transcode', qualities: [480, 720, 1080], quality: 720 });
    expect(first.body.url).toMatch(/\/h264-720\/index\.m3u8$/);
    const chosen = await browser.post(`/drive/v1/files/${id}/playback`, { capabilities: CHROMIUM, quality: 480 });
    expect(chosen.body).toMatchObject({ quality: 480 });
    expect(chosen.body.url).toMatch(/\/h264-480\/index\.m3u8$/);
    expect((await fetch(chosen.body.url.replace('index.m3u8', '0.m4s'))).status).toBe(200);
    // A height there is no profile for is refused by the contract; a file played as it is has no qualities to choose.
    expect((await browser.post(`/drive/v1/files/${id}/playback`, { capabilities: CHROMIUM, quality: 4320 })).status).toBe(400);
    const direct = await uploaded(browser, 'clip.mp4', clip);
    expect((await plan(browser, direct)).body).toMatchObject({ mode: 'direct', qualities: [], quality: 0 });
    const refused = await browser.post(`/drive/v1/files/${direct}/playback`, { capabilities: CHROMIUM, quality: 1080 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'invalid_request', details: [{ field: 'quality', reason: 'not_offered' }] });
  });

  it('plays an MP4 as it is, and repackaged with its second sound track when that one is chosen', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'dubbed.mp4', dubbed);
    const first = await plan(browser, id);
    expect(first.body).toMatchObject({ mode: 'direct', reason: 'plays_as_is' });
    const french = first.body.audio_tracks.find((track: { language: string }) => track.language === 'fra');
    const chosen = await browser.post(`/drive/v1/files/${id}/playback`, { capabilities: CHROMIUM, audio_track: french.index });
    expect(chosen.body).toMatchObject({ mode: 'remux', reason: 'sound_track_chosen' });
    expect(chosen.body.url).toMatch(new RegExp(`/remux-a${french.index}/index\\.m3u8$`));
    expect((await fetch(chosen.body.url)).status).toBe(200);
    // Its first track is the file as it is again.
    const english = await browser.post(`/drive/v1/files/${id}/playback`, { capabilities: CHROMIUM, audio_track: first.body.audio_tracks[0].index });
    expect(english.body).toMatchObject({ mode: 'direct', reason: 'plays_as_is' });
  });

  it('links a WebVTT under the stream token whose tiles cover the film and whose sheets load, counted as traffic', async () => {
    const { browser, userId } = await signUp(server.url);
    const id = await uploaded(browser, 'clip.mp4', clip);
    const answer = await plan(browser, id);
    expect(answer.body.mode).toBe('direct');
    expect(answer.body.thumbnails).toMatch(new RegExp(`^${server.url}/drive/v1/streams/${id}/[^/]+/trickplay/thumbnails\\.vtt$`));
    // Players fetch it without credentials.
    const vtt = await fetch(answer.body.thumbnails);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toContain('text/vtt');
    const text = await vtt.text();
    const stamps = [...text.matchAll(/^(\S+) --> (\S+)$/gm)];
    expect(stamps[0]?.[1]).toBe('00:00:00.000');
    expect(stamps.at(-1)?.[2]).toBe('00:00:06.000');
    const sheet = /^(sheet-\d+\.jpg)#xywh=\d+,\d+,160,90$/m.exec(text)?.[1];
    expect(sheet).toBe('sheet-1.jpg');
    const picture = await fetch(new URL(sheet!, answer.body.thumbnails));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await picture.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const traffic = await server.database.db.selectFrom('traffic_month').select('download_bytes').where('user_id', '=', userId).executeTakeFirst();
    expect(Number(traffic?.download_bytes)).toBeGreaterThanOrEqual(bytes.length);
  });

  it('answers twenty viewers at once with the same pictures', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'clip.mp4', clip);
    const url: string = (await plan(browser, id)).body.thumbnails;
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(url).then(async (response) => `${response.status} ${await response.text()}`)));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^200 WEBVTT/);
  });

  it('opens the pictures only with the file’s own token, and only the parts there are', async () => {
    const owner = await signUp(server.url);
    const id = await uploaded(owner.browser, 'clip.mp4', clip);
    const url: string = (await plan(owner.browser, id)).body.thumbnails;
    const stranger = await signUp(server.url);
    const theirs = await uploaded(stranger.browser, 'clip.mp4', clip);
    const theirUrl: string = (await plan(stranger.browser, theirs)).body.thumbnails;
    const [, theirToken] = /\/streams\/[^/]+\/([^/]+)\//.exec(theirUrl) ?? [];
    const [, token] = /\/streams\/[^/]+\/([^/]+)\//.exec(url) ?? [];
    // Another user's token on this file, a forged one, one made up: refused as every stream link is.
    for (const refused of [url.replace(token!, theirToken!), url.replace(token!, `${token!.slice(0, -4)}AAAA`), url.replace(token!, 'not-a-token')])
      expect((await fetch(refused)).status, refused).toBe(403);
    for (const part of ['sheet-0.jpg', 'sheet-2.jpg', 'sheet-1.png', 'sheets.json', '..%2F..%2Fnubo.db', 'thumbnails.vtt.bak', 'sheet-999999.jpg'])
      expect((await fetch(url.replace('thumbnails.vtt', part))).status, part).toBe(404);
    // The stranger's planning of this file is refused as well.
    expect((await plan(stranger.browser, id)).status).toBe(404);
  });

  it('offers no pictures for sound only, and a picture link on a sound file finds none', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'song.m4a', song);
    const answer = await plan(browser, id);
    expect(answer.status).toBe(200);
    expect(answer.body.thumbnails).toBeUndefined();
    const video = await uploaded(browser, 'clip.mp4', clip);
    const url: string = (await plan(browser, video)).body.thumbnails;
    // The same user's token is for one file only.
    expect((await fetch(url.replace(`/streams/${video}/`, `/streams/${id}/`))).status).toBe(403);
  });
});
