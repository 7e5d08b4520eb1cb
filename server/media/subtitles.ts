// Subtitles a player can show: the tracks inside a film, taken out by ffmpeg in one run through
// the file (every track at once, text as WebVTT, ASS also as it is for styled drawing, PGS as its
// pictures), and subtitle files saved beside the film (Film.srt, Film.en.ass, Film.zh-CN.vtt),
// read in whatever encoding they were written in and turned into UTF-8 WebVTT. What is made is
// kept per content beside its streams (and counted with them), so choosing a track shows it at once
// and a second viewer costs nothing.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import chardet from 'chardet';
import type { SubtitleStream } from './probe.ts';
import { inputArguments, MediaFailure, type MediaInput, type MediaTools, runMediaProgram } from './tools.ts';

/** The folder under a content's streams where the subtitles taken out of it as a film are kept. */
export const SUBTITLES_FOLDER = 'subtitles';
/**
 * The folder where the same content read as a subtitle file is kept: apart, so that anyone holding
 * a film's bytes cannot, by saving them as `Film.srt`, stand in for that film's own subtitles.
 */
const SIDECAR_FOLDER = 'subtitle-file';

/** A subtitle file beside a film larger than this is no subtitle file (a whole film's text is some hundred KiB). */
export const SIDECAR_MAX_BYTES = 5 * 1024 * 1024;

/** The extensions of subtitle files offered beside a film, and the ffmpeg demuxer that reads each. */
export const SIDECAR_DEMUXERS: Readonly<Record<string, string>> = { srt: 'srt', ass: 'ass', ssa: 'ass', vtt: 'webvtt' };

/** How a track is drawn: WebVTT by the browser, ASS by JASSUB, PGS by libpgs, VobSub by nothing in a browser. */
export type SubtitleFormat = 'vtt' | 'ass' | 'pgs' | 'vobsub';

/** The format of an embedded track by its codec; undefined for a kind no browser renderer draws (DVB, teletext). */
export function subtitleFormatOf(codec: string): SubtitleFormat | undefined {
  if (codec === 'ass' || codec === 'ssa') return 'ass';
  if (codec === 'subrip' || codec === 'srt' || codec === 'mov_text' || codec === 'webvtt' || codec === 'text') return 'vtt';
  if (codec === 'hdmv_pgs_subtitle') return 'pgs';
  if (codec === 'dvd_subtitle') return 'vobsub';
  return undefined;
}

/**
 * The language tag in a subtitle file's name beside `filmName`, or undefined when the file is not
 * that film's: `Film.srt` → '', `Film.en.ass` → 'en', `Film.zh-CN.vtt` → 'zh-CN'; `Filmography.srt`
 * and `Film.final cut.srt` are not. Names are compared without regard to case, as people type them.
 */
export function sidecarLanguage(filmName: string, subtitleName: string): string | undefined {
  const dot = filmName.lastIndexOf('.');
  const stem = (dot > 0 ? filmName.slice(0, dot) : filmName).toLowerCase();
  const lower = subtitleName.toLowerCase();
  const extension = lower.slice(lower.lastIndexOf('.') + 1);
  if (!Object.hasOwn(SIDECAR_DEMUXERS, extension) || !lower.startsWith(stem)) return undefined;
  const middle = subtitleName.slice(stem.length, subtitleName.length - extension.length - 1);
  if (middle === '') return '';
  return /^\.[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/.test(middle) ? middle.slice(1) : undefined;
}

/**
 * Text in the encoding it was written in, as a string: UTF-8 (with or without its mark) when the
 * bytes are valid UTF-8, else what chardet reads them as (GBK, Big5, Shift-JIS, EUC-KR,
 * Windows-1251/1252, UTF-16…), decoded by the ICU inside Node; Windows-1252 when nothing fits.
 */
export function decodeSubtitleText(bytes: Uint8Array): { text: string; encoding: string } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    // Not UTF-8: the bytes say what they are only statistically.
  }
  const detected = chardet.detect(bytes);
  if (detected) {
    try {
      return { text: new TextDecoder(detected).decode(bytes), encoding: detected };
    } catch {
      // An encoding chardet names but ICU does not know falls to the last guess.
    }
  }
  return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
}

