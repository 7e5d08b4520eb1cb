// The seek bar's preview pictures, made by the real ffmpeg from films made here: a WebVTT that
// covers the film from its start to its end with tiles of sheets that exist, made once however
// many ask, and nothing left behind by a file ffmpeg cannot read.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from './probe.ts';
import { findMediaTools, type MediaTools } from './tools.ts';
import { COLUMNS, intervalFor, TILE_WIDTH, TRICKPLAY_FOLDER, trickplayService } from './trickplay.ts';

const tools = findMediaTools({ ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' }) as MediaTools;
let dir: string;
beforeAll(() => {
  expect(tools, 'ffmpeg and ffprobe at /usr/bin (apt-get install ffmpeg)').toBeDefined();
  dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-trickplay-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A film of `seconds` made with ffmpeg's test picture, `size` and `rate` as given, a key frame a second. */
function film(name: string, seconds: number, size: string, rate: number): string {
  const file = path.join(dir, name);
  execFileSync(tools.ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=${rate}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(rate), '-pix_fmt', 'yuv420p', file],
  ]);
  return file;
}

type Cue = { start: number; end: number; sheet: string; x: number; y: number; w: number; h: number };
function cuesOf(vtt: string): Cue[] {
  const seconds = (stamp: string) => {
    const [h, m, s] = stamp.split(':').map(Number);
    return h! * 3600 + m! * 60 + s!;
  };
  return [...vtt.matchAll(/^(\S+) --> (\S+)\n(sheet-\d+\.jpg)#xywh=(\d+),(\d+),(\d+),(\d+)$/gm)].map(([, start, end, sheet, x, y, w, h]) => ({
    start: seconds(start!),
    end: seconds(end!),
    sheet: sheet!,
    x: Number(x),
    y: Number(y),
    w: Number(w),
    h: Number(h),
  }));
}

describe('preview pictures along a film', () => {
  it('covers the film from its start to its end, each stretch a 160 px tile inside a sheet that exists', async () => {
    const file = film('clip.mp4', 7, '320x240', 10);
    const probe = await probeMedia(tools, { file }, dir);
    const cacheDir = path.join(dir, 'cover');
    const trickplay = trickplayService({ tools, cacheDir, concurrency: 2 });
    const source = { hash: 'a'.repeat(64), duration: probe.duration, width: 320, height: 240, input: async () => ({ file }) };
    const vtt = await trickplay.vtt(source);
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    const cues = cuesOf(vtt);
    expect(cues).toHaveLength(Math.ceil(probe.duration / intervalFor(probe.duration)));
    expect(cues[0]!.start).toBe(0);
    expect(cues.at(-1)!.end).toBeCloseTo(probe.duration, 2);
    for (const [n, cue] of cues.slice(1).entries()) expect(cue.start).toBe(cues[n]!.end);
    for (const cue of cues) expect(cue).toMatchObject({ w: TILE_WIDTH, h: 120 });
    // The sheet is a real JPEG whose grid holds every tile named.
    const sheet = await trickplay.sheet(source, 1);
    const [width, height] = execFileSync(tools.ffprobe, ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', sheet], { encoding: 'utf8' })
      .trim()
      .split(',')
      .map(Number);
    expect(width).toBe(COLUMNS * TILE_WIDTH);
    for (const cue of cues) expect(cue.y + cue.h).toBeLessThanOrEqual(height!);
    await expect(trickplay.sheet(source, 2)).rejects.toMatchObject({ reason: 'segment_not_found' });
    await expect(trickplay.sheet(source, 0)).rejects.toMatchObject({ reason: 'segment_not_found' });
  });

  it('makes the sheets once: twenty asks at once and another later start ffmpeg once and get the same pictures', async () => {
    const file = film('twenty.mp4', 4, '160x90', 10);
    const trickplay = trickplayService({ tools, cacheDir: path.join(dir, 'twenty'), concurrency: 1 });
    const source = { hash: 'b'.repeat(64), duration: 4, width: 160, height: 90, input: async () => ({ file }) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => trickplay.vtt(source)));
    expect(new Set(answers).size).toBe(1);
    expect(await trickplay.vtt(source)).toBe(answers[0]);
    expect(await trickplay.sheet(source, 1)).toContain(path.join('b'.repeat(64), TRICKPLAY_FOLDER));
    expect(trickplay.runs()).toBe(1);
    // Another process of the server finds them made: it starts no ffmpeg either.
    const later = trickplayService({ tools, cacheDir: path.join(dir, 'twenty'), concurrency: 1 });
    expect(await later.vtt(source)).toBe(answers[0]);
    expect(later.runs()).toBe(0);
  });

  it('runs on to a second sheet once a film has more pictures than a sheet holds', async () => {
    // Twenty minutes of a tiny picture at one frame a second: small to make, 120 pictures at one per 10 s.
    const file = film('long.mp4', 1200, '64x36', 1);
    const trickplay = trickplayService({ tools, cacheDir: path.join(dir, 'long'), concurrency: 1 });
    const source = { hash: 'c'.repeat(64), duration: 1200, width: 64, height: 36, input: async () => ({ file }) };
    const cues = cuesOf(await trickplay.vtt(source));
    expect(cues).toHaveLength(120);
    expect(new Set(cues.map((cue) => cue.sheet))).toEqual(new Set(['sheet-1.jpg', 'sheet-2.jpg']));
    expect(cues[100]).toMatchObject({ sheet: 'sheet-2.jpg', x: 0, y: 0, start: 1000 });
    expect(existsSync(await trickplay.sheet(source, 2))).toBe(true);
  });

  it('fails on a file ffmpeg cannot read with media_unreadable and leaves nothing behind', async () => {
    const file = path.join(dir, 'not-a-film.mp4');
    writeFileSync(file, Buffer.alloc(4096, 7));
    const cacheDir = path.join(dir, 'broken');
    const trickplay = trickplayService({ tools, cacheDir, concurrency: 1 });
    const source = { hash: 'd'.repeat(64), duration: 10, width: 320, height: 240, input: async () => ({ file }) };
    await expect(trickplay.vtt(source)).rejects.toMatchObject({ reason: 'media_unreadable' });
    expect(readdirSync(path.join(cacheDir, 'd'.repeat(64)))).toEqual([]);
  });

  it('refuses a second film while every maker is busy, with encoders_busy', async () => {
    const file = film('busy.mp4', 3, '160x90', 10);
    const trickplay = trickplayService({ tools, cacheDir: path.join(dir, 'busy'), concurrency: 1 });
    const first = trickplay.vtt({ hash: 'e'.repeat(64), duration: 3, width: 160, height: 90, input: async () => ({ file }) });
    await expect(trickplay.vtt({ hash: 'f'.repeat(64), duration: 3, width: 160, height: 90, input: async () => ({ file }) })).rejects.toMatchObject({
      reason: 'encoders_busy',
    });
    await first;
  });
});
