// What this browser decodes, asked of the browser itself: a <video>'s canPlayType for files it
// would play from a plain link, and Media Source Extensions for what it could be fed as HLS.
import type { PlaybackBody } from '#shared/api/playback.ts';

/** Each codec as ffprobe names it, with a MIME type that asks the browser about it. */
const VIDEO_TESTS: Record<string, string> = {
  h264: 'video/mp4; codecs="avc1.640028"',
  hevc: 'video/mp4; codecs="hvc1.1.6.L120.90"',
  vp8: 'video/webm; codecs="vp8"',
  vp9: 'video/webm; codecs="vp09.00.40.08"',
  av1: 'video/mp4; codecs="av01.0.08M.08"',
};
const AUDIO_TESTS: Record<string, string> = {
  aac: 'audio/mp4; codecs="mp4a.40.2"',
  mp3: 'audio/mpeg',
  opus: 'audio/webm; codecs="opus"',
  vorbis: 'audio/webm; codecs="vorbis"',
  flac: 'audio/flac',
  ac3: 'audio/mp4; codecs="ac-3"',
  eac3: 'audio/mp4; codecs="ec-3"',
};
const CONTAINER_TESTS: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
};

export function browserCapabilities(): PlaybackBody['capabilities'] {
  const video = document.createElement('video');
  const plays = (type: string) => video.canPlayType(type) !== '' || (typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(type));
  const supported = (tests: Record<string, string>) =>
    Object.entries(tests)
      .filter(([, type]) => plays(type))
      .map(([name]) => name);
  return {
    video: supported(VIDEO_TESTS),
    audio: supported(AUDIO_TESTS),
    containers: Object.entries(CONTAINER_TESTS)
      .filter(([, type]) => video.canPlayType(type) !== '')
      .map(([name]) => name),
    hls: video.canPlayType('application/vnd.apple.mpegurl') !== '' || typeof MediaSource !== 'undefined',
  };
}
