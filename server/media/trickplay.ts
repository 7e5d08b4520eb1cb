// Preview pictures along a film for the player's seek bar ("trickplay"): small frames taken at a
// steady interval, laid out in grids on a few JPEG sheets, and a WebVTT that says which tile of
// which sheet shows each stretch of time (#xywh). ffmpeg makes them once per content, fenced in like
// every run of it (media/tools.ts), and they are kept with the content's streams, so they go with
// them. Only key frames are decoded: a film of two hours takes seconds, not its length.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inputArguments, MediaFailure, type MediaInput, type MediaTools, runMediaProgram } from './tools.ts';

/** The folder of a content's stream folder where its preview sheets are. */
export const TRICKPLAY_FOLDER = 'trickplay';
/** How wide one preview picture is: the seek bar's tooltip, sharp on a high-density screen at half size. */
export const TILE_WIDTH = 160;
/** Tiles per sheet: 10 × 10, so a sheet is a few tens of kilobytes and two hours need eight. */
export const COLUMNS = 10;
export const ROWS = 10;
/** What one run may take: key frames only, so even a long film is quick; a file that stalls ffmpeg is given up on. */
const RUN_LIMITS = { timeoutMs: 10 * 60_000, memoryBytes: 2 * 1024 ** 3, outputBytes: 64 * 1024 };

/** A picture every this many seconds: one a second for a short clip, one every 10 s from ten minutes on. */
export function intervalFor(duration: number): number {
  return Math.min(10, Math.max(1, Math.ceil(duration / 60)));
}

/** What a content's sheets are, kept beside them. */
type Sheets = { interval: number; count: number; tileWidth: number; tileHeight: number; duration: number };

/** What the pictures are taken from: the content (by hash), its length and picture size as the probe read them. */
export type TrickplaySource = { hash: string; duration: number; width: number; height: number; input: () => Promise<MediaInput> };

export function trickplayService({ tools, cacheDir, concurrency }: { tools: MediaTools; cacheDir: string; concurrency: number }) {
  /** Sheets being made, per content: twenty viewers asking at once wait for one run. */
  const making = new Map<string, Promise<Sheets>>();
  let runs = 0;

  const dirOf = (hash: string) => path.join(cacheDir, hash, TRICKPLAY_FOLDER);

  async function made(hash: string): Promise<Sheets | undefined> {
    const file = path.join(dirOf(hash), 'sheets.json');
    if (!existsSync(file)) return undefined;
    return JSON.parse(await readFile(file, 'utf8')) as Sheets;
  }

  async function make(source: TrickplaySource): Promise<Sheets> {
    const interval = intervalFor(source.duration);
    const count = Math.max(1, Math.ceil(source.duration / interval));
    const ratio = source.width > 0 && source.height > 0 ? source.height / source.width : 9 / 16;
    // Even and within reason, whatever the file claims its picture is.
    const tileHeight = Math.min(480, Math.max(2, 2 * Math.round((TILE_WIDTH * ratio) / 2)));
    // Made aside and moved in whole: a half-made folder is never served, and a failed run leaves nothing.
    const aside = path.join(cacheDir, source.hash, `${TRICKPLAY_FOLDER}-${randomUUID()}`);
    await mkdir(aside, { recursive: true });
    try {
      runs++;
      await runMediaProgram(
        tools.ffmpeg,
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-nostdin',
          '-skip_frame',
          'nokey',
          ...inputArguments(await source.input()),
          '-map',
          '0:v:0',
          '-an',
          '-sn',
          '-dn',
          '-vf',
          `fps=1/${interval},scale=${TILE_WIDTH}:${tileHeight},setsar=1,tile=${COLUMNS}x${ROWS}`,
          '-q:v',
          '6',
          '-f',
          'image2',
          'sheet-%d.jpg',
        ],
        { ...RUN_LIMITS, cwd: aside },
      );
      // ffmpeg numbers from 1; the tile filter may give fewer pictures than asked where the file ends early.
      let sheetsMade = 0;
      while (existsSync(path.join(aside, `sheet-${sheetsMade + 1}.jpg`))) sheetsMade++;
      if (sheetsMade === 0) throw new MediaFailure('media_unreadable', 'ffmpeg took no pictures from this file.');
      const sheets: Sheets = { interval, count: Math.min(count, sheetsMade * COLUMNS * ROWS), tileWidth: TILE_WIDTH, tileHeight, duration: source.duration };
      await writeFile(path.join(aside, 'sheets.json'), JSON.stringify(sheets));
      await rename(aside, dirOf(source.hash)).catch(async (failure: NodeJS.ErrnoException) => {
        // Another process of this server made them first: theirs are as good.
        if (failure.code !== 'ENOTEMPTY' && failure.code !== 'EEXIST') throw failure;
        await rm(aside, { recursive: true, force: true });
      });
      return sheets;
    } catch (failure) {
      await rm(aside, { recursive: true, force: true });
      throw failure;
    }
  }

  /** The content's sheets, made now if they are not yet (and waited for if being made). */
  async function ensure(source: TrickplaySource): Promise<Sheets> {
    const found = await made(source.hash);
    if (found) return found;
    const running = making.get(source.hash);
    if (running) return running;
    if (making.size >= concurrency) throw new MediaFailure('encoders_busy', `All ${concurrency} preview makers are busy.`);
    const run = make(source).finally(() => making.delete(source.hash));
    making.set(source.hash, run);
    return run;
  }

  return {
    /** The WebVTT of the content's preview pictures: every stretch of `interval` seconds to the end, each a tile of a sheet named relative to it. */
    async vtt(source: TrickplaySource): Promise<string> {
      const { interval, count, tileWidth, tileHeight, duration } = await ensure(source);
      const lines = ['WEBVTT', ''];
      for (let n = 0; n < count; n++) {
        const start = n * interval;
        const end = n === count - 1 ? Math.max(duration, start + 0.001) : (n + 1) * interval;
        const sheet = Math.floor(n / (COLUMNS * ROWS)) + 1;
        const tile = n % (COLUMNS * ROWS);
        const x = (tile % COLUMNS) * tileWidth;
        const y = Math.floor(tile / COLUMNS) * tileHeight;
        lines.push(`${timestamp(start)} --> ${timestamp(end)}`, `sheet-${sheet}.jpg#xywh=${x},${y},${tileWidth},${tileHeight}`, '');
      }
      return lines.join('\n');
    },

    /** The file of sheet `n` (from 1), made now if need be; segment_not_found past the last. */
    async sheet(source: TrickplaySource, n: number): Promise<string> {
      await ensure(source);
      const file = path.join(dirOf(source.hash), `sheet-${n}.jpg`);
      if (!Number.isSafeInteger(n) || n < 1 || !existsSync(file)) throw new MediaFailure('segment_not_found', `There is no preview sheet ${n}.`);
      return file;
    },

    /** How many times ffmpeg was started to make sheets since this process began. */
    runs: () => runs,
  };
}

export type TrickplayService = ReturnType<typeof trickplayService>;

/** Seconds as a WebVTT time, hh:mm:ss.mmm. */
function timestamp(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)}.${pad(millis % 1000, 3)}`;
}
