// The event log behind the recent list: written in the same transaction as the change it records.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { orderedId } from '../../ids.ts';
import type { Database, EventTable, EventType } from '../schema.ts';
import type { FileRow } from './files.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type EventRow = Selectable<EventTable>;

export function eventsRepository(db: Db) {
  return {
    async record(type: EventType, files: ReadonlyArray<Pick<FileRow, 'id' | 'user_id' | 'name'>>, at: number) {
      if (files.length === 0) return;
      await db
        .insertInto('event')
        .values(files.map((file) => ({ id: orderedId(at), user_id: file.user_id, type, file_id: file.id, file_name: file.name, created_at: at })))
        .execute();
    },

    /** Newest first, resuming after (created_at, id) of the last event of the previous page. */
    recent(userId: string, limit: number, after?: { at: number; id: string }) {
      let query = db.selectFrom('event').selectAll().where('user_id', '=', userId);
      if (after) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.at, after.id)));
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
