// Playing a video or audio file (server/services/playback.ts): the player says what its browser
// decodes; the answer says how the file plays there (as it is, repackaged, re-encoded, or only as
// a download), why, and where from, with the tracks and chapters the player offers.
import { type Static, Type } from 'typebox';
import { oneOf } from './resources.ts';

export const PLAYBACK_PATHS = {
  /** POST: how this file plays in this browser. */
  plan: '/drive/v1/files/{id}/playback',
  /** POST: how a file inside a share plays for its visitor, in this browser. */
  shared: '/drive/v1/share/playback',
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
  /** The picture height of a re-encode, one of the answer's `qualities`; 720p when absent. */
  quality: Type.Optional(Type.Union([Type.Literal(480), Type.Literal(720), Type.Literal(1080)])),
});
export type PlaybackBody = Static<typeof PlaybackBody>;

/** A share's visitor asks as the owner does, naming the share, the file and the passcode token a right passcode gave. */
export const SharedPlaybackBody = Type.Object({
  ...PlaybackBody.properties,
  share_id: Type.String({ maxLength: 64 }),
  file_id: Type.String({ maxLength: 64 }),
  pass_code_token: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SharedPlaybackBody = Static<typeof SharedPlaybackBody>;

const Track = Type.Object({
  index: Type.Integer(),
  codec: Type.String(),
  language: Type.String(),
  title: Type.String(),
  default: Type.Boolean(),
});

export const SubtitleTrack = Type.Intersect([
  Track,
  Type.Object({
    /** `embedded-<stream index>` or `sidecar-<file id>`: what a player remembers and asks for (index is -1 for a file beside the film). */
    id: Type.String(),
    /** The language as a BCP 47 tag ('eng' in a film → 'en'; 'zh-CN' from a file name), for <track srclang> and comparing choices; '' when unknown. */
    language_tag: Type.String(),
    forced: Type.Boolean(),
    text: Type.Boolean(),
    /** How it is drawn: 'vtt' by the browser; 'ass' styled by JASSUB (url is still its WebVTT); 'pgs' pictures by libpgs; 'vobsub' by nothing in a browser. */
    format: oneOf(['vtt', 'ass', 'pgs', 'vobsub']),
    source: oneOf(['embedded', 'sidecar']),
    /** Signed, under the stream token: UTF-8 WebVTT for text tracks, the pictures (.sup) for PGS; absent for VobSub. */
    url: Type.Optional(Type.String()),
    /** The ASS as it is (UTF-8), for styled drawing; only when format is 'ass'. */
    styled_url: Type.Optional(Type.String()),
  }),
]);
export type SubtitleTrack = Static<typeof SubtitleTrack>;

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
    // A sound track other than the file's first was chosen: a browser plays only the first from the link, so it is repackaged.
    'sound_track_chosen',
  ]),
  /** Where the player loads from: the file's link (direct, download), or an HLS playlist. */
  url: Type.String(),
  /** Seconds; 0 when unknown. */
  duration: Type.Number(),
  audio_tracks: Type.Array(Track),
  /** Subtitles inside the file and subtitle files beside it in its folder (Film.srt, Film.en.ass, Film.zh-CN.vtt). */
  subtitle_tracks: Type.Array(SubtitleTrack),
  chapters: Type.Array(Type.Object({ start: Type.Number(), end: Type.Number(), title: Type.String() })),
  /** The picture heights a re-encode may be asked for (a smaller picture keeps its own size); empty when the picture is not re-encoded. */
  qualities: Type.Array(Type.Integer()),
  /** The height this answer's re-encode has; 0 when the picture is not re-encoded. */
  quality: Type.Integer(),
  /** A WebVTT of preview pictures along the film (#xywh tiles of sprite sheets), for the seek bar; absent for sound only. */
  thumbnails: Type.Optional(Type.String()),
  /** Where to start, in seconds: where the person left the file on any device (0 once watched to its end). */
  resume_at: Type.Optional(Type.Number()),
  /** The sound track this answer plays: the one asked for, else the one in the language chosen last in the file's folder. */
  audio_track: Type.Optional(Type.Integer()),
  /** The subtitle language to preselect, chosen last in the file's folder: a BCP 47 tag, 'off', or '' for no choice. */
  subtitle_language: Type.Optional(Type.String()),
  /** What a music file's tags say it is ('' where they say nothing). */
  tags: Type.Object({ title: Type.String(), artist: Type.String(), album: Type.String() }),
  /** A music file's cover picture, once made; '' when it has none. */
  cover: Type.String(),
});
export type PlaybackAnswer = Static<typeof PlaybackAnswer>;
