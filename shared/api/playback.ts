// Playing a video or audio file (server/services/playback.ts): the player says what its browser
// decodes; the answer says how the file plays there (as it is, repackaged, re-encoded, or only as
// a download), why, and where from, with the tracks and chapters the player offers.
import { type Static, Type } from 'typebox';
import { oneOf } from './resources.ts';

export const PLAYBACK_PATHS = {
  /** POST: how this file plays in this browser. */
  plan: '/drive/v1/files/{id}/playback',
  /** GET: a stream's playlist and segments, under a signed token (players fetch them without credentials). */
  streams: '/drive/v1/streams',
} as const;

const Codecs = Type.Array(Type.String({ maxLength: 32 }), { maxItems: 32 });

export const PlaybackBody = Type.Object({
  capabilities: Type.Object({
    video: Codecs,
    audio: Codecs,
    containers: Codecs,
    hls: Type.Boolean(),
  }),
  /** The sound track to play (a stream index the answer listed); the file's first when absent. */
  audio_track: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
});
export type PlaybackBody = Static<typeof PlaybackBody>;

const Track = Type.Object({
  index: Type.Integer(),
  codec: Type.String(),
  language: Type.String(),
  title: Type.String(),
  default: Type.Boolean(),
});

export const PlaybackAnswer = Type.Object({
  mode: oneOf(['direct', 'remux', 'transcode', 'download']),
  reason: oneOf([
    'plays_as_is',
    'container_not_supported',
    'audio_not_supported',
    'video_not_supported',
    'browser_cannot_stream',
    'media_tools_off',
    'not_media',
  ]),
  /** Where the player loads from: the file's link (direct, download), or an HLS playlist. */
  url: Type.String(),
  /** Seconds; 0 when unknown. */
  duration: Type.Number(),
  audio_tracks: Type.Array(Track),
  subtitle_tracks: Type.Array(Type.Intersect([Track, Type.Object({ forced: Type.Boolean(), text: Type.Boolean() })])),
  chapters: Type.Array(Type.Object({ start: Type.Number(), end: Type.Number(), title: Type.String() })),
});
export type PlaybackAnswer = Static<typeof PlaybackAnswer>;
