// Watching: where each person stopped in each of their video and audio files, kept on the server so
// a film started on one device goes on from there on another (near its end it counts as watched and
// starts again from the beginning); the sound and subtitle languages chosen in a folder, offered for
// its next file; what the drive shows of a page of files (progress, poster, length) in one query;
// and Continue watching. A position goes with its file (the database deletes it with the file), and
// the hourly sweep keeps each person's newest positions and folder choices only.
import type { Kysely } from 'kysely';
import { POSITION_SLACK_SECONDS, WATCHED_SHARE, type WatchingBody } from '#shared/api/watching.ts';
import { fileCategoryOf } from '#shared/files/classify.ts';
import { type FileRow, filesRepository } from '../db/repositories/files.ts';
import { mediaRepository } from '../db/repositories/media.ts';
import { type WatchingFacts, watchingRepository } from '../db/repositories/watching.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import { fileNotFound } from './files/placement.ts';

/** A person's positions kept: far more than anyone is partway through; the oldest go first. */
export const WATCHING_KEPT_PER_USER = 1_000;
/** A person's folders whose language choices are kept. */
export const CHOICES_KEPT_PER_USER = 200;
/** The longest file a position is taken for when its length is not known to the server: a week. */
const LONGEST_SECONDS = 7 * 24 * 60 * 60;

/** Where a person is in a file, and what the player starts with. */
export type WatchingState = {
  fileId: string;
  position: number;
  duration: number;
  resumeAt: number;
  watched: boolean;
  audioLanguage: string;
  subtitleLanguage: string;
  updatedAt: number | undefined;
};

export function watchingService({ db, now = Date.now }: { db: Kysely<Database>; now?: () => number }) {
  const repo = watchingRepository(db);

  /** The person's finished video or audio file, not in the trash; anything else is not found. */
  async function playableFile(userId: string, fileId: string): Promise<FileRow> {
    const file = await filesRepository(db).find(userId, fileId);
    if (!file?.hash || file.kind !== 'drive#file' || file.phase !== 'PHASE_TYPE_COMPLETE' || file.trashed_at !== null) throw fileNotFound();
    const category = fileCategoryOf({ name: file.name, mimeType: file.mime_type });
    if (category !== 'VIDEO' && category !== 'AUDIO') throw fileNotFound();
    return file;
  }

  async function stateOf(userId: string, file: FileRow): Promise<WatchingState> {
    const [row, choice] = await Promise.all([repo.find(userId, file.id), repo.findChoice(userId, file.parent_id)]);
    const position = row?.position ?? 0;
    const duration = row?.duration ?? 0;
    const watched = isWatched(position, duration);
    return {
      fileId: file.id,
      position,
      duration,
      resumeAt: watched ? 0 : position,
      watched,
      audioLanguage: choice?.audio_language ?? '',
      subtitleLanguage: choice?.subtitle_language ?? '',
      updatedAt: row?.updated_at,
    };
  }

  return {
    /** Where the player starts this file, and the languages chosen last in its folder. */
    async state(userId: string, fileId: string): Promise<WatchingState> {
      return stateOf(userId, await playableFile(userId, fileId));
    },

    /** The same for a file the caller has already found to be the person's (the playback answer's preselection). */
    startOf: (userId: string, file: FileRow) => stateOf(userId, file),

    /** Keeps where the person is in the file, and the languages they chose for its folder. */
    async save(userId: string, fileId: string, body: WatchingBody): Promise<WatchingState> {
      const file = await playableFile(userId, fileId);
      const known = (await mediaRepository(db).find(file.hash as string))?.duration ?? 0;
      // The server's own reading of the length wins over the player's.
      const duration = known > 0 ? known : body.duration;
      if (!Number.isFinite(duration) || duration <= 0 || duration > LONGEST_SECONDS)
        throw new ServiceError('invalid_position', 'The length of the file is not a number of seconds it can have.', [
          { field: 'duration', reason: 'out_of_range' },
        ]);
      if (!Number.isFinite(body.position) || body.position < 0 || body.position > duration + POSITION_SLACK_SECONDS)
        throw new ServiceError('invalid_position', `The position must be between 0 and the file's length (${Math.round(duration)} s).`, [
          { field: 'position', reason: 'out_of_range', max: duration + POSITION_SLACK_SECONDS },
        ]);
      const at = now();
      await repo.save({ user_id: userId, file_id: file.id, position: Math.min(body.position, duration), duration, updated_at: at });
      if (body.audio_language !== undefined || body.subtitle_language !== undefined)
        await repo.saveChoice(userId, file.parent_id, at, { audio_language: body.audio_language, subtitle_language: body.subtitle_language });
      return stateOf(userId, file);
    },

    /**
     * What the drive shows of the person's files among `ids` (a page it lists): each video or
     * audio file's length, whether its poster is made, and where the person stopped, in one query.
     */
    async lookup(userId: string, ids: readonly string[]): Promise<WatchingFacts[]> {
      return repo.facts(userId, [...new Set(ids)]);
    },

    /** Continue watching: files started and not watched to the end, latest first. */
    continueWatching(userId: string, limit: number) {
      return repo.partlyWatched(userId, WATCHED_SHARE, limit);
    },

    /** Keeps each person's newest positions and folder choices only (run hourly); answers how many went. */
    async prune(kept = { positions: WATCHING_KEPT_PER_USER, choices: CHOICES_KEPT_PER_USER }): Promise<number> {
      let deleted = 0;
      for (const userId of await repo.usersWithMorePositions(kept.positions)) deleted += await repo.deletePositionsPast(userId, kept.positions);
      for (const userId of await repo.usersWithMoreChoices(kept.choices)) deleted += await repo.deleteChoicesPast(userId, kept.choices);
      return deleted;
    },
  };
}

/** Watched: played to WATCHED_SHARE of its length or past it. */
export function isWatched(position: number, duration: number): boolean {
  return duration > 0 && position >= duration * WATCHED_SHARE;
}

export type WatchingService = ReturnType<typeof watchingService>;
