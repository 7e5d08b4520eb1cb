// The event log behind the recent list: written in the same transaction as the change it records.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { orderedId } from '../../ids.ts';
import type { Database, EventTable, EventType } from '../schema.ts';
import type { FileRow } from './files.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type EventRow = Selectable<EventTable>;
/** Where an event stands in a user's list: newest first by time, then by id. */
export type EventPosition = { at: number; id: string };

export function eventsRepository(db: Db) {
  return {
    async record(type: EventType, files: ReadonlyArray<Pick<FileRow, 'id' | 'user_id' | 'name'>>, at: number) {
      if (files.length === 0) return;
      await db
        .insertInto('event')
        .values(files.map((file) => ({ id: orderedId(at), user_id: file.user_id, type, file_id: file.id, file_name: file.name, created_at: at })))
        .execute();
    },

    /** Newest first, from `since` on, resuming after (created_at, id) of the last event of the previous page. */
    recent(userId: string, limit: number, since: number, after?: EventPosition) {
      let query = db.selectFrom('event').selectAll().where('user_id', '=', userId).where('created_at', '>=', since);
      if (after) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.at, after.id)));
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** Deletes up to `batch` of the events older than `before`, oldest first; answers how many. */
    async deleteOlderThan(before: number, batch: number): Promise<number> {
      const oldest = db.selectFrom('event').select('id').where('created_at', '<', before).orderBy('created_at').limit(batch);
      const { numDeletedRows } = await db.deleteFrom('event').where('id', 'in', oldest).executeTakeFirst();
      return Number(numDeletedRows);
    },

    /**
     * The people with an event from `since` to `until`, read off the index by age alone (the upper
     * bound is what lets SQLite, without statistics, pick that index over reading every event).
     */
    async usersActiveBetween(since: number, until: number): Promise<string[]> {
      const rows = await db.selectFrom('event').select('user_id').distinct().where('created_at', '>=', since).where('created_at', '<=', until).execute();
      return rows.map((row) => row.user_id);
    },

    /** The user's `n`th newest event's position, none when they have fewer. */
    async nthNewest(userId: string, n: number): Promise<EventPosition | undefined> {
      const row = await db
        .selectFrom('event')
        .select(['created_at', 'id'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .offset(n - 1)
        .executeTakeFirst();
      return row ? { at: row.created_at, id: row.id } : undefined;
    },

    /** Deletes up to `batch` of the user's events older than the one at `position`; answers how many. */
    async deleteOlderThanPosition(userId: string, position: EventPosition, batch: number): Promise<number> {
      const older = db
        .selectFrom('event')
        .select('id')
        .where('user_id', '=', userId)
        .where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(position.at, position.id)))
        .limit(batch);
      const { numDeletedRows } = await db.deleteFrom('event').where('id', 'in', older).executeTakeFirst();
      return Number(numDeletedRows);
    },
  };
}
