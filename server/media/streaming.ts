// Video and audio a browser cannot play as they are, made into HLS with fMP4 segments by ffmpeg,
// on demand, segment by segment, and kept on disk per content and profile so the next viewer
// costs no encoding.
//
// A re-encode (transcode) has segments of exactly SEGMENT_SECONDS (a keyframe is forced at each
// boundary), so its playlist is known before anything is encoded, and a seek to a segment not made
// yet starts a new ffmpeg there (the old one stops). A repackaging (remux) keeps the picture as it
// is, so segments end at the file's own keyframes: it runs once through the file, which takes
// seconds, not the film's length, and its playlist grows as it goes (an HLS EVENT playlist).
// At most `concurrency` ffmpegs run at once; one nobody asked anything of for IDLE_MS stops.

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { inputArguments, MediaFailure, type MediaInput, type MediaTools } from './tools.ts';

/** The folder of the blob store's derived files where streams are kept, per content hash. */
export const STREAMS_FOLDER = '.streams';

/** Removes what is kept of a content's streams (its last file is gone). */
export async function dropStreams(derivedDir: string, hash: string): Promise<void> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return;
  await rm(path.join(derivedDir, STREAMS_FOLDER, hash), { recursive: true, force: true });
}

/** Seconds of media in a re-encoded segment: short enough to start fast, long enough to encode well. */
export const SEGMENT_SECONDS = 4;
/** A viewer who left: their ffmpeg stops this long after the last segment they asked for. */
export const IDLE_MS = 30_000;
/** A segment not made within this long (a file that stalls ffmpeg) is given up on. */
const SEGMENT_WAIT_MS = 60_000;
/** A seek at most this many segments past what is being made waits for it instead of starting anew. */
const AHEAD_TO_WAIT = 3;

export type StreamProfile = 'remux' | 'remux-aac' | 'h264-480' | 'h264-720' | 'h264-1080' | 'audio-aac';
const HEIGHTS: Partial<Record<StreamProfile, number>> = { 'h264-480': 480, 'h264-720': 720, 'h264-1080': 1080 };

/** Whether a profile's segments are cut at fixed times (re-encoded picture, or no picture at all). */
const fixedSegments = (profile: StreamProfile) => profile !== 'remux' && profile !== 'remux-aac';

/** What is streamed: the content (by hash), how, and what the probe said of its length. */
export type StreamSource = {
  hash: string;
  profile: StreamProfile;
  duration: number;
  input: () => Promise<MediaInput>;
  audioIndex?: number | undefined;
  /** The share whose visitors ask for it, when they do: a share's visitors together have encodesPerShare encoders at most. */
  share?: string | undefined;
};

type Job = {
  key: string;
  child: ChildProcess;
  start: number;
  share: string | undefined;
  exited: boolean;
  failure: string | undefined;
  lastAsked: number;
  ended: Promise<void>;
};

