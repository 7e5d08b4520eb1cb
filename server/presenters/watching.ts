// Watching as the API shows it (shared/api/watching.ts): where a file starts and the languages to
// preselect; what the drive shows of a page of files; Continue watching.
import type { ContinueWatchingAnswer, WatchingAnswer, WatchingItem } from '#shared/api/watching.ts';
import type { PartlyWatched, WatchingFacts } from '../db/repositories/watching.ts';
import { isWatched, type WatchingState } from '../services/watching.ts';
import { presentFile } from './files.ts';

export function presentWatching(state: WatchingState): WatchingAnswer {
  return {
    file_id: state.fileId,
    position: state.position,
    duration: state.duration,
    resume_at: state.resumeAt,
    watched: state.watched,
    audio_language: state.audioLanguage,
    subtitle_language: state.subtitleLanguage,
    updated_time: state.updatedAt === undefined ? '' : new Date(state.updatedAt).toISOString(),
  };
}

/** One file of a page: its length (the server's reading, else the player's), where it was left (0 once watched), its poster's link once made. */
export function presentWatchingItem(facts: WatchingFacts, thumbnailLink: (fileId: string) => string): WatchingItem {
  const duration = facts.media_duration || facts.duration || 0;
  const position = facts.position ?? 0;
  return {
    file_id: facts.file_id,
    duration,
    position: isWatched(position, duration) ? 0 : position,
    thumbnail_link: facts.poster === 'made' ? thumbnailLink(facts.file_id) : '',
  };
}

export function presentContinueWatching(rows: PartlyWatched[], thumbnailLink: (fileId: string) => string): ContinueWatchingAnswer {
  return {
    files: rows.map(({ watched_position, watched_duration, watched_at, poster, ...file }) => ({
      file: presentFile(file, undefined, poster === 'made' ? thumbnailLink(file.id) : ''),
      position: watched_position,
      duration: watched_duration,
      updated_time: new Date(watched_at).toISOString(),
    })),
  };
}