/** A file of the kept subtitles: `<stream index>.vtt|.ass|.sup` of a film, `sidecar.vtt|.ass` of a subtitle file (kept apart). */
export type SubtitleFile = `${number}.${'vtt' | 'ass' | 'sup'}` | `sidecar.${'vtt' | 'ass'}`;

/** Taking every subtitle track out of a film reads the whole file once: minutes at most, even over a network. */
const EXTRACT_LIMITS = { timeoutMs: 15 * 60_000, memoryBytes: 2 * 1024 ** 3, outputBytes: 64 * 1024 };
/** Converting one subtitle file: a second. */
const CONVERT_LIMITS = { timeoutMs: 60_000, memoryBytes: 1024 ** 3, outputBytes: 4 * SIDECAR_MAX_BYTES };

/** How long a failed run is remembered: a broken file is not read through again at every request. */
const FAILURE_MEMORY_MS = 10 * 60_000;

/** What one run of ffmpeg writes for a film's subtitle tracks: each file's name and how it is made. */
export function extractionOutputs(tracks: readonly SubtitleStream[]): string[] {
  const outputs: string[] = [];
  for (const track of tracks) {
    const format = subtitleFormatOf(track.codec);
    const map = ['-map', `0:${track.index}`];
    if (format === 'vtt' || format === 'ass') outputs.push(...map, '-c:s', 'webvtt', '-f', 'webvtt', `${track.index}.vtt`);
    if (format === 'ass') outputs.push(...map, '-c:s', 'copy', '-f', 'ass', `${track.index}.ass`);
    if (format === 'pgs') outputs.push(...map, '-c:s', 'copy', '-f', 'sup', `${track.index}.sup`);
  }
  return outputs;
}

/**
 * Kept subtitles under `cacheDir` (the streams' folder): `<hash>/subtitles/<file>`. Each content's
 * are made once however many ask at the same moment; a folder appears under its name only whole.
 */
