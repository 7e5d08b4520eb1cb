// HLS made by ffmpeg on demand, from files made here by ffmpeg itself: what the player asks for is
// made, decodes, and is kept for the next viewer; a seek far ahead starts anew there; encoders are
// bounded; a viewer who leaves stops theirs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { probeMedia } from './probe.ts';
import { SEGMENT_SECONDS, type StreamingService, type StreamSource, streamingService } from './streaming.ts';
import { findMediaTools, type MediaTools } from './tools.ts';

const tools = findMediaTools({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' }) as MediaTools;
let dir: string;
let films: { hevc: string; h264: string; long: string };
let service: StreamingService | undefined;

function make(name: string, args: string[]): string {
  const file = path.join(dir, name);
  execFileSync(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
  return file;
}

beforeAll(() => {
  expect(tools, 'ffmpeg and ffprobe at /usr/bin (apt-get install ffmpeg)').toBeDefined();
  dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-streaming-'));
  const sources = ['-f', 'lavfi', '-i', 'testsrc=duration=20:size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=duration=20'];
  films = {
    // Two minutes, small: long enough that a seek to 80 % lands far past what is made.
    long: make('long.mkv', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=120:size=320x180:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=120',
      '-c:v',
      'libx265',
      '-x265-params',
      'log-level=error',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'eac3',
      '-shortest',
    ]),
    // What Chromium plays neither picture nor sound of.
    hevc: make('film.mkv', [...sources, '-c:v', 'libx265', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p', '-c:a', 'eac3', '-shortest']),
    // Picture it plays, sound it does not, keyframes every 2 s.
    h264: make('episode.mkv', [...sources, '-c:v', 'libx264', '-g', '50', '-pix_fmt', 'yuv420p', '-c:a', 'eac3', '-shortest']),
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await service?.close();
  service = undefined;
});

const start = (options: { concurrency?: number; idleMs?: number; cacheBytes?: number } = {}) => {
  service = streamingService({
    tools,
    cacheDir: mkdtempSync(path.join(dir, 'cache-')),
    concurrency: options.concurrency ?? 2,
    ...(options.idleMs ? { idleMs: options.idleMs } : {}),
    ...(options.cacheBytes ? { cacheBytes: options.cacheBytes } : {}),
  });
  return service;
};
const source = (file: string, hash: string, profile: StreamSource['profile']): StreamSource => ({ hash, profile, duration: 20, input: async () => ({ file }) });

/** What ffprobe reads of an init segment followed by media segments, as a player joins them. */
async function joined(files: string[]) {
  const whole = path.join(dir, `joined-${Math.random().toString(36).slice(2)}.mp4`);
  writeFileSync(whole, Buffer.concat(files.map((file) => readFileSync(file))));
  return probeMedia(tools, { file: whole }, dir);
}

describe('streaming what a browser cannot play as it is', () => {
  it('re-encodes HEVC and E-AC-3 to H.264 720p and AAC in segments the playlist names before they exist', async () => {
    const streams = start();
    const film = source(films.hevc, 'a'.repeat(64), 'h264-720');
    const playlist = streams.fixedPlaylist(20, { init: 'init.mp4', segment: (n) => `${n}.m4s` });
    expect(playlist.match(/#EXTINF:4\.000,/g)).toHaveLength(20 / SEGMENT_SECONDS);
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const first = await streams.segment(film, 0);
    const init = await streams.init(film);
    const probe = await joined([init, first]);
    expect(probe.video[0]).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', height: 360 });
    expect(probe.audio[0]).toMatchObject({ codec: 'aac', channels: 2 });
    expect(probe.duration).toBeGreaterThan(3.5);
    expect(probe.duration).toBeLessThan(4.5);
  });

  it('starts a new encode where a seek far ahead lands, and stops the one before', async () => {
    const streams = start();
    const film = { ...source(films.long, 'b'.repeat(64), 'h264-480'), duration: 120 };
    const first = await streams.segment(film, 0);
    // A seek to 80 %: segment 24 of 30, made by an encode started there, not by running through 1–23.
    const later = await streams.segment(film, 24);
    expect(streams.running()).toBe(1);
    expect(existsSync(path.join(path.dirname(first), 'seg-20.m4s'))).toBe(false);
    expect(existsSync(path.join(path.dirname(first), 'seg-23.m4s'))).toBe(false);
    const whole = path.join(dir, 'seek.mp4');
    writeFileSync(whole, Buffer.concat([readFileSync(await streams.init(film)), readFileSync(later)]));
    // Its pictures carry their place in the film: a player puts them at 96 s.
    const startTime = Number(execFileSync(tools.ffprobe, ['-v', 'error', '-show_entries', 'format=start_time', '-of', 'csv=p=0', whole]).toString());
    expect(startTime).toBeGreaterThan(95.9);
    expect(startTime).toBeLessThan(96.1);
  });

  it('repackages H.264 as it is and re-encodes only the E-AC-3 sound, once through the file, with a playlist that grows to its end', async () => {
    const streams = start();
    const episode = source(films.h264, 'c'.repeat(64), 'remux-aac');
    const address = { init: 'init.mp4', segment: (n: number) => `${n}.m4s` };
    let playlist = await streams.growingPlaylist(episode, address);
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    const last = await streams.segment(episode, 4);
    playlist = await streams.growingPlaylist(episode, address);
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(playlist).toMatch(/^0\.m4s$/m);
    const probe = await joined([await streams.init(episode), last]);
    // The picture kept as it was (640×360 H.264), the sound now AAC.
    expect(probe.video[0]).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    expect(probe.audio[0]).toMatchObject({ codec: 'aac' });
  });

  it('gives the second viewer what the first one made, without encoding again', async () => {
    const streams = start({ idleMs: 300 });
    const film = source(films.hevc, 'd'.repeat(64), 'h264-720');
    const made = await streams.segment(film, 1);
    const before = readFileSync(made);
    await vi.waitFor(() => expect(streams.running()).toBe(0), { timeout: 20_000 });
    expect(readFileSync(await streams.segment(film, 1)).equals(before)).toBe(true);
    expect(streams.running()).toBe(0);
  });

  it('stops the encode of a viewer who asks for nothing more', async () => {
    // A viewer leaving is told by silence; a short wait here stands for the 30 s the server waits.
    const streams = start({ idleMs: 300 });
    const first = await streams.segment({ ...source(films.long, 'e'.repeat(64), 'h264-1080'), duration: 120 }, 0);
    await vi.waitFor(() => expect(streams.running()).toBe(0), { timeout: 20_000 });
    // Stopped, not finished: the film's end was never made.
    expect(existsSync(path.join(path.dirname(first), 'seg-29.m4s'))).toBe(false);
  });

  it('runs at most as many encodes as it may, and says so to the next viewer', async () => {
    const streams = start({ concurrency: 1 });
    await streams.segment(source(films.hevc, 'f'.repeat(64), 'h264-720'), 0);
    await expect(streams.segment(source(films.h264, '0'.repeat(64), 'h264-720'), 0)).rejects.toMatchObject({ reason: 'encoders_busy' });
  });

  it('gives one share’s visitors half the encoders at most, leaving the rest to the drive’s own people and other shares', async () => {
    const streams = start({ concurrency: 4 });
    const shared = (file: string, hash: string, share: string | undefined) => ({ ...source(file, hash, 'h264-480'), share });
    // Two-minute films: their encodes are still running when the third is asked for.
    await streams.segment(shared(films.long, '1'.repeat(64), 'viral'), 0);
    await streams.segment(shared(films.long, '2'.repeat(64), 'viral'), 0);
    await expect(streams.segment(shared(films.long, '3'.repeat(64), 'viral'), 0)).rejects.toMatchObject({ reason: 'encoders_busy' });
    // Another share, and the owner's own viewing, still get one.
    await streams.segment(shared(films.long, '4'.repeat(64), 'quiet'), 0);
    await expect(streams.segment(shared(films.hevc, '5'.repeat(64), undefined), 0)).resolves.toMatch(/seg-0\.m4s$/);
  });

  it('keeps its streams within their room, the least lately asked for going first', async () => {
    const whole = async (streams: StreamingService, hash: string) => {
      const film = source(films.hevc, hash, 'h264-480');
      for (let n = 0; n < 20 / SEGMENT_SECONDS; n++) await streams.segment(film, n);
      return streams.segment(film, 0);
    };
    // What one whole stream of this film takes, measured; then a room for two and a half.
    const measuring = start();
    await whole(measuring, '5'.repeat(64));
    await measuring.close();
    const one = await measuring.cachedBytes();
    const streams = start({ cacheBytes: Math.floor(one * 2.5), concurrency: 4 });
    const first = await whole(streams, '2'.repeat(64));
    const second = await whole(streams, '3'.repeat(64));
    await whole(streams, '2'.repeat(64));
    await whole(streams, '4'.repeat(64));
    await streams.close();
    await streams.trim();
    expect(existsSync(second)).toBe(false);
    expect(existsSync(first)).toBe(true);
    expect(await streams.cachedBytes()).toBeLessThanOrEqual(one * 2.5);
  });

  it('ends a file ffmpeg cannot read with a named reason, never a wait without end', async () => {
    const streams = start();
    const noise = path.join(dir, 'noise.mkv');
    writeFileSync(noise, Buffer.alloc(256 * 1024, 9));
    await expect(streams.segment(source(noise, '1'.repeat(64), 'h264-720'), 0)).rejects.toMatchObject({ reason: 'media_unreadable' });
    await expect(streams.segment(source(noise, '1'.repeat(64), 'h264-720'), 99)).rejects.toMatchObject({ reason: 'segment_not_found' });
  });
});
