import { describe, expect, it } from 'vitest';
import { type PlayableFile, type PlayerCapabilities, planPlayback } from './playback.ts';

const MP4 = 'mov,mp4,m4a,3gp,3g2,mj2';
const MKV = 'matroska,webm';
/** What Chromium on Linux decodes (no HEVC, no AC-3 or E-AC-3), with HLS through Media Source Extensions. */
const CHROMIUM: PlayerCapabilities = {
  video: ['h264', 'vp8', 'vp9', 'av1'],
  audio: ['aac', 'mp3', 'opus', 'vorbis', 'flac'],
  containers: ['mp4', 'webm', 'mp3', 'ogg', 'wav', 'flac'],
  hls: true,
};
/** Safari on a Mac: HEVC and E-AC-3, native HLS, no webm Vorbis. */
const SAFARI: PlayerCapabilities = { video: ['h264', 'hevc'], audio: ['aac', 'mp3', 'ac3', 'eac3', 'flac'], containers: ['mp4', 'mp3', 'wav'], hls: true };

const file = (container: string, video?: string, audio?: string, pixelFormat?: string): PlayableFile => ({
  container,
  ...(video ? { video: { codec: video, pixelFormat } } : {}),
  ...(audio ? { audio: { codec: audio } } : {}),
});

describe('how a file plays in a browser', () => {
  it.each([
    ['H.264/AAC MP4 in Chromium', file(MP4, 'h264', 'aac', 'yuv420p'), CHROMIUM, 'direct', 'plays_as_is', 'copy', 'copy'],
    ['VP9/Opus webm in Chromium', file(MKV, 'vp9', 'opus', 'yuv420p'), CHROMIUM, 'direct', 'plays_as_is', 'copy', 'copy'],
    ['an MP3 in Chromium', file('mp3', undefined, 'mp3'), CHROMIUM, 'direct', 'plays_as_is', 'none', 'copy'],
    ['H.264/AAC in an MKV: repackaged', file(MKV, 'h264', 'aac', 'yuv420p'), CHROMIUM, 'remux', 'container_not_supported', 'copy', 'copy'],
    ['H.264 with E-AC-3 in an MKV: the sound re-encoded', file(MKV, 'h264', 'eac3', 'yuv420p'), CHROMIUM, 'remux', 'audio_not_supported', 'copy', 'encode'],
    ['H.264 with AC-3 in an MP4: the sound re-encoded', file(MP4, 'h264', 'ac3', 'yuv420p'), CHROMIUM, 'remux', 'audio_not_supported', 'copy', 'encode'],
    [
      'HEVC with E-AC-3 in an MKV in Chromium: re-encoded',
      file(MKV, 'hevc', 'eac3', 'yuv420p'),
      CHROMIUM,
      'transcode',
      'video_not_supported',
      'encode',
      'encode',
    ],
    ['HEVC with E-AC-3 in an MKV in Safari: repackaged', file(MKV, 'hevc', 'eac3', 'yuv420p10le'), SAFARI, 'remux', 'container_not_supported', 'copy', 'copy'],
    ['HEVC/AAC MP4 in Safari', file(MP4, 'hevc', 'aac', 'yuv420p'), SAFARI, 'direct', 'plays_as_is', 'copy', 'copy'],
    ['10-bit H.264 (Hi10P): re-encoded', file(MKV, 'h264', 'aac', 'yuv420p10le'), CHROMIUM, 'transcode', 'video_not_supported', 'encode', 'encode'],
    ['H.264 4:4:4 in an MP4: re-encoded', file(MP4, 'h264', 'aac', 'yuv444p'), CHROMIUM, 'transcode', 'video_not_supported', 'encode', 'encode'],
    ['10-bit VP9 webm plays', file(MKV, 'vp9', 'opus', 'yuv420p10le'), CHROMIUM, 'direct', 'plays_as_is', 'copy', 'copy'],
    ['MPEG-4 Part 2 in an AVI', file('avi', 'mpeg4', 'mp3', 'yuv420p'), CHROMIUM, 'transcode', 'video_not_supported', 'encode', 'encode'],
    ['WMV', file('asf', 'wmv3', 'wmav2', 'yuv420p'), CHROMIUM, 'transcode', 'video_not_supported', 'encode', 'encode'],
    ['H.264 in an FLV', file('flv', 'h264', 'aac', 'yuv420p'), CHROMIUM, 'remux', 'container_not_supported', 'copy', 'copy'],
    ['MPEG-2 in a VOB', file('mpeg', 'mpeg2video', 'ac3', 'yuv420p'), CHROMIUM, 'transcode', 'video_not_supported', 'encode', 'encode'],
    ['a silent MPEG-2 film', file('mpeg', 'mpeg2video', undefined, 'yuv420p'), CHROMIUM, 'transcode', 'video_not_supported', 'encode', 'none'],
    ['FLAC in Safari, no container it takes', file('flac', undefined, 'flac'), SAFARI, 'remux', 'container_not_supported', 'none', 'copy'],
    ['WMA audio', file('asf', undefined, 'wmav2'), CHROMIUM, 'remux', 'audio_not_supported', 'none', 'encode'],
    [
      'a webm container holding H.264 (a Matroska file): repackaged',
      file(MKV, 'h264', 'opus', 'yuv420p'),
      CHROMIUM,
      'remux',
      'container_not_supported',
      'copy',
      'copy',
    ],
  ] as const)('%s', (_name, playable, capabilities, mode, reason, video, audio) => {
    expect(planPlayback(playable, capabilities)).toEqual({ mode, reason, video, audio });
  });

  it('offers a download, with its reason, where the browser plays neither the file nor HLS', () => {
    const noHls = { ...CHROMIUM, hls: false };
    expect(planPlayback(file(MKV, 'hevc', 'eac3'), noHls)).toEqual({ mode: 'download', reason: 'browser_cannot_stream', video: 'copy', audio: 'copy' });
    expect(planPlayback(file(MP4, 'h264', 'aac'), noHls).mode).toBe('direct');
  });
});
