// How a video or audio file is played in a given browser: as it is (direct, the download link with
// Range), repackaged as HLS with the same streams (remux: nearly free; only sound the browser
// cannot decode is re-encoded to AAC), or re-encoded to H.264 and AAC (transcode). The player says
// what its browser decodes; the server knows the file's streams (its probe); this table decides,
// and names the reason, which the player can show.

/** What a browser decodes, as the player finds out (canPlayType, MediaCapabilities). Codec names as ffprobe names them. */
export type PlayerCapabilities = {
  /** Video codecs: h264, hevc, vp8, vp9, av1. */
  video: readonly string[];
  /** Audio codecs: aac, mp3, opus, vorbis, flac, ac3, eac3. */
  audio: readonly string[];
  /** Containers it plays from a plain link: mp4, webm, mp3, ogg, wav, flac. */
  containers: readonly string[];
  /** Whether it plays HLS (natively or through Media Source Extensions). */
  hls: boolean;
};

/** What the probe found that the choice depends on. */
export type PlayableFile = {
  /** ffprobe's format_name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  container: string;
  video?: { codec: string; pixelFormat?: string | undefined; profile?: string | undefined } | undefined;
  audio?: { codec: string } | undefined;
};

export type PlaybackMode = 'direct' | 'remux' | 'transcode' | 'download';

export type PlaybackReason =
  /** The browser plays the file as it is. */
  | 'plays_as_is'
  /** Its streams play, its container does not (MKV, AVI, FLV, TS…): repackaged. */
  | 'container_not_supported'
  /** Its picture plays, its sound does not (AC-3, E-AC-3, DTS in many browsers): the sound is re-encoded. */
  | 'audio_not_supported'
  /** Its picture does not play (HEVC, MPEG-4 Part 2, WMV, 10-bit H.264…): re-encoded. */
  | 'video_not_supported'
  /** The browser plays no HLS, and the file not as it is: it can only be downloaded. */
  | 'browser_cannot_stream';

export type PlaybackPlan = {
  mode: PlaybackMode;
  reason: PlaybackReason;
  /** What happens to each stream: kept as it is, re-encoded, or there is none. */
  video: 'copy' | 'encode' | 'none';
  audio: 'copy' | 'encode' | 'none';
};

/** ffprobe's container names, as the containers a browser knows. */
const CONTAINERS: Record<string, string> = {
  'mov,mp4,m4a,3gp,3g2,mj2': 'mp4',
  'matroska,webm': 'webm',
  mp3: 'mp3',
  ogg: 'ogg',
  wav: 'wav',
  flac: 'flac',
};

/** Pixel formats browsers decode: 8-bit 4:2:0 (10-bit H.264 and 4:2:2/4:4:4 mostly fail in software decoders). */
const PLAYABLE_PIXELS = new Set(['yuv420p', 'yuvj420p', 'nv12']);
/** For these codecs a browser that names them decodes 10-bit too (VP9 profile 2, AV1 main, HEVC Main 10 where HEVC plays at all). */
const TEN_BIT_CODECS = new Set(['vp9', 'av1', 'hevc']);

function videoPlays(video: NonNullable<PlayableFile['video']>, capabilities: PlayerCapabilities): boolean {
  if (!capabilities.video.includes(video.codec)) return false;
  if (!video.pixelFormat || PLAYABLE_PIXELS.has(video.pixelFormat)) return true;
  return TEN_BIT_CODECS.has(video.codec) && /^yuv420p10(le|be)?$/.test(video.pixelFormat);
}

/**
 * The plan for `file` in a browser with `capabilities`. A webm container holds only VP8, VP9 or
 * AV1 with Vorbis or Opus; a Matroska file with anything else is told apart by its streams, and
 * browsers that play webm refuse it.
 */
export function planPlayback(file: PlayableFile, capabilities: PlayerCapabilities): PlaybackPlan {
  const video = file.video;
  const audio = file.audio;
  const pictureOk = !video || videoPlays(video, capabilities);
  const soundOk = !audio || capabilities.audio.includes(audio.codec);
  const streams = { video: video ? ('copy' as const) : ('none' as const), audio: audio ? ('copy' as const) : ('none' as const) };
  if (pictureOk && soundOk && containerPlays(file, capabilities)) return { mode: 'direct', reason: 'plays_as_is', ...streams };
  if (!capabilities.hls) return { mode: 'download', reason: 'browser_cannot_stream', ...streams };
  if (!pictureOk) return { mode: 'transcode', reason: 'video_not_supported', video: 'encode', audio: audio ? 'encode' : 'none' };
  if (!soundOk) return { mode: 'remux', reason: 'audio_not_supported', video: streams.video, audio: 'encode' };
  return { mode: 'remux', reason: 'container_not_supported', ...streams };
}

function containerPlays(file: PlayableFile, capabilities: PlayerCapabilities): boolean {
  const container = CONTAINERS[file.container];
  if (!container || !capabilities.containers.includes(container)) return false;
  if (container !== 'webm') return true;
  const webmVideo = !file.video || ['vp8', 'vp9', 'av1'].includes(file.video.codec);
  const webmAudio = !file.audio || ['vorbis', 'opus'].includes(file.audio.codec);
  return webmVideo && webmAudio;
}
