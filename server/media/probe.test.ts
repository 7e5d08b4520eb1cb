// ffprobe on files made here by ffmpeg itself, and on files made to fool it: it reads the one file
// it is given, through real containers only, and a file that breaks it ends with a named reason.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPlayback } from '#shared/media/playback.ts';
import { probeMedia } from './probe.ts';
import { findMediaTools, type MediaTools, runMediaProgram } from './tools.ts';

/** Debian's programs, which `npm test` installs as it installs Chromium. */
const tools = findMediaTools({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' }) as MediaTools;

let dir: string;
/** A few seconds of ffmpeg's own test picture and tone, encoded as asked. */
function make(name: string, args: string[]): string {
  const file = path.join(dir, name);
  execFileSync(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
  return file;
}
const picture = ['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'];
const tone = (frequency: number) => ['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=2`];

beforeAll(() => {
  expect(tools, 'ffmpeg and ffprobe at /usr/bin (apt-get install ffmpeg)').toBeDefined();
  dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-media-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('probing media', () => {
  it('reads an H.264/AAC MP4: container, length, picture and sound', async () => {
    const file = make('film.mp4', [...picture, ...tone(440), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest']);
    const probe = await probeMedia(tools, { file }, dir);
    expect(probe.container).toBe('mov,mp4,m4a,3gp,3g2,mj2');
    expect(probe.duration).toBeGreaterThan(1.9);
    expect(probe.duration).toBeLessThan(2.2);
    expect(probe.video).toEqual([expect.objectContaining({ codec: 'h264', pixelFormat: 'yuv420p', width: 320, height: 240, frameRate: 25 })]);
    expect(probe.audio).toEqual([expect.objectContaining({ codec: 'aac', channels: 1 })]);
  });

  it('reads an HEVC + E-AC-3 MKV with two languages of sound, SRT and ASS subtitles and chapters', async () => {
    const srt = path.join(dir, 'en.srt');
    writeFileSync(srt, '1\n00:00:00,500 --> 00:00:01,500\nHello\n');
    const ass = path.join(dir, 'ja.ass');
    writeFileSync(
      ass,
      '[Script Info]\nScriptType: v4.00+\n\n[V4+ Styles]\nFormat: Name, Fontname, Fontsize\nStyle: Default,Arial,20\n\n[Events]\nFormat: Layer, Start, End, Style, Text\nDialogue: 0,0:00:00.50,0:00:01.50,Default,こんにちは\n',
    );
    const chapters = path.join(dir, 'chapters.txt');
    writeFileSync(
      chapters,
      ';FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1000\ntitle=Opening\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=1000\nEND=2000\ntitle=End\n',
    );
    const file = make('series.mkv', [
      ...picture,
      ...tone(440),
      ...tone(660),
      '-i',
      srt,
      '-i',
      ass,
      '-i',
      chapters,
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
      '-map_chapters',
      '5',
      '-c:v',
      'libx265',
      '-x265-params',
      'log-level=error',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'eac3',
      '-c:s:0',
      'srt',
      '-c:s:1',
      'ass',
      '-metadata:s:a:0',
      'language=eng',
      '-metadata:s:a:1',
      'language=jpn',
      '-metadata:s:s:0',
      'language=eng',
      '-metadata:s:s:1',
      'language=jpn',
      '-shortest',
    ]);
    const probe = await probeMedia(tools, { file }, dir);
    expect(probe.container).toBe('matroska,webm');
    expect(probe.video[0]).toMatchObject({ codec: 'hevc', width: 320, height: 240 });
    expect(probe.audio.map((a) => [a.codec, a.language])).toEqual([
      ['eac3', 'eng'],
      ['eac3', 'jpn'],
    ]);
    expect(probe.subtitles.map((s) => [s.codec, s.language, s.text])).toEqual([
      ['subrip', 'eng', true],
      ['ass', 'jpn', true],
    ]);
    expect(probe.chapters.map((c) => c.title)).toEqual(['Opening', 'End']);
    // What Chromium decodes (no HEVC, no E-AC-3): the picture and the sound are re-encoded.
    const chromium = { video: ['h264', 'vp8', 'vp9', 'av1'], audio: ['aac', 'mp3', 'opus', 'vorbis', 'flac'], containers: ['mp4', 'webm'], hls: true };
    expect(planPlayback({ container: probe.container, video: probe.video[0], audio: probe.audio[0] }, chromium)).toMatchObject({ mode: 'transcode' });
  });

  it('tells a cover picture in an audio file from a film', async () => {
    const cover = make('cover.png', ['-f', 'lavfi', '-i', 'testsrc=size=64x64', '-frames:v', '1']);
    const file = make('song.mp3', [...tone(440), '-i', cover, '-map', '0', '-map', '1', '-c:a', 'libmp3lame', '-c:v', 'png', '-disposition:v', 'attached_pic']);
    const probe = await probeMedia(tools, { file }, dir);
    expect(probe.video).toEqual([]);
    expect(probe.audio).toEqual([expect.objectContaining({ codec: 'mp3' })]);
  });

  it('reads the streams of an MKV cut short after its header, and refuses one cut inside it with a named reason', async () => {
    const whole = make('whole.mkv', [...picture, '-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
    const bytes = readFileSync(whole);
    const cutAfterHeader = path.join(dir, 'cut-after-header.mkv');
    writeFileSync(cutAfterHeader, bytes.subarray(0, Math.floor(bytes.length / 3)));
    expect((await probeMedia(tools, { file: cutAfterHeader }, dir)).video[0]).toMatchObject({ codec: 'h264' });
    const cutInHeader = path.join(dir, 'cut-in-header.mkv');
    writeFileSync(cutInHeader, bytes.subarray(0, 60));
    await expect(probeMedia(tools, { file: cutInHeader }, dir)).rejects.toMatchObject({ name: 'MediaFailure', reason: 'media_unreadable' });
    const noise = path.join(dir, 'noise.mkv');
    writeFileSync(noise, Buffer.alloc(64 * 1024, 7));
    await expect(probeMedia(tools, { file: noise }, dir)).rejects.toMatchObject({ name: 'MediaFailure', reason: 'media_unreadable' });
  });

  it('reaches nothing for a playlist or a concatenation dressed as a film: no address is asked, no other file read', async () => {
    let hits = 0;
    const server = http.createServer((_request, response) => {
      hits += 1;
      response.end('#EXTM3U\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const playlist = path.join(dir, 'playlist.mkv');
      writeFileSync(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1:${port}/segment.ts\n#EXT-X-ENDLIST\n`);
      const concat = path.join(dir, 'concat.mp4');
      writeFileSync(concat, `ffconcat version 1.0\nfile '${path.join(dir, 'film.mp4')}'\nfile 'http://127.0.0.1:${port}/x.mp4'\n`);
      const sdp = path.join(dir, 'stream.avi');
      writeFileSync(sdp, `v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=video ${port} RTP/AVP 96\n`);
      for (const file of [playlist, concat, sdp]) await expect(probeMedia(tools, { file }, dir), file).rejects.toMatchObject({ reason: 'media_unreadable' });
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });

  it('kills a program that runs past its time, with a named reason', async () => {
    await expect(runMediaProgram('/bin/sleep', ['30'], { timeoutMs: 300, memoryBytes: 1024 ** 3, outputBytes: 1024, cwd: dir })).rejects.toMatchObject({
      reason: 'media_too_slow',
    });
  });

  it('holds a program to its address-space limit', async () => {
    // ffmpeg cannot even load its libraries in 16 MiB: the limit is on the program, not a wish.
    await expect(
      runMediaProgram(tools.ffprobe, ['-version'], { timeoutMs: 10_000, memoryBytes: 16 * 1024 * 1024, outputBytes: 1024 * 1024, cwd: dir }),
    ).rejects.toMatchObject({
      reason: 'media_unreadable',
    });
    expect(
      (await runMediaProgram(tools.ffprobe, ['-version'], { timeoutMs: 10_000, memoryBytes: 1024 ** 3, outputBytes: 1024 * 1024, cwd: dir })).toString(),
    ).toMatch(/^ffprobe version/);
  });
});
