// The recent list: what happened to which file, newest first, with the file as it is now.

import { eventsRepository } from '../../db/repositories/events.ts';
import { filesRepository } from '../../db/repositories/files.ts';
import { readPageToken, writePageToken } from '../../pagination.ts';
import type { FilesContext } from './placement.ts';

export function recent({ db }: FilesContext) {
  const repo = filesRepository(db);

  return {
    /** The recent list: what happened to which file, newest first, with the file as it is now. */
    async recent(userId: string, limit: number, pageToken: string | undefined) {
      const after = pageToken ? readPageToken(pageToken, eventPositionOf) : undefined;
      const events = await eventsRepository(db).recent(userId, limit + 1, after);
      const page = events.slice(0, limit);
      const files = await repo.findMany(userId, [...new Set(page.map((e) => e.file_id))]);
      const live = new Map(files.filter((f) => f.trashed_at === null).map((f) => [f.id, f]));
      const last = page.at(-1);
      return {
        events: page.map((event) => ({ event, file: live.get(event.file_id) })),
        nextPageToken: writePageToken(events.length > limit && last ? [last.created_at, last.id] : undefined),
      };
    },
  };
}

function eventPositionOf([at, id]: unknown[]): { at: number; id: string } | undefined {
  return Number.isSafeInteger(at) && typeof id === 'string' ? { at: at as number, id } : undefined;
}
