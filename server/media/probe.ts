// What a video or audio file holds, as ffprobe reads it: its container, length, picture and sound
// streams with their languages, subtitle tracks and chapters. Read once per content (the media
// table keeps it by hash), so a film saved by a thousand people is read once.
import { inputArguments, MediaFailure, type MediaInput, type MediaTools, runMediaProgram } from './tools.ts';

export type VideoStream = {
  index: number;
  codec: string;
  profile: string;
  pixelFormat: string;
  width: number;
  height: number;
  /** Frames a second, e.g. 23.976; 0 when unknown. */
  frameRate: number;
};
export type AudioStream = { index: number; codec: string; channels: number; language: string; title: string; default: boolean };
export type SubtitleStream = {
  index: number;
  codec: string;
  language: string;
  title: string;
  default: boolean;
  forced: boolean;
  /** Text (SRT, ASS, mov_text, WebVTT), which can become WebVTT; otherwise pictures (PGS, VobSub). */
  text: boolean;
};
export type Chapter = { start: number; end: number; title: string };

export type MediaProbe = {
  /** ffprobe's format_name, e.g. "matroska,webm". */
  container: string;
  /** Seconds; 0 when unknown. */
  duration: number;
  video: VideoStream[];
  audio: AudioStream[];
  subtitles: SubtitleStream[];
  chapters: Chapter[];
  /** The sound's tags as the file names them ('' when it does not); none in probes made before tags were read. */
  tags?: { title: string; artist: string; album: string };
  /** Whether the file holds a cover picture (an album's, in a music file). */
  cover?: boolean;
};

const TEXT_SUBTITLES = new Set(['subrip', 'srt', 'ass', 'ssa', 'mov_text', 'webvtt', 'text']);

/** Reading a file's headers takes a fraction of a second; a file that keeps ffprobe busy longer is refused. */
const PROBE_LIMITS = { timeoutMs: 30_000, memoryBytes: 1024 ** 3, outputBytes: 4 * 1024 * 1024 };

export async function probeMedia(tools: MediaTools, input: MediaInput, workDir: string): Promise<MediaProbe> {
  const args = ['-hide_banner', '-v', 'error', ...inputArguments(input), '-print_format', 'json', '-show_format', '-show_streams', '-show_chapters'];
  const printed = await runMediaProgram(tools.ffprobe, args, { ...PROBE_LIMITS, cwd: workDir });
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(printed.toString('utf8')) as FfprobeOutput;
  } catch {
    throw new MediaFailure('media_unreadable', 'ffprobe printed something that is not JSON');
  }
  const probe = probeOf(parsed);
  if (probe.video.length === 0 && probe.audio.length === 0) throw new MediaFailure('media_unreadable', 'no picture or sound in this file');
  return probe;
}

type FfprobeStream = {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  channels?: number;
  disposition?: { default?: number; forced?: number; attached_pic?: number };
  tags?: Record<string, string>;
};
type FfprobeOutput = {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
  streams?: FfprobeStream[];
  chapters?: Array<{ start_time?: string; end_time?: string; tags?: Record<string, string> }>;
};

/** ffprobe's JSON as a probe: every field checked, so a file cannot put anything else into it. */
export function probeOf(output: FfprobeOutput): MediaProbe {
  const streams = Array.isArray(output.streams) ? output.streams : [];
  const text = (value: unknown, max = 200) => (typeof value === 'string' ? value.slice(0, max) : '');
  const whole = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);
  const seconds = (value: unknown) => {
    const parsed = typeof value === 'string' ? Number(value) : Number.NaN;
    return Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
  };
  const tag = (stream: FfprobeStream, name: string) => text(stream.tags?.[name] ?? stream.tags?.[name.toUpperCase()]);
  return {
    container: text(output.format?.format_name),
    duration: seconds(output.format?.duration),
    video: streams
      // A cover picture inside an audio file is a picture, not a film.
      .filter((s) => s.codec_type === 'video' && !s.disposition?.attached_pic)
      .map((s) => ({
        index: whole(s.index),
        codec: text(s.codec_name),
        profile: text(s.profile),
        pixelFormat: text(s.pix_fmt),
        width: whole(s.width),
        height: whole(s.height),
        frameRate: frameRate(s.avg_frame_rate) || frameRate(s.r_frame_rate),
      })),
    audio: streams
      .filter((s) => s.codec_type === 'audio')
      .map((s) => ({
        index: whole(s.index),
        codec: text(s.codec_name),
        channels: whole(s.channels),
        language: tag(s, 'language'),
        title: tag(s, 'title'),
        default: s.disposition?.default === 1,
      })),
    subtitles: streams
      .filter((s) => s.codec_type === 'subtitle')
      .map((s) => ({
        index: whole(s.index),
        codec: text(s.codec_name),
        language: tag(s, 'language'),
        title: tag(s, 'title'),
        default: s.disposition?.default === 1,
        forced: s.disposition?.forced === 1,
        text: TEXT_SUBTITLES.has(text(s.codec_name)),
      })),
    chapters: (Array.isArray(output.chapters) ? output.chapters : []).slice(0, 500).map((c) => ({
      start: seconds(c.start_time),
      end: seconds(c.end_time),
      title: text(c.tags?.title),
    })),
    tags: { title: formatTag(output, 'title'), artist: formatTag(output, 'artist'), album: formatTag(output, 'album') },
    cover: streams.some((s) => s.codec_type === 'video' && s.disposition?.attached_pic === 1),
  };
}

/** A tag of the whole file, in any case (ID3, Vorbis comments and MP4 atoms spell them differently), as plain text. */
function formatTag(output: FfprobeOutput, name: string): string {
  const tags = output.format?.tags ?? {};
  const found = Object.entries(tags).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof found === 'string' ? found.slice(0, 200) : '';
}

/** "24000/1001" → 23.976. */
function frameRate(value: string | undefined): number {
  const [top, bottom] = (value ?? '').split('/').map(Number);
  if (!top || !bottom || !Number.isFinite(top / bottom)) return 0;
  return Math.round((top / bottom) * 1000) / 1000;
}
