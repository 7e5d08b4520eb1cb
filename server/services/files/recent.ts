// The recent list: what happened to which file, newest first, with the file as it is now. It
// reaches back a set number of days and holds at most a person's newest RECENT_MAX_EVENTS; the
// hourly housekeeping deletes exactly what it no longer shows, so the event log stays bounded.

import { DAY_MS } from '../../calendar.ts';
import { RECENT_EVENTS_DAYS } from '../../config.ts';
import { type EventPosition, eventsRepository } from '../../db/repositories/events.ts';
import { filesRepository } from '../../db/repositories/files.ts';
import { readPageToken, writePageToken } from '../../pagination.ts';
import { deleteInBatches } from '../hourly.ts';
import type { FilesContext } from './placement.ts';

/** A person's newest events the list shows at most: 50 of the drive app's pages of 100. */
export const RECENT_MAX_EVENTS = 5_000;
/**
 * Whose events may have passed RECENT_MAX_EVENTS: people with an event this recent. Twice the
 * housekeeping's hour, so that a run that came late or failed is made up by the next.
 */
const ACTIVE_LOOKBACK_MS = 2 * 60 * 60_000;

export function recent({ db, now }: FilesContext, days = RECENT_EVENTS_DAYS) {
  const repo = filesRepository(db);
  const windowStart = (at: number) => at - days * DAY_MS;

  return {
    /** The recent list: what happened to which file, newest first, with the file as it is now. */
    async recent(userId: string, limit: number, pageToken: string | undefined) {
      const after = pageToken ? readPageToken(pageToken, eventPositionOf) : undefined;
      const shown = after?.shown ?? 0;
      const room = Math.min(limit, RECENT_MAX_EVENTS - shown);
      const reach = { days, maxEvents: RECENT_MAX_EVENTS };
      if (room <= 0) return { events: [], nextPageToken: '', reach };
      const events = await eventsRepository(db).recent(userId, room + 1, windowStart(now()), after);
      const page = events.slice(0, room);
      const files = await repo.findMany(userId, [...new Set(page.map((e) => e.file_id))]);
      const live = new Map(files.filter((f) => f.trashed_at === null).map((f) => [f.id, f]));
      const last = page.at(-1);
      const more = events.length > room && shown + page.length < RECENT_MAX_EVENTS;
      return {
        events: page.map((event) => ({ event, file: live.get(event.file_id) })),
        nextPageToken: writePageToken(more && last ? [last.created_at, last.id, shown + page.length] : undefined),
        reach,
      };
    },

    /**
     * Deletes the events the recent list no longer shows: those older than its reach, and those
     * past a person's newest RECENT_MAX_EVENTS (looked for among people who did something lately,
     * the only ones who can have gone past it since the last run). Answers how many went.
     */
    async pruneRecent(at = now()): Promise<number> {
      const events = eventsRepository(db);
      let deleted = await deleteInBatches((batch) => events.deleteOlderThan(windowStart(at), batch));
      for (const userId of await events.usersActiveBetween(at - ACTIVE_LOOKBACK_MS, at)) {
        const oldestShown = await events.nthNewest(userId, RECENT_MAX_EVENTS);
        if (oldestShown) deleted += await deleteInBatches((batch) => events.deleteOlderThanPosition(userId, oldestShown, batch));
      }
      return deleted;
    },
  };
}

/** A page token's position, and how many events the pages before it showed (none in tokens written before the list had a limit). */
function eventPositionOf([at, id, shown = 0]: unknown[]): (EventPosition & { shown: number }) | undefined {
  return Number.isSafeInteger(at) && typeof id === 'string' && Number.isSafeInteger(shown) && (shown as number) >= 0
    ? { at: at as number, id, shown: shown as number }
    : undefined;
}