export function streamingService({
  tools,
  cacheDir,
  concurrency,
  encodesPerShare = Math.max(1, Math.floor(concurrency / 2)),
  cacheBytes = Number.POSITIVE_INFINITY,
  idleMs = IDLE_MS,
}: {
  tools: MediaTools;
  cacheDir: string;
  concurrency: number;
  /**
   * Encoders one share's visitors may hold together (half of them by default, at least one): a
   * link passed around widely cannot take every encoder from the drive's own people.
   */
  encodesPerShare?: number;
  /** What streams may take on disk together; past it the least lately asked for go (TRANSCODE_CACHE_SIZE). */
  cacheBytes?: number;
  idleMs?: number;
}) {
  const jobs = new Map<string, Job>();
  /**
   * The order in which streams were last asked for, by this process (a count, not a time: two asks
   * within a millisecond keep their order). Streams not asked for since the process started are
   * older than all of these, in the order of their files' times.
   */
  const asked = new Map<string, number>();
  let asks = 0;
  const noteAsked = (key: string) => asked.set(key, ++asks);
  let trimming: Promise<void> | undefined;
  const idleTimer = setInterval(
    () => {
      const now = Date.now();
      for (const job of jobs.values()) if (now - job.lastAsked > idleMs) stopJob(job);
    },
    Math.min(1000, idleMs / 2),
  );
  idleTimer.unref();

  const keyOf = (source: Pick<StreamSource, 'hash' | 'profile' | 'audioIndex'>) =>
    `${source.hash}/${source.profile}${source.audioIndex === undefined ? '' : `-a${source.audioIndex}`}`;
  const dirOf = (key: string) => path.join(cacheDir, key);
  const segmentFile = (key: string, n: number) => path.join(dirOf(key), `seg-${n}.m4s`);
  const segmentCount = (duration: number) => Math.max(1, Math.ceil(duration / SEGMENT_SECONDS));

  /** Keeps the streams within cacheBytes: the least lately asked for go first, never one being made. */
  async function trim() {
    const streams: Array<{ key: string; bytes: number; at: number }> = [];
    for (const hash of await readdir(cacheDir).catch(() => [] as string[])) {
      for (const profile of await readdir(path.join(cacheDir, hash)).catch(() => [] as string[])) {
        const key = `${hash}/${profile}`;
        const dir = dirOf(key);
        let bytes = 0;
        let at = 0;
        for (const name of await readdir(dir).catch(() => [] as string[])) {
          const found = await stat(path.join(dir, name)).catch(() => undefined);
          bytes += found?.size ?? 0;
          at = Math.max(at, found?.mtimeMs ?? 0);
        }
        streams.push({ key, bytes, at: asked.has(key) ? 1e15 + (asked.get(key) ?? 0) : at });
      }
    }
    let total = streams.reduce((sum, stream) => sum + stream.bytes, 0);
    for (const stream of streams.sort((a, b) => a.at - b.at)) {
      if (total <= cacheBytes) break;
      if (jobs.has(stream.key)) continue;
      await rm(dirOf(stream.key), { recursive: true, force: true });
      asked.delete(stream.key);
      total -= stream.bytes;
    }
  }

  function trimSoon() {
    if (Number.isFinite(cacheBytes)) trimming ??= trim().finally(() => (trimming = undefined));
  }

  function stopJob(job: Job) {
    if (!job.exited) job.child.kill('SIGKILL');
    jobs.delete(job.key);
  }

  function ffmpegArguments(source: StreamSource, input: MediaInput, startSegment: number): string[] {
    const start = startSegment * SEGMENT_SECONDS;
    const audio = source.audioIndex === undefined ? ['-map', '0:a:0?'] : ['-map', `0:${source.audioIndex}`];
    const seek = start > 0 ? ['-ss', String(start)] : [];
    const shift = start > 0 ? ['-output_ts_offset', String(start)] : [];
    const aac = ['-c:a', 'aac', '-ac', '2', '-b:a', '160k'];
    let streams: string[];
    if (source.profile === 'audio-aac') streams = ['-map', '0:a:0', '-vn', ...aac];
    else if (source.profile === 'remux') streams = ['-map', '0:v:0', ...audio, '-c:v', 'copy', '-c:a', 'copy'];
    else if (source.profile === 'remux-aac') streams = ['-map', '0:v:0', ...audio, '-c:v', 'copy', ...aac];
    else {
      const height = HEIGHTS[source.profile] ?? 720;
      streams = [
        '-map',
        '0:v:0',
        ...audio,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-vf',
        `scale=-2:'min(${height},ih)'`,
        // A keyframe at every segment's start: segments are exactly as long as the playlist says.
        '-force_key_frames',
        `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
        '-sc_threshold',
        '0',
        ...aac,
      ];
    }
    return [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      ...seek,
      ...inputArguments(input),
      ...streams,
      ...shift,
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_segment_type',
      'fmp4',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-start_number',
      String(startSegment),
      '-hls_segment_filename',
      'seg-%d.m4s',
      '-hls_playlist_type',
      'event',
      // A segment appears under its name only once whole.
      '-hls_flags',
      'independent_segments+temp_file',
      'made.m3u8',
    ];
  }

  async function startJob(source: StreamSource, startSegment: number): Promise<Job> {
    const key = keyOf(source);
    const running = jobs.get(key);
    if (running) stopJob(running);
    if (jobs.size >= concurrency) throw new MediaFailure('encoders_busy', `All ${concurrency} encoders are busy.`);
    if (source.share && [...jobs.values()].filter((job) => job.share === source.share).length >= encodesPerShare)
      throw new MediaFailure('encoders_busy', `This share's visitors already hold ${encodesPerShare} encoders.`);
    const dir = dirOf(key);
    await mkdir(dir, { recursive: true });
    const input = await source.input();
    const child = spawn('prlimit', [`--as=${4 * 1024 ** 3}`, '--', tools.ffmpeg, ...ffmpegArguments(source, input, startSegment)], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    let complaint = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      complaint = (complaint + chunk.toString('utf8')).slice(-1000);
    });
    const job: Job = {
      key,
      child,
      start: startSegment,
      share: source.share,
      exited: false,
      failure: undefined,
      lastAsked: Date.now(),
      ended: Promise.resolve(),
    };
    job.ended = new Promise((resolve) => {
      child.on('error', (failure) => {
        job.exited = true;
        if (jobs.get(key) === job) jobs.delete(key);
        job.failure = failure.message;
        resolve();
      });
      child.on('close', (code, signal) => {
        job.exited = true;
        // An encode that ended holds no encoder: those waiting on it hold the job itself.
        if (jobs.get(key) === job) jobs.delete(key);
        trimSoon();
        if (code !== 0 && signal !== 'SIGKILL') job.failure = complaint.trim().split('\n').at(-1) || `ffmpeg ended with ${signal ?? code}`;
        resolve();
      });
    });
    jobs.set(key, job);
    noteAsked(key);
    return job;
  }

  /** The segment being made now by `job`: the one after the last whole one. */
  async function madeUpTo(job: Job): Promise<number> {
    let last = job.start - 1;
    for (const name of await readdir(dirOf(job.key)).catch(() => [] as string[])) {
      const n = /^seg-(\d+)\.m4s$/.exec(name)?.[1];
      if (n !== undefined && Number(n) >= job.start) last = Math.max(last, Number(n));
    }
    return last + 1;
  }

  /** Waits until `file` is whole, or the job ends without it. */
  async function waitFor(file: string, job: Job): Promise<void> {
    const until = Date.now() + SEGMENT_WAIT_MS;
    while (!existsSync(file)) {
      if (job.exited) {
        if (existsSync(file)) return;
        throw new MediaFailure(job.failure ? 'media_unreadable' : 'segment_not_found', job.failure ?? 'ffmpeg ended before making this segment.');
      }
      if (Date.now() > until) {
        stopJob(job);
        throw new MediaFailure('media_unreadable', 'ffmpeg made nothing for a minute.');
      }
      job.lastAsked = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    /**
     * The playlist of a re-encode, known before anything is made: every segment SEGMENT_SECONDS
     * long but the last. `segment(n)` and `init` are the addresses the player asks for.
     */
    fixedPlaylist(duration: number, address: { init: string; segment: (n: number) => string }): string {
      const count = segmentCount(duration);
      const lines = [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        `#EXT-X-MAP:URI="${address.init}"`,
      ];
      for (let n = 0; n < count; n++) {
        const length = n < count - 1 ? SEGMENT_SECONDS : duration - SEGMENT_SECONDS * (count - 1);
        lines.push(`#EXTINF:${Math.max(0.001, length).toFixed(3)},`, address.segment(n));
      }
      lines.push('#EXT-X-ENDLIST', '');
      return lines.join('\n');
    },

    /** The playlist of a repackaging as far as it is made (starting it if nothing is), its names turned into the player's addresses. */
    async growingPlaylist(source: StreamSource, address: { init: string; segment: (n: number) => string }): Promise<string> {
      const key = keyOf(source);
      const file = path.join(dirOf(key), 'made.m3u8');
      let job = jobs.get(key);
      if (job) job.lastAsked = Date.now();
      // Nothing made, or a run stopped before the end (its viewer left): it runs again from the start.
      const whole = existsSync(file) && (await readFile(file, 'utf8')).includes('#EXT-X-ENDLIST');
      if (!whole && (!job || job.exited)) {
        await rm(file, { force: true });
        job = await startJob(source, 0);
      }
      if (!existsSync(file) && job) await waitFor(file, job);
      const made = await readFile(file, 'utf8');
      return made.replace(/URI="init\.mp4"/, `URI="${address.init}"`).replace(/^seg-(\d+)\.m4s$/gm, (_line, n: string) => address.segment(Number(n)));
    },

    fixedSegments,

    /** The file of segment `n`, made now if it is not on disk yet. */
    async segment(source: StreamSource, n: number): Promise<string> {
      const key = keyOf(source);
      if (fixedSegments(source.profile) && (n < 0 || n >= segmentCount(source.duration)))
        throw new MediaFailure('segment_not_found', `There is no segment ${n}.`);
      const file = segmentFile(key, n);
      const job = jobs.get(key);
      if (job) job.lastAsked = Date.now();
      noteAsked(key);
      if (existsSync(file)) return file;
      if (job && !job.exited) {
        const making = await madeUpTo(job);
        // A repackaging runs through the whole file once; a re-encode waits only for what is about to be made.
        if (!fixedSegments(source.profile) || (n >= job.start && n - making <= AHEAD_TO_WAIT)) {
          await waitFor(file, job);
          return file;
        }
      }
      // A repackaging that ended (or never ran) without this segment runs again from the start; a re-encode starts where it is asked.
      await waitFor(file, await startJob(source, fixedSegments(source.profile) ? n : 0));
      return file;
    },

    /**
     * The init segment (the streams' description). ffmpeg writes it in place as it starts: it is
     * whole once the first segment of its run is, or when no run is making it.
     */
    async init(source: StreamSource): Promise<string> {
      const key = keyOf(source);
      const file = path.join(dirOf(key), 'init.mp4');
      let job = jobs.get(key);
      if (job) job.lastAsked = Date.now();
      if (existsSync(file) && (!job || job.exited)) return file;
      job = job && !job.exited ? job : await startJob(source, 0);
      await waitFor(segmentFile(key, job.start), job);
      return file;
    },

    /** How many ffmpegs run now. */
    running: () => jobs.size,

    /** Keeps the streams within their room now (the server also does after every encode). */
    trim,

    /** The bytes kept on disk, all streams together. */
    async cachedBytes(): Promise<number> {
      let total = 0;
      const walk = async (dir: string): Promise<void> => {
        for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(full);
          else total += (await stat(full).catch(() => ({ size: 0 }))).size;
        }
      };
      await walk(cacheDir);
      return total;
    },

    /** Stops every ffmpeg (the server is stopping). */
    async close() {
      clearInterval(idleTimer);
      const ending = [...jobs.values()].map((job) => job.ended);
      for (const job of [...jobs.values()]) stopJob(job);
      await Promise.all(ending);
      await trimming;
    },
  };
}

export type StreamingService = ReturnType<typeof streamingService>;
