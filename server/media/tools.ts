// ffmpeg and ffprobe, the programs that read and convert audio and video. Media files are
// whatever their uploader made them, so the programs run fenced in: with arguments as an array (no
// shell), reading only the one file or the one signed link they are given (a protocol whitelist),
// through the demuxers of real containers only (a playlist or a concatenation dressed as a film is
// refused before it opens anything), with a time limit and an address-space limit, in a folder of
// their own. A file that breaks them ends with a named reason, never a hung process.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import type { BlobStore } from '../storage/blob-store.ts';

/** Where the two programs are; undefined when this server has none (playing as-is only, and it says so at start). */
export type MediaTools = { ffmpeg: string; ffprobe: string };

/**
 * The demuxers a video or audio file may be read with: containers of one piece of media each.
 * Not hls, dash, concat, image2, tee, subfile or any other that opens further files or addresses.
 */
export const MEDIA_DEMUXERS = [
  'mov,mp4,m4a,3gp,3g2,mj2',
  'matroska,webm',
  'avi',
  'asf',
  'flv',
  'live_flv',
  'mpeg',
  'mpegts',
  'mpegvideo',
  'h264',
  'hevc',
  'ogg',
  'wav',
  'flac',
  'mp3',
  'aac',
  'ac3',
  'eac3',
  'dts',
  'truehd',
  'ape',
  'wv',
  'rm',
  'm4v',
  'dv',
  'nut',
  'srt',
  'ass',
  'webvtt',
].join(',');

/**
 * Why media could not be read or made, in a word the API can name: the file (unreadable, too slow
 * to read), the server (no tools, every encoder busy), or the asker (a segment a stream has not).
 */
export class MediaFailure extends Error {
  readonly reason: 'media_unreadable' | 'media_too_slow' | 'media_tools_missing' | 'encoders_busy' | 'segment_not_found';
  constructor(reason: MediaFailure['reason'], message: string) {
    super(message);
    this.name = 'MediaFailure';
    this.reason = reason;
  }
}

/** The programs at these paths, if both are there and can be run. */
export function findMediaTools(paths: { ffmpeg: string; ffprobe: string }): MediaTools | undefined {
  try {
    accessSync(paths.ffmpeg, constants.X_OK);
    accessSync(paths.ffprobe, constants.X_OK);
    return paths;
  } catch {
    return undefined;
  }
}

/** Where a program reads its media from: a file on this machine, or an expiring signed link to the store. */
export type MediaInput = { file: string } | { url: string };

/** How long a signed link given to ffmpeg lasts: longer than any run it is given for. */
const SIGNED_INPUT_SECONDS = 6 * 60 * 60;

/** Where a program reads a blob: its file where blobs are files, else a short-lived signed link to the store (never a full copy). */
export async function mediaInputOf(blobs: BlobStore, hash: string): Promise<MediaInput> {
  if (blobs.localPath) return { file: blobs.localPath(hash) };
  if (!blobs.deliveryUrl) throw new Error(`the ${blobs.driver} blob store gives neither files nor links`);
  return {
    url: await blobs.deliveryUrl(hash, { contentDisposition: 'attachment', contentType: 'application/octet-stream', expiresInSeconds: SIGNED_INPUT_SECONDS }),
  };
}

/** The input's address as ffmpeg reads it, and the only protocols it may use to get there. */
export function inputArguments(input: MediaInput): string[] {
  if ('file' in input) return ['-protocol_whitelist', 'file', '-format_whitelist', MEDIA_DEMUXERS, '-i', `file:${input.file}`];
  const scheme = new URL(input.url).protocol.slice(0, -1);
  if (scheme !== 'https' && scheme !== 'http') throw new Error(`media is read over http(s) only, not ${scheme}`);
  const protocols = scheme === 'https' ? 'https,tls,tcp' : 'http,tcp';
  return ['-protocol_whitelist', protocols, '-format_whitelist', MEDIA_DEMUXERS, '-i', input.url];
}

export type RunLimits = {
  /** Past this the program is killed and the run fails with media_too_slow. */
  timeoutMs: number;
  /** The address space it may map; a file made to exhaust memory fails here instead of taking the server's. */
  memoryBytes: number;
  /** At most this much of what it prints is kept. */
  outputBytes: number;
  cwd: string;
};

/** Runs `program` with `args` (no shell) under the limits; answers what it printed on stdout. */
export function runMediaProgram(program: string, args: readonly string[], limits: RunLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // prlimit (util-linux) sets the limit on the program itself before it starts.
    const child = spawn('prlimit', [`--as=${limits.memoryBytes}`, '--', program, ...args], {
      cwd: limits.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes <= limits.outputBytes) out.push(chunk);
      else child.kill('SIGKILL');
    });
    // The last lines of its complaints say why it failed; the rest is dropped as it comes.
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (failure) => {
      clearTimeout(timer);
      reject(new MediaFailure('media_tools_missing', `${program} could not be started: ${failure.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) reject(new MediaFailure('media_too_slow', `${program} took longer than ${Math.round(limits.timeoutMs / 1000)} s`));
      else if (outBytes > limits.outputBytes) reject(new MediaFailure('media_unreadable', `${program} printed more than ${limits.outputBytes} bytes`));
      else if (code !== 0) reject(new MediaFailure('media_unreadable', `${program} failed (${signal ?? `exit ${code}`}): ${lastLine(err)}`));
      else resolve(Buffer.concat(out));
    });
  });
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
}
