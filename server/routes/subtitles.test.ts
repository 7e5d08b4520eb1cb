// A film's subtitles over HTTP: the tracks the playback answer offers (inside the film and beside it
// in its folder), what their signed links serve, and what a stranger, a forged link, a made-up name
// and a subtitle file too large to be one get.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubtitleTrack } from '#shared/api/playback.ts';
import { assOf, encoded, pgsSup, srtOf } from '../media/subtitle-fixtures.ts';
import { findMediaTools, type MediaTools } from '../media/tools.ts';
import type { TestBrowser } from '../testing/browser.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { createUpload, signUp, tusUpload } from '../testing/uploads.ts';

const tools = findMediaTools({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' }) as MediaTools;
const CHROMIUM = {
  video: ['h264', 'vp8', 'vp9', 'av1'],
  audio: ['aac', 'mp3', 'opus', 'vorbis', 'flac'],
  containers: ['mp4', 'webm', 'mp3', 'ogg', 'wav', 'flac'],
  hls: true,
};

let dir: string;
let film: Buffer;
let bluRay: Buffer;
let phoneClip: Buffer;
let dvd: Buffer;
beforeAll(() => {
  expect(tools, 'ffmpeg and ffprobe at /usr/bin (apt-get install ffmpeg)').toBeDefined();
  dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-subtitle-routes-'));
  const file = (name: string, bytes: string | Buffer) => {
    writeFileSync(path.join(dir, name), bytes);
    return path.join(dir, name);
  };
  const make = (name: string, args: string[]) => {
    execFileSync(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, path.join(dir, name)]);
    return readFileSync(path.join(dir, name));
  };
  const picture = ['-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x240:rate=25'];
  // H.264 with E-AC-3 sound in two languages, an English SubRip track and a Japanese ASS track.
  film = make('film.mkv', [
    ...picture,
    ...['-f', 'lavfi', '-i', 'sine=duration=4', '-f', 'lavfi', '-i', 'sine=frequency=880:duration=4'],
    ...['-i', file('en.srt', srtOf(['Hello from the SubRip track', 'And a second line'])), '-i', file('ja.ass', assOf('{\\b1}こんにちは、字幕です'))],
    ...[
      '-map',
      '0',
      '-map',
      '1',
      '-map',
      '2',
      '-map',
      '3',
      '-map',
      '4',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'eac3',
      '-c:s:0',
      'srt',
      '-c:s:1',
      'ass',
    ],
    ...['-metadata:s:a:0', 'language=eng', '-metadata:s:a:1', 'language=jpn', '-metadata:s:s:0', 'language=eng', '-metadata:s:s:1', 'language=jpn'],
  ]);
  bluRay = make('blu-ray.mkv', [
    ...picture,
    ...['-copyts', '-f', 'sup', '-i', file('box.sup', pgsSup({ width: 320, height: 240, box: 80, from: 0.5, to: 3 }))],
    ...['-map', '0', '-map', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:s', 'copy', '-metadata:s:s:0', 'language=fre'],
  ]);
  // An MP4's own subtitles (mov_text), and a DVD's (VobSub pictures, made from the PGS ones: ffmpeg turns pictures into pictures only).
  phoneClip = make('phone.mp4', [
    ...picture,
    ...[
      '-i',
      file('phone.srt', srtOf(['A line in an MP4'])),
      '-map',
      '0',
      '-map',
      '1',
      '-t',
      '3',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:s',
      'mov_text',
    ],
  ]);
  dvd = make('dvd.mkv', [
    ...picture,
    ...['-copyts', '-f', 'sup', '-i', path.join(dir, 'box.sup'), '-map', '0', '-map', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:s', 'dvdsub'],
  ]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function uploaded(browser: TestBrowser, name: string, bytes: Buffer | string, parentId = ''): Promise<string> {
  const content = Buffer.from(bytes);
  const created = await createUpload(browser, name, content, { parent_id: parentId });
  await tusUpload(browser, content, { uploadUrl: created.body.resumable.params.url });
  return created.body.file.id as string;
}

const text = async (url: string) => {
  const answer = await fetch(url);
  expect(answer.status, url).toBe(200);
  return { type: answer.headers.get('content-type'), body: await answer.text() };
};

describe.each(ENGINES)('subtitles on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => server?.dispose());

  const subtitlesOf = async (browser: TestBrowser, id: string): Promise<SubtitleTrack[]> => {
    const answer = await browser.post(`/drive/v1/files/${id}/playback`, { capabilities: CHROMIUM });
    expect(answer.status).toBe(200);
    return answer.body.subtitle_tracks;
  };

  it('offers a film’s SubRip and ASS tracks with their languages, as WebVTT with their cues, and the ASS as it is, counted as traffic', async () => {
    const { browser, userId } = await signUp(server.url);
    const id = await uploaded(browser, 'Film.mkv', film);
    const tracks = await subtitlesOf(browser, id);
    expect(tracks).toMatchObject([
      { id: 'embedded-3', index: 3, codec: 'subrip', language: 'eng', language_tag: 'en', format: 'vtt', source: 'embedded', text: true },
      { id: 'embedded-4', index: 4, codec: 'ass', language: 'jpn', language_tag: 'ja', format: 'ass', source: 'embedded', text: true },
    ]);
    const [english, japanese] = tracks as [SubtitleTrack, SubtitleTrack];
    expect(english.url).toMatch(new RegExp(`^${server.url}/drive/v1/streams/${id}/[^/]+/subtitles/3\\.vtt$`));
    expect(english.styled_url).toBeUndefined();
    const vtt = await text(english.url as string);
    expect(vtt.type).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toMatch(/^WEBVTT/);
    // Times on the film's own timeline, which starts where its first packet does (E-AC-3's priming moves it a few milliseconds).
    expect(vtt.body).toMatch(/\n00:00\.0\d\d --> 00:01\.5\d\d\nHello from the SubRip track\n/);
    expect((await text(japanese.url as string)).body).toContain('こんにちは、字幕です');
    const styled = await text(japanese.styled_url as string);
    expect(styled.type).toBe('text/x-ssa; charset=utf-8');
    expect(styled.body).toContain('[Script Info]');
    expect(styled.body).toContain('{\\b1}こんにちは、字幕です');
    const traffic = await server.database.db.selectFrom('traffic_month').select('download_bytes').where('user_id', '=', userId).executeTakeFirst();
    expect(Number(traffic?.download_bytes)).toBeGreaterThanOrEqual(Buffer.byteLength(vtt.body) + Buffer.byteLength(styled.body));
  });

  it('offers the subtitle files beside a film, in GBK, Big5 and Shift-JIS, as UTF-8 with the right text and the language of their names', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'Film.mkv', film);
    await uploaded(browser, 'Film.zh-CN.srt', encoded(srtOf(['中文字幕，这是第一句话。', '我们今天去看电影吧。']), 'GBK'));
    await uploaded(browser, 'Film.zh-TW.srt', encoded(srtOf(['中文字幕，這是第一句話。', '我們今天去看電影吧。']), 'BIG5'));
    await uploaded(browser, 'Film.ja.ass', encoded(assOf('日本語の字幕です。今日は映画を見に行きましょう。'), 'SHIFT_JIS'));
    await uploaded(browser, 'Film.srt', srtOf(['Plain English beside the film']));
    await uploaded(browser, 'Filmography.srt', srtOf(['Another film’s words']));
    await uploaded(browser, 'Film.final cut.srt', srtOf(['Not this film’s either']));
    const sidecars = (await subtitlesOf(browser, id)).filter((track) => track.source === 'sidecar');
    expect(sidecars.map((track) => [track.title, track.language, track.language_tag, track.format, track.index])).toEqual([
      ['Film.ja.ass', 'ja', 'ja', 'ass', -1],
      ['Film.srt', '', '', 'vtt', -1],
      ['Film.zh-CN.srt', 'zh-CN', 'zh-CN', 'vtt', -1],
      ['Film.zh-TW.srt', 'zh-TW', 'zh-TW', 'vtt', -1],
    ]);
    const [japanese, plain, simplified, traditional] = sidecars as [SubtitleTrack, SubtitleTrack, SubtitleTrack, SubtitleTrack];
    const gbk = await text(simplified.url as string);
    expect(gbk.type).toBe('text/vtt; charset=utf-8');
    expect(gbk.body).toContain('00:00.000 --> 00:01.500\n中文字幕，这是第一句话。');
    expect(gbk.body).toContain('我们今天去看电影吧。');
    expect((await text(traditional.url as string)).body).toContain('中文字幕，這是第一句話。');
    expect((await text(plain.url as string)).body).toContain('Plain English beside the film');
    expect((await text(japanese.url as string)).body).toContain('日本語の字幕です。');
    const styled = await text(japanese.styled_url as string);
    expect(styled.body).toContain('[Script Info]');
    expect(styled.body).toContain('日本語の字幕です。今日は映画を見に行きましょう。');
    expect(plain.styled_url).toBeUndefined();
  });

  it('never offers nor serves a subtitle file of another person’s folder, and refuses a link swapped to another film', async () => {
    const owner = await signUp(server.url);
    const stranger = await signUp(server.url);
    const id = await uploaded(owner.browser, 'Film.mkv', film);
    const theirs = await uploaded(stranger.browser, 'Film.srt', srtOf(['A stranger’s words']));
    const strangersFilm = await uploaded(stranger.browser, 'Film.mkv', film);
    expect((await subtitlesOf(owner.browser, id)).map((track) => track.source)).toEqual(['embedded', 'embedded']);
    const ownUrl = (await subtitlesOf(owner.browser, id))[0]?.url as string;
    const base = ownUrl.replace(/3\.vtt$/, '');
    // The owner's own valid token, asking for the stranger's file by id: no such subtitle.
    const asked = await fetch(`${base}sidecar-${theirs}.vtt`);
    expect(asked.status).toBe(404);
    expect((await asked.json()).error).toBe('not_found');
    // The stranger's token on the owner's film, and the owner's token on the stranger's film: refused.
    const tokenOf = (url: string) => /\/streams\/[^/]+\/([^/]+)\//.exec(url)?.[1] as string;
    const strangersToken = tokenOf((await subtitlesOf(stranger.browser, strangersFilm))[0]?.url as string);
    expect((await fetch(ownUrl.replace(tokenOf(ownUrl), strangersToken))).status).toBe(403);
    expect((await fetch(ownUrl.replace(`/streams/${id}/`, `/streams/${strangersFilm}/`))).status).toBe(403);
    for (const name of ['9.vtt', '3.ass', '3.sup', '3.vtt.exe', '..%2F..%2Fnubo.db', 'sidecar-.vtt', `sidecar-${theirs}.sup`, 'x'.repeat(81)])
      expect((await fetch(`${base}${name}`)).status, name).toBe(name.length > 80 ? 400 : 404);
  });

  it('offers no subtitle file from another folder of the same person, nor one in the trash, and its link stops once it is trashed', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'Film.mkv', film);
    const folder = (await browser.post('/drive/v1/files', { kind: 'drive#folder', name: 'Elsewhere', parent_id: '' })).body.file.id as string;
    const elsewhere = await uploaded(browser, 'Film.srt', srtOf(['From another folder']), folder);
    const beside = await uploaded(browser, 'Film.en.srt', srtOf(['Beside the film']));
    const sidecars = (await subtitlesOf(browser, id)).filter((track) => track.source === 'sidecar');
    expect(sidecars).toMatchObject([{ id: `sidecar-${beside}`, language: 'en' }]);
    const url = sidecars[0]?.url as string;
    expect((await fetch(url.replace(beside, elsewhere))).status).toBe(404);
    expect((await text(url)).body).toContain('Beside the film');
    expect((await browser.post('/drive/v1/files:batchTrash', { ids: [beside] })).status).toBe(200);
    expect((await subtitlesOf(browser, id)).filter((track) => track.source === 'sidecar')).toEqual([]);
    expect((await fetch(url)).status).toBe(404);
  });

  it('answers a 20 MiB “subtitle file” with the named error payload_too_large, not a server error', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'Film.mkv', film);
    await uploaded(browser, 'Film.en.srt', Buffer.alloc(20 * 1024 * 1024, 'a'));
    const [huge] = (await subtitlesOf(browser, id)).filter((track) => track.source === 'sidecar');
    const answer = await fetch(huge?.url as string);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({
      error: 'payload_too_large',
      details: [{ field: 'subtitle', reason: 'subtitle_too_large', limit_bytes: 5 * 1024 * 1024 }],
    });
  });

  it('serves a film’s subtitle asked for twenty times at once, all with the same bytes', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'Film.mkv', film);
    await uploaded(browser, 'Film.zh-CN.srt', encoded(srtOf(['中文字幕']), 'GBK'));
    const tracks = await subtitlesOf(browser, id);
    for (const track of [tracks[1], tracks[2]] as SubtitleTrack[]) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(track.url as string)));
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const bodies = await Promise.all(answers.map((answer) => answer.text()));
      expect(new Set(bodies).size).toBe(1);
    }
  });

  it('offers an MP4’s own subtitles as WebVTT, and lists a DVD’s VobSub track without a link, as no browser renderer draws it', async () => {
    const { browser } = await signUp(server.url);
    const [phone] = await subtitlesOf(browser, await uploaded(browser, 'phone.mp4', phoneClip));
    expect(phone).toMatchObject({ codec: 'mov_text', format: 'vtt', source: 'embedded' });
    expect((await text(phone?.url as string)).body).toContain('A line in an MP4');
    const [vobSub] = await subtitlesOf(browser, await uploaded(browser, 'dvd.mkv', dvd));
    expect(vobSub).toMatchObject({ codec: 'dvd_subtitle', format: 'vobsub', text: false });
    expect(vobSub?.url).toBeUndefined();
    expect(vobSub?.styled_url).toBeUndefined();
  });

  it('offers a PGS track as its pictures (.sup), which libpgs draws in the browser', async () => {
    const { browser } = await signUp(server.url);
    const id = await uploaded(browser, 'Blu-ray.mkv', bluRay);
    const [pgs] = await subtitlesOf(browser, id);
    expect(pgs).toMatchObject({ codec: 'hdmv_pgs_subtitle', language: 'fre', language_tag: 'fr', format: 'pgs', text: false, source: 'embedded' });
    expect(pgs?.url).toMatch(/\/subtitles\/1\.sup$/);
    const answer = await fetch(pgs?.url as string);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PG');
    expect(bytes.length).toBeGreaterThan(80 * 80 * 0.04);
  });
});