export function subtitleKeeper({ tools, cacheDir, concurrency = 2 }: { tools: MediaTools; cacheDir: string; concurrency?: number }) {
  const making = new Map<string, Promise<void>>();
  /** Contents whose run failed lately, and why: asking again soon gets the same answer, not another run through the file. */
  const failed = new Map<string, { until: number; failure: unknown }>();
  // At most `concurrency` runs of ffmpeg at once: many films opened together wait their turn.
  let running = 0;
  const waiting: Array<() => void> = [];
  const turn = async () => {
    while (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    return () => {
      running--;
      waiting.shift()?.();
    };
  };

  const folderOf = (hash: string, kind: string) => {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`not a content hash: ${hash.slice(0, 80)}`);
    return path.join(cacheDir, hash, kind);
  };

  /** Makes `hash`'s folder of `kind` with `fill` once: concurrent askers wait for the same run. */
  function once(hash: string, kind: string, fill: (dir: string) => Promise<void>): Promise<void> {
    const folder = folderOf(hash, kind);
    if (existsSync(folder)) return Promise.resolve();
    const lately = failed.get(folder);
    if (lately && lately.until > Date.now()) return Promise.reject(lately.failure);
    failed.delete(folder);
    let run = making.get(folder);
    if (!run) {
      run = (async () => {
        const done = await turn();
        const temporary = `${folder}.making-${randomBytes(6).toString('hex')}`;
        try {
          await mkdir(temporary, { recursive: true });
          await fill(temporary);
          await rename(temporary, folder).catch((failure: NodeJS.ErrnoException) => {
            // Another server process made it first: theirs is as good.
            if (!existsSync(folder)) throw failure;
          });
        } finally {
          done();
          await rm(temporary, { recursive: true, force: true });
        }
      })()
        .catch((failure: unknown) => {
          failed.set(folder, { until: Date.now() + FAILURE_MEMORY_MS, failure });
          throw failure;
        })
        .finally(() => making.delete(folder));
      making.set(folder, run);
    }
    return run;
  }

  return {
    /** The file `name` of the content `hash`'s subtitles, or undefined when none was made by that name. */
    fileOf(hash: string, name: SubtitleFile): string | undefined {
      const file = path.join(folderOf(hash, name.startsWith('sidecar.') ? SIDECAR_FOLDER : SUBTITLES_FOLDER), name);
      return existsSync(file) ? file : undefined;
    },

    /** Takes every text and PGS track of a film out in one run of ffmpeg (nothing when it has none, or already did). */
    extract(hash: string, tracks: readonly SubtitleStream[], input: () => Promise<MediaInput>): Promise<void> {
      return once(hash, SUBTITLES_FOLDER, async (dir) => {
        const outputs = extractionOutputs(tracks);
        if (outputs.length === 0) return;
        const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', ...inputArguments(await input()), ...outputs];
        await runMediaProgram(tools.ffmpeg, args, { ...EXTRACT_LIMITS, cwd: dir });
      });
    },

    /**
     * Turns a subtitle file's bytes (`extension`: srt, ass, ssa or vtt) into UTF-8 WebVTT, and an
     * ASS file also into UTF-8 ASS as it was, kept under the subtitle file's own content hash.
     */
    convert(hash: string, extension: string, bytes: () => Promise<Buffer>): Promise<void> {
      const demuxer = SIDECAR_DEMUXERS[extension];
      if (!demuxer) throw new Error(`not a subtitle file: .${extension}`);
      return once(hash, SIDECAR_FOLDER, async (dir) => {
        const { text } = decodeSubtitleText(await bytes());
        const work = await mkdtemp(path.join(os.tmpdir(), 'nubo-subtitle-'));
        try {
          const source = path.join(work, `source.${extension}`);
          await writeFile(source, text.startsWith('\uFEFF') ? text.slice(1) : text, 'utf8');
          const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', demuxer, ...inputArguments({ file: source })];
          const vtt = await runMediaProgram(tools.ffmpeg, [...args, '-map', '0:s:0', '-c:s', 'webvtt', '-f', 'webvtt', 'pipe:1'], {
            ...CONVERT_LIMITS,
            cwd: work,
          });
          await writeFile(path.join(dir, 'sidecar.vtt'), vtt);
          if (demuxer === 'ass') await writeFile(path.join(dir, 'sidecar.ass'), text);
        } catch (failure) {
          if (failure instanceof MediaFailure) throw new MediaFailure('media_unreadable', `This subtitle file cannot be read: ${failure.message}`);
          throw failure;
        } finally {
          await rm(work, { recursive: true, force: true });
        }
      });
    },

    /** How many contents' subtitles are being made or wait their turn. */
    making: () => making.size,
    /** How many runs of ffmpeg are under way now. */
    running: () => running,
  };
}

export type SubtitleKeeper = ReturnType<typeof subtitleKeeper>;

/** ISO 639-2 codes, as films name their tracks, of languages people most often have subtitles in, and their BCP 47 tag. */
const TWO_LETTER: Readonly<Record<string, string>> = {
  eng: 'en',
  chi: 'zh',
  zho: 'zh',
  jpn: 'ja',
  kor: 'ko',
  spa: 'es',
  por: 'pt',
  rus: 'ru',
  ukr: 'uk',
  ind: 'id',
  msa: 'ms',
  may: 'ms',
  fre: 'fr',
  fra: 'fr',
  ger: 'de',
  deu: 'de',
  ita: 'it',
  dut: 'nl',
  nld: 'nl',
  pol: 'pl',
  tur: 'tr',
  ara: 'ar',
  heb: 'he',
  hin: 'hi',
  tha: 'th',
  vie: 'vi',
  swe: 'sv',
  nor: 'no',
  dan: 'da',
  fin: 'fi',
  gre: 'el',
  ell: 'el',
  cze: 'cs',
  ces: 'cs',
  hun: 'hu',
  rum: 'ro',
  ron: 'ro',
};

/** A track's language as a BCP 47 tag (what a <track srclang> and a remembered choice compare): 'eng' → 'en', 'zh-CN' stays; '' when unknown ('und'). */
export function subtitleLanguageTag(language: string): string {
  const lower = language.trim().toLowerCase();
  if (lower === '' || lower === 'und') return '';
  if (TWO_LETTER[lower]) return TWO_LETTER[lower];
  try {
    return Intl.getCanonicalLocales(language.trim())[0] ?? '';
  } catch {
    return '';
  }
}
