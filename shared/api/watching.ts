// Watching (server/services/watching.ts): where a person stopped in each video or audio file, kept
// on the server so a film started on one device goes on from there on another; the sound and
// subtitle languages chosen in a folder, offered again for its next file; the drive's progress bars,
// poster frames and durations for a page of files; and the Continue watching row of Recent.
import { type Static, Type } from 'typebox';
import { FileSchema } from './files.ts';

export const WATCHING_PATHS = {
  /** GET: where to start this file, and the languages to preselect; PUT: where the person is now. */
  file: '/drive/v1/files/{id}/watching',
  /** POST: the progress, poster and duration of the files of a page the drive shows. */
  lookup: '/drive/v1/watching:lookup',
  /** GET: Continue watching — files partly watched, latest first. */
  continue: '/drive/v1/watching',
} as const;

/** A share of its length past which a file counts as watched, and starts again from the beginning. */
export const WATCHED_SHARE = 0.95;
/** Seconds a position may pass the file's length (players report a little past the end). */
export const POSITION_SLACK_SECONDS = 5;
/** Positions saved while playing, every this many seconds (also on pause and when the page is left). */
export const SAVE_EVERY_SECONDS = 10;

/** An ISO 639 language code as a file's tracks name it, 'off' for subtitles turned off, '' for no choice. */
const Language = Type.String({ maxLength: 16, pattern: '^[A-Za-z0-9-]*$' });

export const WatchingBody = Type.Object({
  /** Seconds into the file. */
  position: Type.Number(),
  /** The file's length in seconds as the player knows it. */
  duration: Type.Number(),
  /** The sound track's language chosen, remembered for the folder's next file. */
  audio_language: Type.Optional(Language),
  /** The subtitle language chosen ('off' for none), remembered for the folder's next file. */
  subtitle_language: Type.Optional(Language),
});
export type WatchingBody = Static<typeof WatchingBody>;

export const WatchingAnswer = Type.Object({
  file_id: Type.String(),
  /** Where the person stopped, in seconds; 0 when never played. */
  position: Type.Number(),
  duration: Type.Number(),
  /** Where the player starts: the position, or 0 when the file was watched to its end (or never played). */
  resume_at: Type.Number(),
  watched: Type.Boolean(),
  /** The languages chosen last in this file's folder ('' when none; 'off' for subtitles turned off). */
  audio_language: Type.String(),
  subtitle_language: Type.String(),
  /** When the position was saved; '' when never. */
  updated_time: Type.String(),
});
export type WatchingAnswer = Static<typeof WatchingAnswer>;

export const WatchingLookupBody = Type.Object({
  ids: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 }),
});
export type WatchingLookupBody = Static<typeof WatchingLookupBody>;

const WatchingItem = Type.Object({
  file_id: Type.String(),
  /** Seconds; 0 when unknown. */
  duration: Type.Number(),
  /** Where the person stopped; 0 when never played or watched to the end. */
  position: Type.Number(),
  /** The poster frame's link once it is made, '' until then. */
  thumbnail_link: Type.String(),
});
export type WatchingItem = Static<typeof WatchingItem>;

export const WatchingLookupAnswer = Type.Object({ files: Type.Array(WatchingItem) });
export type WatchingLookupAnswer = Static<typeof WatchingLookupAnswer>;

export const ContinueWatchingQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) });

export const ContinueWatchingAnswer = Type.Object({
  files: Type.Array(Type.Object({ file: FileSchema, position: Type.Number(), duration: Type.Number(), updated_time: Type.String() })),
});
export type ContinueWatchingAnswer = Static<typeof ContinueWatchingAnswer>;
