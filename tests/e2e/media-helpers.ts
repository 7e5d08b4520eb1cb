// What the media browser tests share: films and songs made by ffmpeg from its test sources, and a
// look at the picture a <video> shows.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from '@playwright/test';

/** A file named `name` made by Debian's ffmpeg with `args` (inputs and codecs), in a folder of its own. */
export function ffmpegFixture(name: string, args: readonly string[]): Buffer {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'nubo-e2e-media-')), name);
  execFileSync('/usr/bin/ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, out]);
  return readFileSync(out);
}

/** The mean brightness (0–765) of a 64×36 sample of the frame `video` shows: above 30, a picture is drawn, not a black box. */
export function frameBrightness(video: Locator): Promise<number> {
  return video.evaluate((element: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 36;
    const context = canvas.getContext('2d');
    context?.drawImage(element, 0, 0, 64, 36);
    const pixels = context?.getImageData(0, 0, 64, 36).data ?? new Uint8ClampedArray();
    let sum = 0;
    for (let i = 0; i < pixels.length; i += 4) sum += pixels[i]! + pixels[i + 1]! + pixels[i + 2]!;
    return sum / (pixels.length / 4);
  });
}
